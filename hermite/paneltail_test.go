package hermite

import (
	"math"
	"math/rand/v2"
	"testing"
)

// rowEnvelopes is windowEnvelopes computed one row at a time, each row's
// sum in node order: what the four-at-a-time sums must equal bit for bit.
func rowEnvelopes(wf []float64) (lo, hi float64) {
	tab := legendreTable()
	even, odd := tab.fold(wf)
	for j := range tab.rows {
		part := &even
		if windowDegree(j)%2 == 1 {
			part = &odd
		}
		var s float64
		for n, p := range tab.rows[j] {
			s += p * part[n]
		}
		if j < tailWin {
			lo = max(lo, math.Abs(s))
		} else {
			hi = max(hi, math.Abs(s))
		}
	}
	return lo, hi
}

// windowEnvelopes, four rows at a time, equals the row-by-row envelopes
// bit for bit, on smooth, rough and noisy panel values.
func TestWindowEnvelopesRowByRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r, err := legendreRule(panelHigh)
	if err != nil {
		t.Fatal(err)
	}
	wf := make([]float64, panelHigh)
	for trial := range 3000 {
		c := 1 + float64(trial)/100 // a pole at distance c − 1 from the panel
		for i, x := range r.X {
			switch trial % 3 {
			case 0:
				wf[i] = r.W[i] / (c - x)
			case 1:
				wf[i] = r.W[i] * math.Abs(x-0.3) * c
			default:
				wf[i] = r.W[i] * (1 + 1e-14*rng.NormFloat64())
			}
		}
		lo, hi := windowEnvelopes(wf)
		wantLo, wantHi := rowEnvelopes(wf)
		if math.Float64bits(lo) != math.Float64bits(wantLo) || math.Float64bits(hi) != math.Float64bits(wantHi) {
			t.Fatalf("trial %d: windowEnvelopes = %v, %v; row by row %v, %v", trial, lo, hi, wantLo, wantHi)
		}
	}
}

func BenchmarkCoefficientError(b *testing.B) {
	r, err := legendreRule(panelHigh)
	if err != nil {
		b.Fatal(err)
	}
	wf := make([]float64, panelHigh)
	var abs float64
	for i, x := range r.X {
		wf[i] = r.W[i] / (3 - x)
		abs += math.Abs(wf[i])
	}
	for b.Loop() {
		coefficientError(wf, abs, 1e-13)
	}
}
