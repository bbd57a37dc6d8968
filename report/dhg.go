package report

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"critcalc/apjn"
	"critcalc/calc"
)

// DHGActivations returns the default activations of the dhg table: erf
// (DHG App. J), ReLU (App. I), tanh and GELU (App. K).
func DHGActivations() []Activation {
	return MustActivations("erf", "erf", "relu", "relu", "tanh", "tanh", "gelu", "gelu")
}

// DHGArchNames lists the architectures of the dhg table in order, as
// apjn.ParseArch spells them.
var DHGArchNames = []string{"vanilla", "ln-pre", "ln-post", "res", "preln-res", "bn"}

// DHGBiasVariances and DHGSkips are the default σ_b² values and, for the
// architectures with an identity skip, the default μ values of the dhg
// table.
var (
	DHGBiasVariances = []float64{0, 0.1, 0.5}
	DHGSkips         = []float64{0, 0.5, 1}
)

// dhgColumns are the columns of the dhg table.
var dhgColumns = []Column{
	{Key: "activation", Header: "activation"},
	{Key: "arch", Header: "architecture"},
	{Key: "mu", Header: "μ"},
	{Key: "sigma_b2", Header: "σ_b²"},
	{Key: "sigma_w2", Header: "σ_w²", Note: "critical"},
	{Key: "K_star", Header: "K*", TeX: `$\mathcal{K}^*$`},
	{Key: "chi_K", Header: "χ_K*", TeX: `$\chi_{\mathcal{K}}^*$`},
	{Key: "chi_J", Header: "χ_J*", TeX: `$\chi_{\mathcal{J}}^*$`},
	{Key: "phase", Header: "phase"},
	{Key: "zeta", Header: "ζ", Note: "J ∝ ℓ to the −ζ"},
	{Key: "source", Header: "source"},
	{Key: "note", Header: "note"},
}

// DHGTable returns the critical lines and points of Doshi, He and Gromov
// for each activation and architecture: for every σ_b² of sb2 (and every
// μ of mus for the architectures with a skip) the critical weight
// variances that apjn.Model.CriticalSW2 finds, or the closed form where the
// scan cannot see the critical point (scale-invariant φ, eqs 100 and 115:
// χ_𝒥 does not depend on 𝒦), with 𝒦*, χ_𝒦*, χ_𝒥* and the phase from
// apjn.Model.At, and DHG's exponent ζ from Model.CriticalExponent where
// χ_𝒦* = 1. GELU also gets its two critical points from eqs 157–164
// (179–180 with a skip), which the recursion does not reach from the first
// layer. A σ_b² without a critical σ_w² is a row with empty numbers and a
// note, never NaN. Every number is certified to at most digits
// significant digits (1 to apjn.MaxDigits; see dhgrows.go); σ_b² and μ
// are the exact numbers their shortest decimals denote (0.1 is 1/10).
func DHGTable(acts []Activation, sb2, mus []float64, digits int) (*Table, error) {
	if digits < 1 || digits > apjn.MaxDigits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the dhg table, got %d", apjn.MaxDigits, digits)
	}
	if len(sb2) == 0 || len(mus) == 0 {
		return nil, errors.New("dhg table: want at least one σ_b² and one μ")
	}
	for _, v := range sb2 {
		if !(v >= 0) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("dhg table: σ_b² must be finite and ≥ 0, got %g", v)
		}
	}
	for _, v := range mus {
		if !(v >= 0 && v <= 1) {
			return nil, fmt.Errorf("dhg table: μ must be in [0, 1], got %g", v)
		}
	}
	b := &dhgBuilder{digits: digits}
	b.t = &Table{
		Name:    "dhg",
		Title:   "Critical lines and points of MLP architectures (Doshi, He & Gromov): σ_w² where χ_J* = 1",
		Columns: dhgColumns,
	}
	for _, a := range acts {
		for _, name := range DHGArchNames {
			arch, err := apjn.ParseArch(name)
			if err != nil {
				return nil, err
			}
			m, err := apjn.NewModel(a.Sigma, arch)
			if err != nil {
				return nil, fmt.Errorf("dhg table: %s, %s: %w", a.Label, name, err)
			}
			skips := []float64{0}
			if arch.HasSkip() {
				skips = mus
			}
			for _, mu := range skips {
				if err := b.block(a, m, mu, sb2); err != nil {
					return nil, fmt.Errorf("dhg table: %s, %s, μ = %g: %w", a.Label, name, mu, err)
				}
			}
		}
	}
	if err := b.footnotes(acts); err != nil {
		return nil, fmt.Errorf("dhg table: %w", err)
	}
	return b.t, nil
}

// dhgBuilder accumulates the rows of the dhg table and the footnotes they
// call for.
type dhgBuilder struct {
	t      *Table
	digits int
	// geluUsed records that a row shows GELU's half-stable point, whose
	// printed exponent a footnote corrects.
	geluUsed bool
}

// Footnote numbers (1-based, in the order footnotes writes them).
const (
	dhgNoteNone     = 1
	dhgNoteScaleInv = 2
	dhgNoteGELU     = 3
)

// dhgScanLo and dhgScanHi are the ends of the σ_w² range that
// apjn.Model.CriticalSW2 scans.
const dhgScanLo, dhgScanHi = 1e-2, 1e3

// footnotes writes the notes in the numbering the rows refer to, then the
// corrections of DHG's printed values that apply to the activations shown.
func (b *dhgBuilder) footnotes(acts []Activation) error {
	t := b.t
	t.Footnotes = []string{
		fmt.Sprintf("No critical point: Model.CriticalSW2 finds no sign change of χ_J* − 1 for σ_w² in [%g, %g] (apjn.ErrNoCritical); the phase column gives Model.At's phase at σ_w² = %g and %g. BatchNorm's APJN does not depend on (σ_w², σ_b²); μ = 1 has no finite fixed point (subcritical, everywhere-critical or chaotic); with LayerNorm on preactivations at σ_b² = 0, χ_J* = (1 − μ²)⟨φ'²⟩₁/⟨φ²⟩₁ + μ² does not depend on σ_w² (ReLU: 1, critical for every σ_w²).", dhgScanLo, dhgScanHi, dhgScanLo, dhgScanHi),
		"Scale-invariant φ (a₊z for z ≥ 0, a₋z for z < 0): χ_J = σ_w²(a₊² + a₋²)/2 + μ² for every K, so the critical σ_w² = 2(1 − μ²)/(a₊² + a₋²) (apjn.ScaleInvariantCriticalSW2, DHG eqs 100, 115) holds for every σ_b²; the kernel stays at its first-layer value for σ_b² = 0 and grows linearly (K* = ∞) for σ_b² > 0. The scan cannot see it: the kernel diverges on the chaotic side.",
		"GELU's critical points (DHG eqs 157–164, with skip 179–184): K* = 0 at σ_w² = 4(1 − μ²), σ_b² = 0, unstable (ã₁ = 6/π > 0, eq 164), and K* = (3 + √17)/2, half-stable; both are fixed points that the recursion started at the first layer (K = σ_w² + σ_b²) does not reach, so Model.CriticalSW2 does not find them.",
		fmt.Sprintf("Values certified to at most %d significant digits: up to %d digits from float64 recursions with their error bounds where these certify every digit, else in high precision (apjn.CriticalSW2Digits, AtDigits, GELUCriticalDigits, ExponentDigits: Gaussian averages at two working precisions, the digits on which both agree and which the error of K* leaves); a value whose bound contains 0 is 0, so a kernel that flows to K* = 0 shows 0. σ_b² and μ are the exact numbers their decimals denote. K and J stand for DHG's kernel and APJN.", b.digits, calc.Float64Digits),
	}
	if b.geluUsed {
		t.Footnotes = append(t.Footnotes,
			"Correction (DHG eqs 165–169; see README Corrections): at GELU's half-stable point the quadratic coefficient is ã₁ = −0.000143626, not the printed +0.00014, so δK ≈ +6962.5/ℓ (approach from above) and the APJN grows as ℓ to the power +64.98 (ζ = −64.98), where DHG prints δK ≈ −7142.9/ℓ and ζ = 66.668.")
	}
	t.Footnotes = append(t.Footnotes,
		"χ_J = σ_w²⟨φ'²⟩ + μ² for vanilla and res networks: DHG eq 11 prints σ_w² twice; every later use (App. D eq 30, I.2, J.2, K.2) has one factor.")
	var bn []string
	for _, a := range acts {
		m, err := apjn.NewModel(a.Sigma, apjn.BN)
		if err != nil {
			continue
		}
		one, zero := big.NewRat(1, 1), new(big.Rat)
		pt, err := m.AtDigits(apjn.ExactParams{SW2: one, SB2: zero, Mu: zero}, b.digits)
		if err != nil {
			return fmt.Errorf("%s, bn: %w", a.Label, err)
		}
		bn = append(bn, fmt.Sprintf("%s %s", a.Label, orDash(pt.ChiJ.Text())))
	}
	if len(bn) > 0 {
		relu, printed, err := reluBatchNormDigits(b.digits)
		if err != nil {
			return err
		}
		t.Footnotes = append(t.Footnotes, fmt.Sprintf(
			"BatchNorm (large batch, μ < 1): χ_J* = (1 − μ²)⟨φ'²⟩₁/(⟨φ²⟩₁ − ⟨φ⟩₁²) + μ² ≥ 1 for every (σ_w², σ_b²) (Model.AtDigits; at μ = 0: %s). Correction (DHG eq 26; see README Corrections): for ReLU it is π(1 − μ²)/(π − 1) + μ² = %s at μ = 0 (apjn.ReLUBatchNormChiJ, AutoInit eq 38); DHG prints π²(1 − μ²)/(π − 1)² + μ² = %s.",
			strings.Join(bn, ", "), relu.Text(), printed.Text()))
	}
	return nil
}

// isNamed reports whether e is the named activation name applied to x.
func isNamed(e calc.Expr, name string) bool {
	n, err := calc.Parse(name)
	return err == nil && e.String() == n.String()
}
