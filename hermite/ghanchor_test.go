package hermite

import (
	"fmt"
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/hermite/quadrature"
)

// anchorRun evaluates E[σ(u)σ(v)] along two diagonals that converge
// geometrically to K* = 0.5 from either side (halving their distance each
// step, as an iteration near its fixed point does) at correlations
// approaching 1, with the inputs of in (anchored or fresh).
func anchorRun(t *testing.T, s *GHSeries, in func(K float64) *GHInput, steps int) (vals []Value, inputs [][2]*GHInput, levels []int) {
	t.Helper()
	for l := range steps {
		d := 0.3 * math.Pow(0.5, float64(l))
		a, b := in(0.5+d), in(0.5-d/2)
		v, level, _, ok := s.Expect(a, b, 1-0.1*math.Pow(0.8, float64(l)), 2)
		if !ok {
			t.Fatalf("%s step %d: the series did not answer", s.expr, l)
		}
		vals, inputs, levels = append(vals, v), append(inputs, [2]*GHInput{a, b}), append(levels, level)
	}
	return vals, inputs, levels
}

// TestGHAnchorsAgainstFresh checks the interpolated moments of GHAnchors
// against those computed afresh at the same variances, for odd, even
// and neither σ: Mehler's series from either agrees within the
// interpolation's carried error (√E[σ²]·δ in the weighted norm, both
// inputs) plus rounding (8 units of the scale: the two sums of about 90
// terms round independently), and most of the inputs after the first
// dozen steps are interpolated, so that the comparison covers them.
func TestGHAnchorsAgainstFresh(t *testing.T) {
	const steps = 40
	for _, name := range []string{"tanh", "erf", "gelu", "x/(1+exp(-x))", "sin", "log(1+exp(x))", "x*tanh(x)"} {
		s := mustGHSeries(t, name)
		anchors := s.Anchors()
		got, ins, levels := anchorRun(t, s, anchors.Input, steps)
		want, _, _ := anchorRun(t, s, s.Input, steps)
		interpolated := 0
		for l := range got {
			var extra float64
			sq := [2]float64{}
			for i, in := range ins[l] {
				for _, m := range in.lv {
					if m != nil {
						sq[i] = max(sq[i], m.sq)
					}
					if m != nil && m.from != nil {
						interpolated++
						extra += 2 * math.Sqrt(m.sq) * m.interp
					}
				}
			}
			scale := SqrtProduct(sq[0], sq[1])
			if d := math.Abs(got[l].V - want[l].V); d > extra+8*ghUnit*scale {
				t.Errorf("%s step %d: interpolated %.17g, fresh %.17g: off by %.2e > %.2e", name, l, got[l].V, want[l].V, d, extra+8*ghUnit*scale)
			}
			// The bound carries the interpolation's error, at the level
			// that answered, beyond the fresh bound (whose other terms,
			// the rules' difference and the sums' rounding, differ by
			// rounding, here less than half of that error).
			A, B := ins[l][0].lv[levels[l]], ins[l][1].lv[levels[l]]
			if carried := math.Sqrt(A.sq)*B.interp + math.Sqrt(B.sq)*A.interp; got[l].AbsErr < want[l].AbsErr+carried/2 {
				t.Errorf("%s step %d: the error bound %.2e is below the fresh one's %.2e plus the interpolation's %.2e", name, l, got[l].AbsErr, want[l].AbsErr, carried)
			}
		}
		// Steps from about the 13th on move by less than ghAnchorGap.
		if interpolated < steps {
			t.Errorf("%s: %d of %d inputs interpolated", name, interpolated, 2*steps)
		}
		t.Logf("%s: %d of %d inputs interpolated", name, interpolated, 2*steps)
	}
}

// TestGHAnchorValuesAtNodes compares the interpolated values at the
// nodes with σ evaluated there: their difference in the weighted norm is
// within the estimate the anchor carries, plus the rounding of the
// fresh values (two units of √E[σ²]).
func TestGHAnchorValuesAtNodes(t *testing.T) {
	for _, name := range []string{"tanh", "gelu", "log(1+exp(x))"} {
		s := mustGHSeries(t, name)
		anchors := s.Anchors()
		_, ins, _ := anchorRun(t, s, anchors.Input, 30)
		checked := 0
		for _, pair := range ins {
			for _, in := range pair {
				for l, m := range in.lv {
					if m == nil || m.from == nil {
						continue
					}
					rules, err := s.rules(l)
					if err != nil {
						t.Fatal(err)
					}
					fresh := newGHMoments(l, rules, s.parity, nil)
					fresh.evaluate(s, math.Sqrt(in.K))
					checkInterpolated(t, fmt.Sprintf("%s K = %.17g level %d", name, in.K, l), m, fresh)
					checked++
				}
			}
		}
		if checked < 20 {
			t.Errorf("%s: %d interpolated inputs checked", name, checked)
		}
	}
}

// TestGHAnchorsRefuseFar checks that an anchor answers only near its
// variance: a variance outside its interval is computed afresh, and so is
// every variance of a σ with switching primitives.
func TestGHAnchorsRefuseFar(t *testing.T) {
	for _, c := range []struct {
		sigma string
		far   bool // the last variance is far from the others
		want  bool // interpolated
	}{
		{"tanh", false, true},
		{"tanh", true, false},
		// Smooth, but written with max: no anchors are made.
		{"max(x,0)^6+tanh(x)", false, false},
	} {
		s := mustGHSeries(t, c.sigma)
		anchors := s.Anchors()
		// Two variances 2e-5 apart make an anchor at the second.
		for _, K := range []float64{0.5, 0.50001} {
			in := anchors.Input(K)
			if _, _, _, ok := s.Expect(in, in, 0.9, 2); !ok {
				t.Fatalf("%s K = %g: the series did not answer", c.sigma, K)
			}
		}
		K := 0.500005
		if c.far {
			K = 0.6
		}
		in := anchors.Input(K)
		_, l, _, ok := s.Expect(in, in, 0.9, 2)
		if !ok {
			t.Fatalf("%s K = %g: the series did not answer", c.sigma, K)
		}
		if got := in.lv[l].from != nil; got != c.want {
			t.Errorf("%s K = %g: interpolated %v, want %v", c.sigma, K, got, c.want)
		}
	}
}

// TestGHAnchorsRelease checks that moments given back by Release and
// filled again for another run give that run exactly the values of a run
// in new memory.
func TestGHAnchorsRelease(t *testing.T) {
	s := mustGHSeries(t, "tanh")
	var runs [3]string
	for i := range runs {
		anchors := s.Anchors()
		vals, _, _ := anchorRun(t, s, anchors.Input, 30)
		runs[i] = fmt.Sprint(vals)
		if i > 0 {
			anchors.Release()
		}
	}
	for i := 1; i < len(runs); i++ {
		if runs[i] != runs[0] {
			t.Errorf("run %d after Release differs from the first", i)
		}
	}
}

// TestGHAnchorEstimate checks the error estimate of the interpolated
// values where the interval is wide enough for the interpolation's own
// error to show (half-widths 10⁻³ to 3·10⁻² of the scale, far above
// ghAnchorGap): at points across the interval the values' error in the
// weighted norm stays within the estimate plus the rounding carried, and
// where the estimate is above ghAnchorTol the anchor does not answer.
func TestGHAnchorEstimate(t *testing.T) {
	const K = 0.5
	for _, name := range []string{"tanh", "gelu", "sin"} {
		s := mustGHSeries(t, name)
		const l = 2
		rules, err := s.rules(l)
		if err != nil {
			t.Fatal(err)
		}
		centre := newGHMoments(l, rules, s.parity, nil)
		centre.evaluate(s, math.Sqrt(K))
		refused := 0
		for _, rel := range []float64{1e-3, 1e-2, 3e-2} {
			a := s.Anchors()
			an := a.newAnchor(l, K, rel*math.Sqrt(K), centre)
			if an == nil {
				t.Fatalf("%s: no anchor", name)
			}
			a.lv[l].at = an
			for _, f := range []float64{-0.95, -0.6, -0.2, 0.1, 0.45, 0.8, 1} {
				sc := an.s0 + f*an.H
				m := newGHMoments(l, rules, s.parity, nil)
				est := an.estimate(sc)
				an.fill(m, sc, est)
				fresh := newGHMoments(l, rules, s.parity, nil)
				fresh.evaluate(s, sc)
				checkInterpolated(t, fmt.Sprintf("%s H = %g·s₀ at s₀%+.2fH (estimate %.2e)", name, rel, f, est), m, fresh)
				in := a.Input(sc * sc)
				if got, want := a.interpolate(l, in.K, newGHMoments(l, rules, s.parity, nil)), est <= ghAnchorTol*an.scale; got != want {
					t.Errorf("%s H = %g·s₀ at s₀%+.2fH: answered %v with estimate %.2e (tolerance %.2e)", name, rel, f, got, est, ghAnchorTol*an.scale)
				}
				if est > ghAnchorTol*an.scale {
					refused++
				}
			}
		}
		if refused == 0 {
			t.Errorf("%s: no estimate above the tolerance: the test shows nothing of the refusals", name)
		}
	}
}

// checkInterpolated compares the values m interpolates (Σ_p ℓ_p·f_p at the
// nodes, summed here point by point) with fresh, σ evaluated at the
// same scale: their difference in the weighted norm is within the error
// m carries plus the rounding of the fresh values (two units of
// √E[σ²]); and m's Ê[σ²], from the anchor's sums, is that of the
// interpolated values within a few units of rounding.
func checkInterpolated(t *testing.T, what string, m, fresh *ghMoments) {
	t.Helper()
	mid := m.from.pts[ghAnchorPoints/2]
	for j, r := range m.rules {
		var sum float64
		var sq quadrature.CompensatedSum
		for i, w := range r.w {
			e, o := mid.even[j][i], mid.odd[j][i]
			for p, pt := range m.from.pts {
				e += m.lw[p] * (pt.even[j][i] - mid.even[j][i])
				o += m.lw[p] * (pt.odd[j][i] - mid.odd[j][i])
			}
			de, do := e-fresh.even[j][i], o-fresh.odd[j][i]
			sum += w * (de*de + do*do) / 2
			sq.Add(w * (e*e + o*o) / 2)
		}
		if d, bound := math.Sqrt(sum), m.interp+2*ghUnit*math.Sqrt(fresh.sq); d > bound {
			t.Errorf("%s rule %d: interpolated values off by %.2e (weighted), error carried %.2e", what, j, d, m.interp)
		}
		if sq := sq.Value(); j == 1 && math.Abs(m.sq-sq) > 8*ghUnit*sq {
			t.Errorf("%s: Ê[σ²] = %.17g, of the interpolated values %.17g", what, m.sq, sq)
		}
	}
}

// mustGHSeries returns the Gauss–Hermite series of the activation named
// sigma.
func mustGHSeries(t *testing.T, sigma string) *GHSeries {
	t.Helper()
	e, err := calc.Parse(sigma)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewGHSeries(e)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
