package loggauss

import (
	"testing"

	"critcalc/calc"
)

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
	if _, err := ExactMomentsScaleInvariantDigits(10, 3, leaky, 30); err == nil {
		t.Error("leaky ReLU exact moments to 30 digits: want an error (float64 quadrature)")
	}

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
