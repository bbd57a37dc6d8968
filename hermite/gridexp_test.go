package hermite

import (
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// TestGridNegExps checks the products that stand in for e^−|z| on a
// trapezoidal grid against bigmath.Exp at the shared exponentials'
// precision: within an ulp at every point with |z| ≥ 1/2 of grids up to
// the largest the trapezoidal path builds, nothing below 1/2, and nothing
// for a program that does not share e^−|x|.
func TestGridNegExps(t *testing.T) {
	mish, err := calc.Parse("mish(x)")
	if err != nil {
		t.Fatal(err)
	}
	prog := calc.CompileBigMany(mish, calc.Derivative(mish, 1))
	if !prog.SharesExpOfX() {
		t.Fatal("mish and its derivative do not share e^−|x|")
	}
	for _, c := range []struct {
		m    int
		J    int64
		prec uint
	}{{0, 30, 100}, {3, 165, 180}, {4, 330, 180}, {5, 700, 240}, {7, trapMaxNodes / 2, 300}} {
		var points []gridPoint
		for j := -c.J; j <= c.J; j++ {
			points = append(points, pointOf(j, c.m))
		}
		exps := gridNegExps(prog, points, c.m, c.prec)
		wp := c.prec + calc.ExpGuard
		for i, p := range points {
			z := new(big.Float).SetMantExp(big.NewFloat(float64(p.num)), -p.exp)
			az := new(big.Float).Abs(z)
			if az.Cmp(big.NewFloat(0.5)) < 0 {
				if exps[i] != nil {
					t.Errorf("m = %d, z = %s: a value below 1/2", c.m, z.String())
				}
				continue
			}
			want := bigmath.Exp(wp, new(big.Float).Neg(az))
			if exps[i] == nil {
				t.Fatalf("m = %d, z = %s: no value", c.m, z.String())
			}
			d := new(big.Float).SetPrec(wp+64).Sub(exps[i], want)
			d.Quo(d, want)
			// One ulp of a value in [2^(e−1), 2^e) is 2^(e−wp): relative
			// at most 2^(1−wp).
			if d.Abs(d).Cmp(new(big.Float).SetMantExp(big.NewFloat(1), 1-int(wp))) > 0 {
				t.Errorf("m = %d, z = %s: off by %s relative at %d bits", c.m, z.String(), d.Text('g', 3), wp)
			}
		}
	}
	gelu, err := calc.Parse("gelu")
	if err != nil {
		t.Fatal(err)
	}
	if gridNegExps(calc.CompileBig(gelu), []gridPoint{pointOf(8, 3)}, 3, 100) != nil {
		t.Error("values for a program without a shared e^−|x|")
	}
}

// TestEvalAllExpSameValues checks that the trapezoidal nodes evaluated
// with the grid's exponentials agree with plain evaluation to a few ulps.
func TestEvalAllExpSameValues(t *testing.T) {
	e, err := calc.Parse("x*tanh(x)+sigmoid(x)")
	if err != nil {
		t.Fatal(err)
	}
	prog := calc.CompileBigMany(e, calc.Derivative(e, 1))
	const m, prec = 4, 200
	var points []gridPoint
	for j := int64(-200); j <= 200; j++ {
		points = append(points, pointOf(j, m))
	}
	exps := gridNegExps(prog, points, m, prec)
	ev := prog.Evaluator()
	for i, p := range points {
		z := new(big.Float).SetPrec(prec).SetMantExp(big.NewFloat(float64(p.num)), -p.exp)
		want, err := prog.EvalAll(z, prec)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ev.EvalAllExp(z, prec, exps[i])
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			d := new(big.Float).SetPrec(prec+64).Sub(got[k], want[k])
			if want[k].Sign() != 0 {
				d.Quo(d, want[k])
			}
			if d.Abs(d).Cmp(new(big.Float).SetMantExp(big.NewFloat(1), 4-prec)) > 0 {
				t.Errorf("z = %s, output %d: %s against %s", z.String(), k, got[k].Text('g', 50), want[k].Text('g', 50))
			}
		}
	}
}
