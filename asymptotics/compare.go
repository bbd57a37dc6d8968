package asymptotics

import (
	"fmt"
	"math"
	"sync"
)

// Sequence is an iterated quantity: values V at depths L (increasing).
type Sequence struct {
	L []int
	V []float64
}

// Comparison is one predicted number set against the value fitted to an
// iterated sequence.
type Comparison struct {
	// Quantity is the series key ("K", "V", …) or "p_V-2p_0" for the
	// scaling law (5.129).
	Quantity string `json:"quantity"`
	// What is "exponent", "coefficient" (of log^LogPower ℓ/ℓ^Power in the
	// basis with ℓ₀ = 1; relative to the leading coefficient for a
	// Relative series) or "max_abs" (a quantity predicted to vanish).
	What     string  `json:"what"`
	Power    float64 `json:"power,omitempty"`
	LogPower int     `json:"log_power,omitempty"`
	// Predicted and Fitted are the two values; Err is the uncertainty of
	// the comparison (that of the fit, with that of log ℓ₀ where the
	// prediction uses it).
	Predicted float64 `json:"predicted"`
	Fitted    float64 `json:"fitted"`
	Err       float64 `json:"err"`
	// PredictedErr is the uncertainty of Predicted itself: 0 for a
	// prediction from the activation alone, that of the fitted log ℓ₀
	// times its slope for one that uses ℓ₀.
	PredictedErr float64 `json:"predicted_err,omitempty"`
	// Agrees reports |Fitted − Predicted| ≤ AgreeSigmas·Err.
	Agrees bool `json:"agrees"`
}

// AgreeSigmas is the number of uncertainties within which a fitted value
// agrees with its prediction.
const AgreeSigmas = 3

// zeroTolerance is the largest |value| accepted for a quantity predicted
// to vanish identically.
const zeroTolerance = 1e-12

// Confirmation is the outcome of Compare.
type Confirmation struct {
	// LogL0 is log ℓ₀ of the kernel expansion (5.94), fitted from the
	// 1/ℓ² coefficient of "K" when HasL0.
	LogL0       float64      `json:"log_l0"`
	LogL0Err    float64      `json:"log_l0_err"`
	HasL0       bool         `json:"has_l0"`
	Comparisons []Comparison `json:"comparisons"`
	// Skipped lists the quantities whose sequence vanishes or changes
	// sign in the fitting window, so that no power law can be fitted
	// (δK[1] of two inputs of equal norm is exactly 0), in the order of
	// the predictions.
	Skipped []string `json:"skipped,omitempty"`
}

// Compare fits every sequence for which preds has a series (by Quantity)
// and compares the fitted exponent and every coefficient the prediction
// fixes. The exponent comes from a fit with p free; the coefficients from
// a fit with p set to the predicted exponent, of one order more than the
// prediction leaves open. ℓ₀, where a series uses it, is taken from the
// "K" series' 1/ℓ^(p+1) coefficient (which is then not a comparison). When
// both "K" and "V" are compared, the scaling law p_V − 2p₀ = −1 (5.129) is
// checked on the fitted exponents. Sequences without a series and series
// without a sequence are skipped, and so, listed in Skipped, is a
// sequence that vanishes or changes sign in its fitting window where a
// power law is predicted. minL is the lower end of every fitting window
// (0: ℓ_max/100).
func Compare(preds []Series, seqs map[string]Sequence, minL int) (Confirmation, error) {
	var out Confirmation
	// Fit "K" first: it fixes ℓ₀ for the others.
	order := make([]int, 0, len(preds))
	for i, s := range preds {
		if s.Quantity == "K" {
			order = append([]int{i}, order...)
		} else {
			order = append(order, i)
		}
	}
	fits := fitAll(preds, order, seqs, minL)
	exps := map[string][2]float64{}
	for _, i := range order {
		s, f := preds[i], fits[i]
		if f.skipped {
			out.Skipped = append(out.Skipped, s.Quantity)
			continue
		}
		if !f.present {
			continue
		}
		cs, p, err := compareOne(s, f, &out)
		if err != nil {
			return out, fmt.Errorf("asymptotics: comparing %s: %w", s.Quantity, err)
		}
		out.Comparisons = append(out.Comparisons, cs...)
		if p != nil {
			exps[s.Quantity] = *p
		}
	}
	k, okK := exps["K"]
	v, okV := exps["V"]
	if okK && okV {
		out.Comparisons = append(out.Comparisons, agreement(Comparison{
			Quantity: "p_V-2p_0", What: "exponent", Predicted: -1,
			Fitted: v[0] - 2*k[0], Err: math.Hypot(v[1], 2*k[1]),
		}))
	}
	return out, nil
}

// agreement sets Agrees.
func agreement(c Comparison) Comparison {
	c.Agrees = math.Abs(c.Fitted-c.Predicted) <= AgreeSigmas*c.Err
	return c
}

// seriesFits holds the two fits of one series' sequence that Compare
// compares with it: the exponent free, and set to the prediction.
type seriesFits struct {
	present bool // a sequence was given for the series
	skipped bool // it vanishes or changes sign in the fitting window
	// zeroMax is max |value| on the window, for a series predicted to
	// vanish (Series.Zero), which is not fitted.
	zeroMax   float64
	free, fix Fit
	err       error
}

// fitAll fits every series' sequence, the series in parallel (the fits
// are independent; which ℓ₀ a prediction uses is settled afterwards, in
// order, by compareOne). Each fit is deterministic, so the outcome does
// not depend on the scheduling.
func fitAll(preds []Series, order []int, seqs map[string]Sequence, minL int) []seriesFits {
	fits := make([]seriesFits, len(preds))
	var wg sync.WaitGroup
	for _, i := range order {
		s := preds[i]
		seq, ok := seqs[s.Quantity]
		if !ok {
			continue
		}
		fits[i].present = true
		if !s.Zero && !oneSigned(seq, minL) {
			fits[i].skipped = true
			continue
		}
		wg.Add(1)
		go func(f *seriesFits) {
			defer wg.Done()
			*f = fitSeries(s, seq, minL)
		}(&fits[i])
	}
	wg.Wait()
	return fits
}

// fitSeries makes the two fits of seq that compareOne compares with s,
// side by side: the exponent free and set to s.Exponent, the latter of one
// order more than s leaves open.
func fitSeries(s Series, seq Sequence, minL int) seriesFits {
	f := seriesFits{present: true}
	if s.Zero {
		if f.err = checkSequence(seq.L, seq.V); f.err != nil {
			return f
		}
		for i, l := range seq.L {
			if l >= minL {
				f.zeroMax = max(f.zeroMax, math.Abs(seq.V[i]))
			}
		}
		return f
	}
	opts := FitOptions{MinL: minL}
	noLogs := true
	sMax := 0
	for _, t := range s.Terms {
		noLogs = noLogs && t.LogPower == 0
		sMax = max(sMax, int(math.Round(t.Power-s.Exponent)))
	}
	if s.Exact && noLogs {
		opts.NoLogs, opts.Order = true, max(sMax, 1)
	} else {
		opts.Order = max(int(math.Round(s.Next.Power-s.Exponent))+1, 2)
	}
	fixed := opts
	fixed.FixExponent, fixed.Exponent = true, s.Exponent
	var fixErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		f.fix, fixErr = FitSequence(seq.L, seq.V, fixed)
	}()
	f.free, f.err = FitSequence(seq.L, seq.V, opts)
	wg.Wait()
	if f.err == nil {
		f.err = fixErr
	}
	return f
}

// compareOne compares one series with its fits; it returns the fitted
// exponent and its error when the exponent was fitted.
func compareOne(s Series, f seriesFits, conf *Confirmation) ([]Comparison, *[2]float64, error) {
	if f.err != nil {
		return nil, nil, f.err
	}
	if s.Zero {
		return []Comparison{agreement(Comparison{Quantity: s.Quantity, What: "max_abs", Fitted: f.zeroMax, Err: zeroTolerance / AgreeSigmas})}, nil, nil
	}
	free, fix := f.free, f.fix
	out := []Comparison{agreement(Comparison{Quantity: s.Quantity, What: "exponent",
		Predicted: s.Exponent, Fitted: free.Exponent, Err: free.ExponentErr})}
	maxPower := fix.Basis[len(fix.Basis)-1].Power
	ks, err := s.coefficients(maxPower)
	if err != nil {
		return nil, nil, err
	}
	c0, e0, _ := fix.Coeff(s.Exponent, 0)
	for n, k := range ks {
		if k.Higher || (s.Relative && n == 0) {
			continue
		}
		c, e, ok := fix.Coeff(k.Power, k.LogPower)
		if !ok {
			continue
		}
		if s.Relative {
			r := c / c0
			e = math.Hypot(e, r*e0) / math.Abs(c0)
			c = r
		}
		pred, perr := k.Const, 0.0
		if k.Slope != 0 {
			if !conf.HasL0 {
				if s.Quantity != "K" || s.Relative {
					continue
				}
				// The first ℓ₀-dependent coefficient of K fixes ℓ₀.
				conf.LogL0 = (c - k.Const) / k.Slope
				conf.LogL0Err = e / math.Abs(k.Slope)
				conf.HasL0 = true
				continue
			}
			pred += k.Slope * conf.LogL0
			perr = math.Abs(k.Slope) * conf.LogL0Err
		}
		out = append(out, agreement(Comparison{Quantity: s.Quantity, What: "coefficient",
			Power: k.Power, LogPower: k.LogPower, Predicted: pred, PredictedErr: perr, Fitted: c, Err: math.Hypot(e, perr)}))
	}
	return out, &[2]float64{free.Exponent, free.ExponentErr}, nil
}

// oneSigned reports whether seq is nonzero and of one sign on the fitting
// window from minL (0: ℓ_max/100) on.
func oneSigned(seq Sequence, minL int) bool {
	if len(seq.L) == 0 {
		return false
	}
	if minL == 0 {
		minL = seq.L[len(seq.L)-1] / 100
	}
	sign := 0.0
	for i, l := range seq.L {
		if l < minL {
			continue
		}
		v := seq.V[i]
		if v == 0 || math.IsNaN(v) || sign != 0 && (v > 0) != (sign > 0) {
			return false
		}
		sign = v
	}
	return true
}
