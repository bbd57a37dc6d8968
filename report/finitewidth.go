package report

import (
	"fmt"
	"math"

	"critcalc/recursions"
)

// finiteWidthDigits is the most digits shown of a finite-width coefficient:
// each is a rational function of a₁, a₂, b₁ (float64 Taylor coefficients
// of σ at 0), with cancellations of up to two digits (tanh: 336 − 17/3 −
// 360 in G{1}).
const finiteWidthDigits = 10

// FiniteWidthTable returns the 1/n coefficients of PDLT §5.4 for the
// activations with a stable critical point of the scale-invariant or K* = 0
// class: the normalized vertex V/(nK²) = c_V ℓ/n (5.130)–(5.131), the
// finite-width tuning c_b{1}, c_W{1} (5.142), the bare NLO metric G{1} at
// large depth (5.134) and the renormalized one G{1}·ℓ, recomputed from
// (5.94) and (5.127), beside the value of (5.143) as printed (corrected,
// see README Corrections: for tanh 89/72, printed 13/12). digits is 1 to
// Float64Digits.
func FiniteWidthTable(acts []Activation, digits int) (*Table, error) {
	if digits < 1 || digits > Float64Digits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the finite-width table, got %d", Float64Digits, digits)
	}
	d := min(digits, finiteWidthDigits)
	num := func(v float64) Cell { return FloatCell(v, d) }
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
			si := an.ScaleInvariant
			zero := IntCell(0)
			t.Rows = append(t.Rows, []Cell{TextCell(a.Label), TextCell(recursions.ClassScaleInvariant.String()), num(si.CW.Float64()),
				num(si.Vertex.Float64()), zero, zero, zero, zero, zero})
		case an.Taylor != nil && an.Taylor.OK && an.Taylor.A1.Float64() < 0:
			kz := an.Taylor
			cw := kz.CW.Float64()
			c := kZeroFiniteWidth(kz.A1.Float64(), kz.A2.Float64(), kz.B1.Float64())
			t.Rows = append(t.Rows, []Cell{TextCell(a.Label), TextCell(recursions.ClassKZero.String()), num(cw),
				num(c.vertex), IntCell(0), num(c.cW1 * cw), num(c.g1Bare), num(c.g1Ren), num(c.g1RenPrinted)})
		default:
			without = append(without, a.Label)
		}
	}
	t.Footnotes = []string{
		"Scale-invariant class: V^(ℓ) = (ℓ − 1)(3A₄/A₂² − 1)K*² (5.120), so V/(nK²) ≈ (3A₄/A₂² − 1)ℓ/n (5.130); G{1} ≡ 0 (5.118) and no tuning is needed, c_W{1} = 0.",
		"K* = 0 class (a₁ < 0): V ≈ 2/(3a₁²ℓ) and K ≈ 1/(−a₁ℓ) give V/(nK²) ≈ (2/3)ℓ/n (5.131); G{1} → −1/(3(−a₁)) (5.134); with c_b{1} = 0, c_W{1} = (2/3)c_W{0} (5.142) G{1}·ℓ → (84a₁² − a₂ − 90a₁b₁)/(3a₁³), from matching the 1/ℓ² terms of (5.94) and (5.127) and confirmed by iterating (5.108)–(5.110) with (5.140) (tanh: G{1}·ℓ = 1.2359 at ℓ = 10⁵ → 89/72).",
		"Correction: (5.143) prints G{1}·ℓ = (2/3)(3a₂ − a₁²)/(−a₁)³ (tanh: 13/12), which the iteration of the book's own recursions (5.108)–(5.110), (5.140) contradicts (see README Corrections); it is shown as printed.",
		fmt.Sprintf("Coefficients from float64 Taylor coefficients a₁, a₂, b₁ (5.86)–(5.88), shown with at most %d significant digits.", d),
	}
	if len(without) > 0 {
		t.Footnotes = append(t.Footnotes, fmt.Sprintf("No stable scale-invariant or K* = 0 critical point: %s.", joinComma(without)))
	}
	return t, nil
}

// kZeroCoefficients are the finite-width coefficients of the K* = 0 class.
type kZeroCoefficients struct {
	vertex       float64 // V/(nK²) per ℓ/n (5.131)
	cW1          float64 // c_W{1}/c_W{0} (5.142)
	g1Bare       float64 // lim G{1} (5.134)
	g1Ren        float64 // lim G{1}·ℓ renormalized, recomputed
	g1RenPrinted float64 // (5.143) as printed
}

// kZeroFiniteWidth returns the coefficients from a₁ < 0, a₂, b₁.
func kZeroFiniteWidth(a1, a2, b1 float64) kZeroCoefficients {
	return kZeroCoefficients{
		vertex:       2.0 / 3,
		cW1:          2.0 / 3,
		g1Bare:       -1 / (3 * -a1),
		g1Ren:        (84*a1*a1 - a2 - 90*a1*b1) / (3 * a1 * a1 * a1),
		g1RenPrinted: (2.0 / 3) * (3*a2 - a1*a1) / math.Pow(-a1, 3),
	}
}
