package report

import (
	"fmt"
)

// PDLTTable returns the criticality table of PDLT chapter 5 for acts: one
// row per physical critical point (the scale-invariant line, the K* = 0
// limit, the kinked-linear limit, each half-stable K* > 0) with its class,
// K*, (C_b, C_W), a₁ or ã₁ (or a₃ᐟ₂), stability and depth exponents, and
// one row of class "none" for an activation without criticality (the
// reason in a footnote). digits is 1 to recursions.MaxDigits, every value
// from the certified analysis.
func PDLTTable(acts []Activation, digits int) (*Table, error) {
	t := &Table{
		Name:  "pdlt",
		Title: "Criticality of activation functions (Roberts, Yaida and Hanin, Principles of Deep Learning Theory, ch. 5)",
		Columns: []Column{
			{Key: "activation", Header: "activation"},
			{Key: "class", Header: "class"},
			{Key: "K_star", Header: "K*"},
			{Key: "C_b", Header: "C_b", Note: "5.72"},
			{Key: "C_W", Header: "C_W", Note: "5.71"},
			{Key: "a1", Header: "a₁ or ã₁", Note: "5.86, 5.102"},
			{Key: "a3_2", Header: "a₃ᐟ₂", TeX: `$a_{3/2}$`, Note: "kinked"},
			{Key: "stability", Header: "stability"},
			{Key: "p0", Header: "p₀"},
			{Key: "p_par", Header: "p∥"},
			{Key: "p_perp", Header: "p⊥"},
			{Key: "p_V", Header: "p_V"},
		},
	}
	var none, unphysical []string
	for _, a := range acts {
		res, err := analyzeActivation(a, digits)
		if err != nil {
			return nil, err
		}
		n := 0
		for _, r := range res.rows {
			if !r.physical {
				continue
			}
			n++
			row := []Cell{TextCell(a.Label), TextCell(r.class.String()), r.k, r.cb, r.cw, r.a1, r.a32, TextCell(r.stability.String())}
			t.Rows = append(t.Rows, append(row, exponentCells(r.x)[:4]...)) // p₀, p∥, p⊥, p_V
		}
		if u := len(res.rows) - n; u > 0 {
			unphysical = append(unphysical, fmt.Sprintf("%s (%d)", a.Label, u))
		}
		if n == 0 {
			t.Rows = append(t.Rows, []Cell{TextCell(a.Label), TextCell(res.an.Classes.String()), {}, {}, {}, {}, {}, {}, {}, {}, {}, {}})
			none = append(none, fmt.Sprintf("%s: %s", a.Label, res.an.Reason))
		}
	}
	t.Footnotes = append(t.Footnotes,
		"a₁ (K* = 0, (5.86)) and ã₁ = ½C_W g''(K*) = j(K*)/(8K*²) (K* > 0, (5.102)) are stored with their sign; the book prints −a₁ and −ã₁. a₃ᐟ₂ is the coefficient of ΔK^(3/2) of the kinked-linear class (σ(0) = 0 with a kink at 0).",
		"Depth exponents: an observable decays as ℓ^(−p) (5.93). K* = 0 class with a₁ < 0: p₀ = 1 (5.94), p∥ = 2 (5.97), p⊥ = b₁/a₁ (5.99), p_V = 1 (5.127); half-stable: p₀ = 1 from the attracted side (5.103); scale-invariant: p₀ = 0 (5.66), p∥ = 0 (5.65), p⊥ = 2 at finite angle (5.168; 0 for a linear σ), p_V = −1 (5.120); kinked-linear with a₃ᐟ₂ < 0: p₀ = 2. An unstable point has none.")
	t.Footnotes = append(t.Footnotes, fmt.Sprintf("Values certified to at most %d significant digits: a value shows only the digits its error bound (K*, C_b, C_W, ã₁) or two working precisions (the Taylor, kinked-linear and scale-invariant data) certify.", digits))
	if len(unphysical) > 0 {
		t.Footnotes = append(t.Footnotes, "Roots of the criticality condition (5.73) with C_b < 0 are not shown: "+joinComma(unphysical)+".")
	}
	for _, s := range none {
		t.Footnotes = append(t.Footnotes, "No criticality — "+s+".")
	}
	return t, nil
}

func joinComma(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
