package asymptotics

import (
	"errors"
	"fmt"
	"math"
)

// FitOptions controls FitSequence. The zero value is the default fit.
type FitOptions struct {
	// MinL is the smallest depth in the fitting window; 0 means ℓ_max/100
	// (but at least the first depth given).
	MinL int
	// Order is the largest correction order s of the ansatz (5.93): the
	// basis is log^q ℓ/ℓ^(p+s) for s = 0 … Order and q = 0 … s. 0 means 2.
	Order int
	// NoLogs keeps only the q = 0 terms, for a sequence known to have no
	// logarithms.
	NoLogs bool
	// FixExponent fits the coefficients with p = Exponent instead of
	// estimating p.
	FixExponent bool
	Exponent    float64
	// MaxPoints is the number of depths, spread evenly in log ℓ over the
	// window, that enter the least-squares fits; 0 means 200.
	MaxPoints int
}

// Fit is the result of FitSequence: O(ℓ) ≈ Σ_i Coeffs[i]·log^q_i ℓ/ℓ^Power_i
// over Basis, with the exponent p of the leading term.
type Fit struct {
	Exponent, ExponentErr float64
	// Coeffs and CoeffErrs parallel Basis; Basis[i].Coeff is Coeffs[i].
	Coeffs    []float64
	CoeffErrs []float64
	Basis     []Term
	// Window is the range of depths [ℓ_min, ℓ_max] of the fit.
	Window [2]int
	// Points is the number of depths used; Residual is the root mean
	// square of the relative residuals (O_fit − O)/O over them.
	Points   int
	Residual float64
}

// Coeff returns the fitted coefficient of log^q ℓ/ℓ^power and its error,
// and whether the basis has that term.
func (f Fit) Coeff(power float64, q int) (c, err float64, ok bool) {
	for i, t := range f.Basis {
		if math.Abs(t.Power-power) < 1e-9 && t.LogPower == q {
			return f.Coeffs[i], f.CoeffErrs[i], true
		}
	}
	return 0, 0, false
}

// Error floors: the smallest uncertainty FitSequence reports, for data that
// are float64 recursions accurate to ~1e-13 relative per value.
const (
	exponentErrFloor = 1e-10 // absolute, on p
	coeffErrFloor    = 1e-10 // relative to the leading coefficient
	// maxResidual is the largest rms relative residual of an accepted
	// fit; an asymptotic window fits float64 recursions to ~1e-8 or better.
	maxResidual = 1e-5
)

// errFit is the cause of errors about the input of FitSequence.
var errFit = errors.New("asymptotics: FitSequence")

// FitSequence fits the scaling ansatz (5.93) to the tail of a sequence vs
// at depths ls (increasing, positive): the exponent p (unless fixed) and
// the coefficients c_{s,q} of log^q ℓ/ℓ^(p+s), by least squares in the
// relative residual. The uncertainties are the largest change of each
// value over three variants of the fit: the window's lower end raised by a
// factor 3, its upper end lowered by a factor 3, and one more order of
// corrections; see the package documentation.
func FitSequence(ls []int, vs []float64, opts FitOptions) (Fit, error) {
	if err := checkSequence(ls, vs); err != nil {
		return Fit{}, err
	}
	order := opts.Order
	if order == 0 {
		order = 2
	}
	if order < 0 || order > 6 {
		return Fit{}, fmt.Errorf("%w: order %d out of range 1…6", errFit, opts.Order)
	}
	maxPts := opts.MaxPoints
	if maxPts == 0 {
		maxPts = 200
	}
	if maxPts < 0 {
		return Fit{}, fmt.Errorf("%w: MaxPoints %d < 0", errFit, opts.MaxPoints)
	}
	if opts.FixExponent && (math.IsNaN(opts.Exponent) || math.IsInf(opts.Exponent, 0)) {
		return Fit{}, fmt.Errorf("%w: fixed exponent %g is not finite", errFit, opts.Exponent)
	}
	lmax := ls[len(ls)-1]
	lmin := opts.MinL
	if lmin == 0 {
		lmin = lmax / 100
	}
	lmin = max(lmin, ls[0])
	if lmin >= lmax {
		return Fit{}, fmt.Errorf("%w: window [%d, %d] is empty", errFit, lmin, lmax)
	}
	type variant struct {
		lo, hi, order int
	}
	variants := []variant{{lmin, lmax, order}, {3 * lmin, lmax, order}, {lmin, lmax / 3, order}, {lmin, lmax, order + 1}}
	var main fitResult
	var others []fitResult
	for i, v := range variants {
		r, err := fitWindow(ls, vs, v.lo, v.hi, v.order, opts.NoLogs, opts.FixExponent, opts.Exponent, maxPts)
		if i == 0 {
			if err != nil {
				return Fit{}, err
			}
			main = r
			continue
		}
		if err == nil {
			others = append(others, r)
		}
	}
	if len(others) == 0 {
		return Fit{}, fmt.Errorf("%w: window [%d, %d] too short to estimate an uncertainty", errFit, lmin, lmax)
	}
	if main.residual > maxResidual {
		return Fit{}, fmt.Errorf("%w: the ansatz misses the sequence on [%d, %d] by %.2g (relative rms): no power law with logarithms there", errFit, main.lo, main.hi, main.residual)
	}
	f := Fit{Exponent: main.p, Coeffs: main.coeffs, Basis: main.basis, Window: [2]int{main.lo, main.hi},
		Points: main.points, Residual: main.residual, CoeffErrs: make([]float64, len(main.coeffs))}
	lead := math.Abs(main.coeffs[0])
	if !opts.FixExponent {
		f.ExponentErr = exponentErrFloor
	}
	for i := range f.CoeffErrs {
		f.CoeffErrs[i] = coeffErrFloor * lead
	}
	for _, o := range others {
		if !opts.FixExponent {
			f.ExponentErr = max(f.ExponentErr, math.Abs(o.p-main.p))
		}
		// The ansatz of one more order extends that of the main fit, so
		// position i is the same (s, q) in every variant.
		for i := range min(len(main.coeffs), len(o.coeffs)) {
			f.CoeffErrs[i] = max(f.CoeffErrs[i], math.Abs(o.coeffs[i]-main.coeffs[i]))
		}
	}
	for i := range f.Basis {
		f.Basis[i].Coeff = f.Coeffs[i]
	}
	return f, nil
}

// checkSequence validates the input of FitSequence.
func checkSequence(ls []int, vs []float64) error {
	if len(ls) != len(vs) {
		return fmt.Errorf("%w: %d depths but %d values", errFit, len(ls), len(vs))
	}
	if len(ls) < 8 {
		return fmt.Errorf("%w: %d points, need at least 8", errFit, len(ls))
	}
	for i, l := range ls {
		if l < 1 || (i > 0 && l <= ls[i-1]) {
			return fmt.Errorf("%w: depths must be positive and increasing (ℓ[%d] = %d)", errFit, i, l)
		}
		if math.IsNaN(vs[i]) || math.IsInf(vs[i], 0) {
			return fmt.Errorf("%w: value at ℓ = %d is %g", errFit, l, vs[i])
		}
	}
	return nil
}
