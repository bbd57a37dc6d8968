package report

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"critcalc/apjn"
	"critcalc/calc"
	"critcalc/recursions"
)

// dhgDigits is the most significant digits the dhg table shows: its
// values are float64 without error bounds of their own (χ at GELU's
// closed-form points, the exponent ζ), and its tests check them against
// DHG's closed forms to half a unit in the 6th digit.
const dhgDigits = 6

// dhgKFloor is the absolute resolution of the scanned 𝒦*: a fixed point of
// the recursion below it is shown as 0 (erf at σ_b² = 0 gives 𝒦* ≈ 6e-9
// where eq 127 has 𝒦* = 0).
const dhgKFloor = 1e-6

// DHGActivations returns the default activations of the dhg table: erf
// (DHG App. J), ReLU (App. I), tanh and GELU (App. K).
func DHGActivations() []Activation {
	return mustActivations("erf", "erf", "relu", "relu", "tanh", "tanh", "gelu", "gelu")
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
// note, never NaN. digits is 1 to 6.
func DHGTable(acts []Activation, sb2, mus []float64, digits int) (*Table, error) {
	if digits < 1 || digits > dhgDigits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the dhg table, got %d", dhgDigits, digits)
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
	b.footnotes(acts)
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

func (b *dhgBuilder) num(v float64) Cell { return FloatCell(v, b.digits) }

// kCell shows 𝒦*, with values below dhgKFloor as 0.
func (b *dhgBuilder) kCell(k float64) Cell {
	if k >= 0 && k < dhgKFloor {
		return IntCell(0)
	}
	return b.num(k)
}

// block adds the rows of one activation, architecture and μ.
func (b *dhgBuilder) block(a Activation, m *apjn.Model, mu float64, sb2 []float64) error {
	lineArch := (m.Arch == apjn.Vanilla || m.Arch == apjn.Res) && mu < 1
	if lineArch && isNamed(a.Sigma, "gelu") {
		for _, k := range []float64{0, apjn.GELUCriticalK} {
			if err := b.geluRow(a, m, mu, k); err != nil {
				return err
			}
		}
	}
	si, scaleInv, err := recursions.ScaleInvariantOf(a.Sigma, recursions.NumericDigits)
	if err != nil {
		return err
	}
	for _, s := range sb2 {
		pts, err := m.CriticalSW2(s, mu)
		switch {
		case err == nil:
			for _, lp := range pts {
				if err := b.pointRow(a, m, apjn.Params{SW2: lp.SW2, SB2: s, Mu: mu}, lp.KStar, "Model.CriticalSW2", ""); err != nil {
					return err
				}
			}
		case !errors.Is(err, apjn.ErrNoCritical):
			return err
		case lineArch && scaleInv:
			sw2 := apjn.ScaleInvariantCriticalSW2(si.APlus.Float64(), si.AMinus.Float64(), mu)
			eq := "eq 100"
			if mu > 0 {
				eq = "eq 115"
			}
			note := fmt.Sprintf("see note %d", dhgNoteScaleInv)
			if err := b.pointRow(a, m, apjn.Params{SW2: sw2, SB2: s, Mu: mu}, math.NaN(), "closed form, "+eq, note); err != nil {
				return err
			}
		default:
			if err := b.noneRow(a, m, mu, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// lead returns the first cells of a row: activation, architecture, μ,
// σ_b².
func (b *dhgBuilder) lead(a Activation, m *apjn.Model, mu, sb2 float64) []Cell {
	muCell := Cell{}
	if m.Arch.HasSkip() {
		muCell = b.num(mu)
	}
	return []Cell{TextCell(a.Label), TextCell(m.Arch.String()), muCell, b.num(sb2)}
}

// pointRow adds the critical point p, evaluated by Model.At; kScan is the
// 𝒦* that the scan reported (NaN: take Model.At's).
func (b *dhgBuilder) pointRow(a Activation, m *apjn.Model, p apjn.Params, kScan float64, source, note string) error {
	pt, err := m.At(p)
	if err != nil {
		return err
	}
	k := pt.KStar
	if !math.IsNaN(kScan) {
		k = kScan
	}
	zeta := Cell{}
	if z, ok, err := b.zeta(m, p, k, pt.ChiK); err != nil {
		return err
	} else if ok {
		zeta = b.num(z)
	}
	row := append(b.lead(a, m, p.Mu, p.SB2), b.num(p.SW2), b.kCell(k), b.num(pt.ChiK), b.num(pt.ChiJ),
		TextCell(pt.Phase), zeta, TextCell(source), textOrEmpty(note))
	b.t.Rows = append(b.t.Rows, row)
	return nil
}

// zeta returns DHG's exponent at a critical point of a vanilla or res
// network with χ_𝒦* = 1 and a finite 𝒦*; ok is false where no power law
// holds.
func (b *dhgBuilder) zeta(m *apjn.Model, p apjn.Params, k, chiK float64) (float64, bool, error) {
	if (m.Arch != apjn.Vanilla && m.Arch != apjn.Res) || math.IsInf(k, 0) || math.Abs(chiK-1) > 1e-6 {
		return 0, false, nil
	}
	if k < dhgKFloor {
		k = 0
	}
	e, err := m.CriticalExponent(p, k)
	if err != nil {
		return 0, false, err
	}
	return e.Zeta, e.Scaling, nil
}

// geluRow adds the GELU critical point with fixed point k from the closed
// form (eqs 157–158, 179–180), with χ's at that 𝒦* and the fate of the
// recursion from the first layer (Model.At).
func (b *dhgBuilder) geluRow(a Activation, m *apjn.Model, mu, k float64) error {
	b.geluUsed = true
	sw2, sb2 := apjn.GELUCriticalLine(k, mu)
	p := apjn.Params{SW2: sw2, SB2: sb2, Mu: mu}
	s := apjn.State{K: k}
	chiK, err := m.ChiK(p, s)
	if err != nil {
		return err
	}
	chiJ, err := m.ChiJ(p, s)
	if err != nil {
		return err
	}
	phase := "not critical"
	if math.Abs(chiJ-1) <= apjn.CriticalTol {
		phase = apjn.Critical
	}
	e, err := m.CriticalExponent(p, k)
	if err != nil {
		return err
	}
	zeta := Cell{}
	if e.Scaling {
		zeta = b.num(e.Zeta)
	}
	reached, err := m.At(p)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("not reached from the first layer (K = σ_w² + σ_b²): the recursion goes to K = %s (%s); see note %d",
		FloatCell(reached.KStar, b.digits).S, reached.Phase, dhgNoteGELU)
	eq := "eqs 157–158"
	if mu > 0 {
		eq = "eqs 179–180"
	}
	row := append(b.lead(a, m, mu, sb2), b.num(sw2), b.kCell(k), b.num(chiK), b.num(chiJ),
		TextCell(phase), zeta, TextCell("closed form, "+eq), TextCell(note))
	b.t.Rows = append(b.t.Rows, row)
	return nil
}

// noneRow adds a σ_b² without a critical σ_w²: the phase at both ends of
// the scan.
func (b *dhgBuilder) noneRow(a Activation, m *apjn.Model, mu, sb2 float64) error {
	lo, err := m.At(apjn.Params{SW2: dhgScanLo, SB2: sb2, Mu: mu})
	if err != nil {
		return err
	}
	hi, err := m.At(apjn.Params{SW2: dhgScanHi, SB2: sb2, Mu: mu})
	if err != nil {
		return err
	}
	phase := lo.Phase + " at both ends"
	if lo.Phase != hi.Phase {
		phase = lo.Phase + " to " + hi.Phase
	}
	note := fmt.Sprintf("the scan finds no critical point; see note %d", dhgNoteNone)
	row := append(b.lead(a, m, mu, sb2), Cell{}, Cell{}, Cell{}, Cell{}, TextCell(phase), Cell{},
		TextCell("Model.CriticalSW2"), TextCell(note))
	b.t.Rows = append(b.t.Rows, row)
	return nil
}

// dhgScanLo and dhgScanHi are the ends of the σ_w² range that
// apjn.Model.CriticalSW2 scans.
const dhgScanLo, dhgScanHi = 1e-2, 1e3

// footnotes writes the notes in the numbering the rows refer to, then the
// corrections of DHG's printed values that apply to the activations shown.
func (b *dhgBuilder) footnotes(acts []Activation) {
	t := b.t
	t.Footnotes = []string{
		fmt.Sprintf("No critical point: Model.CriticalSW2 finds no sign change of χ_J* − 1 for σ_w² in [%g, %g] (apjn.ErrNoCritical); the phase column gives Model.At's phase at σ_w² = %g and %g. BatchNorm's APJN does not depend on (σ_w², σ_b²); μ = 1 has no finite fixed point (subcritical, everywhere-critical or chaotic); with LayerNorm on preactivations at σ_b² = 0, χ_J* = (1 − μ²)⟨φ'²⟩₁/⟨φ²⟩₁ + μ² does not depend on σ_w² (ReLU: 1, critical for every σ_w²).", dhgScanLo, dhgScanHi, dhgScanLo, dhgScanHi),
		"Scale-invariant φ (a₊z for z ≥ 0, a₋z for z < 0): χ_J = σ_w²(a₊² + a₋²)/2 + μ² for every K, so the critical σ_w² = 2(1 − μ²)/(a₊² + a₋²) (apjn.ScaleInvariantCriticalSW2, DHG eqs 100, 115) holds for every σ_b²; the kernel stays at its first-layer value for σ_b² = 0 and grows linearly (K* = ∞) for σ_b² > 0. The scan cannot see it: the kernel diverges on the chaotic side.",
		"GELU's critical points (DHG eqs 157–164, with skip 179–184): K* = 0 at σ_w² = 4(1 − μ²), σ_b² = 0, unstable (ã₁ = 6/π > 0, eq 164), and K* = (3 + √17)/2, half-stable; both are fixed points that the recursion started at the first layer (K = σ_w² + σ_b²) does not reach, so Model.CriticalSW2 does not find them.",
		"Values from float64 recursions shown with at most 6 significant digits; a scanned K* below 1e-6 is shown as 0. K and J stand for DHG's kernel and APJN.",
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
		bn = append(bn, fmt.Sprintf("%s %s", a.Label, FloatCell(m.BatchNormChiJ(0), b.digits).S))
	}
	if len(bn) > 0 {
		t.Footnotes = append(t.Footnotes, fmt.Sprintf(
			"BatchNorm (large batch, μ < 1): χ_J* = (1 − μ²)⟨φ'²⟩₁/(⟨φ²⟩₁ − ⟨φ⟩₁²) + μ² ≥ 1 for every (σ_w², σ_b²) (Model.BatchNormChiJ; at μ = 0: %s). Correction (DHG eq 26; see README Corrections): for ReLU it is π(1 − μ²)/(π − 1) + μ² = %s at μ = 0 (apjn.ReLUBatchNormChiJ, AutoInit eq 38); DHG prints π²(1 − μ²)/(π − 1)² + μ² = %s.",
			strings.Join(bn, ", "), FloatCell(apjn.ReLUBatchNormChiJ(0), b.digits).S,
			FloatCell(math.Pi*math.Pi/((math.Pi-1)*(math.Pi-1)), b.digits).S))
	}
}

// isNamed reports whether e is the named activation name applied to x.
func isNamed(e calc.Expr, name string) bool {
	n, err := calc.Parse(name)
	return err == nil && e.String() == n.String()
}

// textOrEmpty returns a text cell, or an empty one for "".
func textOrEmpty(s string) Cell {
	if s == "" {
		return Cell{}
	}
	return TextCell(s)
}
