package hermite

import (
	"math"
	"math/big"
	"slices"
	"testing"

	"critcalc/calc"
)

// narrowRefs are references for σ with a narrow transition at 0: C =
// √E[σ(X)²] (k = −1) and normalized coefficients c_k, X ~ N(0, 1).
//   - tanh(100x), 0.01 wide: mpmath's quad at 40 and at 50 digits with
//     breakpoints about the transition (down to ±0.005), which agree to
//     the 34 digits given.
//   - erf(100x), 0.0089 wide: the closed form E[erf(aX)²] =
//     (2/π)·arcsin(2a²/(1 + 2a²)) (Williams, "Computing with infinite
//     networks", NIPS 1996) at a = 100, evaluated by mpmath at 50 digits.
var narrowRefs = []struct {
	sigma string
	k     int // −1 for C
	v     string
}{
	{"tanh(100*x)", -1, "0.9960027522454508977319473444147714"},
	{"tanh(100*x)", 1, "0.8010537623013277623041629421309142"},
	{"tanh(100*x)", 3, "-0.3270019355249209183359731685855467"},
	{"tanh(100*x)", 5, "0.2193415283480794708364657292968334"},
	{"erf(100*x)", -1, "0.9968118854132741017347575603373582369828"},
}

// TestCoefficientsNarrowTransition checks the Hermite coefficients of σ
// whose transition at 0 is far narrower than the panels of width 1/2: the
// fixed panels missed it (for tanh(100x) the 32- and 48-point rules
// differed by 7.9e-9 in C, and by 1.3e-11 at 20 digits, and both paths
// refused); with panels halved towards 0 down to the feature's scale
// (featureEdges) the float64 values are within their 1e-13 (C relative)
// and those at 30 digits within 10^−30 of the references.
func TestCoefficientsNarrowTransition(t *testing.T) {
	type result struct {
		c  []float64
		C  float64
		cd []*big.Float
		Cd *big.Float
	}
	results := map[string]result{}
	for _, r := range narrowRefs {
		res, ok := results[r.sigma]
		if !ok {
			sigma := calc.MustParse(r.sigma)
			var err error
			if res.c, res.C, err = Coefficients(sigma, 5); err != nil {
				t.Fatal(err)
			}
			if res.cd, res.Cd, err = CoefficientsDigits(sigma, 5, 30); err != nil {
				t.Fatal(err)
			}
			results[r.sigma] = res
		}
		c, C, cd, Cd := res.c, res.C, res.cd, res.Cd
		ref, _, err := big.ParseFloat(r.v, 10, 200, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		got, gotBig, tol := C, Cd, coeffTol*C // C: relative
		if r.k >= 0 {
			got, gotBig, tol = c[r.k], cd[r.k], coeffTol
		}
		want, _ := ref.Float64()
		if d := math.Abs(got - want); d > tol {
			t.Errorf("%s, k = %d: float64 %.17g is off by %.2g, beyond %.2g", r.sigma, r.k, got, d, tol)
		}
		d := new(big.Float).Sub(gotBig, ref)
		if df, _ := d.Float64(); math.Abs(df) > 1e-30 {
			t.Errorf("%s, k = %d: 30 digits give %s, off by %.2g", r.sigma, r.k, gotBig.Text('g', 32), df)
		}
	}
}

// TestFeatureEdges checks the edges that resolve a transition at 0:
// none for a feature no narrower than the panels, and otherwise 0 and
// ±scale·2^j below the width, inside the cut.
func TestFeatureEdges(t *testing.T) {
	for _, c := range []struct {
		scale, width, T float64
		want            []float64
	}{
		{1, 0.5, 10, nil},
		{0.5, 0.5, 10, nil},
		{0, 0.5, 10, nil},
		{0.1, 0.5, 10, []float64{0, -0.1, 0.1, -0.2, 0.2, -0.4, 0.4}},
		{0.1, 0.5, 0.3, []float64{0, -0.1, 0.1, -0.2, 0.2}},
	} {
		if got := featureEdges(c.scale, c.width, c.T); !slices.Equal(got, c.want) {
			t.Errorf("featureEdges(%g, %g, %g) = %v, want %v", c.scale, c.width, c.T, got, c.want)
		}
	}
}
