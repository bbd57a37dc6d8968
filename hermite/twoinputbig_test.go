package hermite

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// closedForm2 evaluates expr at the exact point x with digits certified
// digits (calc's certified evaluator).
func closedForm2(t *testing.T, expr string, x *big.Rat, digits int) *big.Float {
	t.Helper()
	v, err := calc.CompileBig(calc.MustParse(expr)).EvalDigits(x, digits)
	if err != nil {
		t.Fatalf("reference %s at %s: %v", expr, x.RatString(), err)
	}
	return v
}

// agreeDigits reports whether |got − want| ≤ 10^−digits·max(|want|, floor).
func agreeDigits(got, want *big.Float, digits int, floor float64) bool {
	d := new(big.Float).SetPrec(256).Sub(got, want)
	d.Abs(d)
	scale := new(big.Float).SetPrec(256).Abs(want)
	if scale.Cmp(big.NewFloat(floor)) < 0 {
		scale.SetFloat64(floor)
	}
	tol := new(big.Float).SetPrec(256).SetFloat64(1)
	for range digits {
		tol.Quo(tol, big.NewFloat(10))
	}
	return d.Cmp(tol.Mul(tol, scale)) <= 0
}

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

func TestExpect2DigitsClosedForms(t *testing.T) {
	t.Parallel()
	const digits = 30
	// asin(y) = 2·atan(y/(1 + √(1 − y²))), π − arccos ρ = π/2 + asin ρ.
	const asin = "2*atan(Y/(1+sqrt(1-Y^2)))"
	tests := []struct {
		name string
		f, g string
		c    CovRat
		ref  string   // closed form in x
		x    *big.Rat // the point at which ref is evaluated
	}{
		// ReLU arc-cosine kernel (Cho & Saul 2009):
		// √(K11K22)/(2π)·(√(1−ρ²) + (π − arccos ρ)·ρ); K11 = 1, K22 = 4,
		// K12 = 1 gives ρ = 1/2, and √(K11K22) = 2.
		{"relu rho=1/2", "relu(x)", "relu(x)", CovRat{rat(1, 1), rat(1, 1), rat(4, 1)},
			"2/(2*pi)*(sqrt(1-x^2) + (pi/2 + " + subst(asin, "x") + ")*x)", rat(1, 2)},
		// The same at ρ = −3/5 with K11 = K22 = 1.
		{"relu rho=-3/5", "relu(x)", "relu(x)", CovRat{rat(1, 1), rat(-3, 5), rat(1, 1)},
			"1/(2*pi)*(sqrt(1-x^2) + (pi/2 + " + subst(asin, "x") + ")*x)", rat(-3, 5)},
		// Williams (1997): E[erf(u)erf(v)] = (2/π)·asin(2K12/√((1+2K11)(1+2K22)));
		// K11 = 1/2, K22 = 1, K12 = x = 1/4: the argument is 2x/√6.
		{"erf Williams", "erf(x)", "erf(x)", CovRat{rat(1, 2), rat(1, 4), rat(1, 1)},
			"2/pi*" + subst(asin, "(2*x/sqrt(6))"), rat(1, 4)},
		// E[e^u·e^v] = e^((K11 + 2K12 + K22)/2) (the moment generating
		// function of u + v); x = (1/2 + 2/5 + 1/3)/2 = 37/60.
		{"exp", "exp(x)", "exp(x)", CovRat{rat(1, 2), rat(1, 5), rat(1, 3)},
			"exp(x)", rat(37, 60)},
		// ρ = 1: v = 2u, E[relu(u)·relu(2u)] = 2·E[relu(u)²] = K11 = x.
		{"relu rho=1", "relu(x)", "relu(x)", CovRat{rat(1, 1), rat(2, 1), rat(4, 1)},
			"x", rat(1, 1)},
		// ρ = −1: relu(u)·relu(−u) = 0.
		{"relu rho=-1", "relu(x)", "relu(x)", CovRat{rat(1, 1), rat(-1, 1), rat(1, 1)},
			"0*x", rat(1, 1)},
		// ρ = 0: E[e^u]·E[e^v] = e^((K11 + K22)/2), x = (1/2 + 1/3)/2.
		{"exp rho=0", "exp(x)", "exp(x)", CovRat{rat(1, 2), rat(0, 1), rat(1, 3)},
			"exp(x)", rat(5, 12)},
		// ρ = 0 with odd f: E[tanh(u)] = 0.
		{"tanh rho=0", "tanh(x)", "tanh(x)", CovRat{rat(1, 1), rat(0, 1), rat(1, 1)},
			"0*x", rat(1, 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Expect2Digits(calc.MustParse(tt.f), calc.MustParse(tt.g), tt.c, digits)
			if err != nil {
				t.Fatal(err)
			}
			want := closedForm2(t, tt.ref, tt.x, digits+5)
			if !agreeDigits(got, want, digits-1, 1e-30) {
				t.Errorf("got %s, want %s", got.Text('g', digits+3), want.Text('g', digits+3))
			}
		})
	}
}

// subst replaces Y in the template with the argument.
func subst(tmpl, arg string) string {
	out := ""
	for _, r := range tmpl {
		if r == 'Y' {
			out += arg
		} else {
			out += string(r)
		}
	}
	return out
}

// TestExpect2DigitsRhoOne checks ρ = 1 against the one-input expectation
// E[tanh(u)·tanh(u)] = ExpectDigits(tanh(x)^2, K11).
func TestExpect2DigitsRhoOne(t *testing.T) {
	const digits = 30
	got, err := Expect2Digits(calc.MustParse("tanh(x)"), calc.MustParse("tanh(x)"), CovRat{rat(3, 2), rat(3, 2), rat(3, 2)}, digits)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ExpectDigits(calc.MustParse("tanh(x)^2"), rat(3, 2), digits+5)
	if err != nil {
		t.Fatal(err)
	}
	if !agreeDigits(got, want, digits-1, 0) {
		t.Errorf("got %s, want %s", got.Text('g', digits+3), want.Text('g', digits+3))
	}
}

// TestExpect2DigitsPrecisions checks that 30- and 40-digit values of
// E[tanh(u)·tanh(v)] at ρ = 0.3 agree to 30 digits.
func TestExpect2DigitsPrecisions(t *testing.T) {
	t.Parallel()
	c := CovRat{rat(1, 1), rat(3, 10), rat(1, 1)}
	f := calc.MustParse("tanh(x)")
	v30, err := Expect2Digits(f, f, c, 30)
	if err != nil {
		t.Fatal(err)
	}
	v40, err := Expect2Digits(f, f, c, 40)
	if err != nil {
		t.Fatal(err)
	}
	if !agreeDigits(v30, v40, 29, 0) {
		t.Errorf("30 digits: %s, 40 digits: %s", v30.Text('g', 33), v40.Text('g', 43))
	}
	// The float64 two-input expectation agrees to its own accuracy.
	fl, err := Expect2(f, f, c.float())
	if err != nil {
		t.Fatal(err)
	}
	if !agreeDigits(new(big.Float).SetFloat64(fl.V), v40, 12, 0) {
		t.Errorf("float64: %.17g, 40 digits: %s", fl.V, v40.Text('g', 20))
	}
}

func TestExpect2DigitsErrors(t *testing.T) {
	x := calc.MustParse("x")
	tests := []struct {
		name   string
		c      CovRat
		digits int
	}{
		{"not PSD", CovRat{rat(1, 1), rat(2, 1), rat(1, 1)}, 20},
		{"zero variance", CovRat{rat(0, 1), rat(0, 1), rat(1, 1)}, 20},
		{"nil entry", CovRat{rat(1, 1), nil, rat(1, 1)}, 20},
		{"digits", CovRat{rat(1, 1), rat(0, 1), rat(1, 1)}, 0},
	}
	for _, tt := range tests {
		if _, err := Expect2Digits(x, x, tt.c, tt.digits); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
