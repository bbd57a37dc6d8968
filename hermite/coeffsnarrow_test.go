package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// tanh100Ref holds C = √E[tanh(100X)²] and the normalized coefficients
// c_1, c_3, c_5 of tanh(100x), X ~ N(0, 1): mpmath's quad at 40 and at 50
// digits with breakpoints about the transition at 0 (down to ±0.005),
// which agree to the 34 digits given.
var tanh100Ref = []struct {
	k int // −1 for C
	v string
}{
	{-1, "0.9960027522454508977319473444147714"},
	{1, "0.8010537623013277623041629421309142"},
	{3, "-0.3270019355249209183359731685855467"},
	{5, "0.2193415283480794708364657292968334"},
}

// TestCoefficientsNarrowTransition checks the Hermite coefficients of
// tanh(100x), whose transition at 0 is 0.01 wide: the fixed panels of
// width 1/2 missed it (the 32- and 48-point rules differed by 7.9e-9 in C,
// and by 1.3e-11 at 20 digits, and both paths refused); with panels
// halved towards 0 down to the feature's scale (featureEdges) the float64
// coefficients are within their 1e-13 and those at 30 digits within
// 10^−30 of the reference.
func TestCoefficientsNarrowTransition(t *testing.T) {
	sigma := calc.MustParse("tanh(100*x)")
	c, C, err := Coefficients(sigma, 5)
	if err != nil {
		t.Fatal(err)
	}
	cd, Cd, err := CoefficientsDigits(sigma, 5, 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range tanh100Ref {
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
			t.Errorf("k = %d: float64 %.17g is off by %.2g, beyond %.2g", r.k, got, d, tol)
		}
		d := new(big.Float).Sub(gotBig, ref)
		if df, _ := d.Float64(); math.Abs(df) > 1e-30 {
			t.Errorf("k = %d: 30 digits give %s, off by %.2g", r.k, gotBig.Text('g', 32), df)
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
		got := featureEdges(c.scale, c.width, c.T)
		if len(got) != len(c.want) {
			t.Errorf("featureEdges(%g, %g, %g) = %v, want %v", c.scale, c.width, c.T, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("featureEdges(%g, %g, %g) = %v, want %v", c.scale, c.width, c.T, got, c.want)
				break
			}
		}
	}
}

// TestCoefficientsNarrowErf checks C of erf(100x), 0.0089 wide at 0,
// against the closed form E[erf(aX)²] = (2/π)·arcsin(2a²/(1 + 2a²))
// (Williams, "Computing with infinite networks", NIPS 1996) at a = 100,
// evaluated by mpmath at 50 digits: float64 within 1e-13 relative, and 30
// digits within 10^−30.
func TestCoefficientsNarrowErf(t *testing.T) {
	const ref = "0.9968118854132741017347575603373582369828"
	sigma := calc.MustParse("erf(100*x)")
	_, C, err := Coefficients(sigma, 3)
	if err != nil {
		t.Fatal(err)
	}
	_, Cd, err := CoefficientsDigits(sigma, 3, 30)
	if err != nil {
		t.Fatal(err)
	}
	want, _, _ := big.ParseFloat(ref, 10, 200, big.ToNearestEven)
	wf, _ := want.Float64()
	if d := math.Abs(C - wf); d > coeffTol*wf {
		t.Errorf("float64 C = %.17g, off by %.2g", C, d)
	}
	if d, _ := new(big.Float).Sub(Cd, want).Float64(); math.Abs(d) > 1e-30 {
		t.Errorf("C to 30 digits = %s, off by %.2g", Cd.Text('g', 32), d)
	}
}
