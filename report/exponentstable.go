package report

import (
	"fmt"
	"slices"

	"critcalc/recursions"
)

// classOrder orders the universality classes in the exponents table.
var classOrder = []recursions.Class{recursions.ClassScaleInvariant, recursions.ClassKZero, recursions.ClassKinkedLinear, recursions.ClassHalfStable}

// ExponentsTable returns the depth exponents of PDLT chapter 5 by
// universality class: one row per attracting critical point of each
// activation (an observable O decays as ℓ^(−p_O), (5.93)), grouped by class
// in the order scale-invariant, K* = 0, kinked-linear, half-stable, with
// p₀ (kernel), p∥ and p⊥ (two-input perturbations), p_V (four-point
// vertex), p₁ (NLO metric, bare and renormalized) and the scaling law
// p_V − 2p₀. Activations without an attracting critical point are named in
// a footnote. digits is as for PDLTTable (it shows in p⊥ = b₁/a₁).
func ExponentsTable(acts []Activation, digits int) (*Table, error) {
	t := &Table{
		Name:  "exponents",
		Title: "Depth exponents by universality class (PDLT ch. 5): an observable decays as ℓ^(−p)",
		Columns: []Column{
			{Key: "class", Header: "class"},
			{Key: "activation", Header: "activation"},
			{Key: "p0", Header: "p₀", Note: "K"},
			{Key: "p_par", Header: "p∥", Note: "δK_[1]"},
			{Key: "p_perp", Header: "p⊥", Note: "δδK_[2]"},
			{Key: "p_V", Header: "p_V", Note: "V"},
			{Key: "p1_bare", Header: "p₁ bare", Note: "G{1}"},
			{Key: "p1_renormalized", Header: "p₁ renormalized", Note: "G{1}"},
			{Key: "scaling_law", Header: "p_V − 2p₀"},
		},
	}
	byClass := map[recursions.Class][][]Cell{}
	var without []string
	for _, a := range acts {
		res, err := analyzeActivation(a, digits)
		if err != nil {
			return nil, err
		}
		n := 0
		for _, r := range res.rows {
			if !r.physical || r.x.P0.V == nil {
				continue
			}
			n++
			row := append([]Cell{TextCell(r.class.String()), TextCell(a.Label)}, exponentCells(r.x)...)
			byClass[r.class] = append(byClass[r.class], append(row, scalingLawCell(r.x)))
		}
		if n == 0 {
			without = append(without, a.Label)
		}
	}
	for _, c := range classOrder {
		t.Rows = append(t.Rows, byClass[c]...)
	}
	t.Footnotes = []string{
		"Scale-invariant (σ = a₊z for z ≥ 0, a₋z below) at (C_b, C_W) = (0, 1/A₂): K stays on a line of fixed points, p₀ = 0 (5.66); δK_[1] is constant, p∥ = 0 (5.65); at finite angle K_[2] ∝ K*·9/(4ρ²ℓ²), p⊥ = 2 (5.168), unless σ is linear (ρ = 0); V = (ℓ − 1)(3A₄/A₂² − 1)K*², p_V = −1 (5.120); G{1} ≡ 0 (5.118).",
		"K* = 0 class with a₁ < 0 at (C_b, C_W) = (0, 1/σ₁²): ΔK ≈ 1/(−a₁ℓ), p₀ = 1 (5.94); p∥ = 2 (5.97); p⊥ = b₁/a₁ (5.99); V ≈ 2/(3a₁²ℓ), p_V = 1 (5.127); G{1} → −1/(3(−a₁)), p₁ = 0 (5.134); with c_W{1} = (2/3)c_W{0}, G{1} ∝ 1/ℓ, p₁ = 1 (5.142)–(5.143). Both classes obey p_V − 2p₀ = −1 (5.128)–(5.129).",
		"Kinked-linear (σ(0) = 0 with a kink at 0): ΔK ≈ 4/(a₃ᐟ₂²ℓ²), p₀ = 2, for a₃ᐟ₂ < 0. Half-stable K* > 0: ΔK ≈ 1/(−ã₁ℓ) from the attracted side, p₀ = 1 (5.103).",
	}
	if len(without) > 0 {
		slices.Sort(without)
		t.Footnotes = append(t.Footnotes, fmt.Sprintf("No attracting critical point (no exponents): %s.", joinComma(without)))
	}
	return t, nil
}
