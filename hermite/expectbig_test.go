package hermite

import (
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestExpectDigitsClosedForms checks 30-digit expectations against closed
// forms evaluated with calc's certified arbitrary-precision evaluator.
func TestExpectDigitsClosedForms(t *testing.T) {
	tests := []struct {
		name, f   string
		K         *big.Rat
		closed    string // closed form in K, written as an expression in x = K
		digits    int
		wantExact bool
	}{
		// GELU 𝒢(K) (DHG eqs 151/152; AutoInit eq 66).
		{"gelu^2", "gelu(x)^2", big.NewRat(1, 1), "x/4 + x/(2*pi)*asin(x/(1+x)) + x^2/(pi*(1+x)*sqrt(1+2*x))", 30, false},
		// ⟨erf²⟩ = (2/π) arcsin(2K/(1+2K)).
		{"erf^2", "erf(x)^2", big.NewRat(3, 2), "2/pi*asin(2*x/(1+2*x))", 30, false},
		// ⟨relu²⟩ = K/2.
		{"relu^2", "relu(x)^2", big.NewRat(7, 3), "x/2", 30, false},
		// E[relu(z − 1/10)] at K = 1: φ(0.1) − 0.1·(1 − Φ(0.1)).
		{"relu shifted", "relu(x - 0.1)", big.NewRat(1, 1), "exp(-0.005)/sqrt(2*pi) - 0.1*erfc(0.1/sqrt(2))/2", 30, false},
		// E[e^{2z}] = e^{2K}.
		{"exp", "exp(2*x)", big.NewRat(1, 2), "exp(2*x)", 30, false},
	}
	for _, tt := range tests {
		got, err := ExpectDigits(calc.MustParse(tt.f), tt.K, tt.digits)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		want := closedForm(t, tt.closed, tt.K, tt.digits+5)
		if want == nil {
			continue
		}
		if g, w := got.Text('g', tt.digits), want.Text('g', tt.digits); g != w {
			t.Errorf("%s: got %s, want %s", tt.name, g, w)
		}
	}
}

// closedForm evaluates an expression in x (standing for K) to digits
// certified digits. asin is written through atan, which calc has.
func closedForm(t *testing.T, src string, K *big.Rat, digits int) *big.Float {
	t.Helper()
	e, err := calc.Parse(asinViaAtan(src))
	if err != nil {
		t.Fatalf("closed form %q: %v", src, err)
	}
	v, err := calc.CompileBig(e).EvalDigits(K, digits)
	if err != nil {
		t.Fatalf("closed form %q: %v", src, err)
	}
	return v
}

// asinViaAtan rewrites asin(u) as 2*atan(u/(1+sqrt(1-u^2))).
func asinViaAtan(s string) string {
	for {
		i := indexOf(s, "asin(")
		if i < 0 {
			return s
		}
		depth, j := 0, i+4
		for ; j < len(s); j++ {
			if s[j] == '(' {
				depth++
			} else if s[j] == ')' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		u := s[i+5 : j]
		s = s[:i] + "2*atan((" + u + ")/(1+sqrt(1-(" + u + ")^2)))" + s[j+1:]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// TestExpectDigitsAgreesWithHigher checks a 30-digit value against a
// 45-digit one for smooth activations without closed forms.
func TestExpectDigitsAgreesWithHigher(t *testing.T) {
	for _, f := range []string{"tanh(x)^2", "(x*sigmoid(x))^2", "mish(x)^2", "selu(x)^2"} {
		for _, K := range []*big.Rat{big.NewRat(1, 1), big.NewRat(14, 1)} {
			lo, err := ExpectDigits(calc.MustParse(f), K, 30)
			if err != nil {
				t.Errorf("%s K=%s: %v", f, K, err)
				continue
			}
			hi, err := ExpectDigits(calc.MustParse(f), K, 45)
			if err != nil {
				t.Errorf("%s K=%s at 45 digits: %v", f, K, err)
				continue
			}
			if lo.Text('g', 30) != hi.Text('g', 30) {
				t.Errorf("%s K=%s: 30 digits %s, 45 digits %s", f, K, lo.Text('g', 30), hi.Text('g', 45))
			}
		}
	}
}

// TestFloat64Accuracy checks the float64 expectations against 20-digit
// ones over activations and variances, for the 1e-14 relative goal (and
// that the reported error estimate covers the true error).
func TestFloat64Accuracy(t *testing.T) {
	worst := 0.0
	for _, f := range []string{"tanh(x)^2", "(x*sigmoid(x))^2", "gelu(x)^2", "mish(x)^2", "(sech(x)^2)^2", "selu(x)^2", "elu(x)^2", "softplus(x)^2", "sin(x)^2"} {
		e, err := NewExpectation(calc.MustParse(f))
		if err != nil {
			t.Fatal(err)
		}
		for _, K := range []*big.Rat{big.NewRat(1, 100), big.NewRat(1, 2), big.NewRat(1, 1), big.NewRat(14, 1), big.NewRat(100, 1)} {
			Kf, _ := K.Float64()
			v, err := e.At(Kf)
			if err != nil {
				t.Errorf("%s K=%g: %v", f, Kf, err)
				continue
			}
			ref, err := e.AtDigits(K, 20)
			if err != nil {
				t.Errorf("%s K=%g at 20 digits: %v", f, Kf, err)
				continue
			}
			r, _ := ref.Float64()
			d := math.Abs(v.V - r)
			worst = max(worst, d/math.Abs(r))
			if d > 1e-14*math.Abs(r) || d > v.AbsErr+4e-16*math.Abs(r) {
				t.Errorf("%s K=%g: %.17g vs %.17g (rel %.2g, estimate %.2g)", f, Kf, v.V, r, d/math.Abs(r), v.AbsErr)
			}
		}
	}
	t.Logf("worst relative error %.2g", worst)
}
