package quadrature

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// doubleFactorial returns (2k−1)!! = E[z^{2k}] for z ~ N(0, 1).
func doubleFactorial(k int) float64 {
	v := 1.0
	for j := 1; j < 2*k; j += 2 {
		v *= float64(j)
	}
	return v
}

// TestGaussHermiteMoments checks E[x^{2k}] = (2k−1)!! (the moments of the
// standard normal distribution) and E[x^{2k+1}] = 0 for 2k+1 ≤ 2n−1, n ≤ 200.
// x^{2k} amplifies a one-ulp node perturbation 2k-fold, so the relative
// tolerance is max(1e-14, 2k·2^-52) for the moments that fit in a float64.
func TestGaussHermiteMoments(t *testing.T) {
	worst, worstRatio := 0.0, 0.0
	var ns []int
	for n := 1; n <= 40; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 60, 64, 100, 128, 199, 200)
	for _, n := range ns {
		r, err := GaussHermite(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.X) != n {
			t.Fatalf("n=%d: %d nodes", n, len(r.X))
		}
		for k := 0; 2*k <= 2*n-1; k++ {
			want := doubleFactorial(k)
			if want > 1e300 {
				break
			}
			var even, odd, oddAbs CompensatedSum
			for i, x := range r.X {
				// W·x^{2k} as (W·|x|^k)·|x|^k, which does not overflow.
				xk := math.Pow(math.Abs(x), float64(k))
				term := r.W[i] * xk * xk
				even.Add(term)
				if 2*k+1 <= 2*n-1 {
					odd.Add(term * x)
					oddAbs.Add(math.Abs(term * x))
				}
			}
			e := math.Abs(even.Value()-want) / want
			if math.IsNaN(e) || math.IsNaN(odd.Value()) {
				t.Fatalf("n=%d k=%d: NaN", n, k)
			}
			tol := math.Max(1e-14, float64(2*k)*0x1p-52)
			if k <= 10 {
				worst = math.Max(worst, e)
			}
			worstRatio = math.Max(worstRatio, e/tol)
			if e > tol {
				t.Errorf("n=%d: E[x^%d] relative error %.3g > %.3g", n, 2*k, e, tol)
			}
			// The odd moments vanish by symmetry of the rule.
			if o := odd.Value(); math.Abs(o) > 1e-15*oddAbs.Value() {
				t.Errorf("n=%d: E[x^%d] = %g, want 0", n, 2*k+1, o)
			}
		}
	}
	t.Logf("max relative error of E[x^2k]: %.3g for 2k ≤ 20; max error/tolerance %.3g", worst, worstRatio)
}

// TestGaussHermiteOrthonormal checks E[p_j·p_k] = δ_{jk} for j, k ≤ n−1
// (degrees up to 2n−2) for the orthonormal polynomials p_j = He_j/√(j!).
// Since W_i·Σ_{j<n} p_j(X_i)² = 1 (Christoffel), every term is at most 1
// in magnitude; the remaining errors come from rounding the nodes to float64
// and from evaluating p_j in float64, both growing with the degree, so the
// tolerance is 2e-15 + (j+k)·ε/2.
func TestGaussHermiteOrthonormal(t *testing.T) {
	worst := 0.0
	for _, n := range []int{1, 2, 3, 10, 31, 60, 100, 200} {
		r, _ := GaussHermite(n)
		// v[i][j] = √W_i·p_j(X_i)
		v := make([][]float64, len(r.X))
		for i, x := range r.X {
			v[i] = make([]float64, n)
			sw := math.Sqrt(r.W[i])
			p0, p1 := 0.0, 1.0
			for j := range n {
				v[i][j] = sw * p1
				p0, p1 = p1, (x*p1-math.Sqrt(float64(j))*p0)/math.Sqrt(float64(j+1))
			}
		}
		for j := range n {
			for k := j; k < n; k++ {
				var s CompensatedSum
				for i := range v {
					s.Add(v[i][j] * v[i][k])
				}
				want := 0.0
				if j == k {
					want = 1
				}
				e := math.Abs(s.Value() - want)
				worst = math.Max(worst, e)
				if e > 2e-15+float64(j+k)*0x1p-53 {
					t.Errorf("n=%d: E[p_%d·p_%d] error %.3g", n, j, k, e)
				}
			}
		}
	}
	t.Logf("max error: %.3g", worst)
}

// TestGaussHermiteCos checks E[cos z] = e^{−1/2} (characteristic function of
// N(0, 1) at 1) with n = 60.
func TestGaussHermiteCos(t *testing.T) {
	r, _ := GaussHermite(60)
	var s CompensatedSum
	for i, x := range r.X {
		s.Add(r.W[i] * math.Cos(x))
	}
	want := math.Exp(-0.5)
	if e := math.Abs(s.Value()-want) / want; e > 1e-15 {
		t.Errorf("E[cos z] = %.17g, want %.17g (relative error %.3g)", s.Value(), want, e)
	} else {
		t.Logf("relative error %.3g", e)
	}
}

// TestGaussHermiteClosedForm compares with the closed forms from
// He₃ = x³ − 3x and He₄ = x⁴ − 6x² + 3 (Abramowitz & Stegun 22.3.11 for
// the physicists' H_n, He_n(x) = 2^{−n/2}H_n(x/√2)) and the weight formula
// W = n!/He′ₙ(x)²: n = 3: nodes 0, ±√3, weights 2/3, 1/6; n = 4: nodes
// ±√(3 ∓ √6), weights 1/(4(3 ∓ √6)).
func TestGaussHermiteClosedForm(t *testing.T) {
	s6 := math.Sqrt(6)
	cases := []struct {
		n    int
		x, w []float64
	}{
		{1, []float64{0}, []float64{1}},
		{2, []float64{-1, 1}, []float64{0.5, 0.5}},
		{3, []float64{-math.Sqrt(3), 0, math.Sqrt(3)}, []float64{1.0 / 6, 2.0 / 3, 1.0 / 6}},
		{4, []float64{-math.Sqrt(3 + s6), -math.Sqrt(3 - s6), math.Sqrt(3 - s6), math.Sqrt(3 + s6)},
			[]float64{1 / (4 * (3 + s6)), 1 / (4 * (3 - s6)), 1 / (4 * (3 - s6)), 1 / (4 * (3 + s6))}},
	}
	for _, c := range cases {
		r, err := GaussHermite(c.n)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.x {
			if ulps(r.X[i], c.x[i]) > 4 || ulps(r.W[i], c.w[i]) > 8 {
				t.Errorf("n=%d i=%d: got (%.17g, %.17g), want (%.17g, %.17g)", c.n, i, r.X[i], r.W[i], c.x[i], c.w[i])
			}
		}
	}
}

// TestGaussHermiteVsBig checks that the float64 rule equals the 128-bit rule
// rounded to float64 within one ulp.
func TestGaussHermiteVsBig(t *testing.T) {
	worstX, worstW := 0.0, 0.0
	for _, n := range []int{1, 2, 5, 16, 41, 100, 200} {
		r, _ := GaussHermite(n)
		rb := gaussHermiteBig(t, n, 128)
		for i := range r.X {
			bx, _ := rb.X[i].Float64()
			bw, _ := rb.W[i].Float64()
			ex, ew := ulps(r.X[i], bx), ulps(r.W[i], bw)
			worstX, worstW = math.Max(worstX, ex), math.Max(worstW, ew)
			if ex > 1 || ew > 1 {
				t.Errorf("n=%d i=%d: float64 (%.17g, %.17g) vs big (%.17g, %.17g)", n, i, r.X[i], r.W[i], bx, bw)
			}
		}
	}
	t.Logf("max ulps vs big: nodes %g, weights %g", worstX, worstW)
}

// TestGaussHermiteLarge checks the dropping of underflowing weights for
// n = MaxGaussHermite: every kept weight is a normal float64, the rule is
// symmetric, and Σ W = 1 and E[x²] = 1 hold to a few ulps.
func TestGaussHermiteLarge(t *testing.T) {
	n := MaxGaussHermite
	r, err := GaussHermite(n)
	if err != nil {
		t.Fatal(err)
	}
	m := len(r.X)
	if m >= n || m%2 != 0 {
		t.Fatalf("kept %d of %d nodes", m, n)
	}
	var s0, s2 CompensatedSum
	for i := range r.X {
		if r.W[i] < 0x1p-1022 {
			t.Fatalf("weight %d = %g is subnormal", i, r.W[i])
		}
		if r.X[i] != -r.X[m-1-i] || r.W[i] != r.W[m-1-i] {
			t.Fatalf("rule not symmetric at %d", i)
		}
		if i > 0 && !(r.X[i] > r.X[i-1]) {
			t.Fatalf("nodes not ascending at %d", i)
		}
		s0.Add(r.W[i])
		s2.Add(r.W[i] * r.X[i] * r.X[i])
	}
	if e0, e2 := math.Abs(s0.Value()-1), math.Abs(s2.Value()-1); e0 > 4e-16 || e2 > 4e-16 {
		t.Errorf("Σ W − 1 = %.3g, E[x²] − 1 = %.3g", e0, e2)
	}
	t.Logf("n=%d keeps %d nodes, outermost %.6g with weight %.3g", n, m, r.X[m-1], r.W[m-1])
}

// TestGaussHermiteBig checks the reference rule of TestGaussHermiteVsBig:
// E[x^{2k}] = (2k−1)!! for 2k ≤ 2n−1 at 256 bits to 1e-70.
func TestGaussHermiteBig(t *testing.T) {
	const prec = 256
	tol := big.NewFloat(1e-70)
	worst := new(big.Float)
	for _, n := range []int{1, 2, 5, 20, 64, 200} {
		r := gaussHermiteBig(t, n, prec)
		if len(r.X) != n {
			t.Fatalf("n=%d: %d nodes", n, len(r.X))
		}
		pows := make([]*big.Float, n)
		for i := range pows {
			pows[i] = newFloat(prec + 64).SetInt64(1)
		}
		want := newFloat(prec + 64).SetInt64(1)
		for k := 0; 2*k <= 2*n-1; k++ {
			if k > 0 {
				want.Mul(want, newFloat(64).SetInt64(int64(2*k-1)))
			}
			s := newFloat(prec + 64)
			for i, x := range r.X {
				if k > 0 {
					pows[i].Mul(pows[i], x).Mul(pows[i], x)
				}
				s.Add(s, newFloat(prec+64).Mul(pows[i], r.W[i]))
			}
			e := relErr(s, want)
			if e.Cmp(worst) > 0 {
				worst = e
			}
			if e.Cmp(tol) > 0 {
				t.Errorf("n=%d: E[x^%d] relative error %s", n, 2*k, e.Text('g', 3))
			}
		}
	}
	t.Logf("max relative error: %s", worst.Text('g', 3))
}

func TestGaussHermiteErrors(t *testing.T) {
	for _, n := range []int{0, -3, MaxGaussHermite + 1} {
		if _, err := GaussHermite(n); !errors.Is(err, ErrOrder) {
			t.Errorf("GaussHermite(%d): err = %v", n, err)
		}
	}
}
