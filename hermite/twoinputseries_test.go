package hermite

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
)

// erfSeriesCases are two-input expectations of erf with the closed form
// ⟨erf(u)erf(v)⟩ = (2/π) arcsin(2K12/√((1+2K11)(1+2K22))), evaluated with
// `bc -l` at scale=70 as
//
//	define asin(x) { return a(x/sqrt(1-x*x)) }
//	2/(4*a(1))*asin(2*k12/sqrt((1+2*k11)*(1+2*k22)))
var erfSeriesCases = []struct {
	k11, k12, k22 string
	want          string // ⟨erf(u)erf(v)⟩
	want11        string // ⟨erf(u)²⟩
}{
	{"1", "1/2", "1", "0.2163468959387854596582888815551381773667427011211994254241234039559970",
		"0.4645590543975399785095324081175362170112679948433483083708087361926584"},
	{"1", "-3/10", "1/2", "-0.1575424254240443264624236037687795255080782494048719041118737415985990",
		"0.4645590543975399785095324081175362170112679948433483083708087361926584"},
	{"1/100", "1/200", "1/100", "0.0062414703051590417237139347303668086977200778793067912828823790726418", ""},
	{"1", "99/100", "1", "0.4588874754633985101251321708642980318573563920116426355353294885333348", ""},
	// ρ = 1: ⟨erf(u)²⟩ = (2/π) arcsin(1/2) = 1/3 at K = 1/2.
	{"1/2", "1/2", "1/2", "0.3333333333333333333333333333333333333333333333333333333333333333333333",
		"0.3333333333333333333333333333333333333333333333333333333333333333333333"},
	// ρ = 0: the product of the means, 0 for an odd function.
	{"1", "0", "1/3", "0", ""},
}

func ratOf(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad rational %q", s)
	}
	return r
}

func floatOf(t *testing.T, s string) *big.Float {
	t.Helper()
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSeries2Erf checks the Hermite series against the closed form of erf
// at 40 digits: the value within 10^−41 of √(⟨erf(u)²⟩⟨erf(v)²⟩) (the
// accuracy AtDigits promises), and ⟨erf(u)²⟩ as well.
func TestSeries2Erf(t *testing.T) {
	f, err := calc.Parse("erf(x)")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSeries2(f, f)
	if err != nil {
		t.Fatal(err)
	}
	const digits = 40
	for _, c := range erfSeriesCases {
		cov := CovRat{ratOf(t, c.k11), ratOf(t, c.k12), ratOf(t, c.k22)}
		v, err := s.AtDigits(cov, digits)
		if err != nil {
			t.Errorf("%v: %v", c, err)
			continue
		}
		scale := math.Sqrt(bigToFloat(v.F2) * bigToFloat(v.G2))
		tol := math.Pow(10, -float64(digits+1)) * scale
		if d := math.Abs(bigToFloat(new(big.Float).Sub(v.V, floatOf(t, c.want)))); d > tol {
			t.Errorf("K = (%s, %s, %s): %s, want %s (off by %.3g > %.3g; %d terms, %s)", c.k11, c.k12, c.k22,
				v.V.Text('g', digits+2), c.want, d, tol, v.Terms, v.Rule)
		}
		if v.AbsErr > tol {
			t.Errorf("K = (%s, %s, %s): estimated error %.3g > %.3g", c.k11, c.k12, c.k22, v.AbsErr, tol)
		}
		if c.want11 != "" {
			w := floatOf(t, c.want11)
			if d := math.Abs(bigToFloat(new(big.Float).Sub(v.F2, w))); d > math.Pow(10, -float64(digits+1))*bigToFloat(w) {
				t.Errorf("K11 = %s: ⟨erf(u)²⟩ = %s, want %s", c.k11, v.F2.Text('g', digits+2), c.want11)
			}
		}
	}
}

// TestSeries2Kinked checks that a function with kinks is refused.
func TestSeries2Kinked(t *testing.T) {
	f, err := calc.Parse("relu(x)")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewSeries2(f, f); !errors.Is(err, ErrKinked) {
		t.Errorf("relu: got %v, want ErrKinked", err)
	}
}

// TestGaussAverages checks the Gauss–Hermite averages against the panels
// of Many.AtDigits at a narrow K, and that a wide K (tanh at K = 4, whose
// poles at ±iπ/2 are 0.8 standard deviations from the real axis) leaves
// them to the panels.
func TestGaussAverages(t *testing.T) {
	sigma, err := calc.Parse("tanh(x)")
	if err != nil {
		t.Fatal(err)
	}
	z := calc.Var()
	d := calc.Derivative(sigma, 1)
	fs := []calc.Expr{calc.Mul(sigma, sigma), calc.Mul(z, calc.Mul(sigma, d)), calc.Mul(d, d)}
	g, err := NewGaussAverages(fs...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	const digits = 40
	K := big.NewRat(1, 20)
	got, ok, err := g.AtDigits(K, digits)
	if err != nil || !ok {
		t.Fatalf("K = 1/20: ok = %v, %v", ok, err)
	}
	want, err := m.AtDigits(K, digits)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		// Both are within 10^−(digits+2) of their scale, about the value.
		if d := math.Abs(bigToFloat(new(big.Float).Sub(got[i], want[i]))); d > 1e-41*math.Abs(bigToFloat(want[i])) {
			t.Errorf("%s: Gauss–Hermite %s, panels %s", fs[i], got[i].Text('g', 45), want[i].Text('g', 45))
		}
	}
	if _, ok, err := g.AtDigits(big.NewRat(4, 1), digits); ok || err != nil {
		t.Errorf("K = 4: ok = %v, %v; want no convergence", ok, err)
	}
}
