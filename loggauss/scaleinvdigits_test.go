package loggauss

import (
	"testing"

	"critcalc/calc"
)

// TestLeakyDigitsMpmath checks the exact moments of leaky σ at 30 digits
// against mpmath (mp.dps = 60): E[G] = ψ(n/2) + ln 2 − ln n + d·(ψ(n/2) +
// ln 2 + ln(C_W/n) + E[h]), Var[G] = (d + 1)ψ′(n/2) + d·Var[h], h =
// ln(a₋² + (a₊² − a₋²)B), with E[h | K], E[h² | K] by mpmath.quad over the
// Beta(K/2, (n − K)/2) density (split at ¼, ½, ¾, maxdegree = 10; at
// mp.dps = 40 and one split the quadrature was off from the 23rd digit)
// and exact Binomial(n, ½) weights: an independent quadrature of what
// leakyFactorAt sums as a series.
func TestLeakyDigitsMpmath(t *testing.T) {
	cases := []struct {
		expr    string
		n, d    int
		mean, v string
	}{
		{"max(x, 0.2*x)", 10, 3, "-0.86038219789352940461110417912811445", "2.0161761254016733274120458038060386"},
		{"relu(x) - 0.5*relu(-x)", 6, 2, "-0.68266768027827138925686508460775172", "1.5210832990750106141700342699515096"},
		{"0.3*relu(x) - relu(-x)", 7, 4, "-1.3788920126650009090282525794293348", "3.182332781463144926020196952819291"},
	}
	for _, c := range cases {
		sigma, err := calc.Parse(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ExactMomentsScaleInvariantDigits(c.n, c.d, sigma, 30)
		if err != nil {
			t.Fatalf("%s: %v", c.expr, err)
		}
		checkCertified(t, c.expr+" E[G]", m.MeanG, c.mean, 30)
		checkCertified(t, c.expr+" Var[G]", m.VarG, c.v, 30)
	}
}

// TestScaleInvariantDigitsMpmath checks n = 10, d = 3 at 30 digits against
// mpmath (mp.dps = 50): for σ = |x|, E[G] = (d+1)(ψ(n/2) + ln 2 − ln n)
// and Var[G] = (d+1)ψ′(n/2); for leaky ReLU with slope 0.2, β =
// (2 + (3A₄/A₂² − 1)d)/n with A₂ = (1 + 0.2²)/2, A₄ = (1 + 0.2⁴)/2, and −β/2. The
// ReLU family (2·relu(x)) gives ExactMomentsDigits' values.
func TestScaleInvariantDigitsMpmath(t *testing.T) {
	abs, err := calc.Parse("abs(x)")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ExactMomentsScaleInvariantDigits(10, 3, abs, 30)
	if err != nil {
		t.Fatal(err)
	}
	checkCertified(t, "|x| E[G]", m.MeanG, "-0.41328097600919960749575235990102695", 30)
	checkCertified(t, "|x| Var[G]", m.VarG, "0.88529182294846130144521622213965631", 30)

	leaky, err := calc.Parse("max(x, 0.2*x)")
	if err != nil {
		t.Fatal(err)
	}
	b, mb, err := BetaScaleInvariantDigits(10, 3, leaky, 30)
	if err != nil {
		t.Fatal(err)
	}
	checkCertified(t, "leaky β", b, "1.5668639053254437869822485207100592", 30)
	checkCertified(t, "leaky −β/2", mb, "-0.78343195266272189349112426035502959", 30)

	relu2, err := calc.Parse("2*relu(x)")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ExactMomentsScaleInvariantDigits(100, 10, relu2, 30)
	if err != nil {
		t.Fatal(err)
	}
	checkCertified(t, "2·relu E[G]", r.MeanG, "-0.26424218822782163017893176745835531", 30)
	checkCertified(t, "2·relu Var[G]", r.VarG, "0.5396012547139504865482209640293844", 30)
}
