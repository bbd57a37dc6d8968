package report

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/apjn"
	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/recursions"
)

// The rows of the dhg table, each number certified to the table's digits:
//
//   - a critical point that the scan finds: up to calc.Float64Digits digits,
//     the float64 values with their error bounds (floatLine) where those
//     certify every digit; else apjn.CriticalSW2Digits (σ_w² and the
//     point there, 𝒦*, χ_𝒦*, χ_𝒥*, phase). ζ is from Model.ExponentDigits
//     where χ_𝒦* = 1. Where the refinement certifies no digit (a
//     tangency), the float64 values with their bounds and a note;
//   - the scale-invariant closed form σ_w² = 2(1 − μ²)/(a₊² + a₋²) at two
//     working precisions, evaluated by Model.AtDigits;
//   - GELU's two closed-form points: Model.GELUCriticalDigits, with the
//     fixed point that the recursion from the first layer reaches
//     (AtDigits) in the note.

// exactCell returns the exact rational r with the table's digits.
func (b *dhgBuilder) exactCell(r *big.Rat) (Cell, error) {
	c, err := RatCertified(r, b.digits)
	if err != nil {
		return Cell{}, err
	}
	return CertifiedCell(c), nil
}

// kCell shows a certified 𝒦*, or ∞ for a diverging kernel (no value).
func kCell(k calc.Certified) Cell {
	if k.V == nil {
		return TextCell("∞")
	}
	return CertifiedCell(k)
}

// block adds the rows of one activation, architecture and μ.
func (b *dhgBuilder) block(a Activation, m *apjn.Model, mu float64, sb2 []float64) error {
	muR := calc.ExactDecimal(mu)
	lineArch := (m.Arch == apjn.Vanilla || m.Arch == apjn.Res) && mu < 1
	if lineArch && isNamed(a.Sigma, "gelu") {
		for _, half := range []bool{false, true} {
			if err := b.geluRow(a, m, muR, half); err != nil {
				return err
			}
		}
	}
	_, scaleInv, err := recursions.ScaleInvariantOf(a.Sigma, recursions.NumericDigits)
	if err != nil {
		return err
	}
	for _, s := range sb2 {
		sR := calc.ExactDecimal(s)
		pts, err := m.CriticalSW2(s, mu)
		switch {
		case errors.Is(err, apjn.ErrNoCritical) && lineArch && scaleInv:
			if err := b.scaleInvariantRow(a, m, sR, muR); err != nil {
				return err
			}
			continue
		case errors.Is(err, apjn.ErrNoCritical):
			if err := b.noneRow(a, m, mu, s); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		}
		var floatRows [][]Cell
		full := false
		if b.digits <= calc.Float64Digits {
			if floatRows, full, err = b.floatLine(a, m, pts, mu, s); err != nil {
				return err
			}
		}
		if full {
			b.t.Rows = append(b.t.Rows, floatRows...)
			continue
		}
		lds, err := m.CriticalSW2Digits(sR, muR, b.digits)
		var nc *calc.NotCertifiedError
		switch {
		case errors.As(err, &nc):
			if floatRows == nil {
				if floatRows, _, err = b.floatLine(a, m, pts, mu, s); err != nil {
					return err
				}
			}
			note := TextCell("float64 values with their error bounds: the high-precision refinement certifies no digit here")
			for _, r := range floatRows {
				r[len(r)-1] = note
				b.t.Rows = append(b.t.Rows, r)
			}
		case err != nil:
			return err
		default:
			for _, ld := range lds {
				if err := b.lineRow(a, m, ld, muR); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// lead returns the first cells of a row: activation, architecture, μ,
// σ_b².
func (b *dhgBuilder) lead(a Activation, m *apjn.Model, mu *big.Rat, sb2 Cell) ([]Cell, error) {
	muCell := Cell{}
	if m.Arch.HasSkip() {
		var err error
		if muCell, err = b.exactCell(mu); err != nil {
			return nil, err
		}
	}
	return []Cell{TextCell(a.Label), TextCell(m.Arch.String()), muCell, sb2}, nil
}

// lineRow adds a critical point of the scan, refined by CriticalSW2Digits.
func (b *dhgBuilder) lineRow(a Activation, m *apjn.Model, ld apjn.LineDigits, mu *big.Rat) error {
	sb2, err := b.exactCell(ld.SB2)
	if err != nil {
		return err
	}
	lead, err := b.lead(a, m, mu, sb2)
	if err != nil {
		return err
	}
	pt := ld.Point
	zeta := Cell{}
	if (m.Arch == apjn.Vanilla || m.Arch == apjn.Res) && pt.K.V != nil && math.Abs(pt.ChiK.Float64()-1) <= 1e-6 {
		w, _ := ld.SW2.V.Rat(nil)
		k := new(big.Rat)
		if !pt.K.IsZero() {
			k, _ = pt.K.V.Rat(nil)
		}
		z, ok, err := m.ExponentDigits(apjn.ExactParams{SW2: w, SB2: ld.SB2, Mu: mu}, k, b.digits)
		if err != nil {
			return err
		}
		if ok {
			zeta = CertifiedCell(z)
		}
	}
	b.t.Rows = append(b.t.Rows, append(lead, CertifiedCell(ld.SW2), kCell(pt.K), CertifiedCell(pt.ChiK), CertifiedCell(pt.ChiJ),
		TextCell(pt.Phase), zeta, TextCell("Model.CriticalSW2"), Cell{}))
	return nil
}

// floatLine returns the rows of the scan's critical points pts at
// σ_b² = s from their float64 values and error bounds (calc.FromFloat64):
// σ_w² and 𝒦* with CriticalSW2's bounds, χ_𝒦* and χ_𝒥* with Model.At's at
// the float64 σ_w² widened by their largest change over σ_w² ± its bound.
// full reports whether every value keeps all the table's digits (or is 0);
// ζ is from Model.ExponentDigits.
func (b *dhgBuilder) floatLine(a Activation, m *apjn.Model, pts []apjn.LinePoint, mu, s float64) (rows [][]Cell, full bool, err error) {
	full = true
	cert := func(name string, v, e float64) Cell {
		if math.IsInf(v, 1) {
			return TextCell("∞")
		}
		c, err := calc.FromFloat64(name, v, e, b.digits)
		if err != nil {
			full = false
			return Cell{}
		}
		if c.Digits < b.digits && !c.IsZero() {
			full = false
		}
		return CertifiedCell(c)
	}
	muR, sR := calc.ExactDecimal(mu), calc.ExactDecimal(s)
	for _, lp := range pts {
		at := func(w float64) (apjn.Point, error) { return m.At(apjn.Params{SW2: w, SB2: s, Mu: mu}) }
		pt, err := at(lp.SW2)
		if err != nil {
			return nil, false, err
		}
		errK, errJ := pt.Err.ChiK, pt.Err.ChiJ
		switch {
		case !(lp.SW2Err < lp.SW2):
			// No usable bound on σ_w² (infinite, or as large as σ_w²):
			// the high-precision refinement decides.
			full = false
		case lp.SW2Err > 0:
			for _, w := range []float64{lp.SW2 - lp.SW2Err, lp.SW2 + lp.SW2Err} {
				q, err := at(w)
				if err != nil {
					errK, errJ = math.Inf(1), math.Inf(1) // the refinement decides
					break
				}
				errK = max(errK, pt.Err.ChiK+math.Abs(q.ChiK-pt.ChiK)+q.Err.ChiK)
				errJ = max(errJ, pt.Err.ChiJ+math.Abs(q.ChiJ-pt.ChiJ)+q.Err.ChiJ)
			}
		}
		sb2, err := b.exactCell(sR)
		if err != nil {
			return nil, false, err
		}
		lead, err := b.lead(a, m, muR, sb2)
		if err != nil {
			return nil, false, err
		}
		k := cert("𝒦*", lp.KStar, lp.KErr)
		zeta := Cell{}
		if (m.Arch == apjn.Vanilla || m.Arch == apjn.Res) && !math.IsInf(lp.KStar, 1) && math.Abs(pt.ChiK-1) <= 1e-6 {
			kR := new(big.Rat)
			if k.S != "0" {
				kR.SetFloat64(lp.KStar)
			}
			z, ok, err := m.ExponentDigits(apjn.ExactParams{SW2: new(big.Rat).SetFloat64(lp.SW2), SB2: sR, Mu: muR}, kR, b.digits)
			if err != nil {
				return nil, false, err
			}
			if ok {
				zeta = CertifiedCell(z)
			}
		}
		rows = append(rows, append(lead, cert("σ_w²", lp.SW2, lp.SW2Err), k,
			cert("χ_𝒦", pt.ChiK, errK), cert("χ_𝒥", pt.ChiJ, errJ), TextCell(pt.Phase), zeta,
			TextCell("Model.CriticalSW2"), Cell{}))
	}
	return rows, full, nil
}

// scaleInvariantRow adds the closed-form critical point of a
// scale-invariant φ (DHG eqs 100, 115), which the scan cannot see.
func (b *dhgBuilder) scaleInvariantRow(a Activation, m *apjn.Model, sb2, mu *big.Rat) error {
	var w [2]*big.Float
	for i, d := range []int{b.digits + ratGuardLow, b.digits + ratGuardHigh} {
		prec := calc.BitsForDigits(d) + 16
		si, ok, err := calc.DetectScaleInvariant(a.Sigma, prec)
		if err != nil || !ok {
			return fmt.Errorf("%v is not scale-invariant at %d digits (%v)", a.Sigma, d, err)
		}
		f := func() *big.Float { return new(big.Float).SetPrec(prec) }
		den := f().Add(f().Mul(si.APlus, si.APlus), f().Mul(si.AMinus, si.AMinus))
		num := f().SetRat(new(big.Rat).Mul(big.NewRat(2, 1), new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(mu, mu))))
		w[i] = f().Quo(num, den)
	}
	sw2, err := calc.Agreeing("σ_w²", w[0], w[1], b.digits)
	if err != nil {
		return err
	}
	wR, _ := w[1].Rat(nil)
	pt, err := m.AtDigits(apjn.ExactParams{SW2: wR, SB2: sb2, Mu: mu}, b.digits)
	if err != nil {
		return err
	}
	sb2Cell, err := b.exactCell(sb2)
	if err != nil {
		return err
	}
	lead, err := b.lead(a, m, mu, sb2Cell)
	if err != nil {
		return err
	}
	eq := "eq 100"
	if mu.Sign() > 0 {
		eq = "eq 115"
	}
	b.t.Rows = append(b.t.Rows, append(lead, CertifiedCell(sw2), kCell(pt.K), CertifiedCell(pt.ChiK), CertifiedCell(pt.ChiJ),
		TextCell(pt.Phase), Cell{}, TextCell("closed form, "+eq), TextCell(fmt.Sprintf("see note %d", dhgNoteScaleInv))))
	return nil
}

// geluRow adds GELU's critical point with 𝒦* = 0 (half false) or
// (3 + √17)/2 (DHG eqs 157–158, 179–180), with χ's at that 𝒦* and the fate
// of the recursion from the first layer.
func (b *dhgBuilder) geluRow(a Activation, m *apjn.Model, mu *big.Rat, half bool) error {
	b.geluUsed = true
	g, err := m.GELUCriticalDigits(half, mu, b.digits)
	if err != nil {
		return err
	}
	phase := "not critical"
	if d, _ := new(big.Float).Sub(g.ChiJ.V, big.NewFloat(1)).Float64(); math.Abs(d) <= math.Pow(10, -float64(b.digits)) {
		phase = apjn.Critical
	}
	zeta := Cell{}
	if g.Scaling {
		zeta = CertifiedCell(g.Zeta)
	}
	reached, err := m.AtDigits(g.Params, b.digits)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("not reached from the first layer (K = σ_w² + σ_b²): the recursion goes to K = %s (%s); see note %d",
		kCell(reached.K).S, reached.Phase, dhgNoteGELU)
	eq := "eqs 157–158"
	if mu.Sign() > 0 {
		eq = "eqs 179–180"
	}
	lead, err := b.lead(a, m, mu, CertifiedCell(g.SB2))
	if err != nil {
		return err
	}
	b.t.Rows = append(b.t.Rows, append(lead, CertifiedCell(g.SW2), kCell(g.K), CertifiedCell(g.ChiK), CertifiedCell(g.ChiJ),
		TextCell(phase), zeta, TextCell("closed form, "+eq), TextCell(note)))
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
	sb2Cell, err := b.exactCell(calc.ExactDecimal(sb2))
	if err != nil {
		return err
	}
	lead, err := b.lead(a, m, calc.ExactDecimal(mu), sb2Cell)
	if err != nil {
		return err
	}
	note := fmt.Sprintf("the scan finds no critical point; see note %d", dhgNoteNone)
	b.t.Rows = append(b.t.Rows, append(lead, Cell{}, Cell{}, Cell{}, Cell{}, TextCell(phase), Cell{},
		TextCell("Model.CriticalSW2"), TextCell(note)))
	return nil
}

// reluBatchNormDigits returns π/(π − 1) (ReLU's pre-BN χ_𝒥* at μ = 0, DHG
// eq 26 corrected) and the printed π²/(π − 1)², each at two working
// precisions with the digits on which both agree.
func reluBatchNormDigits(digits int) (relu, printed calc.Certified, err error) {
	var r, p [2]*big.Float
	for i, d := range []int{digits + ratGuardLow, digits + ratGuardHigh} {
		prec := calc.BitsForDigits(d) + 16
		pi := bigmath.Pi(prec)
		pm1 := new(big.Float).SetPrec(prec).Sub(pi, big.NewFloat(1))
		r[i] = new(big.Float).SetPrec(prec).Quo(pi, pm1)
		p[i] = new(big.Float).SetPrec(prec).Mul(r[i], r[i])
	}
	if relu, err = calc.Agreeing("π/(π − 1)", r[0], r[1], digits); err != nil {
		return relu, printed, err
	}
	printed, err = calc.Agreeing("π²/(π − 1)²", p[0], p[1], digits)
	return relu, printed, err
}

// orDash returns s, or — for a value without one certified digit.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
