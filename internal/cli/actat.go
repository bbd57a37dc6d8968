package cli

import (
	"fmt"
	"io"

	"critcalc/recursions"
)

// actAt is the "at" block of `critcalc act --at K`: the single-input
// quantities at one K, each with its certified digits.
type actAt struct {
	K       jsonNum `json:"K"`
	CW      jsonNum `json:"C_W"`
	G       jsonNum `json:"g"`
	GPrime  jsonNum `json:"g_prime"`
	ChiPar  jsonNum `json:"chi_par"`
	ChiParZ jsonNum `json:"chi_par_zssp"`
	ChiPerp jsonNum `json:"chi_perp"`
	H       jsonNum `json:"h"`
	J       jsonNum `json:"j"`
	Vertex  jsonNum `json:"vertex_source"`
	GPrime2 jsonNum `json:"g_second"`
}

// addActAt adds the quantities at --at K (with --cw, default 1) of the
// prepared σ a to rep, to
// --digits digits, certified whatever the number of digits.
func addActAt(rep *actReport, a *recursions.Activation, f *actFlags) error {
	e := a.Sigma
	q, err := a.QuantitiesAt(f.at.r, f.cw.r, f.digits)
	if err != nil {
		return fmt.Errorf("quantities of %s at K = %s: %w", e, f.at, err)
	}
	rep.At = &actAt{K: jsonNum(ratText(f.at)), CW: jsonNum(ratText(f.cw)),
		G: certNum(q.G), GPrime: certNum(q.GPrime), ChiPar: certNum(q.ChiPar), ChiParZ: certNum(q.ChiParZ), ChiPerp: certNum(q.ChiPerp),
		H: certNum(q.H), J: certNum(q.J), Vertex: certNum(q.Vertex), GPrime2: certNum(q.GPrime2)}
	return nil
}

// ratText writes an exact flag value as a JSON number: its float64 text,
// which is how it was given unless it was a fraction.
func ratText(e *exactFlag) string { return e.String() }

func writeActAtText(w io.Writer, a *actAt) {
	fmt.Fprintf(w, "at K = %s, C_W = %s:\n", a.K, a.CW)
	fmt.Fprintf(w, "  g = %s  g' = %s  g'' = %s\n", a.G, a.GPrime, a.GPrime2)
	fmt.Fprintf(w, "  χ∥ = %s (from zσσ': %s)  χ⊥ = %s  h = %s  j = %s  vertex source = %s\n", a.ChiPar, a.ChiParZ, a.ChiPerp, a.H, a.J, a.Vertex)
}
