package figure

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// linearTicks places labelled ticks at the multiples of a round step (1,
// 2, 2.5 or 5 × 10^k, the smallest that gives at most six) with unlabelled
// ticks at a fifth of it (a half of 2 × 10^k), and labels them with the fewest decimals that
// tell the major ticks apart exactly (0.5, 1, 1.5 — never
// 1.5000000000000002), a true minus sign, and powers of ten (2×10^{-5})
// for very small or large values.
type linearTicks struct{}

// Ticks returns the ticks of [min, max].
func (linearTicks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) || math.IsInf(max-min, 0) {
		return plot.DefaultTicks{}.Ticks(min, max)
	}
	step := niceStep(max-min, 6)
	var major []float64
	for k := math.Ceil(min/step - 1e-9); k*step <= max+1e-9*step; k++ {
		major = append(major, k*step)
	}
	var ts []plot.Tick
	for _, v := range major {
		if math.Abs(v) < 1e-9*step {
			v = 0
		}
		ts = append(ts, plot.Tick{Value: v, Label: tickLabel(v, major)})
	}
	parts := 5.0 // minor ticks: a fifth of the step, a half of a step of 2×10^k
	if m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); math.Abs(m-2) < 1e-9 {
		parts = 2
	}
	minor := step / parts
	for k := math.Ceil(min/minor - 1e-9); k*minor <= max+1e-9*minor; k++ {
		if r := math.Mod(math.Abs(k), parts); r > 0.5 && r < parts-0.5 {
			ts = append(ts, plot.Tick{Value: k * minor})
		}
	}
	return ts
}

// niceStep is the smallest of 1, 2, 2.5, 5 × 10^k that divides a span into
// at most n steps.
func niceStep(span float64, n int) float64 {
	p := math.Pow(10, math.Floor(math.Log10(span/float64(n))))
	for {
		for _, m := range []float64{1, 2, 2.5, 5} {
			if span/(m*p) <= float64(n) {
				return m * p
			}
		}
		p *= 10
	}
}

// tickLabel writes v with the decimals that all of major need.
func tickLabel(v float64, major []float64) string {
	big := 0.0
	for _, m := range major {
		big = math.Max(big, math.Abs(m))
	}
	if big >= 1e5 || (big > 0 && big < 1e-3) {
		return sciLabel(v, sigDigits(major))
	}
	d := decimals(major)
	return minus(strconv.FormatFloat(v, 'f', d, 64))
}

// decimals is the fewest decimals (at most 10) with which every value of
// vs is written exactly to 1e-9 of its spacing.
func decimals(vs []float64) int {
	for d := 0; d < 10; d++ {
		s := math.Pow(10, float64(d))
		ok := true
		for _, v := range vs {
			if math.Abs(math.Round(v*s)/s-v) > 1e-9*math.Max(math.Abs(v), 1/s) {
				ok = false
				break
			}
		}
		if ok {
			return d
		}
	}
	return 10
}

// sigDigits is the fewest significant digits (1 to 6) that write every
// value of vs to 1e-9 relative.
func sigDigits(vs []float64) int {
	for d := 1; d < 6; d++ {
		ok := true
		for _, v := range vs {
			if v == 0 {
				continue
			}
			r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'e', d-1, 64), 64)
			if math.Abs(r-v) > 1e-9*math.Abs(v) {
				ok = false
				break
			}
		}
		if ok {
			return d
		}
	}
	return 6
}

// sciLabel writes v as m×10^{k} with d significant digits.
func sciLabel(v float64, d int) string {
	if v == 0 {
		return "0"
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(v, 'e', d-1, 64), "e")
	k, _ := strconv.Atoi(exp)
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	return minus(mant) + "×10^{" + minus(strconv.Itoa(k)) + "}"
}

// minus replaces a leading hyphen by a minus sign and writes −0 as 0.
func minus(s string) string {
	if t, ok := strings.CutPrefix(s, "-"); ok {
		if strings.Trim(t, "0.") == "" {
			return t
		}
		return "−" + t
	}
	return s
}

// logTicks places ticks on a logarithmic axis: labelled powers of ten (at
// most six labels; every second or fifth decade when there are more), with
// unlabelled ticks at 2…9 × 10^k when the axis spans at most six decades;
// an axis that holds fewer than two powers of ten gets labelled ticks at
// 1, 2 and 5 × 10^k.
type logTicks struct{}

// Ticks returns the ticks of [min, max] (min > 0).
func (logTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) {
		return nil
	}
	lo, hi := int(math.Ceil(math.Log10(min)-1e-12)), int(math.Floor(math.Log10(max)+1e-12))
	var ts []plot.Tick
	if hi-lo+1 < 2 {
		var major []float64
		for k := lo - 1; k <= hi; k++ {
			for _, m := range []float64{1, 2, 5} {
				if v := m * math.Pow(10, float64(k)); v >= min*(1-1e-12) && v <= max*(1+1e-12) {
					major = append(major, v)
				}
			}
		}
		for _, v := range major {
			label := tickLabel(v, major)
			if !strings.Contains(label, "×") {
				// Each label by itself: 0.05, 0.1, 0.2 (not 0.10, 0.20).
				label = minus(strconv.FormatFloat(roundSig(v, 1), 'f', -1, 64))
			}
			ts = append(ts, plot.Tick{Value: v, Label: label})
		}
		return ts
	}
	step := 1
	for (hi-lo)/step+1 > 6 {
		switch step {
		case 1:
			step = 2
		case 2:
			step = 5
		default:
			step *= 2
		}
	}
	minor := hi-lo <= 6
	for k := lo - 1; k <= hi; k++ {
		p := math.Pow(10, float64(k))
		if k >= lo && (k-lo)%step == 0 {
			ts = append(ts, plot.Tick{Value: p, Label: powerLabel(k)})
		} else if k >= lo && p >= min && p <= max {
			ts = append(ts, plot.Tick{Value: p})
		}
		if minor {
			for m := 2.0; m < 10; m++ {
				if v := m * p; v >= min && v <= max {
					ts = append(ts, plot.Tick{Value: v})
				}
			}
		}
	}
	return ts
}

// powerLabel writes 10^k: 1 and 10 plainly, else 10^{k}.
func powerLabel(k int) string {
	switch k {
	case 0:
		return "1"
	case 1:
		return "10"
	}
	return "10^{" + minus(strconv.Itoa(k)) + "}"
}
