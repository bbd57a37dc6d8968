package calc

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"critcalc/calc/bigmath"
)

// ttRat parses an exact reference value, "p/q" or a decimal.
func ttRat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad reference value %q", s)
	}
	return r
}

// ttUlps returns |got − want| in units of the last place of want (of the
// smallest normal number when want is 0 or subnormal).
func ttUlps(got, want float64) float64 {
	if got == want {
		return 0
	}
	ulp := math.Nextafter(math.Abs(want), math.Inf(1)) - math.Abs(want)
	ulp = max(ulp, 0x1p-1022)
	return math.Abs(got-want) / ulp
}

// TestTaylorFloat64Known checks TaylorFloat64 against coefficients known in
// closed form; each reference is rounded to float64 from its exact value,
// and the result must lie within one unit in the last place.
func TestTaylorFloat64Known(t *testing.T) {
	tests := []struct {
		name string
		src  string
		a    float64
		side Side
		want []string
	}{
		// tanh x = x − x³/3 + 2x⁵/15 − 17x⁷/315 + 62x⁹/2835 (Abramowitz &
		// Stegun 4.5.64).
		{"tanh at 0", "tanh", 0, Center, []string{"0", "1", "0", "-1/3", "0", "2/15", "0", "-17/315", "0", "62/2835"}},
		// e/k!: mpmath 1.3.0, 50 digits.
		{"exp at 1", "exp", 1, Center, []string{
			"2.718281828459045235360287471352662497757", "2.718281828459045235360287471352662497757",
			"1.359140914229522617680143735676331248879", "0.4530469714098408725600479118921104162929",
			"0.1132617428524602181400119779730276040732", "0.02265234857049204362800239559460552081464",
			"0.003775391428415340604667065932434253469107", "0.0005393416326307629435238665617763219241582"}},
		// sin 1, cos 1, −sin 1/2, −cos 1/6, sin 1/24, cos 1/120: mpmath 1.3.0, 50 digits.
		{"sin at 1", "sin", 1, Center, []string{
			"0.8414709848078965066525023216302989996226", "0.5403023058681397174009366074429766037323",
			"-0.4207354924039482533262511608151494998113", "-0.09005038431135661956682276790716276728872",
			"0.03506129103366235444385426340126245831761", "0.004502519215567830978341138395358138364436"}},
		// x·Φ(x) = x/2 + (1/√(2π))·Σ (−1)ⁿ x^(2n+2)/(2ⁿ n! (2n+1)); sympy 1.14
		// series; the values of 1/√(2π)·(1, −1/6, 1/40, −1/336) from mpmath 1.3.0.
		{"gelu at 0", "gelu", 0, Center, []string{"0", "1/2",
			"0.3989422804014326779399460599343818684759", "0",
			"-0.06649038006690544632332434332239697807931", "0",
			"0.009973557010035816948498651498359546711896", "0",
			"-0.001187328215480454398630791845042803179988"}},
		// x·sigmoid(x), sigmoid(x) = 1/2 + x/4 − x³/48 + x⁵/480 − 17x⁷/80640
		// (from tanh via sigmoid(x) = (1 + tanh(x/2))/2).
		{"swish at 0", "swish", 0, Center, []string{"0", "1/2", "1/4", "0", "-1/48", "0", "1/480", "0", "-17/80640"}},
		// x·tanh(softplus(x)) = x·(e²ˣ + 2eˣ)/(e²ˣ + 2eˣ + 2): sympy 1.14 series.
		{"mish at 0", "mish", 0, Center, []string{"0", "3/5", "8/25", "-2/125", "-86/1875", "-7/18750", "733/93750", "2413/2812500", "-124979/98437500", "-1164467/3937500000"}},
		// log(1 + x) = Σ (−1)^(k+1) x^k/k.
		{"log1p at 0", "log1p", 0, Center, []string{"0", "1", "-1/2", "1/3", "-1/4", "1/5", "-1/6"}},
		// 1/(1 + x²) = Σ (−1)ⁿ x²ⁿ.
		{"1/(1+x^2) at 0", "1/(1+x^2)", 0, Center, []string{"1", "0", "-1", "0", "1", "0", "-1", "0", "1"}},
		// √(4 + t) = 2·√(1 + t/4), binomial series.
		{"sqrt at 4", "sqrt", 4, Center, []string{"2", "1/4", "-1/64", "1/512", "-5/16384", "7/131072"}},
		// (1 + t)^(5/2): binomial coefficients C(5/2, k).
		{"x^2.5 at 1", "x^2.5", 1, Center, []string{"1", "5/2", "15/8", "5/16", "-5/128", "3/256"}},
		// x^x at 1: the derivatives 1, 1, 2, 3, 8, 10 (OEIS A005727) over k!.
		{"x^x at 1", "x^x", 1, Center, []string{"1", "1", "1", "1/2", "1/3", "1/12"}},
		// atan x = x − x³/3 + x⁵/5 − x⁷/7.
		{"atan at 0", "atan", 0, Center, []string{"0", "1", "0", "-1/3", "0", "1/5", "0", "-1/7"}},
		// The branches of the kinks: max(x, 0) is 0 on the left and x on
		// the right.
		{"relu at 0 below", "relu", 0, Below, []string{"0", "0", "0", "0", "0"}},
		{"relu at 0 above", "relu", 0, Above, []string{"0", "1", "0", "0", "0"}},
		// elu = expm1(x) on the left (1/k!), x on the right.
		{"elu at 0 below", "elu", 0, Below, []string{"0", "1", "1/2", "1/6", "1/24", "1/120"}},
		{"elu at 0 above", "elu", 0, Above, []string{"0", "1", "0", "0", "0", "0"}},
		// softsign = x/(1 − x) on the left, x/(1 + x) on the right.
		{"softsign at 0 below", "softsign", 0, Below, []string{"0", "1", "1", "1", "1", "1"}},
		{"softsign at 0 above", "softsign", 0, Above, []string{"0", "1", "-1", "1", "-1", "1"}},
		// leaky_relu(x, 0.2) = 0.2·x on the left.
		{"leaky_relu at 0 below", "leaky_relu(x, 0.2)", 0, Below, []string{"0", "1/5", "0"}},
		// |x|³ = −x³ on the left.
		{"abs(x)^3 at 0 below", "abs(x)^3", 0, Below, []string{"0", "0", "0", "-1", "0"}},
		// |x²| = x²: the argument does not change sign, no kink.
		{"abs(x^2) at 0", "abs(x^2)", 0, Center, []string{"0", "0", "1", "0"}},
		// max(x, sin x): x − sin x = x³/6 + … is negative on the left.
		{"max(x, sin x) at 0 below", "max(x, sin(x))", 0, Below, []string{"0", "1", "0", "-1/6", "0", "1/120"}},
		{"max(x, sin x) at 0 above", "max(x, sin(x))", 0, Above, []string{"0", "1", "0", "0", "0", "0"}},
		// Away from the kink the side does not matter.
		{"relu at 2", "relu", 2, Center, []string{"2", "1", "0"}},
		{"step at 0 below", "step", 0, Below, []string{"0", "0"}},
		{"step at 0 above", "step", 0, Above, []string{"1", "0"}},
		{"sign at -3", "sign", -3, Center, []string{"-1", "0"}},
	}
	worst := 0.0
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := TaylorFloat64(MustParse(tc.src), tc.a, len(tc.want)-1, tc.side)
			if err != nil {
				t.Fatal(err)
			}
			for k, s := range tc.want {
				want, _ := ttRat(t, s).Float64()
				u := ttUlps(got[k], want)
				worst = max(worst, u)
				if u > 1 {
					t.Errorf("c%d = %.17g, want %.17g (%.1f ulp)", k, got[k], want, u)
				}
			}
		})
	}
	t.Logf("largest error: %.2f ulp", worst)
}

// TestTaylorAbsSinAtPi expands |sin x| at π rounded to 256 bits: the zero
// of sin lies within the rounding of the point, so the point is a kink.
// Left of π, |sin x| = sin x = −sin(x − π); right of it, sin(x − π).
func TestTaylorAbsSinAtPi(t *testing.T) {
	e := MustParse("abs(sin(x))")
	pi := bigmath.Pi(256)
	want := map[Side][]string{
		Below: {"0", "-1", "0", "1/6", "0", "-1/120", "0", "1/5040"},
		Above: {"0", "1", "0", "-1/6", "0", "1/120", "0", "-1/5040"},
	}
	for side, w := range want {
		got, err := Taylor(e, pi, len(w)-1, side, 256)
		if err != nil {
			t.Fatal(err)
		}
		for k, s := range w {
			ref := new(big.Float).SetPrec(256).SetRat(ttRat(t, s))
			d := new(big.Float).Sub(got[k], ref)
			if d.Abs(d).Cmp(big.NewFloat(1e-70)) > 0 {
				t.Errorf("side %d: c%d = %.20g, want %s", side, k, got[k], s)
			}
		}
	}
	var ke *KinkError
	if _, err := Taylor(e, pi, 4, Center, 256); !errors.As(err, &ke) || ke.Func != "abs" {
		t.Errorf("Center at π: err = %v, want a kink of abs", err)
	}
	// π rounded to float64 lies 1.2e-16 below π, where sin is positive
	// and smooth: |sin x| = sin x there, with c1 = cos(fl(π)) = −1.
	c, err := TaylorFloat64(e, math.Pi, 3, Center)
	if err != nil {
		t.Fatal(err)
	}
	if want := 1.2246467991473532e-16; ttUlps(c[0], want) > 1 || c[1] != -1 {
		t.Errorf("at float64 π: %v, want [%g -1 …]", c, want)
	}
}

// TestTaylorKinkError checks the two-sided expansion at kinks.
func TestTaylorKinkError(t *testing.T) {
	tests := []struct {
		src  string
		a    float64
		fn   string // "" when no error is expected
		want string // message
	}{
		{"relu", 0, "relu", "kink of relu at x = 0: ask for a one-sided expansion"},
		{"abs", 0, "abs", "kink of abs at x = 0: ask for a one-sided expansion"},
		{"elu(x, 1)", 0, "elu", ""},
		{"softsign", 0, "softsign", ""},
		{"max(x, 1)", 1, "max", "kink of max at x = 1: ask for a one-sided expansion"},
		{"step(x^2)", 0, "step", ""}, // step(x²) is 1/2 at 0 and 1 beside it
		{"sign(x - 0.5)", 0.5, "sign", ""},
		{"abs(x^2)", 0, "", ""},        // no sign change
		{"max(x^2, 0)", 0, "", ""},     // no sign change
		{"relu(x - 0.1)", 0.1, "", ""}, // float64 0.1 lies beyond the kink at 1/10
		{"relu", 1e-300, "", ""},
	}
	for _, tc := range tests {
		_, err := TaylorFloat64(MustParse(tc.src), tc.a, 4, Center)
		if tc.fn == "" {
			if err != nil {
				t.Errorf("%s at %g: %v", tc.src, tc.a, err)
			}
			continue
		}
		var ke *KinkError
		if !errors.As(err, &ke) || ke.Func != tc.fn {
			t.Errorf("%s at %g: err = %v, want a kink of %s", tc.src, tc.a, err, tc.fn)
			continue
		}
		if tc.want != "" && ke.Error() != tc.want {
			t.Errorf("%s: message %q, want %q", tc.src, ke.Error(), tc.want)
		}
	}
}

// TestTaylorSeriesErrors checks that points without a power series are
// errors naming the function and the point.
func TestTaylorSeriesErrors(t *testing.T) {
	tests := []struct {
		src  string
		a    float64
		side Side
		fn   string
	}{
		{"log(x)", 0, Above, "log"},
		{"log(x)", -1, Center, "log"},
		{"log1p(x)", -2, Center, "log1p"},
		{"sqrt(x)", -1, Center, "sqrt"},
		{"sqrt(x)", 0, Above, "sqrt"},
		{"x^2.5", 0, Above, "pow"},
		{"x^0.5", -4, Center, "pow"},
		{"x^(-2)", 0, Center, "pow"},
		{"x^x", -1, Center, "pow"},
		{"1/x", 0, Above, "/"},
		{"sin(x)/x", 0, Center, "/"},
		{"relu(log(x))", -1, Center, "log"},
	}
	for _, tc := range tests {
		_, err := TaylorFloat64(MustParse(tc.src), tc.a, 3, tc.side)
		var se *SeriesError
		if !errors.As(err, &se) || se.Func != tc.fn {
			t.Errorf("%s at %g: err = %v, want a SeriesError of %s", tc.src, tc.a, err, tc.fn)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.fn) || !strings.Contains(msg, "x = ") {
			t.Errorf("%s: message %q does not name the function and the point", tc.src, msg)
		}
	}
	// Arguments that are not in range.
	for _, f := range []func() error{
		func() error { _, err := TaylorFloat64(Var(), math.NaN(), 2, Center); return err },
		func() error { _, err := TaylorFloat64(Var(), 0, -1, Center); return err },
		func() error { _, err := TaylorFloat64(Var(), 0, 2, Side(3)); return err },
		func() error { _, err := Taylor(Var(), big.NewFloat(0), 2, Center, 0); return err },
		func() error { _, err := Taylor(Expr{}, big.NewFloat(0), 2, Center, 64); return err },
	} {
		if f() == nil {
			t.Error("invalid argument accepted")
		}
	}
}

// TestTaylorMatchesDerivative compares c_p with the symbolic derivative
// σ^(p)(a)/p! evaluated by EvalFloat, p ≤ 4, on smooth expressions (and on
// piecewise ones away from their kinks), to 1e-12 relative to
// max(|σ^(p)(a)/p!|, 1e-3), since EvalFloat loses digits on coefficients
// that nearly vanish.
func TestTaylorMatchesDerivative(t *testing.T) {
	exprs := []string{
		"gelu", "gelu_tanh", "swish", "mish", "tanh", "sigmoid", "softplus",
		"atan", "erf", "erfc(x)", "exp(sin(x))", "log(1+x^2)", "sqrt(1+x^2)",
		"sinh(x)*cosh(x)", "cos(x)/(2+sin(x))", "expm1(x)*log1p(x^2)",
		"elu", "selu", "softsign", "leaky_relu", "relu(x)^2", "max(x, sin(x))",
		"(2+x)^x", "x^3 - 2*x", "(1+x^2)^(-1.5)", "atan(3*x)*erf(x/2)",
	}
	points := []float64{-1.3, -0.4, 0.25, 0.9, 2.2}
	worst := 0.0
	for _, src := range exprs {
		e := MustParse(src)
		derivs := make([]Expr, 5)
		for p := range derivs {
			derivs[p] = Derivative(e, p)
		}
		for _, a := range points {
			got, err := TaylorFloat64(e, a, 4, Center)
			if err != nil {
				t.Errorf("%s at %g: %v", src, a, err)
				continue
			}
			fact := 1.0
			for p, d := range derivs {
				if p > 0 {
					fact *= float64(p)
				}
				want := EvalFloat(d, a) / fact
				rel := math.Abs(got[p]-want) / max(math.Abs(want), 1e-3)
				worst = max(worst, rel)
				if rel > 1e-12 {
					t.Errorf("%s at %g: c%d = %.17g, derivative gives %.17g", src, a, p, got[p], want)
				}
			}
		}
	}
	t.Logf("largest relative difference: %.2g", worst)
}

// ttBernoulli returns B_0 … B_n by the Akiyama–Tanigawa algorithm (B_1 = +1/2).
func ttBernoulli(n int) []*big.Rat {
	b := make([]*big.Rat, n+1)
	a := make([]*big.Rat, n+1)
	for m := 0; m <= n; m++ {
		a[m] = big.NewRat(1, int64(m+1))
		for j := m; j >= 1; j-- {
			d := new(big.Rat).Sub(a[j-1], a[j])
			a[j-1] = d.Mul(d, big.NewRat(int64(j), 1))
		}
		b[m] = new(big.Rat).Set(a[0])
	}
	return b
}

// ttTanhSeries returns the coefficients of tanh x at 0 to order n:
// c_(m−1) = 2^m·(2^m − 1)·B_m/m! for even m (Abramowitz & Stegun 4.5.64).
func ttTanhSeries(n int) []*big.Rat {
	b := ttBernoulli(n + 1)
	c := make([]*big.Rat, n+1)
	for k := range c {
		c[k] = new(big.Rat)
	}
	fact := big.NewInt(1) // m!
	for m := 1; m <= n+1; m++ {
		fact.Mul(fact, big.NewInt(int64(m)))
		if m%2 == 1 {
			continue
		}
		p := new(big.Int).Lsh(big.NewInt(1), uint(m))
		r := new(big.Rat).SetInt(new(big.Int).Mul(p, new(big.Int).Sub(p, big.NewInt(1))))
		r.Mul(r, b[m])
		c[m-1] = r.Quo(r, new(big.Rat).SetInt(fact))
	}
	return c
}

// ttSeriesMul and ttSeriesDiv are exact rational power-series products
// and quotients truncated to the length of a.
func ttSeriesMul(a, b []*big.Rat) []*big.Rat {
	r := make([]*big.Rat, len(a))
	for k := range r {
		r[k] = new(big.Rat)
		for j := 0; j <= k; j++ {
			r[k].Add(r[k], new(big.Rat).Mul(a[j], b[k-j]))
		}
	}
	return r
}

func ttSeriesDiv(a, b []*big.Rat) []*big.Rat {
	q := make([]*big.Rat, len(a))
	for k := range q {
		s := new(big.Rat).Set(a[k])
		for j := 1; j <= k; j++ {
			s.Sub(s, new(big.Rat).Mul(b[j], q[k-j]))
		}
		q[k] = s.Quo(s, b[0])
	}
	return q
}

// ttExactAtZero returns the exact Taylor coefficients at 0, to order n, of
// tanh, swish and mish (rational), and gelu (rational multiples of
// 1/√(2π), returned with that factor in coefficients of even order ≥ 2).
func ttExactAtZero(n int) map[string][]*big.Rat {
	out := map[string][]*big.Rat{}
	th := ttTanhSeries(n)
	out["tanh"] = th
	// swish(x) = x/2 + (x/2)·tanh(x/2).
	sw := make([]*big.Rat, n+1)
	sw[0] = new(big.Rat)
	for k := 1; k <= n; k++ {
		r := new(big.Rat).Set(th[k-1])
		r.Quo(r, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(k))))
		sw[k] = r
	}
	sw[1].Add(sw[1], big.NewRat(1, 2))
	out["swish"] = sw
	// mish(x) = x·(E² + 2E)/(E² + 2E + 2) with E = eˣ.
	e := make([]*big.Rat, n+1)
	fact := big.NewInt(1)
	for k := range e {
		if k > 0 {
			fact.Mul(fact, big.NewInt(int64(k)))
		}
		e[k] = new(big.Rat).SetFrac(big.NewInt(1), fact)
	}
	num := ttSeriesMul(e, e)
	den := make([]*big.Rat, n+1)
	for k := range num {
		num[k].Add(num[k], new(big.Rat).Mul(e[k], big.NewRat(2, 1)))
		den[k] = new(big.Rat).Set(num[k])
	}
	den[0].Add(den[0], big.NewRat(2, 1))
	q := ttSeriesDiv(num, den)
	mi := make([]*big.Rat, n+1)
	mi[0] = new(big.Rat)
	copy(mi[1:], q[:n])
	out["mish"] = mi
	// gelu: c₁ = 1/2, c_(2m+2) = (−1)^m/(2^m m! (2m+1)) · 1/√(2π).
	ge := make([]*big.Rat, n+1)
	for k := range ge {
		ge[k] = new(big.Rat)
	}
	ge[1] = big.NewRat(1, 2)
	f := big.NewInt(1)
	for m := 0; 2*m+2 <= n; m++ {
		if m > 0 {
			f.Mul(f, big.NewInt(int64(2*m)))
		}
		d := new(big.Int).Mul(f, big.NewInt(int64(2*m+1)))
		r := new(big.Rat).SetFrac(big.NewInt(1), d)
		if m%2 == 1 {
			r.Neg(r)
		}
		ge[2*m+2] = r
	}
	out["gelu"] = ge
	return out
}

// ttPi is π to 120 digits (mpmath 1.3.0).
const ttPi = "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651328230665"

// ttMpmathAt07 holds c₀ … c₂₀ at x = 0.7 from mpmath 1.3.0 taylor() at 120
// digits, rounded to 40 digits.
var ttMpmathAt07 = map[string][]string{
	"tanh": {
		"6.043677771171634963086871831038264750156e-1", "6.347395899824585873670147578510211110212e-1", "-3.836161550459582750494503951359187450906e-1",
		"2.026537956387274970306588356557391091999e-2", "1.156243092825327257105048439904602853201e-1", "-6.252940908125022021631538622259515601812e-2",
		"-9.275479902091675852741183340287350880238e-3", "2.555591508702178565982298505722548843776e-2", "-8.972029821715077471879640460246672630282e-3",
		"-4.394328337827899599859050184673241927119e-3", "5.114449143976713492214285688822618663803e-3", "-9.352659160925857889906108327333503856544e-4",
		"-1.28664797138765702870399458816555456787e-3", "9.253324126466098039898936428908089485157e-4", "-2.980746110724456420670128276245102940143e-6",
		"-3.11476101648597782248499608511663632657e-4", "1.484571093650911887897726161654314552083e-4", "3.504298769448082678377750556098029751558e-5",
		"-6.678745415707882868259017525736455957988e-5", "1.976716890102213108932053538515239339117e-5", "1.322560463029466501188146692817464989347e-5",
	},
	"gelu": {
		"5.306254434438488896754547002792447396826e-1", "9.766141011336598652263736929396275918024e-1", "2.357517196919047491166738734852314363412e-1",
		"-1.278679857136887347857986108505990373268e-1", "-1.053987130918388726597226848291313391722e-2", "2.340621657007794317480043773919206110474e-2",
		"-1.41643978724802394030125751990906300116e-3", "-2.984390864252443643346497280595475795236e-3", "4.428373588199253953214560598033327941807e-4",
		"2.846995325627123182255953057547871000074e-4", "-6.359897738304138423172747280488990616627e-5", "-2.119417531258936921763559868486259081073e-5",
		"6.466339368960121552899632849990671655791e-6", "1.253056991266573035818326561287670263865e-6", "-5.196236915041854258857531495555038515013e-7",
		"-5.813258184199145630883473510865828062095e-8", "3.474416395448253868752117529573454614255e-8", "1.949295008749790189704466897172864790798e-9",
		"-1.992786985690327752854504714825828173284e-9", "-2.804203294417370267494351459929950861142e-11", "1.000580947091493290457464557145619711192e-10",
	},
	"swish": {
		"4.677314405177162745715518307409106068409e-1", "8.233867834733424418143333280701954525525e-1", "1.956102973389894170379805560178881300912e-1",
		"-4.583251106469520882431988085411548360072e-2", "-8.592390182738541450315543489716615090052e-3", "5.48006506686065148224764300106878698551e-3",
		"6.603354882270076475975522473871575709923e-5", "-5.365666321748748813969843023325738807512e-4", "6.633868100751625357815511264066175985881e-5",
		"4.281166395592453774378037191373037557259e-5", "-1.219105378938499310107124048335214056804e-5", "-2.484833688440992068782101953128952745915e-6",
		"1.512605993419563648999716664719803167753e-6", "3.544121315648366732647745720870150605197e-8", "-1.507997000688423338154303294337562111795e-7",
		"1.695805178726439938443510944462179907493e-8", "1.226479646829314630576342538990905331653e-8", "-3.294408697776144403511890906713891290114e-9",
		"-7.386985125611812699687429355955331387065e-10", "4.17833200348894864516132582924629502654e-10", "1.483956589354137792217478818419230779269e-11",
	},
	"mish": {
		"5.611483776438519017219532598978532749665e-1", "9.687948682001859300410689679680303144486e-1", "1.769882078085638919828210026126444688678e-1",
		"-9.802675207343638621963498273138671688136e-2", "-1.355177517328486443480606401111989661546e-3", "1.760748139241506720715913890153328620606e-2",
		"-2.651694111293874303875007431377198309365e-3", "-2.764582224441015570644105284123971296641e-3", "8.5362819204212921932743460479429479714e-4",
		"3.785461127636118633489174678825129951276e-4", "-2.001131289296052464893854161272142045405e-4", "-4.151217913961566050161380446689548941738e-5",
		"4.057701443213262901495326631297157509613e-5", "2.236762550326217550066531804838461036994e-6", "-7.435615855522721712957366512939960712904e-6",
		"5.337709243077861157171068783385991601465e-7", "1.243901238904181096284021366029303183824e-6", "-2.490680324676831271584489815930936671398e-7",
		"-1.881397656972881982099271757606100728044e-7", "6.731442599919811454301676135012863208993e-8", "2.476229191843008991843276032354160913527e-8",
	},
}

// ttRelDiff returns |a − b|/|b|, or |a − b| when b is 0, as a float64
// (base-2 logarithm range is not a concern at these sizes).
func ttRelDiff(a, b *big.Float) float64 {
	d := new(big.Float).SetPrec(max(a.Prec(), b.Prec())).Sub(a, b)
	if b.Sign() != 0 {
		d.Quo(d, b)
	}
	f, _ := d.Abs(d).Float64()
	return f
}

// TestTaylorHighPrecision checks order-20 expansions at 256 bits: at 0
// against exact values (within one unit in the last place), at 0.7 against
// mpmath, and everywhere against the same computation at 512 bits.
func TestTaylorHighPrecision(t *testing.T) {
	const order = 20
	exact := ttExactAtZero(order)
	pi, _, _ := new(big.Float).SetPrec(600).Parse(ttPi, 10)
	invSqrt2Pi := new(big.Float).SetPrec(600).Mul(pi, big.NewFloat(2))
	invSqrt2Pi.Quo(big.NewFloat(1).SetPrec(600), invSqrt2Pi.Sqrt(invSqrt2Pi))
	worstUlp, worst512 := 0.0, 0.0
	for _, name := range []string{"tanh", "gelu", "swish", "mish"} {
		e := MustParse(name)
		for _, a := range []float64{0, 0.7} {
			at := big.NewFloat(a)
			if a == 0.7 {
				at, _, _ = new(big.Float).SetPrec(512).Parse("0.7", 10)
			}
			c256, err := Taylor(e, at, order, Center, 256)
			if err != nil {
				t.Fatal(err)
			}
			c512, err := Taylor(e, at, order, Center, 512)
			if err != nil {
				t.Fatal(err)
			}
			for k := range c256 {
				if c256[k].Prec() != 256 {
					t.Fatalf("precision %d, want 256", c256[k].Prec())
				}
				d := ttRelDiff(c256[k], c512[k])
				worst512 = max(worst512, d)
				if d > 1e-70 {
					t.Errorf("%s at %g: c%d differs from 512 bits by %.3g", name, a, k, d)
				}
			}
			if a == 0 {
				for k, r := range exact[name] {
					ref := new(big.Float).SetPrec(600).SetRat(r)
					if name == "gelu" && k >= 2 {
						ref.Mul(ref, invSqrt2Pi)
					}
					diff := new(big.Float).SetPrec(600).Sub(c256[k], ref)
					if ref.Sign() == 0 {
						if c256[k].Sign() != 0 {
							t.Errorf("%s: c%d = %g, want 0", name, k, c256[k])
						}
						continue
					}
					// One ulp of a 256-bit value v is 2^(exp(v) − 256).
					ulps, _ := diff.SetMantExp(diff, 256-ref.MantExp(nil)).Float64()
					worstUlp = max(worstUlp, math.Abs(ulps))
					if math.Abs(ulps) > 1 {
						t.Errorf("%s at 0: c%d off by %.2f ulp", name, k, ulps)
					}
				}
				continue
			}
			for k, s := range ttMpmathAt07[name] {
				ref, _, _ := new(big.Float).SetPrec(256).Parse(s, 10)
				if d := ttRelDiff(c256[k], ref); d > 1e-38 {
					t.Errorf("%s at 0.7: c%d = %.40g, mpmath %s (rel %.2g)", name, k, c256[k], s, d)
				}
			}
		}
	}
	t.Logf("at 0: largest error %.3f ulp; 256 vs 512 bits: largest relative difference %.3g", worstUlp, worst512)
}

// TestTaylorOrder40 checks a long expansion of tanh at 0 against the
// Bernoulli-number formula, at 128 bits.
func TestTaylorOrder40(t *testing.T) {
	const order = 40
	got, err := Taylor(MustParse("tanh"), new(big.Float), order, Center, 128)
	if err != nil {
		t.Fatal(err)
	}
	for k, r := range ttTanhSeries(order) {
		ref := new(big.Float).SetPrec(256).SetRat(r)
		if ref.Sign() == 0 {
			if got[k].Sign() != 0 {
				t.Errorf("c%d = %g, want 0", k, got[k])
			}
			continue
		}
		if d := ttRelDiff(got[k], ref); d > 0x1p-127 {
			t.Errorf("c%d: relative error %.3g", k, d)
		}
	}
}

// TestTaylorIdentities expands expressions that equal simple ones and
// checks that the series agree to the working precision.
func TestTaylorIdentities(t *testing.T) {
	tests := []struct{ lhs, rhs string }{
		{"sin(x)^2 + cos(x)^2", "1"},
		{"cosh(x)^2 - sinh(x)^2", "1"},
		{"erf(x) + erfc(x)", "1"},
		{"tanh(x)*cosh(x)", "sinh(x)"},
		{"softplus(x) - softplus(-x)", "x"},
		{"exp(log(1 + x^2))", "1 + x^2"},
		{"expm1(x) - exp(x)", "-1"},
		{"log1p(x) - log(1 + x)", "0"},
		{"sigmoid(x)*(1 + exp(-x))", "1"},
		{"atan(x) + atan(1/x)", "pi/2"},
		{"(1 + x^2)^1.5 / sqrt(1 + x^2)", "1 + x^2"},
		{"(2 + sin(x))^(1 + x)", "exp((1 + x)*log(2 + sin(x)))"},
	}
	at := big.NewFloat(0.6)
	for _, tc := range tests {
		l, err := Taylor(MustParse(tc.lhs), at, 12, Center, 128)
		if err != nil {
			t.Fatalf("%s: %v", tc.lhs, err)
		}
		r, err := Taylor(MustParse(tc.rhs), at, 12, Center, 128)
		if err != nil {
			t.Fatalf("%s: %v", tc.rhs, err)
		}
		for k := range l {
			d := new(big.Float).Sub(l[k], r[k])
			if f, _ := d.Float64(); math.Abs(f) > 1e-35 {
				t.Errorf("%s − (%s): c%d = %g", tc.lhs, tc.rhs, k, f)
			}
		}
	}
}

// The benchmarks time order-12 expansions of gelu and mish at 0.7.
func benchmarkTaylor(b *testing.B, src string, prec uint) {
	e := MustParse(src)
	a := big.NewFloat(0.7)
	for b.Loop() {
		var err error
		if prec == 0 {
			_, err = TaylorFloat64(e, 0.7, 12, Center)
		} else {
			_, err = Taylor(e, a, 12, Center, prec)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTaylorFloat64GeluOrder12(b *testing.B) { benchmarkTaylor(b, "gelu", 0) }
func BenchmarkTaylorFloat64MishOrder12(b *testing.B) { benchmarkTaylor(b, "mish", 0) }
func BenchmarkTaylor128GeluOrder12(b *testing.B)     { benchmarkTaylor(b, "gelu", 128) }
func BenchmarkTaylor128MishOrder12(b *testing.B)     { benchmarkTaylor(b, "mish", 128) }

// BenchmarkTaylorFloat64MishSlopeSquaredCold times what a fresh process
// pays for the first feature scale of mish's averages (hermite): the
// order-32 expansion of σ'² at 0 with no jet cached (the benchmarks above
// find every jet in the cache after the first call).
func BenchmarkTaylorFloat64MishSlopeSquaredCold(b *testing.B) {
	e := Pow(Derivative(MustParse("mish"), 1), Int(2))
	b.ReportAllocs()
	for b.Loop() {
		jetCache.mu.Lock()
		jetCache.m, jetCache.bits = nil, 0
		jetCache.mu.Unlock()
		if _, err := TaylorFloat64(e, 0, 32, Above); err != nil {
			b.Fatal(err)
		}
	}
}

// An expansion from below or about the point of a smooth expression is the
// expansion from above, cached once: no jets are kept under another side,
// and the coefficients are the same.
func TestTaylorSmoothSidesShareJets(t *testing.T) {
	e := MustParse("tanh(x)*sin(x) + x^7")
	a := big.NewFloat(0.3711)
	const prec = 333
	above, err := Taylor(e, a, 12, Above, prec)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []Side{Below, Center} {
		c, err := Taylor(e, a, 12, side, prec)
		if err != nil {
			t.Fatal(err)
		}
		for k := range above {
			if above[k].Cmp(c[k]) != 0 {
				t.Errorf("c_%d: %v from above, %v from side %d", k, above[k], c[k], side)
			}
		}
	}
	jetCache.mu.Lock()
	defer jetCache.mu.Unlock()
	for key := range jetCache.m {
		if key.at == pointKey(a) && key.side != Above {
			t.Errorf("jets kept under the side %d for %s: %+v", key.side, e, key)
		}
	}
}
