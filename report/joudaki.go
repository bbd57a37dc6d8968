package report

import (
	"fmt"
	"math"
	"strconv"

	"critcalc/calc"
	"critcalc/hermite"
)

// JoudakiTable returns Table S.1 of Joudaki & Hofmann recomputed from
// hermite.KernelMap and its Theorem 1 analysis: for each activation (φ
// normalized by C = √E[σ(X)²]) and each printed quantity, the recomputed
// value, the printed one (for the activations of the paper, by label) and
// whether the printed value agrees with the recomputation to the two
// decimals printed. Every recomputed value is certified
// (hermite.KernelMap.TheoremDigits) to at most digits significant digits
// (1 to calc.MaxDigits).
func JoudakiTable(acts []Activation, digits int) (*Table, error) {
	if digits < 1 || digits > calc.MaxDigits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the kernel-map table, got %d", calc.MaxDigits, digits)
	}
	t := &Table{
		Name:  "joudaki",
		Title: "Kernel maps of normalized activations and Theorem 1 (Joudaki & Hofmann, Table S.1, recomputed)",
		Columns: []Column{
			{Key: "activation", Header: "φ"},
			{Key: "expression", Header: "σ"},
			{Key: "quantity", Header: "quantity"},
			{Key: "recomputed", Header: "recomputed"},
			{Key: "printed", Header: "printed", Note: "Table S.1"},
			{Key: "status", Header: "printed value"},
		},
	}
	wrong := map[string]bool{}
	for _, a := range acts {
		cert, err := joudakiValues(a, digits)
		if err != nil {
			return nil, err
		}
		printed, inPaper := joudakiPrintedFor(a)
		for i, q := range joudakiQuantities {
			var rec Cell
			var v float64
			if q.key == "case" {
				rec, v = IntCell(int(cert.Case)), float64(cert.Case)
			} else {
				rec, v = CertifiedCell(cert.values[i]), cert.values[i].Float64()
			}
			row := []Cell{TextCell(a.Label), TextCell(a.Sigma.String()), TextCell(q.label), rec, {}, {}}
			if inPaper {
				p := printed[i]
				row[4] = Cell{Kind: Number, S: strconv.FormatFloat(p, 'f', 2, 64), Digits: 3}
				if q.key == "case" {
					row[4] = IntCell(int(p))
				}
				row[5] = TextCell("agrees")
				if contradicts(q.key, p, v) {
					row[5] = TextCell("wrong")
					wrong[a.Label] = true
				}
			}
			t.Rows = append(t.Rows, row)
		}
	}
	t.Footnotes = []string{
		"φ = σ/C with C = √E[σ(X)²], X ~ N(0, 1); κ(ρ) = E[φ(X)φ(Y)] for standard normal X, Y with correlation ρ; κ(0), κ′(0) and κ′(1) from one-dimensional expectations, ρ* and κ′(ρ*) from two-input ones (hermite.KernelMap).",
		"Case and α as Theorem 1 states them: case 1 (κ(0) = 0) α = 1/(2 − κ′(0)); case 2 (κ′(1) < 1) α = κ′(1); case 3 (κ′(1) = 1) α = 1 − κ(0) − κ′(0); case 4 α = max{1 − κ(0), κ′(ρ*), (1 − ρ*)/(2 − κ′(ρ*))}.",
		fmt.Sprintf("Recomputed values are shown with the digits their error bounds certify, at most %d; a value whose bound contains 0 is 0. A printed value is wrong when it differs from the recomputed one by more than half a unit in its second decimal, or names another case.", digits),
	}
	seen := map[string]bool{}
	for _, a := range acts {
		if n, ok := joudakiCorrections[a.Label]; ok && wrong[a.Label] && !seen[a.Label] {
			t.Footnotes = append(t.Footnotes, n)
		}
		if a.Label == "CELU" && !seen[a.Label] {
			t.Footnotes = append(t.Footnotes, "CELU with α = 1 equals ELU with α = 1 and is computed as elu(x, 1).")
		}
		seen[a.Label] = true
	}
	return t, nil
}

// joudakiCorrections explains the printed values of Table S.1 that the
// recomputation contradicts (see README Corrections).
var joudakiCorrections = map[string]string{
	"ReLU": "ReLU: κ′(1) = E[φ′²] = 1 exactly (κ′(ρ) = (π − arccos ρ)/π), so ReLU is case 3 (polynomial) with α = 1 − 1/π − 1/2; the printed 0.95 is what a truncated Hermite sum Σ_{k≤n} k c_k² gives.",
	"SeLU": "SeLU: κ′(1) = λ²[½ + α²e²Φ(−2)] = 1.0716 (λ, α the SeLU constants); the printed 1.06 is again a truncated sum.",
	"exp":  "exp: Theorem 1 case 3 gives α = 1 − κ(0) − κ′(0) = 1 − 2/e; the printed 0.74 is 2/e = κ(0) + κ′(0).",
}

// joudakiPrintedFor returns the printed row of a: by its label, or else
// by its expression (so --act relu finds the ReLU row).
func joudakiPrintedFor(a Activation) ([9]float64, bool) {
	if p, ok := joudakiPrinted[a.Label]; ok {
		return p, true
	}
	for _, b := range JoudakiActivations() {
		if b.Sigma == a.Sigma {
			return joudakiPrinted[b.Label], true
		}
	}
	return [9]float64{}, false
}

// contradicts reports whether the printed value p of quantity key is
// contradicted by the recomputed value v.
func contradicts(key string, p, v float64) bool {
	if key == "case" {
		return int(p) != int(v)
	}
	return math.Abs(p-v) > joudakiPrintedHalfUnit*(1+1e-9)
}

// joudakiCertified are the quantities of joudakiQuantities for one
// activation: values[i] for each but the case.
type joudakiCertified struct {
	values [9]calc.Certified
	Case   hermite.Case
}

// joudakiValues returns the quantities of joudakiQuantities for a, from
// hermite.KernelMap.Analyze (the case) and TheoremDigits (every value,
// certified to at most digits digits).
func joudakiValues(a Activation, digits int) (joudakiCertified, error) {
	m, err := hermite.NewKernelMap(a.Sigma)
	if err != nil {
		return joudakiCertified{}, err // "kernel map of σ: …"
	}
	fp, err := m.Analyze()
	if err != nil {
		return joudakiCertified{}, fmt.Errorf("Theorem 1 for %s: %w", a.Label, err)
	}
	t, err := m.TheoremDigits(fp, digits)
	if err != nil {
		return joudakiCertified{}, fmt.Errorf("Theorem 1 for %s: %w", a.Label, err)
	}
	return joudakiCertified{Case: fp.Case, values: [9]calc.Certified{t.C, t.Alpha, t.RhoStar, t.KappaRhoStar, t.Kappa0, t.KappaPrime0, t.KappaPrime1, t.KappaPrimeRhoStar}}, nil
}
