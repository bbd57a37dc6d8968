package report

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"testing"

	"critcalc/calc"
	"critcalc/fixtures"
)

// cell returns the cell of column key in the first row whose activation
// (and class, when class is not empty) match.
func cell(t *testing.T, tab *Table, activation, class, key string) Cell {
	t.Helper()
	col, act, cls := -1, -1, -1
	for j, c := range tab.Columns {
		switch c.Key {
		case key:
			col = j
		case "activation":
			act = j
		case "class":
			cls = j
		}
	}
	if col < 0 || act < 0 {
		t.Fatalf("table %s has no column %q or activation", tab.Name, key)
	}
	for _, r := range tab.Rows {
		if r[act].S == activation && (class == "" || r[cls].S == class) {
			return r[col]
		}
	}
	t.Fatalf("table %s has no row %s %s", tab.Name, activation, class)
	return Cell{}
}

func cellValue(t *testing.T, c Cell) float64 {
	t.Helper()
	if c.Kind != Number {
		t.Fatalf("cell %q is not a number", c.S)
	}
	v, err := strconv.ParseFloat(c.S, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestPDLTValues checks the PDLT table at 12 digits against the values of
// PDLT chapter 5, printed or recomputed from its equations to 10 or 11
// digits (ã₁ 8 to 9). The tolerance is a unit in the last digit given, the
// table showing one or two more.
func TestPDLTValues(t *testing.T) {
	tab, err := PDLTTable(PDLTActivations(), 12)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		act, class, key string
		want, relTol    float64
		src             string
	}{
		{"relu", "scale-invariant", "C_W", 2, 0, "Kaiming (0, 2) (5.67)"},
		{"leaky relu (a₋ = 0.2)", "scale-invariant", "C_W", 1 / 0.52, 1e-10, "1/A₂, A₂ = (1 + 0.04)/2 (5.66)"},
		{"tanh", "K*=0", "C_W", 1, 0, "(0, 1) (5.90)"},
		{"tanh", "K*=0", "a1", -2, 0, "a₁ = −2 (5.86)"},
		{"sin", "K*=0", "a1", -1, 0, "a₁ = −1 (5.86), derived"},
		{"erf", "K*=0", "C_W", math.Pi / 4, 1e-10, "σ₁² = 4/π (5.90), derived"},
		{"erf", "K*=0", "a1", -2, 0, "a₁ = −2 (5.86), derived"},
		{"swish", "K*=0", "a1", 0.75, 0, "a₁ = 3/4, unstable (§5.3.4), derived"},
		{"swish", "half-stable", "K_star", 14.3201736180, 1e-10, "(5.101)"},
		{"swish", "half-stable", "C_b", 0.5551431707, 1e-9, "C_b (5.101)"},
		{"swish", "half-stable", "C_W", 1.9880046783, 1e-10, "C_W (5.101)"},
		{"swish", "half-stable", "a1", 2.8497921894e-6, 1e-8, "(5.102), 8 digits; the book prints (−ã₁) = −2.84979219e−6"},
		{"gelu", "K*=0", "a1", 6 / math.Pi, 1e-10, "a₁ = 6/π (§5.3.4)"},
		{"gelu", "half-stable", "K_star", (3 + math.Sqrt(17)) / 2, 1e-10, "(3 + √17)/2 (5.105)"},
		{"gelu", "half-stable", "C_b", 0.1729223908, 1e-9, "C_b (5.105)"},
		{"gelu", "half-stable", "C_W", 1.9830582574, 1e-10, "C_W (5.105)"},
		{"gelu", "half-stable", "a1", -1.4362641873e-4, 1e-8, "§5.3.4; the book prints (−ã₁) = 1.43626419e−4"},
	}
	for _, tt := range tests {
		got := cellValue(t, cell(t, tab, tt.act, tt.class, tt.key))
		if math.Abs(got-tt.want) > tt.relTol*math.Abs(tt.want) {
			t.Errorf("%s %s %s = %v, want %v (%s)", tt.act, tt.class, tt.key, got, tt.want, tt.src)
		}
	}
	for _, act := range []string{"sigmoid", "softplus", "z²", "z³"} { // §5.3.2, (5.74)–(5.78)
		if c := cell(t, tab, act, "", "class"); c.S != "none" {
			t.Errorf("%s: class %q, want none (PDLT §5.3.2)", act, c.S)
		}
	}
}

// TestJoudakiValues checks the recomputed kernel-map quantities against
// the values of fixtures/joudaki_table_s1.json derived by independent
// quadrature (field "derived", 10 to 30 digits; tolerance 1e-9 relative,
// above the 1e-13 of the float64 computation) and the printed values'
// status against the fixture's printed_wrong flags (see README
// Corrections).
func TestJoudakiValues(t *testing.T) {
	var fx struct {
		Rows []struct {
			Activation, Quantity string
			Printed              float64
			Derived              *float64
			PrintedWrong         bool `json:"printed_wrong"`
		}
	}
	data, err := fixtures.Read("joudaki_table_s1.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &fx); err != nil {
		t.Fatal(err)
	}
	tab, err := JoudakiTable(JoudakiActivations(), 12)
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, q := range joudakiQuantities {
		index[q.key] = i
	}
	checked := 0
	for _, r := range fx.Rows {
		label := joudakiLabel(t, r.Activation)
		qi, ok := index[r.Quantity]
		if !ok {
			t.Fatalf("fixture quantity %q unknown", r.Quantity)
		}
		row := tab.Rows[joudakiRow(t, tab, label, joudakiQuantities[qi].label)]
		if r.Derived != nil {
			got := cellValue(t, row[3])
			if math.Abs(got-*r.Derived) > 1e-9*math.Abs(*r.Derived) {
				t.Errorf("%s %s = %v, fixture derives %v", label, r.Quantity, got, *r.Derived)
			}
		}
		want := "agrees"
		if r.PrintedWrong {
			want = "wrong"
		}
		if row[5].S != want {
			t.Errorf("%s %s: printed %v marked %q, fixture says %q", label, r.Quantity, r.Printed, row[5].S, want)
		}
		checked++
	}
	if checked < 25 {
		t.Errorf("checked %d fixture rows, want all", checked)
	}
	// Exact values (Joudaki & Hofmann, Table S.1 corrected): ReLU κ′(1) = 1,
	// α = 1 − 1/π − 1/2, case 3; exp α = 1 − 2/e.
	exact := []struct {
		label, q string
		want     float64
	}{
		{"ReLU", "κ′(1)", 1}, {"ReLU", "κ(0)", 1 / math.Pi}, {"ReLU", "α", 0.5 - 1/math.Pi}, {"ReLU", "case", 3},
		{"exp", "α", 1 - 2/math.E}, {"exp", "C", math.E}, {"tanh", "κ(0)", 0},
	}
	for _, e := range exact {
		got := cellValue(t, tab.Rows[joudakiRow(t, tab, e.label, e.q)][3])
		if math.Abs(got-e.want) > 1e-11 {
			t.Errorf("%s %s = %v, want %v", e.label, e.q, got, e.want)
		}
	}
}

// joudakiLabel maps an activation of the fixture to its label in Table S.1.
func joudakiLabel(t *testing.T, src string) string {
	t.Helper()
	e := calc.MustParse(src)
	for _, a := range JoudakiActivations() {
		if a.Sigma == e {
			return a.Label
		}
	}
	t.Fatalf("fixture activation %q is not in Table S.1", src)
	return ""
}

func joudakiRow(t *testing.T, tab *Table, label, quantity string) int {
	t.Helper()
	for i, r := range tab.Rows {
		if r[0].S == label && r[2].S == quantity {
			return i
		}
	}
	t.Fatalf("no row %s %s", label, quantity)
	return -1
}

// TestJoudakiPrintedMatchesFixture checks the transcription of Table S.1
// in joudakiPrinted against every printed value that the fixture records.
func TestJoudakiPrintedMatchesFixture(t *testing.T) {
	var fx struct {
		Rows []struct {
			Activation, Quantity string
			Printed              float64
		}
	}
	data, err := fixtures.Read("joudaki_table_s1.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &fx); err != nil {
		t.Fatal(err)
	}
	for _, r := range fx.Rows {
		label := joudakiLabel(t, r.Activation)
		for i, q := range joudakiQuantities {
			if q.key == r.Quantity && joudakiPrinted[label][i] != r.Printed {
				t.Errorf("%s %s: transcribed %v, fixture %v", label, r.Quantity, joudakiPrinted[label][i], r.Printed)
			}
		}
	}
}

// TestJoudakiWrongSet pins the full set of printed values the
// recomputation contradicts (README Corrections: ReLU κ′(1), κ′(ρ*), α
// and case; SeLU κ′(1); exp α) — nothing else.
func TestJoudakiWrongSet(t *testing.T) {
	tab, err := defaultTable("joudaki")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"ReLU κ′(1)": true, "ReLU κ′(ρ*)": true, "ReLU α": true, "ReLU case": true, "SeLU κ′(1)": true, "exp α": true}
	for _, r := range tab.Rows {
		key := r[0].S + " " + r[2].S
		if got := r[5].S == "wrong"; got != want[key] {
			t.Errorf("%s: marked %q", key, r[5].S)
		}
	}
}

// TestFiniteWidthCoefficients checks the 1/n coefficients of the K* = 0
// class against exact values: tanh (a₁, a₂, b₁) = (−2, 17/3, −2) (PDLT
// after (5.88)) gives the bare G{1} → −1/6 (5.134), the renormalized
// G{1}·ℓ → 89/72 recomputed and 13/12 as printed in (5.143) (corrected; see
// README Corrections); erf (−2, 14/3, −2) and sin (−1, 2/3, −1)
// ((5.86)–(5.88), derived) give 43/36 and 20/9 by the same formula, 5/6
// and 2/3 as printed. c_W{1} = (2/3)c_W{0} (5.142), and V/(nK²) per ℓ/n is 2/3 (5.131)
// and 3A₄/A₂² − 1 = 5 for ReLU (5.130).
func TestFiniteWidthCoefficients(t *testing.T) {
	tab, err := FiniteWidthTable(PDLTActivations(), 30)
	if err != nil {
		t.Fatal(err)
	}
	// want is the exact value n/d (or the decimal text, for a multiple of π).
	tests := []struct {
		act, key string
		n, d     int64
		text     string
	}{
		{"tanh", "G1_bare", -1, 6, ""},
		{"tanh", "G1_renormalized", 89, 72, ""},
		{"tanh", "G1_renormalized_printed", 13, 12, ""},
		{"tanh", "c_W1", 2, 3, ""},
		{"tanh", "vertex", 2, 3, ""},
		{"erf", "G1_renormalized", 43, 36, ""},
		{"erf", "G1_renormalized_printed", 5, 6, ""},
		{"erf", "c_W1", 0, 1, "0.523598775598298873077107230547"}, // (2/3)(π/4) = π/6
		{"sin", "G1_bare", -1, 3, ""},
		{"sin", "G1_renormalized", 20, 9, ""},
		{"sin", "G1_renormalized_printed", 2, 3, ""},
		{"relu", "vertex", 5, 1, ""},
		{"relu", "G1_renormalized", 0, 1, ""},
		{"linear", "vertex", 2, 1, ""},
	}
	for _, tt := range tests {
		want := tt.text
		if want == "" {
			v := new(big.Float).SetPrec(200).SetRat(big.NewRat(tt.n, tt.d))
			want = calc.FormatSignificant(v, 30)
		}
		if got := cell(t, tab, tt.act, "", tt.key).S; got != want {
			t.Errorf("%s %s = %s, want %s", tt.act, tt.key, got, want)
		}
	}
}

// TestExponentsTable checks the exponents of PDLT chapter 5: p⊥ = b₁/a₁ = 1 for the odd K* = 0 activations (5.99), 2 for ReLU
// at finite angle (5.168) and 0 for a linear σ; p₀ = 1 for the half-stable
// points (5.103); the scaling law p_V − 2p₀ = −1 (5.128)–(5.129); no row
// for the activations without criticality.
func TestExponentsTable(t *testing.T) {
	tab, err := defaultTable("exponents")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		act, key string
		want     float64
	}{
		{"tanh", "p_perp", 1}, {"erf", "p_perp", 1}, {"sin", "p_perp", 1},
		{"relu", "p_perp", 2}, {"linear", "p_perp", 0}, {"relu", "p0", 0},
		{"tanh", "p0", 1}, {"tanh", "p1_renormalized", 1}, {"tanh", "p1_bare", 0},
		{"swish", "p0", 1}, {"gelu", "p0", 1},
		{"tanh", "scaling_law", -1}, {"relu", "scaling_law", -1},
	}
	for _, tt := range tests {
		if got := cellValue(t, cell(t, tab, tt.act, "", tt.key)); got != tt.want {
			t.Errorf("%s %s = %v, want %v", tt.act, tt.key, got, tt.want)
		}
	}
	for _, r := range tab.Rows {
		if r[1].S == "sigmoid" || r[1].S == "z²" {
			t.Errorf("row for %s, which has no critical point", r[1].S)
		}
	}
}

// TestKinkedLinearRow checks the kinked-linear class in the PDLT and
// exponents tables: ELU (α = 1) has a₊ = a₋ = 1, b₊ = 0, b₋ = 1, so
// A₂ = 1, C_W = 1 and a₃ᐟ₂ = √(2/π)(a₊b₊ − a₋b₋)/A₂ = −√(2/π) < 0
// (recursions.Kinked), an attracting point with ΔK ≈ 4/(a₃ᐟ₂²ℓ²),
// p₀ = 2.
func TestKinkedLinearRow(t *testing.T) {
	elu := MustActivations("elu", "elu")
	tab, err := PDLTTable(elu, 12)
	if err != nil {
		t.Fatal(err)
	}
	if got := cellValue(t, cell(t, tab, "elu", "kinked-linear", "a3_2")); math.Abs(got+math.Sqrt(2/math.Pi)) > 1e-12 {
		t.Errorf("ELU a3/2 = %v, want −√(2/π)", got)
	}
	if got := cellValue(t, cell(t, tab, "elu", "kinked-linear", "C_W")); got != 1 {
		t.Errorf("ELU C_W = %v, want 1", got)
	}
	if c := cell(t, tab, "elu", "kinked-linear", "a1"); c.Kind != Empty {
		t.Errorf("ELU a1 = %q, want empty (the class has a₃ᐟ₂)", c.S)
	}
	ex, err := ExponentsTable(elu, DefaultDigits)
	if err != nil {
		t.Fatal(err)
	}
	if got := cellValue(t, cell(t, ex, "elu", "kinked-linear", "p0")); got != 2 {
		t.Errorf("ELU p0 = %v, want 2", got)
	}
}
