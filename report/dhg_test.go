package report

import (
	"math"
	"strings"
	"testing"
)

// dhgRow returns the cells of the rows of tab whose activation,
// architecture, μ cell text ("" for none) and source prefix match, keyed
// by column.
func dhgRows(t *testing.T, tab *Table, act, arch, mu, source string) []map[string]Cell {
	t.Helper()
	var out []map[string]Cell
	for _, r := range tab.Rows {
		m := map[string]Cell{}
		for j, c := range tab.Columns {
			m[c.Key] = r[j]
		}
		if m["activation"].S == act && m["arch"].S == arch && m["mu"].S == mu && strings.HasPrefix(m["source"].S, source) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		t.Fatalf("dhg table has no row %s %s μ=%q %s", act, arch, mu, source)
	}
	return out
}

// TestDHGValues checks the dhg table against DHG's closed forms and values
// derived from its equations (cited per row). The table shows
// 6 significant digits, so the tolerance is a relative 1e-5 (half a unit
// in the sixth digit is at most 5e-6 relative) unless stated.
func TestDHGValues(t *testing.T) {
	const tol = 1e-5
	near := func(name string, got Cell, want float64) {
		t.Helper()
		v := cellValue(t, got)
		if math.Abs(v-want) > tol*math.Max(math.Abs(want), 1e-300) {
			t.Errorf("%s = %s, want %.10g", name, got.S, want)
		}
	}
	sq := func(x float64) float64 { return x * x }
	tests := []struct {
		name       string
		act, arch  string
		mu         []float64
		sb2        float64
		rowMu      string
		source     string
		sw2, kStar float64 // NaN: not checked
		zeta       float64 // NaN: not checked
	}{
		// Erf critical point (√(π/4), 0), 𝒦* = 0, ζ = 1 (eqs 127–133).
		{"erf vanilla point", "erf", "vanilla", nil, 0, "", "Model", math.Pi / 4, 0, 1},
		// Eq 126: σ_w = 1.2 → σ_b = 0.2566667237, 𝒦* = 0.5903984256.
		{"erf line 1.2", "erf", "vanilla", nil, sq(0.2566667237), "", "Model", 1.44, 0.5903984256, math.NaN()},
		// Eq 126: σ_w = 2.0 → σ_b = 1.7949913723, 𝒦* = 6.2345557531.
		{"erf line 2.0", "erf", "vanilla", nil, sq(1.7949913723), "", "Model", 4, 6.2345557531, math.NaN()},
		// Eq 142: μ = 0.5, σ_w = 1.5 → σ_b = 1.0157308260, 𝒦* = 3.3975626111.
		{"erf res line", "erf", "res", []float64{0.5}, sq(1.0157308260), "0.5", "Model", 2.25, 3.3975626111, math.NaN()},
		// Eq 143: μ = 0.5 → σ_w = 0.7674950, σ_w² = 3π/16.
		{"erf res point", "erf", "res", []float64{0.5}, 0, "0.5", "Model", 3 * math.Pi / 16, 0, 1},
		// Eq 135: erf LN-preact line σ_b = 0.3238070109σ_w.
		{"erf ln-pre", "erf", "ln-pre", nil, 0.1, "", "Model", 0.1 / sq(0.3238070109), math.NaN(), math.NaN()},
		// Eq 138: erf LN-on-activations, σ_w = 1.0 → σ_b = 0.5405256637.
		{"erf ln-post", "erf", "ln-post", nil, sq(0.5405256637), "", "Model", 1, math.NaN(), math.NaN()},
		// Eq 101: ReLU (√2, 0), on the line for every σ_b² (eq 100).
		{"relu vanilla", "relu", "vanilla", nil, 0.1, "", "closed form, eq 100", 2, math.Inf(1), math.NaN()},
		// App. I.6: ReLU residual (√(2(1 − μ²)), 0), μ = 0.5 → σ_w² = 1.5 (eq 115).
		{"relu res", "relu", "res", []float64{0.5}, 0, "0.5", "closed form, eq 115", 1.5, 1.5, math.NaN()},
		// Eq 111: ReLU LN-on-activations σ_b = 0.6833316961σ_w.
		{"relu ln-post", "relu", "ln-post", nil, 0.5, "", "Model", 0.5 / sq(0.6833316961), math.NaN(), math.NaN()},
		// Eq 171: GELU LN-preact line σ_b = 0.1750125226σ_w.
		{"gelu ln-pre", "gelu", "ln-pre", nil, 0.5, "", "Model", 0.5 / sq(0.1750125226), math.NaN(), math.NaN()},
		// Eq 175: GELU LN-on-activations, σ_w = 1.0 → σ_b = 0.5883992074.
		{"gelu ln-post", "gelu", "ln-post", nil, sq(0.5883992074), "", "Model", 1, math.NaN(), math.NaN()},
	}
	for _, tt := range tests {
		mus := tt.mu
		if mus == nil {
			mus = []float64{0}
		}
		tab, err := DHGTable(MustActivations(tt.act, tt.act), []float64{tt.sb2}, mus, DefaultDigits)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		rows := dhgRows(t, tab, tt.act, tt.arch, tt.rowMu, tt.source)
		r := rows[len(rows)-1]
		near(tt.name+" σ_w²", r["sigma_w2"], tt.sw2)
		switch {
		case math.IsInf(tt.kStar, 1):
			if r["K_star"].S != "∞" {
				t.Errorf("%s: 𝒦* = %q, want ∞", tt.name, r["K_star"].S)
			}
		case tt.kStar == 0:
			if r["K_star"].S != "0" {
				t.Errorf("%s: 𝒦* = %q, want 0", tt.name, r["K_star"].S)
			}
		case !math.IsNaN(tt.kStar):
			near(tt.name+" 𝒦*", r["K_star"], tt.kStar)
		}
		if !math.IsNaN(tt.zeta) {
			near(tt.name+" ζ", r["zeta"], tt.zeta)
		}
		if r["phase"].S != "critical" || r["chi_J"].S != "1" {
			t.Errorf("%s: phase %q, χ_𝒥* %q, want critical and 1", tt.name, r["phase"].S, r["chi_J"].S)
		}
	}
}

// TestDHGGELU checks GELU's closed-form rows: eqs 157–162 𝒦* =
// 3.5615528128, σ_w² = 1.9830582574, σ_b² = 0.1729223908, with the
// exponent ζ = −64.9848 of eq 169 corrected (see README Corrections: DHG
// prints 66.668); eqs 160–164 σ_w² = 4, σ_b² = 0, 𝒦* = 0 (unstable, no
// power law); eqs 183–184 the μ = 0.5 points scaled by 1 − μ² = 0.75.
func TestDHGGELU(t *testing.T) {
	tab, err := DHGTable(MustActivations("gelu", "gelu"), []float64{0}, []float64{0.5}, DefaultDigits)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		arch, mu, eq string
		scale        float64
	}{
		{"vanilla", "", "closed form, eqs 157–158", 1},
		{"res", "0.5", "closed form, eqs 179–180", 0.75},
	}
	for _, tt := range tests {
		rows := dhgRows(t, tab, "gelu", tt.arch, tt.mu, tt.eq)
		if len(rows) != 2 {
			t.Fatalf("%s: %d closed-form rows, want 2", tt.arch, len(rows))
		}
		zero, half := rows[0], rows[1]
		if v := cellValue(t, zero["sigma_w2"]); math.Abs(v-4*tt.scale) > 1e-12 {
			t.Errorf("%s: σ_w² at 𝒦* = 0 is %g, want %g", tt.arch, v, 4*tt.scale)
		}
		if zero["K_star"].S != "0" || zero["zeta"].Kind != Empty || zero["phase"].S != "critical" {
			t.Errorf("%s: 𝒦* = 0 row %v", tt.arch, zero)
		}
		for key, want := range map[string]float64{"sigma_w2": 1.9830582574 * tt.scale, "sigma_b2": 0.1729223908 * tt.scale, "K_star": 3.5615528128, "zeta": -64.98484500} {
			if v := cellValue(t, half[key]); math.Abs(v-want) > 1e-5*math.Abs(want) {
				t.Errorf("%s: %s = %g, want %.10g", tt.arch, key, v, want)
			}
		}
		if !strings.Contains(half["note"].S, "3.03498") {
			t.Errorf("%s: note %q should name the trivial fixed point 3.03498 that the recursion reaches (PDLT §5.3.4 footnote 22, corrected)", tt.arch, half["note"].S)
		}
	}
}

// TestDHGNoCritical checks rows without a critical point: empty numbers
// (never NaN), the phase at both ends of the scan and the note.
func TestDHGNoCritical(t *testing.T) {
	tab, err := defaultTable("dhg")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range tab.Rows {
		for _, c := range r {
			if strings.Contains(strings.ToLower(c.S), "nan") {
				t.Fatalf("NaN in row %v", r)
			}
		}
	}
	tests := []struct{ act, arch, mu, phase string }{
		{"relu", "bn", "0", "chaotic at both ends"},                    // AutoInit eq 38: χ_𝒥 = π/(π − 1) > 1 everywhere
		{"erf", "res", "1", "subcritical at both ends"},                // DHG Theorem 4.3
		{"tanh", "preln-res", "1", "everywhere-critical at both ends"}, // Remark 5.3
		{"relu", "ln-pre", "", "critical at both ends"},                // DHG eqs 104–105 at σ_b = 0: χ_𝒥 = 1 for every σ_w
	}
	for _, tt := range tests {
		r := dhgRows(t, tab, tt.act, tt.arch, tt.mu, "Model")[0]
		if r["sigma_w2"].Kind != Empty || r["K_star"].Kind != Empty || r["phase"].S != tt.phase || !strings.Contains(r["note"].S, "no critical point") {
			t.Errorf("%s %s μ=%s: row %v, want phase %q", tt.act, tt.arch, tt.mu, r, tt.phase)
		}
	}
	// DHG eq 26 corrected (see README Corrections): π/(π − 1) = 1.46694,
	// printed 2.15192.
	found := false
	for _, f := range tab.Footnotes {
		found = found || (strings.Contains(f, "= 1.46694 at μ = 0") && strings.Contains(f, "2.15192"))
	}
	if !found {
		t.Errorf("no BatchNorm correction footnote with 1.46694 and 2.15192 in %q", tab.Footnotes)
	}
}

func TestDHGErrors(t *testing.T) {
	acts := MustActivations("tanh", "tanh")
	tests := []struct {
		name     string
		sb2, mus []float64
		digits   int
		want     string
	}{
		{"digits", []float64{0}, []float64{0}, 61, "between 1 and 60"},
		{"negative σ_b²", []float64{-1}, []float64{0}, 6, "σ_b²"},
		{"μ > 1", []float64{0}, []float64{1.5}, 6, "μ must be in [0, 1]"},
		{"no σ_b²", nil, []float64{0}, 6, "at least one"},
	}
	for _, tt := range tests {
		if _, err := DHGTable(acts, tt.sb2, tt.mus, tt.digits); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	if _, err := DHGTable(MustActivations("e", "exp(x^2)"), []float64{0}, []float64{0}, 6); err == nil {
		t.Error("exp(x²) has no Gaussian average: want an error")
	}
}
