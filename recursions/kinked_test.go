package recursions

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/hermite"
)

// SELU constants as in calc.
const (
	seluL = 1.0507009873554804934193349852946
	seluA = 1.6732632423543772848170429916717
)

// kinkedCase is an activation with its expected one-sided coefficients.
type kinkedCase struct {
	src                    string
	ap, am, bp, bm, cp, cm float64
	stability              Stability
	// k0 is the smallest K of TestKinkedLinearGaussian (0: 1e-4).
	k0 float64
}

var kinkedCases = []kinkedCase{
	{"elu(x, 1)", 1, 1, 0, 1, 0, 1, Stable, 0},
	{"selu(x)", seluL, seluL * seluA, 0, seluL * seluA, 0, seluL * seluA, Stable, 0},
	// σ² = z² ∓ 2z³ + 3z⁴ ∓ 4z⁵ + 5z⁶ …: the large z⁶ term needs a smaller
	// K for the extrapolation (see TestKinkedLinearGaussian).
	{"softsign(x)", 1, 1, -2, 2, 6, 6, Stable, 1e-5},
	{"relu(x)", 1, 0, 0, 0, 0, 0, Marginal, 0},
	// Leaky ReLU with a quadratic term: B = 0.8√(2/π) > 0.
	{"leaky_relu(x, 0.2) + 0.5*x^2", 1, 0.2, 1, 1, 0, 0, Unstable, 0},
	// a₊b₊ = a₋b₋ cancels the ΔK³ᐟ² term; G₂ = 15/8 > 0 decides.
	{"leaky_relu(x, 0.5) + 0.5*relu(x)^2 + min(x, 0)^2", 1, 0.5, 1, 2, 0, 0, Unstable, 0},
	// b± = 0; G₂ = −3/4 < 0 decides.
	{"leaky_relu(x, 0.5) - x^3/6", 1, 0.5, 0, 0, -1, -1, Stable, 0},
}

func near(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

// TestKinkedLinearCoefficients checks the one-sided coefficients and the
// closed forms of A₂, B, G₂, H₁, a₃ᐟ₂, a₁ against hand expansions.
func TestKinkedLinearCoefficients(t *testing.T) {
	r := math.Sqrt(2 / math.Pi)
	for _, tt := range kinkedCases {
		t.Run(tt.src, func(t *testing.T) {
			k, ok, err := KinkedOf(calc.MustParse(tt.src), NumericDigits)
			if err != nil || !ok {
				t.Fatalf("KinkedOf: ok %v, err %v", ok, err)
			}
			got := []float64{k.APlus.Float64(), k.AMinus.Float64(), k.BPlus.Float64(), k.BMinus.Float64(), k.CPlus.Float64(), k.CMinus.Float64()}
			want := []float64{tt.ap, tt.am, tt.bp, tt.bm, tt.cp, tt.cm}
			for i := range got {
				if !near(got[i], want[i], 1e-13) {
					t.Errorf("coefficient %d = %.17g, want %.17g", i, got[i], want[i])
				}
			}
			a2 := (tt.ap*tt.ap + tt.am*tt.am) / 2
			b := r * (tt.ap*tt.bp - tt.am*tt.bm)
			g2 := 3.0/8*(tt.bp*tt.bp+tt.bm*tt.bm) + (tt.ap*tt.cp+tt.am*tt.cm)/2
			h1 := (tt.bp*tt.bp + tt.bm*tt.bm + tt.ap*tt.cp + tt.am*tt.cm) / 2
			checks := []struct {
				name      string
				got, want float64
			}{
				{"A2", k.A2.Float64(), a2}, {"CW", k.CW.Float64(), 1 / a2}, {"B", k.B.Float64(), b}, {"BPrime", k.B.Float64(), b},
				{"G2", k.G2.Float64(), g2}, {"H1", k.H1.Float64(), h1}, {"A32", k.A32.Float64(), b / a2}, {"A1", k.A1.Float64(), g2 / a2},
			}
			for _, c := range checks {
				if !near(c.got, c.want, 1e-12) {
					t.Errorf("%s = %.17g, want %.17g", c.name, c.got, c.want)
				}
			}
			if k.Stability != tt.stability {
				t.Errorf("stability %q, want %q", k.Stability, tt.stability)
			}
			t.Logf("A2 = %.15g, CW = %.15g, B = %.15g, A32 = %.15g, G2 = %.15g, A1 = %.15g, %s",
				k.A2.Float64(), k.CW.Float64(), k.B.Float64(), k.A32.Float64(), k.G2.Float64(), k.A1.Float64(), k.Stability)
		})
	}
}

// TestKinkedLinearNotApplicable checks ok = false: no kink at 0, σ(0±) ≠ 0,
// a₊ = a₋ = 0.
func TestKinkedLinearNotApplicable(t *testing.T) {
	for _, src := range []string{"tanh(x)", "x", "abs(x) + 1", "step(x)", "x*abs(x)", "elu(x - 1)", "relu(x)^1.5", "tanh(x) + abs(x)^3.5"} {
		t.Run(src, func(t *testing.T) {
			_, ok, err := KinkedOf(calc.MustParse(src), NumericDigits)
			if err != nil || ok {
				t.Errorf("ok %v, err %v; want ok false", ok, err)
			}
		})
	}
}

// richardson2 removes the √K and K terms from values r(K), r(4K), r(16K)
// of a series c₀ + c₁√K + c₂K + c₃K³ᐟ² + …: each halving of √K gives
// 2r(K) − r(4K) (kills √K), then (4R(K) − R(4K))/3 (kills K); what is left
// is O(K³ᐟ²).
func richardson2(r0, r1, r2 float64) (one, two float64) {
	one = 2*r0 - r1
	two = (4*one - (2*r1 - r2)) / 3
	return one, two
}

// TestKinkedLinearGaussian checks B, G₂ and B′ against ⟨σ²⟩_K and ⟨σ′²⟩_K
// from hermite.Expect at K = K₀, 4K₀, 16K₀ with K₀ = 1e-4 (1e-5 for
// softsign).
//
// The ratios (g − A₂K)/K³ᐟ² = B + G₂√K + O(K) and
// (⟨σ′²⟩ − A₂)/√K = B′ + H₁√K + O(K) are series in √K. A single
// Richardson step in √K (K and 4K) leaves an O(K) error, 2K·|c₅ᐟ₂/B|
// relative: for ELU c₅ᐟ₂ = −√(2/π) = B, so 2e-4 at K = 1e-4, above the
// 1e-4 goal. The second step (with 16K) leaves O(K³ᐟ²) ≈ 1e-6 relative,
// and the roundoff, 1e-14·g/K³ᐟ² ≈ 1e-12 amplified by at most 3, is far
// below, so the tolerance 1e-4 (relative to max(|B|, A₂), which also
// covers B = 0) has a margin of at least 10 (worst seen: 9.6e-6). The
// O(K³ᐟ²) remainder is 8c₃K³ᐟ² with c₃ the K³ coefficient of g (the K²
// coefficient of ⟨σ′²⟩ for B′): for softsign c₃ = 5·E[x⁶] = 75, so 6e-4 absolute (1.9e-4 relative) at
// K₀ = 1e-4, and K₀ = 1e-5 brings it down by 10³ᐟ² to 6e-6 relative. The
// roundoff, 1e-14·g/K³ᐟ², is then 3e-12. For G₂ the ratio
// (g − A₂K − BK³ᐟ²)/K² = G₂ + c₅ᐟ₂√K + O(K) is treated the same way.
func TestKinkedLinearGaussian(t *testing.T) {
	for _, tt := range kinkedCases {
		t.Run(tt.src, func(t *testing.T) {
			k0 := tt.k0
			if k0 == 0 {
				k0 = 1e-4
			}
			Ks := []float64{k0, 4 * k0, 16 * k0}
			sigma := calc.MustParse(tt.src)
			k, ok, err := KinkedOf(sigma, NumericDigits)
			if err != nil || !ok {
				t.Fatalf("KinkedOf: ok %v, err %v", ok, err)
			}
			d := calc.Derivative(sigma, 1)
			var rg, rg2, rc [3]float64
			for i, K := range Ks {
				g, err := hermite.Expect(calc.Mul(sigma, sigma), K)
				if err != nil {
					t.Fatal(err)
				}
				c, err := hermite.Expect(calc.Mul(d, d), K)
				if err != nil {
					t.Fatal(err)
				}
				s := math.Sqrt(K)
				rg[i] = (g.V - k.A2.Float64()*K) / (K * s)
				rg2[i] = (g.V - k.A2.Float64()*K - k.B.Float64()*K*s) / (K * K)
				rc[i] = (c.V - k.A2.Float64()) / s
			}
			scaleB := math.Max(math.Abs(k.B.Float64()), k.A2.Float64())
			scaleG := math.Max(math.Abs(k.G2.Float64()), k.A2.Float64())
			for _, c := range []struct {
				name  string
				r     [3]float64
				want  float64
				scale float64
			}{
				{"B from g", rg, k.B.Float64(), scaleB},
				{"B' from <σ'²>", rc, k.B.Float64(), scaleB},
				{"G2 from g", rg2, k.G2.Float64(), scaleG},
			} {
				one, two := richardson2(c.r[0], c.r[1], c.r[2])
				t.Logf("%s: raw %.10g, one step %.10g (rel %.2g), two steps %.12g (rel %.2g), want %.12g",
					c.name, c.r[0], one, math.Abs(one-c.want)/c.scale, two, math.Abs(two-c.want)/c.scale, c.want)
				if math.Abs(two-c.want) > 1e-4*c.scale {
					t.Errorf("%s: extrapolated %.12g, want %.12g (tolerance %.3g)", c.name, two, c.want, 1e-4*c.scale)
				}
			}
		})
	}
}

// TestKinkedLinearDecay iterates K_{ℓ+1} = C_W g(K_ℓ) for ELU (C_W = 1)
// from K₁ = 0.01 with g from hermite and checks K_ℓ ℓ² → 4/a₃ᐟ₂² = 2π.
// The continuum solution 4/(a²(ℓ + ℓ₀)²), ℓ₀ ≈ 2/(|a|√K₁) ≈ 25, and the
// logarithmic correction from the ΔK² term put K_ℓℓ² within about 1% of
// the limit at ℓ = 10⁴; the tolerance is 3%.
func TestKinkedLinearDecay(t *testing.T) {
	sigma := calc.MustParse("elu(x, 1)")
	k, ok, err := KinkedOf(sigma, NumericDigits)
	if err != nil || !ok {
		t.Fatalf("KinkedOf: ok %v, err %v", ok, err)
	}
	kd, _, err := KinkedOf(sigma, 15)
	if err != nil {
		t.Fatal(err)
	}
	D := kd.Decay.Float64()
	if !near(D, 2*math.Pi, 1e-12) {
		t.Fatalf("decay constant %v, want 2π", D)
	}
	ex, err := hermite.NewExpectation(calc.Mul(sigma, sigma))
	if err != nil {
		t.Fatal(err)
	}
	const layers = 10000
	K := 0.01
	for l := 1; l < layers; l++ {
		g, err := ex.At(K)
		if err != nil {
			t.Fatalf("layer %d: %v", l, err)
		}
		K = k.CW.Float64() * g.V
		if l+1 == 100 || l+1 == 1000 {
			t.Logf("ℓ = %d: K_ℓ ℓ² = %.6g", l+1, K*float64((l+1)*(l+1)))
		}
	}
	kl2 := K * layers * layers
	t.Logf("ℓ = %d: K_ℓ ℓ² = %.6g, 4/a₃ᐟ₂² = %.6g, rel %.3g", layers, kl2, D, kl2/D-1)
	if math.Abs(kl2/D-1) > 0.03 {
		t.Errorf("K_ℓ ℓ² = %.6g at ℓ = %d, want %.6g within 3%%", kl2, layers, D)
	}
}

// TestKinkedLinearSeries checks G and ChiPerp against the Gaussian
// averages at K = 1e-3, where the truncation error is O(K⁵ᐟ²) for g and
// O(K³ᐟ²) for χ⊥.
func TestKinkedLinearSeries(t *testing.T) {
	const K = 1e-3
	for _, tt := range kinkedCases {
		t.Run(tt.src, func(t *testing.T) {
			sigma := calc.MustParse(tt.src)
			k, ok, err := KinkedOf(sigma, NumericDigits)
			if err != nil || !ok {
				t.Fatalf("KinkedOf: ok %v, err %v", ok, err)
			}
			g, err := hermite.Expect(calc.Mul(sigma, sigma), K)
			if err != nil {
				t.Fatal(err)
			}
			d := calc.Derivative(sigma, 1)
			c, err := hermite.Expect(calc.Mul(d, d), K)
			if err != nil {
				t.Fatal(err)
			}
			// The truncated expansions A₂K + BK³ᐟ² + G₂K² of g(K) = ⟨σ²⟩_K and
			// C_W(A₂ + B′K¹ᐟ² + H₁K) of χ⊥ = C_W⟨σ′²⟩_K.
			gk := k.A2.Float64()*K + k.B.Float64()*K*math.Sqrt(K) + k.G2.Float64()*K*K
			chi := k.CW.Float64() * (k.A2.Float64() + k.B.Float64()*math.Sqrt(K) + k.H1.Float64()*K)
			if rel := math.Abs(gk-g.V) / g.V; rel > 100*math.Pow(K, 1.5) {
				t.Errorf("g(%g) expanded = %.12g, ⟨σ²⟩ = %.12g (rel %.2g)", K, gk, g.V, rel)
			}
			if rel := math.Abs(chi - k.CW.Float64()*c.V); rel > 100*math.Pow(K, 1.5) {
				t.Errorf("χ⊥(%g) expanded = %.12g, C_W⟨σ′²⟩ = %.12g (diff %.2g)", K, chi, k.CW.Float64()*c.V, rel)
			}
		})
	}
}
