package hermite

import (
	"errors"
	"fmt"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
)

// interiorRefs are ρ*, κ′(ρ*) and α of Theorem 1's case 4 to more digits
// than any test asks for, with the residual r applied.
//
// Closed forms, solved by Newton's method in bc -l (scale=80, 60 digits
// kept; asin(x) is a(x/sqrt(1−x²)), arccos x = π/2 − asin x) on
// E[σ(X)σ(Y)]/E[σ²] = ρ:
//
//   - gelu = x·Φ(x): E[gelu(X)gelu(Y)] = ρ/4 + ρ·asin(ρ/2)/(2π) +
//     1/(2π√(4 − ρ²)) (Gaussian integration by parts on
//     X·Y·1{X > U}·1{Y > V} with U, V independent standard normal), whose
//     derivative is 1/4 + asin(ρ/2)/(2π) + ρ/(2π√(4 − ρ²)) +
//     ρ/(2π(4 − ρ²)^(3/2)); E[gelu²] is its value at ρ = 1.
//   - relu(x) − b: E[relu(X)relu(Y)] = (√(1 − ρ²) + (π − arccos ρ)ρ)/(2π)
//     (the arc-cosine kernel), E[relu] = 1/√(2π), so
//     E[σ(X)σ(Y)] = that − 2b/√(2π) + b², with derivative
//     (π − arccos ρ)/(2π).
//   - erf(x) + b: E[erf(X)erf(Y)] = (2/π)·asin(2ρ/3), E[erf] = 0, so
//     E[σ(X)σ(Y)] = (2/π)·asin(2ρ/3) + b², with derivative
//     (4/(3π))/√(1 − 4ρ²/9).
//
// With the residual, κ′ becomes (1 − r²)κ′ + r² and κ(0) becomes
// (1 − r²)κ(0); α = max{1 − κ(0), κ′(ρ*), (1 − ρ*)/(2 − κ′(ρ*))} in bc.
//
// Without a closed form (elu, swish, mish): Newton's method on
// κ(ρ) = E[σ(X)σ(Y)]/E[σ²] = ρ by two-dimensional quadrature, with
// Expect2Digits of this package as it was before commit a8f0715 (`git
// show a8f0715^:hermite/twoinputbig.go`: nested Gauss–Legendre panels in
// big.Float) at 34 digits and E[σ²] from ExpectDigits at 39 digits; two
// Newton steps from Analyze's float64 root, the first with Analyze's
// float64 κ′(ρ*), the second with κ′ from Expect2Digits of σ′ (steps
// 2.8e-15 and 5.8e-30 for elu, −1.6e-14 and −8.1e-28 for mish, 2.4e-14
// and −1.9e-27 for swish), then κ′(ρ*) from Expect2Digits of σ′; 34
// digits kept. α = κ′(ρ*) for the three (1 − κ(0) and
// (1 − ρ*)/(2 − κ′(ρ*)) are smaller). No Hermite coefficient enters
// these references; each took about two minutes.
var interiorRefs = []struct {
	sigma    string
	residual float64
	rho, kp  string
	alpha    string // "" when α = κ′(ρ*)
}{
	{"gelu", 0, "0.760401904895908924093287152314302845864535552734508452631835",
		"0.932728829116182477183043821532720970242014803570024671020750", ""},
	{"gelu", 0.5, "0.760401904895908924093287152314302845864535552734508452631835",
		"0.949546621837136857887282866149540727681511102677518503265562", ""},
	{"relu(x) - 0.2", 0, "0.404957466976567265041441017537245663276178559062248316448158",
		"0.831592110286866809646727489123235325030141320860650694623399",
		"0.895963120545334025987123825127052354709758490467964572498169"}, // 1 − κ(0)
	{"relu(x) - 0.05", 0, "0.938281093585272167989816267824281118802838190956153277720183",
		"0.959329335400335216836639460955002864628383105265994089850279", ""},
	{"elu", 0, "0.5975684466665996927007434819349738",
		"0.9697099428683683005104677811714392", ""},
	{"swish", 0, "0.6586671747431588835389968547511955",
		"0.9353847548061314531745589708442876", ""},
	{"mish", 0, "0.7117161175594745736564180985049555",
		"0.9439099195868952365755663396750882", ""},
	{"erf(x) + 0.25", 0, "0.765268929892285542592304564382597061213123993518128122318116",
		"0.936260621255649992420335282027103379295200833074044252951085", ""},
	{"relu(x) - 0.01", 0, "0.99724375580166084444892398972287034781618791518558798022433793",
		"0.99199280627742134875542051295211763039411939015204761972463321", ""},
}

// TestInteriorDigits checks the certified ρ*, κ′(ρ*) and α of case 4
// against interiorRefs: every printed digit agrees with the reference, and
// a well-conditioned value gets every digit asked for. Near ρ* = 1 the
// Hermite series of a kinked σ (c_k² ~ k^(−5/2)) converges slowly:
// relu(x) − 0.05 (ρ* = 0.938) reaches 25 of 30 digits with 1000 terms,
// relu(x) − 0.01 (ρ* = 0.997) no more than the float64 certificate's,
// fewer than asked, each of them right. A case takes 0.1 to 0.2 s at 30
// digits, relu(x) − 0.05 about a second; relu(x) − 0.05, swish, mish and
// the 50 digits of erf(x) + 0.25 run with the exhaustive tests.
func TestInteriorDigits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		ref        int // index in interiorRefs
		digits     int
		min        int // fewest certified digits accepted
		float64    bool
		exhaustive bool
	}{
		{ref: 0, digits: 30, min: 30},
		{ref: 0, digits: 10, min: 10, float64: true},
		{ref: 1, digits: 30, min: 30},
		{ref: 2, digits: 30, min: 30},
		{ref: 2, digits: 8, min: 8, float64: true},
		{ref: 3, digits: 30, min: 25, exhaustive: true},
		{ref: 8, digits: 30, min: 8, float64: true},
		{ref: 4, digits: 30, min: 30},
		{ref: 5, digits: 30, min: 30, exhaustive: true},
		{ref: 6, digits: 30, min: 30, exhaustive: true},
		{ref: 7, digits: 30, min: 30},
		{ref: 7, digits: 50, min: 50, exhaustive: true},
	}
	for _, tt := range tests {
		ref := interiorRefs[tt.ref]
		t.Run(fmt.Sprintf("%s/r=%g/D=%d", ref.sigma, ref.residual, tt.digits), func(t *testing.T) {
			if tt.exhaustive {
				testlevel.Exhaustive(t)
			}
			checkInterior(t, ref.sigma, ref.residual, ref.rho, ref.kp, ref.alpha, tt.digits, tt.min, tt.float64)
		})
	}
}

// checkInterior runs InteriorDigits on sigma with the residual r and
// compares each certified value with its reference.
func checkInterior(t *testing.T, sigma string, r float64, rho, kp, alpha string, digits, minDigits int, float64Only bool) {
	t.Helper()
	m, err := NewKernelMap(calc.MustParse(sigma))
	if err != nil {
		t.Fatal(err)
	}
	if r > 0 {
		if m, err = m.WithResidual(r); err != nil {
			t.Fatal(err)
		}
	}
	fp, err := m.Analyze()
	if err != nil {
		t.Fatal(err)
	}
	in, err := m.InteriorDigits(fp, digits)
	if err != nil {
		t.Fatal(err)
	}
	if float64Only != (in.Terms == 0) {
		t.Errorf("certified with %d Hermite terms (0: float64), want float64 = %v", in.Terms, float64Only)
	}
	if alpha == "" {
		alpha = kp
	}
	for _, c := range []struct {
		name string
		got  calc.Certified
		want string
	}{{"ρ*", in.RhoStar, rho}, {"κ′(ρ*)", in.KappaPrimeRhoStar, kp}, {"α", in.Alpha, alpha}} {
		w, _, err := big.ParseFloat(c.want, 10, 200, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		if c.got.Digits < minDigits || c.got.Digits > digits {
			t.Errorf("%s: %d digits certified, want %d to %d", c.name, c.got.Digits, minDigits, digits)
		}
		if want := calc.FormatSignificant(w, c.got.Digits); c.got.Text() != want {
			t.Errorf("%s = %s, reference %s", c.name, c.got.Text(), want)
		}
	}
}

// TestInteriorDigitsNotCase4 checks that InteriorDigits refuses a map
// outside case 4.
func TestInteriorDigitsNotCase4(t *testing.T) {
	m, err := NewKernelMap(calc.MustParse("tanh"))
	if err != nil {
		t.Fatal(err)
	}
	fp, err := m.Analyze()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.InteriorDigits(fp, 20); err == nil {
		t.Errorf("tanh (case %d): no error", fp.Case)
	}
}

// TestSupKRho checks the bound on sup_{k>N} k·ρ^(k−1) against the
// maximum over k.
func TestSupKRho(t *testing.T) {
	for _, rho := range []float64{0.3, 0.76, 0.95, 0.999} {
		for _, N := range []int{1, 5, 20, 100, 400} {
			best := 0.0
			p := 1.0
			for k := 1; k <= 200000; k++ {
				if k > N {
					best = max(best, float64(k)*p)
				}
				p *= rho
			}
			if b := supKRho(N, rho); b < best*(1-1e-12) || b > best*1.1 {
				t.Errorf("ρ = %g, N = %d: bound %g, maximum %g", rho, N, b, best)
			}
		}
	}
}

// TestSeriesCoefficients checks the coefficients of seriesCoefficients
// against CoefficientsDigits (half-unit panels, rule sizes growing with
// the digits), smooth σ on Gauss–Hermite rules or unit panels, kinked ones
// (a kink at 0) on unit panels: both claim an absolute 10^−25, so they
// must agree to 2·10^−25. A kink off the integers is refused with
// ErrKinked.
func TestSeriesCoefficients(t *testing.T) {
	t.Parallel()
	sigmas := []string{"gelu", "elu"} // one smooth, one kinked at an integer
	if testlevel.IsExhaustive() {
		sigmas = append(sigmas, "swish", "relu(x) - 0.2")
	}
	for _, sigma := range sigmas {
		e := calc.MustParse(sigma)
		got, err := seriesCoefficients(e, 40, 25)
		if err != nil {
			t.Fatal(err)
		}
		want, _, err := CoefficientsDigits(e, 40, 25)
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			if d := new(big.Float).Sub(got[k], want[k]); d.Abs(d).Cmp(big.NewFloat(2e-25)) > 0 {
				t.Errorf("%s: c_%d = %s, CoefficientsDigits %s", sigma, k, got[k].Text('g', 30), want[k].Text('g', 30))
			}
		}
	}
	if _, err := seriesCoefficients(calc.MustParse("relu(x - 0.5)"), 10, 20); !errors.Is(err, ErrKinked) {
		t.Errorf("relu(x − 0.5): error %v, want ErrKinked", err)
	}
}
