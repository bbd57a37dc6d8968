package report

import (
	"fmt"
	"math"
	"strconv"

	"critcalc/hermite"
)

// kernelAbsErr is the absolute accuracy of the float64 kernel-map values
// (one- and two-input expectations good to about 1e-13): a value below it
// in magnitude is shown as 0, and only digits above it are shown.
const kernelAbsErr = 1e-13

// JoudakiTable returns Table S.1 of Joudaki & Hofmann recomputed from
// hermite.KernelMap and its Theorem 1 analysis: for each activation (φ
// normalized by C = √E[σ(X)²]) and each printed quantity, the recomputed
// value, the printed one (for the activations of the paper, by label) and
// whether the printed value agrees with the recomputation to the two
// decimals printed. digits (1 to Float64Digits) bounds the significant
// digits shown.
func JoudakiTable(acts []Activation, digits int) (*Table, error) {
	if digits < 1 || digits > Float64Digits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the kernel-map table, got %d", Float64Digits, digits)
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
		vals, err := joudakiValues(a)
		if err != nil {
			return nil, err
		}
		printed, inPaper := joudakiPrintedFor(a)
		for i, q := range joudakiQuantities {
			rec := absCell(vals[i], kernelAbsErr, digits)
			if q.key == "case" {
				rec = IntCell(int(vals[i]))
			}
			row := []Cell{TextCell(a.Label), TextCell(a.Sigma.String()), TextCell(q.label), rec, {}, {}}
			if inPaper {
				p := printed[i]
				row[4] = Cell{Kind: Number, S: strconv.FormatFloat(p, 'f', 2, 64), Digits: 3}
				if q.key == "case" {
					row[4] = IntCell(int(p))
				}
				row[5] = TextCell("agrees")
				if contradicts(q.key, p, vals[i]) {
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
		fmt.Sprintf("Recomputed values are float64 (absolute accuracy about 1e-13), shown with at most %d significant digits; a printed value is wrong when it differs from the recomputed one by more than half a unit in its second decimal, or names another case.", digits),
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

// joudakiValues returns the quantities of joudakiQuantities for a, from
// hermite.NewKernelMap and KernelMap.Analyze.
func joudakiValues(a Activation) ([9]float64, error) {
	var v [9]float64
	m, err := hermite.NewKernelMap(a.Sigma)
	if err != nil {
		return v, fmt.Errorf("kernel map of %s: %w", a.Label, err)
	}
	fp, err := m.Analyze()
	if err != nil {
		return v, fmt.Errorf("Theorem 1 for %s: %w", a.Label, err)
	}
	kr, err := m.Kappa(fp.RhoStar)
	if err != nil {
		return v, fmt.Errorf("κ(ρ*) of %s: %w", a.Label, err)
	}
	k0, kp0, kp1 := m.Effective()
	return [9]float64{m.C, fp.Alpha, fp.RhoStar, kr, k0, kp0, kp1, fp.KappaPrimeRhoStar, float64(fp.Case)}, nil
}

// absCell shows v known to within absErr: 0 when |v| ≤ absErr, otherwise
// the digits above absErr, at most digits.
func absCell(v, absErr float64, digits int) Cell {
	if math.Abs(v) <= absErr {
		return IntCell(0)
	}
	d := int(math.Floor(math.Log10(math.Abs(v)) - math.Log10(absErr)))
	return FloatCell(v, max(1, min(d, digits)))
}
