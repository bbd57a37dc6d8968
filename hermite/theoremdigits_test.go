package hermite

import (
	"testing"

	"critcalc/calc"
)

// TestTheoremDigits checks Theorem 1's constants and rate at 30 digits.
// References: tanh (case 1) and sigmoid (case 2) from mpmath 1.2 at 45
// digits, E[f] = quad(f(x)·φ(x), [−∞, −5, 0, 5, ∞]) of σ², σ, σ′, σ′² with
// C = √E[σ²], κ′(0) = E[σ′]²/E[σ²], κ′(1) = E[σ′²]/E[σ²], α = 1/(2 − κ′(0)) or
// κ′(1); ReLU (case 3) and exp (case 3) in closed form: ReLU C = 1/√2,
// κ(0) = 1/π, κ′(0) = 1/2, κ′(1) = 1, α = 1/2 − 1/π; exp C = e, κ(0) =
// κ′(0) = 1/e, κ′(1) = 1, α = 1 − 2/e.
func TestTheoremDigits(t *testing.T) {
	for _, c := range []struct {
		sigma                  string
		cs                     Case
		C, k0, kp0, kp1, alpha string
	}{
		{"tanh", CaseZero, "0.627928730349106716533406803122", "0", "0.930469923615294928646184254088", "1.17780723230417962329609673909", "0.934990069078061698902813426698"},
		{"sigmoid", CaseOneExp, "0.541644750605129526660664048941", "0.852139960405775745728609519867", "0.145518996263868708466258691149", "0.152827011715593748964398216512", "0.152827011715593748964398216512"},
		{"relu", CaseOnePoly, "0.707106781186547524400844362105", "0.318309886183790671537767526745", "0.5", "1", "0.181690113816209328462232473255"},
		{"exp(x)", CaseOnePoly, "2.71828182845904523536028747135", "0.367879441171442321595523770161", "0.367879441171442321595523770161", "1", "0.264241117657115356808952459677"},
	} {
		m, err := NewKernelMap(calc.MustParse(c.sigma))
		if err != nil {
			t.Fatal(err)
		}
		fp, err := m.Analyze()
		if err != nil {
			t.Fatal(err)
		}
		th, err := m.TheoremDigits(fp, 30)
		if err != nil {
			t.Fatalf("%s: %v", c.sigma, err)
		}
		if th.Case != c.cs {
			t.Errorf("%s: case %d, want %d", c.sigma, th.Case, c.cs)
		}
		for _, v := range []struct {
			name string
			got  calc.Certified
			want string
		}{{"C", th.C, c.C}, {"κ(0)", th.Kappa0, c.k0}, {"κ′(0)", th.KappaPrime0, c.kp0}, {"κ′(1)", th.KappaPrime1, c.kp1}, {"α", th.Alpha, c.alpha}} {
			if v.got.Text() != v.want {
				t.Errorf("%s: %s = %s (%d digits), want %s", c.sigma, v.name, v.got.Text(), v.got.Digits, v.want)
			}
		}
	}
}
