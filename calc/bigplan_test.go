package calc

import (
	"fmt"
	"math/big"
	"testing"

	"critcalc/internal/testlevel"
)

// bigAgreementExprs are the expressions whose plan values are checked
// against the expressions as written.
var bigAgreementExprs = []string{
	"mish", "mish'", "mish''",
	"tanh(x)", "sech(x)^2", "gelu", "swish", "silu", "softplus(x)", "sigmoid(x)*sigmoid(-x)",
	"x^3", "x^-2", "(1+x)^5", "x^0", "x^64", "x^-7", "cosh(x)*sinh(x)", "tanh(2*x)+sech(2*x)",
	"elu", "selu", "sinh(x)+cosh(x)", "tanh(x)*sech(x)*sigmoid(-x)", "softplus(x)*sigmoid(x)",
	"tanh(softplus(x))*softplus(x)", "sech(softplus(-x))+tanh(softplus(-x))",
}

// bigAgreementPoints are the points of the agreement test.
var bigAgreementPoints = []string{
	"0", "1e-30", "-1e-30", "1e-5", "-1e-5", "0.5", "-0.5", "0.4999", "3", "-3",
	"40", "-40", "700", "-700", "1e5", "-1e5",
}

// bigAgreementPrecs are the precisions of the agreement test, in bits.
var bigAgreementPrecs = []uint{64, 128, BitsForDigits(67) + 16, 400}

// parseTestExpr parses s; each trailing apostrophe asks for one more
// derivative.
func parseTestExpr(t testing.TB, s string) Expr {
	t.Helper()
	n := 0
	for len(s) > 0 && s[len(s)-1] == '\'' {
		s, n = s[:len(s)-1], n+1
	}
	e, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return Derivative(e, n)
}

// bigReference returns the value of e at x as written, one bigmath
// function per node, at prec+64 bits, and the running error bound of the
// same evaluation at prec bits.
func bigReference(e Expr, x *big.Float, prec uint) (ref, bound *big.Float, err error) {
	p := CompileBig(e)
	ref, _, err = p.evalBounded(x, prec+64)
	if err != nil {
		return nil, nil, err
	}
	_, bound, err = p.evalBounded(x, prec)
	return ref, bound, err
}

// checkAgreement reports whether got is within the accuracy contract of
// Eval, and by how much: within 2^(6−prec) relative to the reference ref,
// or, where the expression as written is ill-conditioned, within four
// times bound, the running error bound of its evaluation as written at
// prec bits. That bound sums every node's rounding error, at least an ulp,
// times the sensitivity of the result to it: it exceeds 2^(6−prec)·|ref|
// only where the expression cancels or amplifies its rounding errors
// (sinh(x) + cosh(x) for x ≪ 0, erfc far in its tail), where a value within
// a few ulps at every node, as Eval's are, is still accurate only to within
// the bound. frac is the error as a fraction of the tolerance.
func checkAgreement(got, ref, bound *big.Float, prec uint) (ok bool, frac float64) {
	d := new(big.Float).Sub(got, ref)
	d.Abs(d)
	tol := new(big.Float).Abs(ref)
	tol.SetMantExp(tol, 6-int(prec))
	if b := new(big.Float).SetMantExp(bound, 2); b.Cmp(tol) > 0 {
		tol = b
	}
	if d.Sign() == 0 {
		return true, 0
	}
	if tol.Sign() == 0 {
		return false, 1
	}
	frac, _ = new(big.Float).Quo(d, tol).Float64()
	return frac <= 1, frac
}

// TestBigPlanAgreement compares Eval, which runs the plan with its fused
// kernels, shared exponentials and integer powers, with the expressions as
// written evaluated 64 bits more precisely, over points from 0 to far
// beyond the float64 range of exp.
func TestBigPlanAgreement(t *testing.T) {
	worst := 0.0
	for _, src := range bigAgreementExprs {
		e := parseTestExpr(t, src)
		p := CompileBig(e)
		for _, prec := range bigAgreementPrecs {
			for _, xs := range bigAgreementPoints {
				x, _ := new(big.Float).SetPrec(prec).SetString(xs)
				ref, bound, refErr := bigReference(e, x, prec)
				got, err := p.Eval(x, prec)
				if (err != nil) != (refErr != nil) || err != nil && err.Error() != refErr.Error() {
					t.Errorf("%s at %s, %d bits: error %v, as written %v", src, xs, prec, err, refErr)
					continue
				}
				if err != nil {
					continue
				}
				ok, frac := checkAgreement(got, ref, bound, prec)
				worst = max(worst, frac)
				if !ok {
					t.Errorf("%s at %s, %d bits: %s, want %s (%.3g times the tolerance, bound %s)",
						src, xs, prec, got.Text('g', 30), ref.Text('g', 30), frac, bound.Text('g', 3))
				}
			}
		}
	}
	t.Logf("worst error %.3g times the tolerance", worst)
}

// TestBigPlanMishSet checks every output of the program of the mish set
// against its own expression as written, and that the program runs one
// exponential per point and no softplus.
func TestBigPlanMishSet(t *testing.T) {
	es := mishSet()
	p := CompileBigMany(es...)
	if p.plan.nslots != 1 {
		t.Errorf("the mish set shares %d exponentials, want 1", p.plan.nslots)
	}
	for _, s := range p.plan.steps {
		if s.e.Op() == OpCall && (s.e.Func().ID == FnSoftplus || s.e.Func().ID == FnTanh || s.e.Func().ID == FnSech) {
			t.Errorf("the plan computes %s", s.e)
		}
	}
	for _, prec := range bigAgreementPrecs {
		for _, xs := range bigAgreementPoints {
			x, _ := new(big.Float).SetPrec(prec).SetString(xs)
			got, err := p.EvalAll(x, prec)
			if err != nil {
				t.Fatalf("at %s: %v", xs, err)
			}
			for i, e := range es {
				ref, bound, err := bigReference(e, x, prec)
				if err != nil {
					t.Fatal(err)
				}
				if ok, frac := checkAgreement(got[i], ref, bound, prec); !ok {
					t.Errorf("output %d (%s) at %s, %d bits: %s, want %s (%.3g times the tolerance)",
						i, e, xs, prec, got[i].Text('g', 30), ref.Text('g', 30), frac)
				}
			}
		}
	}
}

// TestBigPlanErrors checks that the plan fails where the expressions as
// written fail, with the same message (the node as written and the
// cause), and stays finite at huge arguments where they do. The cases
// whose evaluation as written takes 0.6 to 2 s each (5.5 s together) run
// with the exhaustive tests.
func TestBigPlanErrors(t *testing.T) {
	type errorCase struct {
		expr, x string
		fails   bool
	}
	tests := []errorCase{
		{"x^-2", "0", true},
		{"x^-3+tanh(x)", "0", true},
		{"1/tanh(softplus(x))", "-2e9", true},
		{"1/x", "0", true},
		{"log(x)*sigmoid(x)", "-1", true},
		{"cosh(x)", "2e9", true},
		{"sinh(x)*sech(x)", "2e9", true},
		{"sech(x)^-1+tanh(x)", "2e9", true},
		{"mish", "1e9", false},
		{"tanh(x)+sech(x)+sigmoid(x)+softplus(x)", "-3e9", false},
		{"cosh(x)*sinh(x)", "-1e5", false},
	}
	if testlevel.IsExhaustive() {
		tests = append(tests, []errorCase{
			{"cosh(x)*sinh(x)", "1e9", true},
			{"mish''", "-1e9", false},
			{"mish'", "1e9", false},
			{"tanh(x)+sech(x)+sigmoid(x)+softplus(x)", "1e9", false},
			{"tanh(x)+sech(x)+sigmoid(x)+softplus(x)", "-1e9", false},
		}...)
	}
	const prec = 64 // the cost at 1e9 is in the size of the exponents
	for _, tt := range tests {
		e := parseTestExpr(t, tt.expr)
		x, _ := new(big.Float).SetPrec(prec).SetString(tt.x)
		got, err := CompileBig(e).Eval(x, prec)
		ref, _, refErr := bigReference(e, x, prec)
		switch {
		case (err != nil) != tt.fails:
			t.Errorf("%s at %s: error %v, want failure %v", tt.expr, tt.x, err, tt.fails)
		case (refErr != nil) != tt.fails:
			t.Errorf("%s at %s as written: error %v, want failure %v", tt.expr, tt.x, refErr, tt.fails)
		case err != nil && err.Error() != refErr.Error():
			t.Errorf("%s at %s: error %q, as written %q", tt.expr, tt.x, err, refErr)
		case err == nil:
			if ok, _ := checkAgreement(got, ref, new(big.Float), prec); !ok {
				t.Errorf("%s at %s: %s, want %s", tt.expr, tt.x, got.Text('g', 20), ref.Text('g', 20))
			}
		}
	}
}

// TestBigPlanFreshOutputs checks that the values EvalAll returns are the
// caller's: later evaluations, which reuse the plan's scratch space, leave
// them as they were, and changing them changes nothing later.
func TestBigPlanFreshOutputs(t *testing.T) {
	p := CompileBigMany(mishSet()...)
	x := big.NewFloat(0.75)
	first, err := p.EvalAll(x, 200)
	if err != nil {
		t.Fatal(err)
	}
	keep := make([]*big.Float, len(first))
	for i, v := range first {
		keep[i] = new(big.Float).Copy(v)
	}
	for _, y := range []float64{-2, 0.75, 5} {
		vs, err := p.EvalAll(big.NewFloat(y), 200)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			v.SetInt64(99)
		}
	}
	again, err := p.EvalAll(x, 200)
	if err != nil {
		t.Fatal(err)
	}
	for i := range first {
		if first[i].Cmp(keep[i]) != 0 {
			t.Errorf("output %d of the first evaluation changed to %s", i, first[i].Text('g', 10))
		}
		if again[i].Cmp(keep[i]) != 0 {
			t.Errorf("output %d evaluates to %s after the outputs were modified, want %s", i, again[i].Text('g', 20), keep[i].Text('g', 20))
		}
	}
}

// TestBigPlanConcurrent evaluates one program from several goroutines at
// several precisions and compares with evaluations one at a time.
func TestBigPlanConcurrent(t *testing.T) {
	p := CompileBigMany(mishSet()...)
	type job struct {
		x    float64
		prec uint
	}
	var jobs []job
	want := map[job][]*big.Float{}
	for i := range 24 {
		j := job{x: float64(i)/3 - 4, prec: []uint{64, 128, 239}[i%3]}
		vs, err := p.EvalAll(big.NewFloat(j.x), j.prec)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
		want[j] = vs
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 20 {
				for _, j := range jobs {
					vs, err := p.EvalAll(big.NewFloat(j.x), j.prec)
					if err != nil {
						errs <- err
						return
					}
					for i, v := range vs {
						if v.Cmp(want[j][i]) != 0 {
							errs <- fmt.Errorf("output %d at %g, %d bits: %s, alone %s", i, j.x, j.prec, v.Text('g', 20), want[j][i].Text('g', 20))
							return
						}
					}
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
