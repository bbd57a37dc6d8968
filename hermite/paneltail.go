package hermite

import (
	"math"
	"sync"
)

// The error of a Gauss–Legendre panel is estimated twice: from the
// difference of the 24- and 48-point rules (panelError), and from the
// Legendre coefficients of the integrand that the 48 values determine
// (coefficientError). The first assumes that the 48-point rule's relative
// error is about the square of the 24-point rule's, which a singularity of
// F close to the panel breaks: swish's σ'² has a pole at z = iπ, and at
// K = 46.33 the panel t ∈ [0, 10] has G24 − G48 = 3.0e-9 of ∫|F|φ = 0.50,
// an estimated error of 1.8e-15 and a true one of 5.1e-11. The second
// measures the rate at which the coefficients fall, whatever makes them
// fall, and extrapolates it to the degrees the 48-point rule misses. A
// panel's error is the larger of the two.

// Degrees of the coefficients from which the rate is measured: the
// envelopes (largest |a_k|) of the windows [tailLo, tailLo+tailWin) and
// [panelHigh−tailWin, panelHigh), the windows absorbing the oscillation in
// k that a pair of complex singularities gives the coefficients.
const (
	tailLo  = 24
	tailWin = 8
)

// tailNoise is the relative size, against ∫|F|φ over the panel, below which
// the coefficients are rounding errors (about 50 ulps: each is a sum of 48
// products scaled by (2k+1)/2).
const tailNoise = 50 * epsilon

// tailFlat is the rate per degree above which the coefficients count as
// not falling.
const tailFlat = 0.97

// tailMargin is the factor of safety on the extrapolated tail.
const tailMargin = 4

var (
	legOnce  sync.Once
	legTable [][]float64 // legTable[k−tailLo][i] = (2k+1)/2·P_k(x_i), x_i the 48 nodes
)

func legendreTable() [][]float64 {
	legOnce.Do(func() {
		r, err := legendreRule(panelHigh)
		if err != nil {
			panic(err) // panelHigh is a fixed rule size
		}
		legTable = make([][]float64, panelHigh-tailLo)
		for j := range legTable {
			legTable[j] = make([]float64, panelHigh)
		}
		for i, x := range r.X {
			p0, p1 := 1.0, x
			for k := 1; k < panelHigh; k++ {
				if k >= tailLo {
					legTable[k-tailLo][i] = float64(2*k+1) / 2 * p1
				}
				p0, p1 = p1, (float64(2*k+1)*x*p1-float64(k)*p0)/float64(k+1)
			}
		}
	})
	return legTable
}

// coefficientError estimates the error of the 48-point rule on a panel from
// wf[i] = w_i·F(t_i), the weighted values at its nodes (the weights w_i of
// panelNodes, density and width included), and abs = Σ|wf|. The discrete
// Legendre coefficients a_k of the integrand on the panel, k = 24 … 47, give
// the rate q at which their envelope falls; the rule integrates degrees up to
// 95 exactly and |Q(P_k)| ≤ 2, so the error is at most 2·Σ_{k≥96}|a_k|,
// extrapolated as 2·A·q^49/(1 − q) from the envelope A of the last window,
// times tailMargin. Coefficients at rounding level count as zero; d is the
// difference of the 24- and 48-point rules, which tells flat coefficients
// of noise from those of a rule that has not converged.
func coefficientError(wf []float64, abs, d float64) float64 {
	tab := legendreTable()
	noise := tailNoise * abs
	var lo, hi float64
	for j, row := range tab {
		var s float64
		for i, p := range row {
			s += p * wf[i]
		}
		s = math.Abs(s)
		switch k := tailLo + j; {
		case k < tailLo+tailWin:
			lo = max(lo, s)
		case k >= panelHigh-tailWin:
			hi = max(hi, s)
		}
	}
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return math.NaN()
	}
	if lo <= noise && hi <= noise {
		return 0
	}
	// Rate per degree between the centres of the two windows.
	q := math.Pow(max(hi, noise)/max(lo, noise), 1/float64(panelHigh-tailLo-tailWin))
	if q >= tailFlat {
		// Coefficients that do not fall are rounding noise in the values
		// of F (1 − tanh² far out), whose effect on the sum is about their
		// size, when the two rules agree to about that size too; otherwise
		// the rule has not converged.
		if d <= max(hi, lo) {
			return max(hi, lo)
		}
		return 2 * max(hi, lo) * (panelHigh + 1) * tailMargin
	}
	return tailMargin * 2 * hi * math.Pow(q, float64(panelHigh+1)) / (1 - q)
}
