package report

import (
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
)

// TestDHGDigits30 checks dhg rows at 30 digits against references
// computed with mpmath (mp.dps = 50) from DHG's closed forms:
//
//   - erf (eqs 124–126, 142 with μ = 0.5): findroot of σ_b²(σ_w²) = 0.1 and
//     0.5 with s = 16σ_w⁴, p = π²(1 − μ²)², 𝒦* = (s − p)/(4p), σ_b² =
//     𝒦*(1 − μ²) − (2σ_w²/π) asin((s − p)/(s + p)); at σ_b² = 0, σ_w² =
//     π(1 − μ²)/4 and ζ = 1 (eqs 127–133, 143);
//   - ReLU with LayerNorm on activations (eq 111): σ_w² = σ_b²(π − 1),
//     𝒦* = σ_w² + σ_b²;
//   - GELU's half-stable point (eqs 157–158, 179–180) at 𝒦* = (3 + √17)/2
//     with mpmath's asin, and ζ = 4𝒦²⟨φ'²(z² − 𝒦)⟩/⟨φ²(z⁴ − 6𝒦z² + 3𝒦²)⟩
//     by mpmath.quad (the corrected eq 169).
func TestDHGDigits30(t *testing.T) {
	tab, err := DHGTable(MustActivations("erf", "erf", "relu", "relu", "gelu", "gelu"), []float64{0, 0.1, 0.5}, []float64{0, 0.5}, 30)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		act, arch, mu, source, sb2 string
		want                       map[string]string
	}{
		{"erf", "vanilla", "", "Model", "0", map[string]string{"sigma_w2": "0.78539816339744830961566084581987572", "K_star": "0", "chi_K": "1", "chi_J": "1", "zeta": "1"}},
		{"erf", "vanilla", "", "Model", "0.1", map[string]string{"sigma_w2": "1.5521178553336422995800190059169182", "K_star": "0.72635922938496056860469626465400148", "chi_J": "1"}},
		{"erf", "vanilla", "", "Model", "0.5", map[string]string{"sigma_w2": "2.2336596345454082618018932142215877", "K_star": "1.7720609297964726601406184407763421", "chi_J": "1"}},
		{"erf", "res", "0.5", "Model", "0", map[string]string{"sigma_w2": "0.58904862254808623221174563436490679", "K_star": "0", "zeta": "1"}},
		{"erf", "res", "0.5", "Model", "0.1", map[string]string{"sigma_w2": "1.2312531753259814095593006688190417", "K_star": "0.84227613825592350775685508012393711", "chi_J": "1"}},
		{"relu", "ln-post", "", "Model", "0.1", map[string]string{"sigma_w2": "0.21415926535897932384626433832795029", "K_star": "0.31415926535897932384626433832795029", "chi_K": "0", "chi_J": "1"}},
		{"relu", "res", "0.5", "closed form", "0", map[string]string{"sigma_w2": "1.5", "K_star": "1.5", "chi_K": "1", "chi_J": "1"}},
		{"gelu", "vanilla", "", "closed form", "0.17292239075606735174985317977738978", map[string]string{"sigma_w2": "1.9830582574375471252054779858313486", "K_star": "3.5615528128088302749107049279870385", "chi_K": "1", "chi_J": "1", "zeta": "-64.984845004941284398571278847792616"}},
		{"gelu", "res", "0.5", "closed form", "0.12969179306705051381238988483304233", map[string]string{"sigma_w2": "1.4872936930781603439041084893735115", "K_star": "3.5615528128088302749107049279870385", "zeta": "-64.984845004941284398571278847792616"}},
	}
	round := func(ref string) string {
		v, _, err := big.ParseFloat(ref, 10, 300, big.ToNearestEven)
		if err != nil {
			t.Fatalf("bad reference %q", ref)
		}
		return calc.FormatSignificant(v, 30)
	}
	for _, tt := range tests {
		var row map[string]Cell
		for _, r := range dhgRows(t, tab, tt.act, tt.arch, tt.mu, tt.source) {
			if r["sigma_b2"].S == round(tt.sb2) {
				row = r
			}
		}
		if row == nil {
			t.Errorf("%s %s μ=%q: no row with σ_b² = %s", tt.act, tt.arch, tt.mu, round(tt.sb2))
			continue
		}
		for key, ref := range tt.want {
			if c := row[key]; c.S != round(ref) || c.Digits != 30 {
				t.Errorf("%s %s μ=%q σ_b²=%s: %s = %s (%d digits), reference %s", tt.act, tt.arch, tt.mu, tt.sb2, key, c.S, c.Digits, round(ref))
			}
		}
	}
}

// TestDHGDigits60 asks for the most digits: every number of a critical
// row of erf and GELU (vanilla and res, σ_b² = 0.1, μ = 0.5) has 60
// certified digits (about 2 s; the default tests ask the command for 60
// digits of erf's π/4, TestTableDHGDigits60).
func TestDHGDigits60(t *testing.T) {
	testlevel.Exhaustive(t)
	tab, err := DHGTable(MustActivations("erf", "erf", "gelu", "gelu"), []float64{0.1}, []float64{0.5}, 60)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range tab.Rows {
		m := map[string]Cell{}
		for j, c := range tab.Columns {
			m[c.Key] = r[j]
		}
		if m["phase"].S != "critical" || (m["arch"].S != "vanilla" && m["arch"].S != "res") {
			continue
		}
		n++
		for _, key := range []string{"sigma_w2", "K_star", "chi_K", "chi_J"} {
			if c := m[key]; c.Kind == Number && c.Digits != 60 {
				t.Errorf("%s %s: %s = %s has %d digits, want 60", m["activation"].S, m["arch"].S, key, c.S, c.Digits)
			}
		}
	}
	if n < 4 {
		t.Errorf("%d critical vanilla and res rows, want at least 4", n)
	}
}
