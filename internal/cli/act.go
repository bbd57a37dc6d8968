package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"critcalc/calc"
	"critcalc/recursions"
)

func init() {
	commands = append(commands, &command{
		name:    "act",
		usage:   "EXPR [--kmax K] [--cb X --cw Y] [--at K] [--digits D] [--json]",
		summary: "criticality of an activation: critical (C_b, C_W), universality class, exponents, fixed points",
		detail: `The single-input kernel recursion K' = C_b + C_W⟨σ²⟩_K (Principles of Deep
Learning Theory, ch. 5) is critical where χ∥ = χ⊥ = 1. The command reports
the scale-invariant class (σ = a₊z for z ≥ 0, a₋z below: critical at
(0, 1/A₂), a line of fixed points), the K* = 0 class from the Taylor series of
σ at 0 (critical at (0, 1/σ'(0)²) with a₁, a₂, b₁), and every root K* in
(0, --kmax] of 2K²⟨σ'²⟩/⟨σ²(z² − K)⟩ = 1 with C_W = 1/⟨σ'²⟩,
C_b = K* − ⟨σ²⟩/⟨σ'²⟩ and the quadratic coefficient ã₁ = ½C_W g''(K*) that
makes the point half-stable. a₁ and ã₁ are printed with their sign (the book
prints −a₁ and −ã₁). Depth exponents are given for an attracting K* = 0
point. With --cb and --cw, every fixed point in [0, --kmax] is listed with
χ∥, χ⊥, its stability, phase and correlation depth ξ = 1/|log χ⊥|. With
--at K (and --cw, default 1) the report adds the quantities at that K:
g = ⟨σ²⟩, g', g'', χ∥ in both its forms (5.50), χ⊥, h = ½dχ⊥/dK, j (5.111)
and the vertex source C_W²(⟨σ⁴⟩ − ⟨σ²⟩²), each certified to --digits
digits. Numbers given to --cb, --cw and --at are exact decimals (0.1 is
1/10) or fractions (2/3).

The float64 analysis finds and classifies every critical point; each root
K* > 0 is then refined by Newton's method on K⟨σ'²⟩ − ⟨zσσ'⟩ with certified
high-precision expectations, and K*, C_b, C_W and ã₁ are printed with the
digits (at most --digits D, 1 to 60, default 12) that their propagated error
bound certifies; the Taylor data σ^(p)(0), a₁, a₂, b₁, p⊥, the kinked-linear
and the scale-invariant data are computed at two working precisions and
printed with the digits on which they agree. The fixed points K > 0 of --cb
and --cw are refined the same way (Newton on C_b + C_W g(K) − K) with χ∥, χ⊥
and ξ, at every --digits; at K = 0, χ∥ = χ⊥ = C_W(σ'(0⁺)² + σ'(0⁻)²)/2 and ξ
to --digits digits; a double root is float64 and printed with about
14 + log10|1 − χ∥| digits.
An activation without a physical critical point is not an
error: the report gives the reason.`,
		noDefault: []string{"cb", "cw", "at"},
		flags:     func(fs *flag.FlagSet) any { return defineActFlags(fs) },
		run:       runAct,
	})
}

// actDigits is the default --digits, and the most digits of a float64
// fixed point (one that is not refined: a double root, or K* = 0).
const actDigits = 12

type actFlags struct {
	kmax       float64
	digits     int
	cb, cw, at *exactFlag
	json       bool
}

func defineActFlags(fs *flag.FlagSet) *actFlags {
	f := &actFlags{}
	fs.Float64Var(&f.kmax, "kmax", recursions.DefaultKmax, "search K* and fixed points up to `K`")
	f.cb, f.cw, f.at = newExactFlag(0), newExactFlag(1), newExactFlag(1)
	fs.Var(f.cb, "cb", "bias variance C_b = σ_b² `X` for the fixed points (with --cw)")
	fs.Var(f.cw, "cw", "weight variance C_W = σ_w² `Y` for the fixed points (with --cb) and for --at")
	fs.Var(f.at, "at", "also report g, g', χ∥, χ⊥, h, j, the vertex source and g'' at this `K` > 0")
	fs.IntVar(&f.digits, "digits", actDigits, fmt.Sprintf("significant digits `D` of the critical data (1 to %d)", recursions.MaxDigits))
	fs.BoolVar(&f.json, "json", false, "write JSON instead of text")
	return f
}

// actReport is the JSON output of `critcalc act`.
type actReport struct {
	Expression     string        `json:"expression"`
	Digits         int           `json:"digits"`
	Class          string        `json:"class"`
	CriticalPoints []actCritical `json:"critical_points"`
	Taylor         *actTaylor    `json:"taylor,omitempty"`
	ScaleInvariant *actScaleInv  `json:"scale_invariant,omitempty"`
	Kinked         *actKinked    `json:"kinked_linear,omitempty"`
	Exponents      *actExponents `json:"exponents,omitempty"`
	Reason         string        `json:"reason,omitempty"`
	Limit          string        `json:"search_limit,omitempty"`
	FixedPoints    *[]actFixed   `json:"fixed_points,omitempty"`
	FixedLine      bool          `json:"fixed_point_line,omitempty"`
	At             *actAt        `json:"at,omitempty"`
	fixedFor       [2]string     // (C_b, C_W) of FixedPoints
}

type actCritical struct {
	KStar     jsonNum `json:"K_star"`
	Cb        jsonNum `json:"C_b"`
	CW        jsonNum `json:"C_W"`
	Physical  bool    `json:"physical"`
	Stability string  `json:"stability"`
	A1        jsonNum `json:"a1"`
	A32       jsonNum `json:"a3_2,omitempty"`
	// OtherFixed lists, for K* > 0, the other fixed points of the kernel
	// map at these (C_b, C_W) (PDLT's "trivial" fixed points).
	OtherFixed []actOtherFixed `json:"other_fixed_points,omitempty"`
}

type actOtherFixed struct {
	KStar     jsonNum `json:"K_star"`
	Stability string  `json:"stability"`
}

type actTaylor struct {
	Sigma []jsonNum `json:"sigma"`
	A1    jsonNum   `json:"a1"`
	A2    jsonNum   `json:"a2"`
	B1    jsonNum   `json:"b1"`
	// CW1 is the finite-width tuning c_W{1} = (2/3)c_W{0} = 2/(3σ₁²) (5.142).
	CW1 jsonNum `json:"c_W1"`
}

type actScaleInv struct {
	APlus   jsonNum `json:"a_plus"`
	AMinus  jsonNum `json:"a_minus"`
	A2      jsonNum `json:"A2"`
	A4      jsonNum `json:"A4"`
	RhoKink jsonNum `json:"rho_kink"`
	Vertex  jsonNum `json:"vertex"`
}

type actExponents struct {
	P0     jsonNum `json:"p0"`
	PPar   jsonNum `json:"p_par"`
	PPerp  jsonNum `json:"p_perp"`
	PV     jsonNum `json:"p_V"`
	P1Bare jsonNum `json:"p1_bare"`
	P1Ren  jsonNum `json:"p1_renormalized"`
}

type actFixed struct {
	KStar     jsonNum `json:"K_star"`
	ChiPar    jsonNum `json:"chi_par"`
	ChiPerp   jsonNum `json:"chi_perp"`
	Stability string  `json:"stability"`
	Phase     string  `json:"phase"`
	Xi        jsonNum `json:"xi"`
}

func runAct(c *command, args []string, stdout, stderr io.Writer) int {
	defer setGCPercent(actGCPercent)()
	f, fs, src, err := parseCommandLine(c, args, stderr, defineActFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case !(f.kmax > 0) || math.IsInf(f.kmax, 0):
		return usageError(c, stderr, fmt.Errorf("--kmax must be positive and finite, got %g", f.kmax))
	case f.digits < 1 || f.digits > recursions.MaxDigits:
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d, got %d", recursions.MaxDigits, f.digits))
	case set["cb"] != set["cw"] && !(set["at"] && !set["cb"]):
		return usageError(c, stderr, errors.New("--cb and --cw go together (--cw alone only with --at)"))
	case set["cb"] && f.cb.f < 0:
		return usageError(c, stderr, fmt.Errorf("--cb must be ≥ 0, got %s", f.cb))
	case set["cw"] && !(f.cw.f > 0):
		return usageError(c, stderr, fmt.Errorf("--cw must be > 0, got %s", f.cw))
	case set["at"] && !(f.at.f > 0):
		return usageError(c, stderr, fmt.Errorf("--at must be > 0, got %s", f.at))
	}
	e, err := parseExpr(src, stderr)
	if err != nil {
		return exitError
	}
	rep, err := actReportFor(e, f, set["cb"], set["at"])
	return report(c, stdout, stderr, f.json, err, rep, func(w io.Writer) { writeActText(w, rep) })
}

func actReportFor(e calc.Expr, f *actFlags, withFixed, withAt bool) (*actReport, error) {
	// The analysis is prepared (expansions at 0, no Gaussian average) while
	// σ is checked on the line and the analysis counts its oscillations; a
	// σ that fails a check is refused with its message, its preparation
	// unused.
	prep := recursions.Prepare(e)
	if err := activationTrouble(e, f.kmax); err != nil {
		return nil, err
	}
	ad, err := prep.AnalyzeDigits(f.kmax, f.digits)
	if oe := (*recursions.OscillationError)(nil); errors.As(err, &oe) {
		hinted := *oe
		hinted.Within += ": a smaller --kmax shrinks the range"
		return nil, &hinted
	}
	if err != nil {
		return nil, fmt.Errorf("analysing %s to %d digits: %w", e, f.digits, err)
	}
	rep, err := actDigitsReport(e, ad)
	if err != nil {
		return nil, err
	}
	if !withFixed && !withAt {
		return rep, nil
	}
	// The fixed points and the quantities at --at reuse the analysis's σ
	// and its high-precision node values (a scale-invariant σ has none).
	a := ad.Activation
	if a == nil {
		if a, err = recursions.New(e); err != nil {
			return nil, fmt.Errorf("preparing the averages of %s: %w", e, err)
		}
	}
	if withFixed {
		if err := addActFixed(rep, a, f); err != nil {
			return nil, err
		}
	}
	if withAt {
		if err := addActAt(rep, a, f); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// otherFixedNums formats the other fixed points of a critical point with
// certified values cb, cw: each simple root K > 0 refined to digits
// certified digits for the exact C_b and C_W that cb and cw hold (they
// carry at least 18 working digits beyond their certified ones, which
// move K by about 10^−(digits+18)/|1 − χ∥|: nothing printed unless the
// root is nearly double), a double root in float64 with the digits
// fixedPointDigits allows (the map is flat there).
func otherFixedNums(a *recursions.Activation, others []recursions.FixedPoint, cb, cw calc.Certified, digits int) ([]actOtherFixed, error) {
	if others == nil {
		return nil, nil
	}
	out := []actOtherFixed{}
	for _, q := range others {
		if q.K > 0 && !q.Tangent && cb.V != nil && cw.V != nil {
			cbR, _ := cb.V.Rat(nil)
			cwR, _ := cw.V.Rat(nil)
			p, err := a.FixedPointAtDigits(q.K, cbR, cwR, digits)
			if err != nil {
				return nil, fmt.Errorf("the other fixed point K ≈ %g: %w", q.K, err)
			}
			out = append(out, actOtherFixed{certNum(p.K), q.Stability.String()})
			continue
		}
		out = append(out, actOtherFixed{floatNum(q.K, fixedPointDigits(q.ChiPar)), q.Stability.String()})
	}
	return out, nil
}

// fixedPointDigits is how many digits of a float64 fixed point, and of the
// quantities evaluated there, hold: the 1e-14 relative error of the
// Gaussian averages is amplified by 1/|1 − χ∥| in K, so about
// 14 + log10|1 − χ∥| digits remain (12 at χ∥ = 0.992, where a 25-digit
// residual check of SWISH's fixed point confirms them; 10 for GELU's flat
// fixed point at χ∥ = 0.99991; at least 3 next to a tangency).
func fixedPointDigits(chiPar float64) int {
	d := int(math.Round(14 + math.Log10(math.Abs(1-chiPar))))
	return max(3, min(d, actDigits))
}

// addActFixed adds the fixed points of (--cb, --cw) to rep: each K* > 0
// that is a simple root refined to --digits certified digits
// (FixedPointAtDigits), K* = 0 from the slopes of σ at 0 (zeroFixedPoint),
// a double root, and K* = 0 of a σ without class data, in float64 with
// the digits fixedPointDigits allows.
func addActFixed(rep *actReport, a *recursions.Activation, f *actFlags) error {
	e := a.Sigma
	set, err := a.FixedPoints(f.cb.f, f.cw.f, f.kmax)
	if err != nil {
		return fmt.Errorf("fixed points of %s: %w", e, err)
	}
	fps := []actFixed{}
	for _, p := range set.Points {
		if p.K > 0 && !p.Tangent {
			pd, err := a.FixedPointAtDigits(p.K, f.cb.r, f.cw.r, f.digits)
			if err != nil {
				return fmt.Errorf("fixed point K ≈ %g of %s to %d digits: %w", p.K, e, f.digits, err)
			}
			fps = append(fps, actFixed{certNum(pd.K), certNum(pd.ChiPar), certNum(pd.ChiPerp), p.Stability.String(), p.Phase, certNum(pd.Xi)})
			continue
		}
		if p.K == 0 && !p.Tangent && f.cb.r.Sign() == 0 {
			chi, xi, ok, err := zeroFixedPoint(e, f.cw.r, f.digits)
			if err != nil {
				return fmt.Errorf("the fixed point K = 0 of %s: %w", e, err)
			}
			if ok {
				fps = append(fps, actFixed{"0", certNum(chi), certNum(chi), p.Stability.String(), p.Phase, certNum(xi)})
				continue
			}
		}
		d := min(f.digits, fixedPointDigits(p.ChiPar))
		num := func(v float64) jsonNum { return floatNum(v, d) }
		fps = append(fps, actFixed{num(p.K), num(p.ChiPar), num(p.ChiPerp), p.Stability.String(), p.Phase, num(p.Xi)})
	}
	rep.FixedPoints, rep.FixedLine, rep.fixedFor = &fps, set.Line, [2]string{f.cb.String(), f.cw.String()}
	return nil
}

func writeActText(w io.Writer, r *actReport) {
	fmt.Fprintf(w, "expression  %s\nclass       %s\n", r.Expression, r.Class)
	if r.Reason != "" {
		fmt.Fprintf(w, "reason      %s\n", r.Reason)
	}
	if r.Limit != "" {
		fmt.Fprintf(w, "note        %s\n", r.Limit)
	}
	if len(r.CriticalPoints) > 0 {
		fmt.Fprintln(w, "critical points (a1: a₁ at K* = 0, ã₁ at K* > 0; signs as stored, not negated):")
		for _, p := range r.CriticalPoints {
			phys := ""
			if !p.Physical {
				phys = "  unphysical (C_b < 0)"
			}
			coef := "a1 = " + orMissing(p.A1)
			if p.A32 != "" {
				coef = "a3/2 = " + string(p.A32)
			}
			fmt.Fprintf(w, "  K* = %s  C_b = %s  C_W = %s  %s  %s%s\n", orMissing(p.KStar), p.Cb, p.CW, coef, p.Stability, phys)
			for _, q := range p.OtherFixed {
				fmt.Fprintf(w, "      other fixed point at these (C_b, C_W): K = %s, %s\n", q.KStar, q.Stability)
			}
		}
	}
	if t := r.Taylor; t != nil {
		fmt.Fprintf(w, "σ^(p)(0)    %v\n", t.Sigma)
		if t.A1 != "" {
			fmt.Fprintf(w, "K*=0 class  a1 = %s  a2 = %s  b1 = %s  c_W{1} = %s (5.142)\n", t.A1, t.A2, t.B1, t.CW1)
		}
	}
	if r.Kinked != nil {
		writeKinkedText(w, r.Kinked)
	}
	if s := r.ScaleInvariant; s != nil {
		fmt.Fprintf(w, "scale-invariant  a₊ = %s  a₋ = %s  A2 = %s  A4 = %s  ρ_kink = %s  vertex 3A4/A2²−1 = %s\n", s.APlus, s.AMinus, s.A2, s.A4, s.RhoKink, s.Vertex)
	}
	if x := r.Exponents; x != nil {
		fmt.Fprintf(w, "exponents   p0 = %s  p∥ = %s  p⊥ = %s  p_V = %s  p1 = %s (bare), %s (renormalized)\n", x.P0, x.PPar, x.PPerp, x.PV, x.P1Bare, x.P1Ren)
	}
	if r.FixedPoints != nil {
		fmt.Fprintf(w, "fixed points for (C_b, C_W) = (%s, %s):\n", r.fixedFor[0], r.fixedFor[1])
		if r.FixedLine {
			fmt.Fprintln(w, "  every K ≥ 0 (a line of fixed points)")
		}
		for _, p := range *r.FixedPoints {
			fmt.Fprintf(w, "  K* = %s  χ∥ = %s  χ⊥ = %s  ξ = %s  %s, %s\n", p.KStar, p.ChiPar, p.ChiPerp, orMissing(p.Xi), p.Stability, p.Phase)
		}
		if !r.FixedLine && len(*r.FixedPoints) == 0 {
			fmt.Fprintln(w, "  none in [0, kmax]")
		}
	}
	if r.At != nil {
		writeActAtText(w, r.At)
	}
}
