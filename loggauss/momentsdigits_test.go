package loggauss

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// roundedRef returns the decimal ref (at least digits+5 significant
// digits) rounded to digits significant digits in calc's form.
func roundedRef(t *testing.T, ref string, digits int) string {
	t.Helper()
	v, _, err := big.ParseFloat(ref, 10, 300, big.ToNearestEven)
	if err != nil {
		t.Fatalf("bad reference %q: %v", ref, err)
	}
	return calc.FormatSignificant(v, digits)
}

// checkCertified fails unless c has want digits and equals ref rounded to
// them.
func checkCertified(t *testing.T, name string, c calc.Certified, ref string, want int) {
	t.Helper()
	if c.Digits != want {
		t.Errorf("%s: %d certified digits, want %d (%s)", name, c.Digits, want, c.Text())
	}
	if got, w := c.Text(), roundedRef(t, ref, c.Digits); got != w {
		t.Errorf("%s = %s, mpmath %s", name, got, w)
	}
}

// TestPsiAtMpmath checks the working-precision ψ and ψ′ (psiAt, at 40
// digits) against mpmath's digamma(x) and polygamma(1, x), mp.dps = 50,
// printed to 40 digits.
func TestPsiAtMpmath(t *testing.T) {
	cases := []struct{ x, psi, tri string }{
		{"0.5", "-1.963510026021423479440976332998755567193", "4.934802200544679309417245499938075567657"},
		{"1", "-0.5772156649015328606065120900824024310422", "1.644934066848226436472415166646025189219"},
		{"1.5", "0.03648997397857652055902366700124443280684", "0.9348022005446793094172454999380755676568"},
		{"7.5", "1.946757484246086788069291177268754700317", "0.1426158966967037997700741811050850729947"},
		{"50", "3.901989673427892196953959702882366660928", "0.02020133322669712580597064506573304677382"},
		{"1000.5", "6.907755320648796427057818605950731632156", "0.0009999999166666958333102678902156982001651"},
		{"123456", "11.72363604623401319928950880027751070876", "0.000008100084645840261355124594199696361585105"},
	}
	prec := precForDigits(40)
	for _, c := range cases {
		x, _, _ := big.ParseFloat(c.x, 10, prec, big.ToNearestEven)
		p, err := psiAt(prec, x)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := calc.FormatSignificant(p.psi, 36), roundedRef(t, c.psi, 36); got != want {
			t.Errorf("ψ(%s) = %s, mpmath %s", c.x, got, want)
		}
		if got, want := calc.FormatSignificant(p.tri, 36), roundedRef(t, c.tri, 36); got != want {
			t.Errorf("ψ′(%s) = %s, mpmath %s", c.x, got, want)
		}
	}
}

// TestMomentsDigitsMpmath checks the exact moments to 30 certified digits
// against mpmath (mp.dps = 50) evaluating the formulas of ReluFactor,
// LastFactor and LogChiSquared with digamma, polygamma(1, ·) and exact
// Binomial(n, ½) weights over every k = 1…n (no weight dropped):
// E[G], Var[G]; E, Var of ln‖z_out‖² = G + ln χ²_{n_out} (exact and
// log-Gaussian, −β/2 + ψ(n_out/2) + ln 2 and β + ψ′(n_out/2)); and
// P(empty layer) = −expm1(d·log1p(−2^−n)).
func TestMomentsDigitsMpmath(t *testing.T) {
	cases := []struct {
		n, d, nOut                                             int
		mean, v, outMean, outVar, theoryMean, theoryVar, pZero string
	}{
		{100, 1, 10, "-0.035454217623010638516205153271202199", "0.072141325375422461880195676962098182", "2.1638106313687351436278482114379053", "0.29346428111253778724149973249701226", "2.1642648489917457821440533647091075", "0.29132295573711532536130405553491408", "7.8886090522101180541172856528278623e-31"},
		{100, 10, 10, "-0.26424218822782163017893176745835531", "0.5396012547139504865482209640293844", "1.9350226607639241519651215972507522", "0.76092421045106581190952501956429847", "1.9392648489917457821440533647091075", "0.74132295573711532536130405553491408", "7.8886090522101180541172856527998587e-30"},
		{100, 100, 10, "-2.5521218942759315468061979093298864", "5.2142005480992307332284738347022465", "-0.35285704528418576466214454462077896", "5.4355235038363460585897778902371606", "-0.31073515100825421785594663529089253", "5.2413229557371153253613040555349141", "7.888609052210118054117285652519823e-29"},
		{7, 3, 1, "-1.5322937362430308098522472935301319", "4.9220224209512960049264396044536671", "-2.8026565817045089798759915050707109", "9.8568246214959753143436851043917427", "-2.4846485597471924557380299258262933", "7.3633736291161078808458169285095041", "0.023254871368408203125"},
		{1, 2, 3, "-2.4247941752645438912367683917053839", "14.804406601634037928251736499814227", "-1.6951570207260220612605126032459629", "15.739208802178717237668981999752302", "-5.270362845461478170023744211540579", "12.934802200544679309417245499938076", "0.75"},
		{33, 5, 2, "-0.43008375346530670436093655754020506", "0.91939289857607792772626244946708278", "-0.31415223780689425555021652616443093", "2.564326965424304364198677616113108", "-0.29315939343249664209837087771513495", "2.4631158850300446182905969848278434", "0.00000000058207660899914880072071416385257028"},
	}
	const digits = 30
	for _, c := range cases {
		widths := equalWidths(c.n, c.d)
		g, err := ExactMomentsDigits(widths, digits)
		if err != nil {
			t.Fatal(err)
		}
		checkCertified(t, "E[G]", g.MeanG, c.mean, digits)
		checkCertified(t, "Var[G]", g.VarG, c.v, digits)
		out, err := ExactOutputDigits(widths, c.nOut, digits)
		if err != nil {
			t.Fatal(err)
		}
		checkCertified(t, "E ln|z_out|²", out.MeanG, c.outMean, digits)
		checkCertified(t, "Var ln|z_out|²", out.VarG, c.outVar, digits)
		th, err := TheoryOutputDigits(widths, c.nOut, digits)
		if err != nil {
			t.Fatal(err)
		}
		checkCertified(t, "log-Gaussian E ln|z_out|²", th.MeanG, c.theoryMean, digits)
		checkCertified(t, "log-Gaussian Var ln|z_out|²", th.VarG, c.theoryVar, digits)
		p, _, err := ZeroEventProbabilityDigits(widths, digits)
		if err != nil {
			t.Fatal(err)
		}
		checkCertified(t, "P(empty layer)", p, c.pZero, digits)
	}
}

// TestMomentsDigitsUnequalWidths checks widths [20, 400] (the README's
// example) against mpmath as in TestMomentsDigitsMpmath.
func TestMomentsDigitsUnequalWidths(t *testing.T) {
	g, err := ExactMomentsDigits([]int{20, 400}, 30)
	if err != nil {
		t.Fatal(err)
	}
	checkCertified(t, "E[G]", g.MeanG, "-0.13968880809715481200755852181541188", 30)
	checkCertified(t, "Var[G]", g.VarG, "0.31677059583324625853757346544360598", 30)
}

// TestMomentsDigits60 asks for the most digits, at the widest width the
// tables take: every digit is certified and the leading 30 agree with the
// 30-digit values; the float64 ExactMoments agree to its accuracy.
func TestMomentsDigits60(t *testing.T) {
	for _, n := range []int{1, 100, 100000} {
		widths := equalWidths(n, 3)
		g60, err := ExactMomentsDigits(widths, MaxDigits)
		if err != nil {
			t.Fatal(err)
		}
		g30, err := ExactMomentsDigits(widths, 30)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []struct{ a, b calc.Certified }{{g60.MeanG, g30.MeanG}, {g60.VarG, g30.VarG}} {
			if p.a.Digits != MaxDigits || p.a.AtMost(30).Text() != p.b.Text() {
				t.Errorf("n = %d: 60 digits %s (%d certified), 30 digits %s", n, p.a.Text(), p.a.Digits, p.b.Text())
			}
		}
		f, err := ExactMoments(n, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !closeRel(g60.MeanG.Float64(), f.MeanG, 1e-8, 0) || !closeRel(g60.VarG.Float64(), f.VarG, 1e-8, 0) {
			t.Errorf("n = %d: float64 %v, 60 digits %s, %s", n, f, g60.MeanG.Text(), g60.VarG.Text())
		}
	}
}

// TestBetaRat checks β exactly: (2 + 5d)/n, and 2/n_d + 5Σ 1/n_ℓ.
func TestBetaRat(t *testing.T) {
	b, err := BetaRat(equalWidths(100, 100))
	if err != nil || b.Cmp(big.NewRat(502, 100)) != 0 {
		t.Errorf("β(100, 100) = %v, %v; want 251/50", b, err)
	}
	b, err = BetaRat([]int{20, 400})
	if err != nil || b.Cmp(big.NewRat(51, 200)) != 0 {
		t.Errorf("β([20, 400]) = %v, %v; want 5/20 + 2/400 = 51/200", b, err)
	}
}

// BenchmarkExactMomentsDigits30 computes E[G], Var[G] of n = d = 100 to 30
// certified digits.
func BenchmarkExactMomentsDigits30(b *testing.B) {
	widths := equalWidths(100, 100)
	for b.Loop() {
		if _, err := ExactMomentsDigits(widths, 30); err != nil {
			b.Fatal(err)
		}
	}
}
