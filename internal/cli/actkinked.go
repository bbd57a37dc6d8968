package cli

import (
	"fmt"
	"io"

	"critcalc/recursions"
)

// actKinked is the kinked-linear class in the JSON of `critcalc act`:
// σ(0) = 0 with a kink at 0 (ELU, SELU, softsign).
type actKinked struct {
	APlus  jsonNum `json:"a_plus"`
	AMinus jsonNum `json:"a_minus"`
	BPlus  jsonNum `json:"b_plus"`
	BMinus jsonNum `json:"b_minus"`
	A2     jsonNum `json:"A2"`
	A32    jsonNum `json:"a3_2"`
	A1     jsonNum `json:"a1"`
	Decay  jsonNum `json:"decay"` // D in ΔK ≈ D/ℓ² when a3_2 < 0, else null
}

// addKinked fills the kinked-linear block of rep from kd (nil: nothing).
func addKinked(rep *actReport, kd *recursions.Kinked) {
	if kd == nil {
		return
	}
	rep.Kinked = &actKinked{APlus: certNum(kd.APlus), AMinus: certNum(kd.AMinus), BPlus: certNum(kd.BPlus), BMinus: certNum(kd.BMinus),
		A2: certNum(kd.A2), A32: certNum(kd.A32), A1: certNum(kd.A1), Decay: certNum(kd.Decay)}
}

func writeKinkedText(w io.Writer, k *actKinked) {
	fmt.Fprintf(w, "kinked at 0  σ'(0±) = %s, %s  σ''(0±) = %s, %s  A2 = %s\n", k.APlus, k.AMinus, k.BPlus, k.BMinus, k.A2)
	fmt.Fprintf(w, "             ΔK' = ΔK + a3/2 ΔK^(3/2) + a1 ΔK² + …  with a3/2 = %s, a1 = %s", k.A32, k.A1)
	if k.Decay != "" {
		fmt.Fprintf(w, "; ΔK ≈ %s/ℓ²", k.Decay)
	}
	fmt.Fprintln(w)
}
