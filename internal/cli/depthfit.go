package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"critcalc/asymptotics"
	"critcalc/calc"
	"critcalc/recursions"
)

// minFitLayers is the depth from which `critcalc depth` fits the large-ℓ
// behaviour and sets it against PDLT's predictions.
const minFitLayers = 1000

// fitDigits is how many significant digits the predictions are shown
// with (closed forms of float64 Taylor data); fitted values are shown to
// the second significant digit of their uncertainty.
const fitDigits = 10

// depthAsymptotics is the "asymptotics" block of `critcalc depth`.
type depthAsymptotics struct {
	Class       string          `json:"class,omitempty"`
	KStar       jsonNum         `json:"K_star,omitempty"`
	Reason      string          `json:"reason,omitempty"`
	Predictions []depthSeries   `json:"predictions,omitempty"`
	LogL0       jsonNum         `json:"log_l0,omitempty"`
	Comparisons []depthCompared `json:"comparisons,omitempty"`
}

type depthSeries struct {
	Quantity string      `json:"quantity"`
	Exponent jsonNum     `json:"exponent"`
	Terms    []depthTerm `json:"terms"`
	Relative bool        `json:"relative"`
	UsesL0   bool        `json:"uses_l0"`
	Zero     bool        `json:"zero"`
	Source   string      `json:"source"`
}

type depthTerm struct {
	Power    jsonNum `json:"power"`
	LogPower int     `json:"log_power"`
	Coeff    jsonNum `json:"coeff"`
}

type depthCompared struct {
	Quantity  string  `json:"quantity"`
	What      string  `json:"what"`
	Power     jsonNum `json:"power,omitempty"`
	LogPower  int     `json:"log_power,omitempty"`
	Predicted jsonNum `json:"predicted"`
	Fitted    jsonNum `json:"fitted"`
	Err       jsonNum `json:"err"`
	Agrees    bool    `json:"agrees"`
	// Verdict is "agrees", "DISAGREES" or "inconclusive"
	// (asymptotics.Comparison.Inconclusive).
	Verdict string `json:"verdict"`
	// Reason says why a comparison is inconclusive.
	Reason string `json:"reason,omitempty"`
}

// depthSequences collects the per-layer sequences the fit reads.
type depthSequences map[string]asymptotics.Sequence

func (s depthSequences) add(key string, l int, v float64) {
	q := s[key]
	q.L, q.V = append(q.L, l), append(q.V, v)
	s[key] = q
}

// fitDepth predicts the large-depth behaviour of σ at (C_b, C_W) from K1
// and compares it with the iterated sequences seqs. A point without a
// power law, or a fit that fails, is a reason, not an error.
func fitDepth(e calc.Expr, f *depthFlags, layers []recursions.Layer, seqs depthSequences) *depthAsymptotics {
	pred, err := asymptotics.Predict(e, f.cb.f, f.cw.f, f.k1.f)
	if err != nil {
		return &depthAsymptotics{Reason: fitReason(err)}
	}
	if s, ok := depthNTKPrediction(e, f, pred); ok {
		pred.Series = append(pred.Series, s)
	}
	out := &depthAsymptotics{Class: pred.Class.String()}
	if pred.Class != recursions.ClassSemiCritical {
		out.KStar = floatNum(pred.Kstar, fitDigits)
	}
	for k, v := range asymptotics.SequencesOf(layers, pred.Kstar, f.renormalize) {
		seqs[k] = v
	}
	num := func(v float64) jsonNum { return floatNum(v, fitDigits) }
	for _, s := range pred.Series {
		ds := depthSeries{Quantity: s.Quantity, Exponent: num(s.Exponent), Relative: s.Relative, UsesL0: s.UsesL0, Zero: s.Zero, Source: s.Source, Terms: []depthTerm{}}
		for _, t := range s.Terms {
			ds.Terms = append(ds.Terms, depthTerm{num(t.Power), t.LogPower, num(t.Coeff)})
		}
		out.Predictions = append(out.Predictions, ds)
	}
	conf, err := asymptotics.Compare(pred.Series, map[string]asymptotics.Sequence(seqs), 0)
	if err != nil {
		out.Reason = fitReason(err)
		return out
	}
	if len(conf.Skipped) > 0 {
		out.Reason = fmt.Sprintf("not fitted (zero or changing sign): %s", strings.Join(conf.Skipped, ", "))
	}
	if conf.HasL0 {
		out.LogL0 = withError(conf.LogL0, conf.LogL0Err)
	}
	for _, c := range conf.Comparisons {
		predicted := num(c.Predicted)
		if c.PredictedErr > 0 { // it uses the fitted log ℓ₀: the digits that error leaves
			predicted = withError(c.Predicted, c.PredictedErr)
		}
		dc := depthCompared{Quantity: c.Quantity, What: c.What, LogPower: c.LogPower, Predicted: predicted, Fitted: withError(c.Fitted, c.Err),
			Err: floatNum(c.Err, 2), Agrees: c.Agrees, Verdict: "agrees"}
		switch why := c.Inconclusive(); {
		case !c.Agrees:
			dc.Verdict = "DISAGREES"
		case why != "":
			dc.Agrees, dc.Verdict, dc.Reason = false, "inconclusive", why
		}
		if c.What == "coefficient" {
			dc.Power = num(c.Power)
		}
		out.Comparisons = append(out.Comparisons, dc)
	}
	return out
}

// fitReason is err's message without the package name the asymptotics
// errors start with: the text report prints the reason after
// "asymptotics: " already, and the JSON key says where it belongs.
func fitReason(err error) string {
	return strings.TrimPrefix(err.Error(), "asymptotics: ")
}

func writeDepthFitText(w io.Writer, a *depthAsymptotics) {
	fmt.Fprintln(w)
	if a.Class == "" {
		fmt.Fprintf(w, "asymptotics: %s\n", a.Reason)
		return
	}
	fmt.Fprintf(w, "asymptotics (class %s", a.Class)
	if a.KStar != "" {
		fmt.Fprintf(w, ", K* = %s", a.KStar)
	}
	if a.LogL0 != "" {
		fmt.Fprintf(w, ", log ℓ₀ = %s", a.LogL0)
	}
	fmt.Fprintln(w, "): predicted against fitted")
	if a.Reason != "" {
		fmt.Fprintf(w, "  %s\n", a.Reason)
	}
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, c := range a.Comparisons {
		what := c.What
		if c.What == "coefficient" {
			what = fmt.Sprintf("coefficient of log^%d ℓ/ℓ^%s", c.LogPower, c.Power)
		}
		verdict := c.Verdict
		if c.Reason != "" {
			verdict += " (" + c.Reason + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s ± %s\t%s\n", c.Quantity, what, c.Predicted, c.Fitted, c.Err, verdict)
	}
	tw.Flush()
}
