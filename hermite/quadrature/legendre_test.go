package quadrature

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// ulps returns |a−b| in units of the last place of b.
func ulps(a, b float64) float64 {
	if a == b {
		return 0
	}
	return math.Abs(a-b) / (math.Nextafter(math.Abs(b), math.Inf(1)) - math.Abs(b))
}

// legendreOrders are the rule sizes of the exactness tests.
func legendreOrders() []int {
	var ns []int
	for n := 1; n <= 50; n++ {
		ns = append(ns, n)
	}
	return append(ns, 100, 1000, MaxGaussLegendre)
}

// TestGaussLegendreExact checks ∫_{-1}^{1} P_k = 2δ_{k0} for k ≤ 2n−1
// (n = 1…50, 100, 1000, 4096), with P_k from the recurrence; the Legendre
// polynomials are bounded by 1 on [−1, 1], so the test is well conditioned
// and the error must be a few ulps of 2. Sums are compensated so that they
// add no error of their own.
func TestGaussLegendreExact(t *testing.T) {
	worst := 0.0
	for _, n := range legendreOrders() {
		r, err := GaussLegendre(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.X) != n || len(r.W) != n {
			t.Fatalf("n=%d: got %d nodes, %d weights", n, len(r.X), len(r.W))
		}
		sums := make([]CompensatedSum, 2*n)
		for i, x := range r.X {
			if i > 0 && !(x > r.X[i-1]) {
				t.Fatalf("n=%d: nodes not ascending at %d", n, i)
			}
			p0, p1 := 1.0, x
			sums[0].Add(r.W[i])
			for k := 1; k < 2*n; k++ {
				sums[k].Add(r.W[i] * p1)
				p0, p1 = p1, (float64(2*k+1)*x*p1-float64(k)*p0)/float64(k+1)
			}
		}
		for k := range sums {
			s := sums[k].Value()
			want := 0.0
			if k == 0 {
				want = 2
			}
			e := math.Abs(s - want)
			worst = math.Max(worst, e)
			if e > 8*0x1p-52 {
				t.Errorf("n=%d: ∫P_%d = %.17g, want %g (error %.3g)", n, k, s, want, e)
			}
		}
	}
	t.Logf("max |error| of ∫P_k: %.3g", worst)
}

// TestGaussLegendreMonomials checks ∫_{-1}^{1} x^d = 2/(d+1) (d even), 0 (d
// odd) for d ≤ 2n−1, n ≤ 50. Perturbing the nodes by one ulp changes x^d
// by about d ulps, so the tolerance grows with d.
func TestGaussLegendreMonomials(t *testing.T) {
	worst := 0.0
	for n := 1; n <= 50; n++ {
		r, _ := GaussLegendre(n)
		for d := 0; d < 2*n; d++ {
			var s CompensatedSum
			for i, x := range r.X {
				s.Add(r.W[i] * math.Pow(x, float64(d)))
			}
			want := 0.0
			if d%2 == 0 {
				want = 2 / float64(d+1)
			}
			e := math.Abs(s.Value() - want)
			if d%2 == 0 {
				e /= want
			}
			tol := float64(d+4) * 0x1p-52
			worst = math.Max(worst, e/float64(d+4))
			if e > tol {
				t.Errorf("n=%d: ∫x^%d error %.3g > %.3g", n, d, e, tol)
			}
		}
	}
	t.Logf("max error of ∫x^d in units of (d+4)·2^-52: %.3g", worst/0x1p-52)
}

// TestGaussLegendreTable compares with the 5-point rule of Abramowitz &
// Stegun, Table 25.4 (nodes 0, ±0.538469310105683, ±0.906179845938664;
// weights 128/225, (322 ± 13√70)/900).
func TestGaussLegendreTable(t *testing.T) {
	r, err := GaussLegendre(5)
	if err != nil {
		t.Fatal(err)
	}
	s70 := math.Sqrt(70)
	wantX := []float64{-0.9061798459386640, -0.5384693101056831, 0, 0.5384693101056831, 0.9061798459386640}
	wantW := []float64{(322 - 13*s70) / 900, (322 + 13*s70) / 900, 128.0 / 225, (322 + 13*s70) / 900, (322 - 13*s70) / 900}
	for i := range wantX {
		if math.Abs(r.X[i]-wantX[i]) > 2e-16 || ulps(r.W[i], wantW[i]) > 2 {
			t.Errorf("node %d: got (%.17g, %.17g), want (%.16g, %.16g)", i, r.X[i], r.W[i], wantX[i], wantW[i])
		}
	}
	if math.Signbit(r.X[2]) {
		t.Errorf("middle node is -0")
	}
	// Published 16-digit weights (A&S Table 25.4).
	pub := []float64{0.2369268850561891, 0.4786286704993665, 0.5688888888888889}
	for i, w := range pub {
		if math.Abs(r.W[i]-w) > 1e-16 {
			t.Errorf("weight %d = %.17g, published %.16g", i, r.W[i], w)
		}
	}
}

// TestGaussLegendreVsBig checks that the float64 rule equals the 128-bit
// rule rounded to float64 within one ulp.
func TestGaussLegendreVsBig(t *testing.T) {
	ns := []int{1, 2, 3, 4, 7, 16, 33, 64, 100, 257}
	worstX, worstW := 0.0, 0.0
	for _, n := range ns {
		r, _ := GaussLegendre(n)
		rb, err := GaussLegendreBig(n, 128)
		if err != nil {
			t.Fatal(err)
		}
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

// TestGaussLegendreBig checks Σ W = 2 and ∫x^{2k} = 2/(2k+1), 2k ≤ 2n−1,
// at 256 bits to 1e-70.
func TestGaussLegendreBig(t *testing.T) {
	const prec = 256
	tol := big.NewFloat(1e-70)
	worst := new(big.Float)
	for _, n := range []int{1, 2, 5, 20, 64} {
		r, err := GaussLegendreBig(n, prec)
		if err != nil {
			t.Fatal(err)
		}
		if r.Prec != prec || len(r.X) != n {
			t.Fatalf("n=%d: prec %d, %d nodes", n, r.Prec, len(r.X))
		}
		for k := 0; 2*k <= 2*n-1; k++ {
			s := newFloat(prec + 64)
			for i, x := range r.X {
				p := newFloat(prec + 64).SetInt64(1)
				for range 2 * k {
					p.Mul(p, x)
				}
				s.Add(s, p.Mul(p, r.W[i]))
			}
			want := newFloat(prec+64).Quo(bf(prec, 2), bf(prec, float64(2*k+1)))
			e := relErr(s, want)
			if e.Cmp(worst) > 0 {
				worst = e
			}
			if e.Cmp(tol) > 0 {
				t.Errorf("n=%d: ∫x^%d relative error %s", n, 2*k, e.Text('g', 3))
			}
		}
	}
	t.Logf("max relative error: %s", worst.Text('g', 3))
}

func bf(prec uint, v float64) *big.Float { return newFloat(prec).SetFloat64(v) }

// relErr returns |got − want|/|want|.
func relErr(got, want *big.Float) *big.Float {
	e := new(big.Float).SetPrec(64).Sub(got, want)
	e.Quo(e, want)
	return e.Abs(e)
}

func TestGaussLegendreErrors(t *testing.T) {
	for _, n := range []int{0, -1, MaxGaussLegendre + 1} {
		if _, err := GaussLegendre(n); !errors.Is(err, ErrOrder) {
			t.Errorf("GaussLegendre(%d): err = %v", n, err)
		}
		if _, err := GaussLegendreBig(n, 64); !errors.Is(err, ErrOrder) {
			t.Errorf("GaussLegendreBig(%d): err = %v", n, err)
		}
	}
	if _, err := GaussLegendreBig(5, 4); !errors.Is(err, ErrPrecision) {
		t.Errorf("prec 4: err = %v", err)
	}
	// The returned rule is a copy.
	r, _ := GaussLegendre(3)
	r.X[0] = 42
	r2, _ := GaussLegendre(3)
	if r2.X[0] == 42 {
		t.Error("GaussLegendre returned the cached slice")
	}
}

// TestGaussLegendreBigStep checks that a rule at a precision between the
// steps it is computed at is that step's rule rounded, nodes and weights
// alike, with the precision asked for.
func TestGaussLegendreBigStep(t *testing.T) {
	for _, tt := range []struct {
		n    int
		prec uint
	}{{7, 100}, {48, 200}, {96, 239}, {24, 64}} {
		r, err := GaussLegendreBig(tt.n, tt.prec)
		if err != nil {
			t.Fatal(err)
		}
		full, err := GaussLegendreBig(tt.n, ruleStep(tt.prec))
		if err != nil {
			t.Fatal(err)
		}
		if r.Prec != tt.prec {
			t.Errorf("n=%d at %d bits: Prec %d", tt.n, tt.prec, r.Prec)
		}
		for i := range r.X {
			x := newFloat(tt.prec).Set(full.X[i])
			w := newFloat(tt.prec).Set(full.W[i])
			if r.X[i].Cmp(x) != 0 || r.W[i].Cmp(w) != 0 || r.X[i].Prec() != tt.prec {
				t.Errorf("n=%d at %d bits: node %d differs from the rounded %d-bit rule", tt.n, tt.prec, i, ruleStep(tt.prec))
			}
		}
	}
}
