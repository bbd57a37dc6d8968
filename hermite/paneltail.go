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

// legendreWindows holds, for the degrees of the two windows, the values
// (2k+1)/2·P_k(x_i) at the nonnegative half of the 48 symmetric nodes: by
// parity P_k(−x) = (−1)^k P_k(x), a coefficient is a sum over 24 node pairs
// of the even or odd part of the weighted values.
type legendreWindows struct {
	pos, neg [panelHigh / 2]int                  // node indices of x_i > 0 and of −x_i
	rows     [2 * tailWin][panelHigh / 2]float64 // rows[j]: degree windowDegree(j)
}

// windowDegree is the degree of row j of legendreWindows: the low window
// [tailLo, tailLo+tailWin), then the high one [panelHigh−tailWin, panelHigh).
func windowDegree(j int) int {
	if j < tailWin {
		return tailLo + j
	}
	return panelHigh - 2*tailWin + j
}

var (
	legOnce  sync.Once
	legTable *legendreWindows
)

func legendreTable() *legendreWindows {
	legOnce.Do(func() {
		r, err := legendreRule(panelHigh)
		if err != nil {
			panic(err) // panelHigh is a fixed rule size
		}
		t := &legendreWindows{}
		n := 0
		for i, x := range r.X {
			if x <= 0 {
				continue
			}
			partner := -1
			for j, y := range r.X {
				if math.Abs(x+y) <= 4*epsilon {
					partner = j
				}
			}
			if partner < 0 || n == panelHigh/2 {
				panic("hermite: the Gauss–Legendre nodes are not symmetric")
			}
			t.pos[n], t.neg[n] = i, partner
			// P_k(x) by the three-term recurrence up to the top degree.
			p0, p1 := 1.0, x
			pk := make([]float64, panelHigh)
			pk[0], pk[1] = p0, p1
			for k := 1; k < panelHigh-1; k++ {
				p0, p1 = p1, (float64(2*k+1)*x*p1-float64(k)*p0)/float64(k+1)
				pk[k+1] = p1
			}
			for j := range t.rows {
				k := windowDegree(j)
				t.rows[j][n] = float64(2*k+1) / 2 * pk[k]
			}
			n++
		}
		if n != panelHigh/2 {
			panic("hermite: the Gauss–Legendre nodes are not symmetric")
		}
		// windowEnvelopes sums four rows at a time, even and odd degrees
		// alternating from an even one, within one window.
		if tailWin%4 != 0 {
			panic("hermite: a Legendre window is not a whole number of groups of four rows")
		}
		for j := range t.rows {
			if windowDegree(j)%2 != j%2 {
				panic("hermite: the rows of the Legendre windows do not alternate in parity")
			}
		}
		legTable = t
	})
	return legTable
}

// fold returns the even and odd parts of the weighted values wf at the
// node pairs ±x_n, from which the coefficients of even and of odd degree
// are sums (legendreWindows).
func (t *legendreWindows) fold(wf []float64) (even, odd [panelHigh / 2]float64) {
	for n := range even {
		a, b := wf[t.pos[n]], wf[t.neg[n]]
		even[n], odd[n] = a+b, a-b
	}
	return even, odd
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
	noise := tailNoise * abs
	lo, hi := windowEnvelopes(wf)
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

// windowEnvelopes returns the largest |a_k| of the low and of the high
// window of degrees (legendreWindows) for the weighted values wf of a
// panel. The rows are summed four at a time, each in node order as one row
// alone would be: four independent chains of additions instead of one.
func windowEnvelopes(wf []float64) (lo, hi float64) {
	tab := legendreTable()
	even, odd := tab.fold(wf)
	for j := 0; j < len(tab.rows); j += 4 {
		r0, r1, r2, r3 := &tab.rows[j], &tab.rows[j+1], &tab.rows[j+2], &tab.rows[j+3]
		var s0, s1, s2, s3 float64
		for n := range even {
			e, o := even[n], odd[n]
			s0 += r0[n] * e
			s1 += r1[n] * o
			s2 += r2[n] * e
			s3 += r3[n] * o
		}
		s := max(math.Abs(s0), math.Abs(s1), math.Abs(s2), math.Abs(s3))
		if j < tailWin {
			lo = max(lo, s)
		} else {
			hi = max(hi, s)
		}
	}
	return lo, hi
}
