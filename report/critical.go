package report

import (
	"fmt"

	"critcalc/asymptotics"
	"critcalc/recursions"
)

// maxAnalysisDigits is the most digits of the certified analysis.
const maxAnalysisDigits = recursions.MaxDigits

// criticalRow is one critical point of one activation, as the tables show
// it.
type criticalRow struct {
	act       Activation
	class     recursions.Class
	k         Cell // K*; the annotation "any" for a line of fixed points
	cb, cw    Cell
	a1, a32   Cell
	stability recursions.Stability
	x         asymptotics.Exponents
	physical  bool
}

// analysis is the critical analysis of one activation with its rows.
type analysis struct {
	act  Activation
	an   *recursions.Analysis
	rows []criticalRow
}

// analyzeActivation runs recursions.AnalyzeDigits and turns each critical
// point into a row whose numbers carry their certified digits. Unphysical
// roots (C_b < 0) are kept with physical = false.
func analyzeActivation(a Activation, digits int) (*analysis, error) {
	if digits < 1 || digits > recursions.MaxDigits {
		return nil, fmt.Errorf("digits must be between 1 and %d, got %d", recursions.MaxDigits, digits)
	}
	ad, err := recursions.AnalyzeDigits(a.Sigma, recursions.DefaultKmax, digits)
	if err != nil {
		return nil, fmt.Errorf("analysing %s to %d digits: %w", a.Label, digits, err)
	}
	return digitsRows(a, ad), nil
}

func digitsRows(a Activation, ad *recursions.AnalysisDigits) *analysis {
	res := &analysis{act: a, an: ad.Analysis}
	if si := ad.ScaleInvariant; si != nil {
		res.rows = append(res.rows, criticalRow{act: a, class: recursions.ClassScaleInvariant, k: AnnotationCell("any"),
			cb: IntCell(0), cw: CertifiedCell(si.CW), stability: recursions.MarginalLine,
			x: asymptotics.ExponentsOf(ad, -1), physical: true})
	}
	for i, p := range ad.Points {
		fp := ad.Analysis.Points[i]
		r := criticalRow{act: a, class: fp.Class, k: CertifiedCell(p.K), cb: CertifiedCell(p.Cb), cw: CertifiedCell(p.CW),
			a1: CertifiedCell(p.A1), a32: CertifiedCell(p.A32), stability: fp.Stability, x: asymptotics.ExponentsOf(ad, i), physical: fp.Physical}
		res.rows = append(res.rows, r)
	}
	return res
}
