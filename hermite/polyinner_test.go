package hermite

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// piecewiseCases are piecewise polynomial σ, and σ with exponential
// pieces, whose inner expectations are closed forms.
var piecewiseCases = []string{
	"max(-1,min(1,x))",      // hard tanh
	"max(0,min(6,x))",       // ReLU6
	"max(0,min(1,x/6+0.5))", // hard sigmoid
	"x*max(0,min(6,x+3))/6", // hard swish, degree 2
	"abs(x)-0.5",            // a zero inside each piece
	"sign(x-0.3)",           // a jump
	"max(0,x)-0.5*max(0,x-1)",
	"elu(x)",                       // an exponential piece
	"selu(x)",                      //
	"max(x,0)+expm1(min(x,0)/2)/2", // CELU with α = 1/2
	"exp(-abs(x))-0.3",             // exponentials on both sides, a zero on each
}

// bruteInner is E_Y[g(μ + s·Y)] and E_Y|g(μ + s·Y)| by 48-point
// Gauss–Legendre rules on panels of width at most 1/2 in y between the
// cuts, out to |y| = 40, with g's float64 program: a polynomial or an
// exponential times the density is entire, so each panel is exact to
// rounding.
func bruteInner(t *testing.T, g *calc.Program, cuts []float64, mu, s float64) (v, abs float64) {
	r, err := legendreRule(48)
	if err != nil {
		t.Fatal(err)
	}
	edges := []float64{-40}
	for _, z := range cuts {
		if y := (z - mu) / s; y > -40 && y < 40 {
			edges = append(edges, y)
		}
	}
	edges = append(edges, 40)
	// Compensated sums: thousands of terms.
	var sv, sa quadrature.CompensatedSum
	for i := 0; i+1 < len(edges); i++ {
		lo, hi := edges[i], edges[i+1]
		n := int(math.Ceil((hi - lo) * 2))
		for j := range n {
			a, b := lo+(hi-lo)*float64(j)/float64(n), lo+(hi-lo)*float64(j+1)/float64(n)
			for k, x := range r.X {
				y := (a+b)/2 + (b-a)/2*x
				w := r.W[k] * (b - a) / 2 * math.Exp(-y*y/2) / math.Sqrt(2*math.Pi)
				gv := g.Eval(mu + s*y)
				sv.Add(w * gv)
				sa.Add(w * math.Abs(gv))
			}
		}
	}
	return sv.Value(), sa.Value()
}

func TestPolyInnerAgainstPanels(t *testing.T) {
	for _, expr := range piecewiseCases {
		e := calc.MustParse(expr)
		pp := polyPartsOf(e)
		if pp == nil {
			t.Fatalf("%s: not found piecewise polynomial", expr)
		}
		prog := calc.Compile(e)
		worst := 0.0 // the largest bound relative to E|g|
		for _, mu := range []float64{-7, -1.3, -1, 0, 0.3, 0.7, 2.5, 6} {
			for _, s := range []float64{1e-7, 0.01, 0.3, 1, 2.5} {
				v, abs, bound, ok := pp.inner(mu, s)
				if !ok {
					t.Fatalf("%s at μ = %g, s = %g: no closed form", expr, mu, s)
				}
				bv, babs := bruteInner(t, prog, pp.cuts, mu, s)
				// The panels' own rounding: a few units of E|g|.
				slack := 8 * ghUnit * babs
				if d := math.Abs(v - bv); d > bound+slack {
					t.Errorf("%s at μ = %g, s = %g: %.17g, panels %.17g (diff %.2g > bound %.2g + %.2g)", expr, mu, s, v, bv, d, bound, slack)
				}
				// Each part keeps its sign, so E|g| sums the parts'
				// absolute values, each as accurate as its share of v.
				if d := math.Abs(abs - babs); d > bound+slack {
					t.Errorf("%s at μ = %g, s = %g: E|g| %.17g, panels %.17g (diff %.2g > bound %.2g + %.2g)", expr, mu, s, abs, babs, d, bound, slack)
				}
				if babs > 0 {
					worst = max(worst, bound/babs)
				}
			}
		}
		t.Logf("%s: bounds up to %.2g of E|g|", expr, worst)
	}
}

// expect2Panels is Expect2 with its inner expectations by adaptive panels,
// as for any σ, even where g is piecewise polynomial.
func expect2Panels(f, g calc.Expr, c Cov) (Value, error) {
	tw, err := newTwoInput(f, g, c)
	if err != nil {
		return Value{}, err
	}
	tw.poly = nil
	return tw.integrate()
}

// The closed-form inner expectations agree with the adaptive panels they
// replace, within the two error estimates; Expect2 of each σ takes them
// (else the comparison would be of the panels with themselves).
func TestExpect2PiecewiseAgainstPanels(t *testing.T) {
	covs := []Cov{corr(1, 1.2, 0.9), corr(0.5, 0.5, 0.98), corr(0.33, 0.33, 1-1e-6), corr(2, 3, -0.4), corr(4, 0.2, 0), corr(1, 1, -1)}
	for _, expr := range piecewiseCases {
		e := calc.MustParse(expr)
		if tw, err := newTwoInput(e, e, covs[0]); err != nil || tw.poly == nil {
			t.Errorf("%s: Expect2 does not take the closed form (error %v)", expr, err)
		}
		for _, c := range covs {
			got, err := Expect2(e, e, c)
			if err != nil {
				t.Errorf("%s at %+v: %v", expr, c, err)
				continue
			}
			want, err := expect2Panels(e, e, c)
			if err != nil {
				t.Errorf("%s at %+v, panels: %v", expr, c, err)
				continue
			}
			if d := math.Abs(got.V - want.V); d > got.AbsErr+want.AbsErr {
				t.Errorf("%s at %+v: %.17g ± %.2g, panels %.17g ± %.2g (diff %.2g)", expr, c, got.V, got.AbsErr, want.V, want.AbsErr, d)
			}
		}
	}
}
