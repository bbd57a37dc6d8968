package report

import (
	"fmt"
	"math/big"

	"critcalc/calc"
	"critcalc/recursions"
)

// FiniteWidthTable returns the 1/n coefficients of PDLT §5.4 for the
// activations with a stable critical point of the scale-invariant or K* = 0
// class: the normalized vertex V/(nK²) = c_V ℓ/n (5.130)–(5.131), the
// finite-width tuning c_b{1}, c_W{1} (5.142), the bare NLO metric G{1} at
// large depth (5.134) and the renormalized one G{1}·ℓ, recomputed from
// (5.94) and (5.127), beside the value of (5.143) as printed (corrected,
// see README Corrections: for tanh 89/72, printed 13/12), each certified
// (recursions.KZeroOf, ScaleInvariantOf) to at most digits significant
// digits (1 to calc.MaxDigits).
func FiniteWidthTable(acts []Activation, digits int) (*Table, error) {
	if digits < 1 || digits > calc.MaxDigits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the finite-width table, got %d", calc.MaxDigits, digits)
	}
	exact := func(n, d int64) Cell {
		return BigCell(new(big.Float).SetPrec(calc.BitsForDigits(digits)+8).Quo(big.NewFloat(float64(n)), big.NewFloat(float64(d))), digits)
	}
	t := &Table{
		Name:  "finite-width",
		Title: "Finite-width corrections at criticality (PDLT §5.4): vertex, tuning and NLO metric",
		Columns: []Column{
			{Key: "activation", Header: "activation"},
			{Key: "class", Header: "class"},
			{Key: "C_W", Header: "c_W{0}"},
			{Key: "vertex", Header: "V/(nK²) per ℓ/n", Note: "5.130, 5.131"},
			{Key: "c_b1", Header: "c_b{1}", Note: "5.142"},
			{Key: "c_W1", Header: "c_W{1}", Note: "5.142"},
			{Key: "G1_bare", Header: "G{1}, ℓ → ∞", Note: "5.134"},
			{Key: "G1_renormalized", Header: "G{1}·ℓ renormalized", Note: "recomputed"},
			{Key: "G1_renormalized_printed", Header: "G{1}·ℓ as printed", Note: "5.143"},
		},
	}
	var without []string
	for _, a := range acts {
		an, err := recursions.Analyze(a.Sigma, recursions.DefaultKmax)
		if err != nil {
			return nil, fmt.Errorf("analysing %s: %w", a.Label, err)
		}
		switch {
		case an.ScaleInvariant != nil:
			si, _, err := recursions.ScaleInvariantOf(a.Sigma, digits)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", a.Label, err)
			}
			zero := IntCell(0)
			t.Rows = append(t.Rows, []Cell{TextCell(a.Label), TextCell(recursions.ClassScaleInvariant.String()), CertifiedCell(si.CW),
				CertifiedCell(si.Vertex), zero, zero, zero, zero, zero})
		case an.Taylor != nil && an.Taylor.OK && an.Taylor.A1.Float64() < 0:
			kz, _, err := recursions.KZeroOf(a.Sigma, digits)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", a.Label, err)
			}
			t.Rows = append(t.Rows, []Cell{TextCell(a.Label), TextCell(recursions.ClassKZero.String()), CertifiedCell(kz.CW),
				exact(2, 3), IntCell(0), CertifiedCell(kz.CW1), CertifiedCell(kz.G1Bare), CertifiedCell(kz.G1Ren), CertifiedCell(kz.G1RenPrinted)})
		default:
			without = append(without, a.Label)
		}
	}
	t.Footnotes = []string{
		"Scale-invariant class: V^(ℓ) = (ℓ − 1)(3A₄/A₂² − 1)K*² (5.120), so V/(nK²) ≈ (3A₄/A₂² − 1)ℓ/n (5.130); G{1} ≡ 0 (5.118) and no tuning is needed, c_W{1} = 0.",
		"K* = 0 class (a₁ < 0): V ≈ 2/(3a₁²ℓ) and K ≈ 1/(−a₁ℓ) give V/(nK²) ≈ (2/3)ℓ/n (5.131); G{1} → −1/(3(−a₁)) (5.134); with c_b{1} = 0, c_W{1} = (2/3)c_W{0} (5.142) G{1}·ℓ → (84a₁² − a₂ − 90a₁b₁)/(3a₁³), from matching the 1/ℓ² terms of (5.94) and (5.127) and confirmed by iterating (5.108)–(5.110) with (5.140) (tanh: G{1}·ℓ = 1.2359 at ℓ = 10⁵ → 89/72).",
		"Correction: (5.143) prints G{1}·ℓ = (2/3)(3a₂ − a₁²)/(−a₁)³ (tanh: 13/12), which the iteration of the book's own recursions (5.108)–(5.110), (5.140) contradicts (see README Corrections); it is shown as printed.",
		fmt.Sprintf("Coefficients from the Taylor coefficients a₁, a₂, b₁ (5.86)–(5.88) at two working precisions, shown with the digits on which the two agree, at most %d.", digits),
	}
	if len(without) > 0 {
		t.Footnotes = append(t.Footnotes, fmt.Sprintf("No stable scale-invariant or K* = 0 critical point: %s.", joinComma(without)))
	}
	return t, nil
}
