package cli

import (
	"fmt"
	"math/big"

	"critcalc/asymptotics"
	"critcalc/calc"
	"critcalc/recursions"
)

// actDigitsReport is the report of the high-precision analysis ad: every
// critical value printed with its certified digits.
func actDigitsReport(e calc.Expr, ad *recursions.AnalysisDigits) (*actReport, error) {
	rep := &actReport{Expression: e.String(), Digits: ad.Digits, Class: ad.Classes.String(), Reason: ad.Reason, Limit: ad.Limit, CriticalPoints: []actCritical{}}
	if si := ad.ScaleInvariant; si != nil {
		rep.ScaleInvariant = &actScaleInv{certNum(si.APlus), certNum(si.AMinus), certNum(si.A2), certNum(si.A4), certNum(si.RhoKink), certNum(si.Vertex)}
		rep.CriticalPoints = append(rep.CriticalPoints, actCritical{Cb: "0", CW: certNum(si.CW), Physical: true, Stability: recursions.MarginalLine.String()})
	}
	if kz := ad.Taylor; kz != nil {
		t := &actTaylor{}
		for _, s := range kz.Sigma {
			t.Sigma = append(t.Sigma, certNum(s))
		}
		if kz.A1.V != nil {
			t.A1, t.A2, t.B1 = certNum(kz.A1), certNum(kz.A2), certNum(kz.B1)
			cw1 := new(big.Float).SetPrec(kz.CW.V.Prec()).Mul(kz.CW.V, big.NewFloat(2))
			t.CW1 = bigNum(cw1.Quo(cw1, big.NewFloat(3)), kz.CW.Digits)
		}
		rep.Taylor = t
	}
	addKinked(rep, ad.Kinked)
	// The other fixed points reuse the analysis's σ and its
	// high-precision node values.
	act := ad.Activation
	for i, p := range ad.Points {
		fp := ad.Analysis.Points[i]
		if len(fp.Others) > 0 && act == nil {
			var err error
			if act, err = recursions.New(e); err != nil {
				return nil, fmt.Errorf("fixed points of %s: %w", e, err)
			}
		}
		others, err := otherFixedNums(act, fp.Others, p.Cb, p.CW, ad.Digits)
		if err != nil {
			return nil, fmt.Errorf("%s at K* ≈ %g: %w", e, fp.K, err)
		}
		c := actCritical{KStar: certNum(p.K), Cb: certNum(p.Cb), CW: certNum(p.CW), Physical: fp.Physical, Stability: fp.Stability.String(), A1: certNum(p.A1),
			OtherFixed: others}
		if fp.Class == recursions.ClassKinkedLinear {
			c.A1, c.A32 = "", certNum(p.A32)
		}
		if x := asymptotics.ExponentsOf(ad, i); fp.Class == recursions.ClassKZero && x.P0.V != nil {
			rep.Exponents = &actExponents{P0: certNum(x.P0), PPar: certNum(x.PPar), PPerp: certNum(x.PPerp), PV: certNum(x.PV),
				P1Bare: certNum(x.P1Bare), P1Ren: certNum(x.P1Ren)}
		}
		rep.CriticalPoints = append(rep.CriticalPoints, c)
	}
	return rep, nil
}
