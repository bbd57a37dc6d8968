package asymptotics

import (
	"errors"
	"math"
)

// maxCondition is the largest condition number ‖R‖∞·‖R⁻¹‖∞ of the
// triangular factor that leastSquares accepts: beyond it the coefficients
// carry no digit (the tolerance of gonum's mat.ConditionTolerance).
const maxCondition = 1e16

// errIllConditioned is leastSquares' error for a basis that is singular
// or nearly so on the window.
var errIllConditioned = errors.New("the basis is singular or nearly so on the window (condition number above 1e16)")

// leastSquares minimizes ‖A x − b‖₂ for the n×m matrix A (n ≥ m) whose
// column j is a[j·n : (j+1)·n], by Householder reflections applied in
// place: a and b are overwritten (b by Qᵀb). It returns x and the
// residual sum of squares, the squared norm of the last n − m entries of
// Qᵀb. The norms are plain sums of squares, for columns whose largest entry
// is about 1, as fitProblem.fit scales them: a column whose part below the
// diagonal underflows to 0 there is refused with the singular ones.
//
// The fits of one window solve hundreds of these problems with n ≈ 200
// and m ≤ 36; written for them, column by column in contiguous storage,
// a solve is several times faster than a general LAPACK-style QR with
// its blocking, workspace queries and condition estimate.
func leastSquares(a, b []float64, n, m int) ([]float64, float64, error) {
	diag := make([]float64, m)
	for j := range m {
		col := a[j*n : (j+1)*n]
		v := col[j:]
		var ss float64
		for _, x := range v {
			ss += x * x
		}
		norm := math.Sqrt(ss)
		if norm == 0 || math.IsNaN(norm) {
			return nil, 0, errIllConditioned
		}
		// H = I − v·vᵀ/h with v = x − βe₁, β = −sign(x₀)‖x‖, so that
		// Hx = βe₁; h = vᵀv/2 = β(β − x₀) > 0.
		beta := -math.Copysign(norm, v[0])
		v[0] -= beta
		h := -beta * v[0] // = vᵀv/2
		for k := j + 1; k < m; k++ {
			reflect(a[k*n+j:(k+1)*n], v, h)
		}
		reflect(b[j:], v, h)
		diag[j] = beta
	}
	x := make([]float64, m)
	for j := m - 1; j >= 0; j-- {
		s := b[j]
		for k := j + 1; k < m; k++ {
			s -= a[k*n+j] * x[k]
		}
		x[j] = s / diag[j]
	}
	if c := condition(a, diag, n, m); !(c <= maxCondition) { // NaN too: an overflow in R⁻¹
		return nil, 0, errIllConditioned
	}
	var rss float64
	for _, r := range b[m:n] {
		rss += r * r
	}
	return x, rss, nil
}

// reflect applies the reflection I − v·vᵀ/h to y (len(y) = len(v)).
func reflect(y, v []float64, h float64) {
	var s float64
	for i, vi := range v {
		s += vi * y[i]
	}
	s /= h
	for i, vi := range v {
		y[i] -= s * vi
	}
}

// condition returns ‖R‖∞·‖R⁻¹‖∞ for the upper-triangular R of
// leastSquares: its diagonal in diag, R[i][k] = a[k·n+i] above it. R⁻¹ is
// formed column by column by back substitution.
func condition(a, diag []float64, n, m int) float64 {
	r := func(i, k int) float64 {
		if i == k {
			return diag[i]
		}
		return a[k*n+i]
	}
	rowR := make([]float64, m)
	rowInv := make([]float64, m)
	col := make([]float64, m)
	for k := range m {
		// Column k of R⁻¹: R·col = e_k, zero below row k.
		for i := k + 1; i < m; i++ {
			col[i] = 0
		}
		for i := k; i >= 0; i-- {
			s := 0.0
			if i == k {
				s = 1
			}
			for l := i + 1; l <= k; l++ {
				s -= r(i, l) * col[l]
			}
			col[i] = s / diag[i]
		}
		for i := 0; i <= k; i++ {
			rowR[i] += math.Abs(r(i, k))
			rowInv[i] += math.Abs(col[i])
		}
	}
	var nr, ni float64
	for i := range m {
		nr, ni = max(nr, rowR[i]), max(ni, rowInv[i])
	}
	return nr * ni
}
