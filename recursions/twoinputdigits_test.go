package recursions

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/hermite"
	"critcalc/internal/testlevel"
)

// twoDigitsRefs are layers of the two-input recursion (5.1) computed
// independently with `bc -l` at scale=80 from the closed forms of the
// Gaussian averages (K₊₊, K₋₋, K₊₋, ρ and ψ of each layer from ℓ = 1):
//
//	ReLU: K₊₊' = C_b + C_W K₊₊/2, K₋₋' likewise,
//	      K₊₋' = C_b + C_W (√(K₊₊K₋₋)/2π)(sin ψ + (π − ψ) cos ψ), cos ψ = ρ,
//	erf:  K₊₊' = C_b + C_W (2/π) asin(2K₊₊/(1 + 2K₊₊)), K₋₋' likewise,
//	      K₊₋' = C_b + C_W (2/π) asin(2K₊₋/√((1 + 2K₊₊)(1 + 2K₋₋))),
//
// with asin(x) = a(x/sqrt(1-x*x)) and acos(x) = a(sqrt(1-x*x)/x) (plus π
// for x < 0) in bc. The ReLU code iterates the same map in the form
// 1 − cos ψ' = [C_b C_W A₂(√K₊₊ − √K₋₋)²/(√(K₊₊'K₋₋') + C_b + C_W A₂√(K₊₊K₋₋))
// + C_W√(K₊₊K₋₋)(A₂(1 − cos ψ) − (sin ψ − ψ cos ψ)/2π)]/√(K₊₊'K₋₋')
// (A₂ = 1/2), which is 1 − K₊₋'/√(K₊₊'K₋₋') of the closed form; erf goes
// through the Hermite series of hermite.Series2.
var twoDigitsRefs = []struct {
	name           string
	sigma, cb, cw  string
	kpp, kmm, kpm  string
	layers         [][5]string
	psiDigitsBelow int // ψ of the last layer has fewer digits than this (0: all)
}{
	{"ReLU at criticality", "relu(x)", "0", "2", "1", "1", "1/2", [][5]string{
		{"1", "1", "0.5", "0.5", "1.04719755119659774615421446109316762806572313312503527365831486410260546876206966"},
		{"1", "1", "0.60899778104422935808899658248981805403202657351665365973301634347884848506796822",
			"0.60899778104422935808899658248981805403202657351665365973301634347884848506796822",
			"0.91599990801260391057824222507893783902177296189561216625623940269571472113233612"},
		{"1", "1", "0.68390565089870597235998379129534770096273312854720903073881367375308920292566669",
			"0.68390565089870597235998379129534770096273312854720903073881367375308920292566669",
			"0.81769367553071931795666208075481705782262398358121913374159939380237707772979451"},
		{"1", "1", "0.73812819230100052300195937036938916510296275080137804724391660995944368828524112",
			"0.73812819230100052300195937036938916510296275080137804724391660995944368828524112",
			"0.74050463964655019626518948961027371452629305154617645514178828161910155256053949"},
	}, 0},
	{"ReLU, unequal norms, anticorrelated", "relu(x)", "1/10", "3/2", "2", "1", "-1/2", [][5]string{
		{"2", "1", "-0.5", "-0.35355339059327376220042218105242451964241796884423701829416993449768311961552676",
			"1.93216345070160442482051036796041812311119394289977304430084936244576189410041960"},
		{"1.6", "0.85", "0.27144832254133477085823334191680827570963204400204609935718566486985491131900608",
			"0.23276501627573151033618542926941163312800538193517625665259956621489157762159196",
			"1.33587649886552718777554893138470231822053067316265572635860623786315747909505369"},
		{"1.3", "0.7375", "0.48777718058550648144194931905192661895019687949306489173362520281514992963008634",
			"0.49815992876622051149094184340236435438217685380566916020320001788385348660270944",
			"1.04932098241246028721280729756675606076558605064886874822864576692099881083724523"},
		{"1.075", "0.653125", "0.54632829296457334275336507921677462092952762167511747542229301671755670657637411",
			"0.65200557033293402139457202560516285736972976295365796702984265470135731539671220",
			"0.86056976471715671587695056005042435851462807006352720056875340682355708289131665"},
	}, 0},
	{"erf, unequal norms", "erf(x)", "1/10", "1", "1", "1/2", "1/4", [][5]string{
		{"1", "0.5", "0.25", "0.35355339059327376220042218105242451964241796884423701829416993449768311961552676",
			"1.20942920288818881364213301531908476108597545647533277667409522986205451218578936"},
		{"0.56455905439753997850953240811753621701126799484334830837080873619265856515605487",
			"0.43333333333333333333333333333333333333333333333333333333333333333333333333333333",
			"0.23086924616167349750392323314664195307609823808659862956284719524801076992198496",
			"0.46676721854980064331806370550059386101344533491884532889813161937894265720866557",
			"1.08516451033823294185443604556870177550397760210345347837500855608857065870978322"},
		{"0.45585790657249002443891941616921202190013088378643996580863532968877344720427835",
			"0.40737782773543715851402902713712885675356715109833468324036097067129609530931948",
			"0.24880056470395896155969200891018305836117065581393554466811185266599397975544570",
			"0.57734834048562805542626776506371214607905764844213624536318932133423444549415819",
			"0.95531898029286613589519089977614624356738121487516699826242356869304058131719034"},
	}, 0},
	// ρ = 1 − 10⁻²⁰: the second layer's ρ carries the error of the
	// series (10⁻⁴⁰ in the first run), and ψ ≈ 1.6·10⁻¹⁰ = arccos ρ turns
	// it into a relative error of about 10⁻²¹: ψ keeps about 20 digits.
	{"erf, nearly parallel inputs", "erf(x)", "0", "1", "1", "1", "0.99999999999999999999", [][5]string{
		{"1", "1", "0.99999999999999999999", "0.99999999999999999999",
			"1.4142135623730950488028672355116756577770092676308856044620376422783877e-10"},
		{"0.46455905439753997850953240811753621701126799484334830837080873619265856515605487",
			"0.46455905439753997850953240811753621701126799484334830837080873619265856515605487",
			"0.46455905439753997850383830777019880054347666983350723351639529427495507639477883",
			"0.99999999999999999998774299996214309292925684263985126593127443530049513181955749",
			"1.5656947363938416888177262153876257258942896527122391315802814380399097e-10"},
	}, 25},
}

func mustRat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad number %q", s)
	}
	return r
}

// checkDigits checks that c prints as the reference rounded to c's
// certified digits, and that it keeps at least min digits.
func checkDigits(t *testing.T, what string, c calc.Certified, ref string, min int) {
	t.Helper()
	r, _, err := big.ParseFloat(ref, 10, 512, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	if c.Digits < min {
		t.Errorf("%s: %s keeps %d digits, want at least %d (reference %s)", what, c.Text(), c.Digits, min, ref)
	}
	if want := calc.FormatSignificant(r, c.Digits); c.Text() != want {
		t.Errorf("%s: %s, want %s (%d digits)", what, c.Text(), want, c.Digits)
	}
}

// TestIterateTwoDigitsReferences checks the two-input recursion at 30
// digits against the bc references: every value prints as the reference
// rounded to its certified digits, all 30 of them where the value is well
// conditioned, and ψ of nearly parallel inputs keeps fewer.
func TestIterateTwoDigitsReferences(t *testing.T) {
	const digits = 30
	for _, c := range twoDigitsRefs {
		t.Run(c.name, func(t *testing.T) {
			a := mustNew(t, c.sigma)
			got, err := a.IterateTwoDigits(mustRat(t, c.cb), mustRat(t, c.cw), mustRat(t, c.kpp), mustRat(t, c.kmm), mustRat(t, c.kpm),
				len(c.layers), 1, digits)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.layers) {
				t.Fatalf("%d layers, want %d", len(got), len(c.layers))
			}
			for i, l := range got {
				vals := [5]calc.Certified{l.Kpp, l.Kmm, l.Kpm, l.Rho, l.Psi}
				for j, v := range vals {
					min := digits
					if j == 4 && c.psiDigitsBelow > 0 && i == len(got)-1 {
						min = 10
						if v.Digits >= c.psiDigitsBelow {
							t.Errorf("layer %d: ψ keeps %d digits, want fewer than %d", l.L, v.Digits, c.psiDigitsBelow)
						}
					}
					checkDigits(t, fmt.Sprintf("layer %d %s", l.L, twoNames[j]), v, c.layers[i][j], min)
				}
			}
		})
	}
}

// TestIterateTwoDigitsFloat64 checks tanh at criticality against the
// float64 recursion (a two-dimensional quadrature per layer, ~1e-13):
// K₊₊, K₊₋, ρ and ψ agree to 1e-12 over 20 layers.
func TestIterateTwoDigitsFloat64(t *testing.T) {
	a := mustNew(t, "tanh(x)")
	L, digits := 6, 20 // 20 layers at 30 digits under CRITCALC_EXHAUSTIVE
	if testlevel.IsExhaustive() {
		L, digits = 20, 30
	}
	got, err := a.IterateTwoDigits(new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 1), big.NewRat(3, 4), big.NewRat(1, 2), L, 1, digits)
	if err != nil {
		t.Fatal(err)
	}
	want, err := a.IterateTwo(0, 1, 1, 0.75, 0.5, L, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		g := got[i]
		for _, p := range []struct {
			name string
			g    calc.Certified
			w    float64
		}{{"K₊₊", g.Kpp, w.Kpp}, {"K₋₋", g.Kmm, w.Kmm}, {"K₊₋", g.Kpm, w.Kpm}, {"ρ", g.Rho, w.Rho}, {"ψ", g.Psi, w.Psi}} {
			if p.g.Digits < digits {
				t.Errorf("layer %d: %s keeps %d digits", w.L, p.name, p.g.Digits)
			}
			if d := math.Abs(p.g.Float64()-p.w) / math.Abs(p.w); d > 1e-12 {
				t.Errorf("layer %d: %s = %s, float64 %.17g (relative difference %.2g)", w.L, p.name, p.g.Text(), p.w, d)
			}
		}
	}
}

// TestIterateTwoDigitsOrthogonal checks that orthogonal inputs of an odd σ
// without bias stay orthogonal: K₊₋ and ρ are certified 0, ψ = π/2.
func TestIterateTwoDigitsOrthogonal(t *testing.T) {
	a := mustNew(t, "tanh(x)")
	got, err := a.IterateTwoDigits(new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 1), big.NewRat(1, 2), new(big.Rat), 3, 1, 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range got {
		if !l.Kpm.IsZero() || !l.Rho.IsZero() {
			t.Errorf("layer %d: K₊₋ = %s, ρ = %s, want 0", l.L, l.Kpm.Text(), l.Rho.Text())
		}
		checkDigits(t, "ψ", l.Psi, "1.5707963267948966192313216916397514420985846996875529104874722961539082", 30)
	}
}

// TestIterateBootstrapDigits checks the bootstrapped recursion: for ReLU
// at criticality χ∥ = χ⊥ = 1 and h = 0, so K₀₀, δK[1] and δδK[2] keep
// their first-layer values exactly; for tanh it agrees with the float64
// recursion to 1e-12.
func TestIterateBootstrapDigits(t *testing.T) {
	a := mustNew(t, "relu(x)")
	got, err := a.IterateBootstrapDigits(new(big.Rat), big.NewRat(2, 1), big.NewRat(3, 4), big.NewRat(1, 3), big.NewRat(1, 8), 5, 1, 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range got {
		checkDigits(t, "K₀₀", l.K00, "0.75", 30)
		checkDigits(t, "δK[1]", l.DK1, "0.33333333333333333333333333333333333333", 30)
		checkDigits(t, "δδK[2]", l.DDK2, "0.125", 30)
	}

	a = mustNew(t, "tanh(x)")
	const L = 20
	got, err = a.IterateBootstrapDigits(new(big.Rat), big.NewRat(1, 1), big.NewRat(3, 4), big.NewRat(1, 10), big.NewRat(1, 8), L, 1, 30)
	if err != nil {
		t.Fatal(err)
	}
	want, err := a.IterateBootstrap(0, 1, 0.75, 0.1, 0.125, L, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		g := got[i]
		for _, p := range []struct {
			name string
			g    calc.Certified
			w    float64
		}{{"K₀₀", g.K00, w.K00}, {"δK[1]", g.DK1, w.DK1}, {"δδK[2]", g.DDK2, w.DDK2}} {
			if d := math.Abs(p.g.Float64()-p.w) / math.Abs(p.w); d > 1e-12 || p.g.Digits < 30 {
				t.Errorf("layer %d: %s = %s (%d digits), float64 %.17g", w.L, p.name, p.g.Text(), p.g.Digits, p.w)
			}
		}
	}
}

// TestIterateTwoDigitsKinked checks that a σ with kinks that is not
// scale-invariant (elu) is refused: its Hermite coefficients decay too
// slowly for the series.
func TestIterateTwoDigitsKinked(t *testing.T) {
	a := mustNew(t, "elu(x)")
	_, err := a.IterateTwoDigits(new(big.Rat), big.NewRat(1, 1), big.NewRat(1, 1), big.NewRat(1, 1), big.NewRat(1, 2), 2, 1, 30)
	if !errors.Is(err, hermite.ErrKinked) {
		t.Errorf("elu: got %v, want hermite.ErrKinked", err)
	}
}
