package recursions

import (
	"fmt"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
)

// TestIterateCheckedDigits checks the float64 digits that IterateChecked
// certifies, up to calc.Float64Digits = 12, against the high-precision
// iteration (IterateDigits, 18 digits): every digit kept must be right (300 layers by default, 3000
// with the exhaustive tests); and the renormalized G{1} of tanh at
// criticality, at ℓ = 10⁵ a difference of terms 10⁴ times larger than
// itself, must keep fewer digits than K.
func TestIterateCheckedDigits(t *testing.T) {
	L := 300
	if testlevel.IsExhaustive() {
		L = 3000
	}
	for _, c := range []struct {
		sigma  string
		cb, cw float64
		ren    bool
	}{
		{"tanh", 0, 1, true},
		{"tanh", 0, 1, false},
		{"gelu", 0.5, 1.5, false},
		{"erf", 0.1, 2, false},
	} {
		a := mustNew(t, c.sigma)
		var ren *Renormalization
		var cb1, cw1 *big.Rat
		if c.ren {
			ren = &Renormalization{Cb1: 0, CW1: 2 * c.cw / 3}
			cb1, cw1 = new(big.Rat), new(big.Rat).Mul(new(big.Rat).SetFloat64(c.cw), big.NewRat(2, 3))
		}
		layers, check, err := a.IterateChecked(c.cb, c.cw, 1, L, L, nil, ren)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := a.IterateDigits(new(big.Rat).SetFloat64(c.cb), new(big.Rat).SetFloat64(c.cw), big.NewRat(1, 1), L, L, 18, cb1, cw1)
		if err != nil {
			t.Fatal(err)
		}
		got := CheckedDigits(layers[len(layers)-1], check[len(check)-1], calc.Float64Digits)
		checkKeptDigits(t, fmt.Sprintf("%s (C_b %g, C_W %g, renormalized %v) at ℓ = %d", c.sigma, c.cb, c.cw, c.ren, L), got, ref[len(ref)-1])
	}
	// GELU's kernel grows geometrically at (C_b, C_W) = (0.5, 3); by
	// K ≈ 2e8 (ℓ = 45) j/(8K²) is a difference of terms far larger than
	// itself, known to a few digits only, and G{1} = -26444561.3843… kept
	// 9 digits (-26444561.6) while the averages were moved by 1e-14 of
	// themselves alone (17 s at 12 digits: exhaustive only).
	if testlevel.IsExhaustive() {
		a := mustNew(t, "gelu")
		const L = 45
		layers, check, err := a.IterateChecked(0.5, 3, 3.5, L, L, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := a.IterateDigits(big.NewRat(1, 2), big.NewRat(3, 1), big.NewRat(7, 2), L, L, 12, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := CheckedDigits(layers[len(layers)-1], check[len(check)-1], 9)
		checkKeptDigits(t, fmt.Sprintf("gelu (0.5, 3) from K = 3.5 at ℓ = %d", L), got, ref[len(ref)-1])
	}
	// At ℓ = 10⁵ the renormalized G{1} is a difference of terms 10⁴ times
	// larger than itself: one ulp in the averages moves its eighth digit.
	a := mustNew(t, "tanh")
	layers, check, err := a.IterateChecked(0, 1, 1, 100000, 100000, nil, &Renormalization{CW1: 2.0 / 3})
	if err != nil {
		t.Fatal(err)
	}
	got := CheckedDigits(layers[len(layers)-1], check[len(check)-1], 9)
	if !(got.G1.Digits <= 7 && got.K.Digits >= 8) {
		t.Errorf("tanh at ℓ = 10⁵: renormalized G{1} keeps %d digits (%s), K %d: want at most 7 and at least 8", got.G1.Digits, got.G1.Text(), got.K.Digits)
	}
}

// checkKeptDigits reports every value of got whose kept digits are not
// those of want rounded alike.
func checkKeptDigits(t *testing.T, where string, got, want LayerDigits) {
	t.Helper()
	for _, v := range []struct {
		name      string
		got, want calc.Certified
	}{{"K", got.K, want.K}, {"V", got.V, want.V}, {"G1", got.G1, want.G1}, {"χ∥", got.ChiPar, want.ChiPar}, {"χ⊥", got.ChiPerp, want.ChiPerp}} {
		if v.got.V == nil {
			continue
		}
		if w := calc.FormatSignificant(v.want.V, v.got.Digits); v.got.Text() != w {
			t.Errorf("%s: %s = %s (%d digits), high precision %s", where, v.name, v.got.Text(), v.got.Digits, w)
		}
	}
}

// TestIterateTwoCheckedDigits checks the digits of the two-input columns
// that IterateTwoChecked and IterateBootstrapChecked leave (those on which
// the plain and the perturbed runs agree, as depth prints them, up to 12)
// against the high-precision iterations at 16 digits: tanh at C_b = 0.1,
// C_W = 1.5 from K^(1) = [[1, 0.9], [0.9, 1.2]], 6 layers (30 with the
// exhaustive tests).
func TestIterateTwoCheckedDigits(t *testing.T) {
	a := mustNew(t, "tanh")
	L := 6
	if testlevel.IsExhaustive() {
		L = 30
	}
	two, check, err := a.IterateTwoChecked(0.1, 1.5, 1, 1.2, 0.9, L, L)
	if err != nil {
		t.Fatal(err)
	}
	r := func(s string) *big.Rat { x, _ := new(big.Rat).SetString(s); return x }
	ref, err := a.IterateTwoDigits(r("0.1"), r("1.5"), r("1"), r("1.2"), r("0.9"), L, L, 16)
	if err != nil {
		t.Fatal(err)
	}
	x, y, w := two[len(two)-1], check[len(check)-1], ref[len(ref)-1]
	for _, v := range []struct {
		name      string
		got, chk  float64
		reference calc.Certified
	}{{"K₊₊", x.Kpp, y.Kpp, w.Kpp}, {"K₋₋", x.Kmm, y.Kmm, w.Kmm}, {"K₊₋", x.Kpm, y.Kpm, w.Kpm}, {"ρ", x.Rho, y.Rho, w.Rho}} {
		c, err := calc.AgreeingFloat64(v.name, v.got, v.chk, calc.Float64Digits)
		if err != nil {
			t.Fatalf("%s: %v", v.name, err)
		}
		if want := calc.FormatSignificant(v.reference.V, c.Digits); c.Text() != want {
			t.Errorf("%s at ℓ = %d: %s (%d digits), high precision %s", v.name, L, c.Text(), c.Digits, want)
		}
	}
	boot, bcheck, err := a.IterateBootstrapChecked(0.1, 1.5, (1+1.2+1.8)/4, (1-1.2)/2, (1+1.2-1.8)/4, L, L)
	if err != nil {
		t.Fatal(err)
	}
	bref, err := a.IterateBootstrapDigits(r("0.1"), r("1.5"), r("1"), r("-0.1"), r("0.1"), L, L, 16)
	if err != nil {
		t.Fatal(err)
	}
	b, bc, bw := boot[len(boot)-1], bcheck[len(bcheck)-1], bref[len(bref)-1]
	for _, v := range []struct {
		name      string
		got, chk  float64
		reference calc.Certified
	}{{"δK[1]", b.DK1, bc.DK1, bw.DK1}, {"δδK[2]", b.DDK2, bc.DDK2, bw.DDK2}} {
		c, err := calc.AgreeingFloat64(v.name, v.got, v.chk, calc.Float64Digits)
		if err != nil {
			t.Fatalf("%s: %v", v.name, err)
		}
		if want := calc.FormatSignificant(v.reference.V, c.Digits); c.Text() != want {
			t.Errorf("%s at ℓ = %d: %s (%d digits), high precision %s", v.name, L, c.Text(), c.Digits, want)
		}
	}
}

// The two runs of IterateChecked share the quadrature values at the table
// cells' points (layerNodes); the plain run must be Iterate's layers bit
// for bit, whichever run computed which point.
func TestIterateCheckedSharedNodes(t *testing.T) {
	a := mustNew(t, "tanh")
	const L = 3000
	for range 3 {
		layers, _, err := a.IterateChecked(0, 1, 1, L, 1, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := a.Iterate(0, 1, 1, L, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if layers[i] != want[i] {
				t.Fatalf("layer %d: %+v with shared nodes, %+v alone", want[i].L, layers[i], want[i])
			}
		}
	}
}
