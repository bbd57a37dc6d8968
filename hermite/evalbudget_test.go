package hermite

import (
	"errors"
	"math"
	"strings"
	"testing"

	"critcalc/calc"
)

// TestManyEvalBudget checks that a set of averages with an evaluation
// bound (Many.LimitEvals) refuses an integrand that K has stretched over
// too many periods, and still answers, within its error estimate, where
// it has fewer, while one without the bound answers there too:
// E[(z + 0.1·sin 3z)²] = K + 0.6K·e^(−9K/2) + 0.005·(1 − e^(−18K)) exactly,
// which is K + 0.005 in float64 for K ≥ 10.
func TestManyEvalBudget(t *testing.T) {
	const limit = 1 << 20
	f := calc.MustParse("(x+0.1*sin(3*x))^2")
	limited, err := NewMany(f)
	if err != nil {
		t.Fatal(err)
	}
	limited.LimitEvals(limit)
	free, err := NewMany(f)
	if err != nil {
		t.Fatal(err)
	}
	check := func(m *Many, K float64) int {
		vs, err := m.At(K)
		if err != nil {
			t.Fatalf("K = %g: %v", K, err)
		}
		v := vs[0]
		// The error estimate, plus the rounding of the exact value.
		if d := math.Abs(v.V - (K + 0.005)); d > v.AbsErr+2*epsilon*K {
			t.Errorf("K = %g: %.17g is off by %.3g, beyond its error estimate %.3g", K, v.V, d, v.AbsErr)
		}
		return v.Evals
	}
	for _, K := range []float64{1e2, 1e6} {
		if n := check(limited, K); n > limit {
			t.Errorf("K = %g: %d evaluations, beyond the bound %d", K, n, limit)
		}
	}
	// At K = 10^8 it needs 1.6·10^6 evaluations.
	vs, err := limited.At(1e8)
	if !errors.Is(err, ErrTooManyEvals) {
		t.Fatalf("K = 1e8: got %v (%v), want ErrTooManyEvals", err, vs)
	}
	if !strings.Contains(err.Error(), "oscillation") {
		t.Errorf("the refusal does not name its cause: %v", err)
	}
	if n := check(free, 1e8); n <= limit {
		t.Errorf("K = 1e8 without a bound: %d evaluations, expected more than %d", n, limit)
	}
}

// TestTwoInputEvalBudget checks the bound of the double integral: with
// it lowered to 2^19, the kernel of z + 0.1·sin 3z at K = 100 (1.2·10^6
// evaluations unbounded) is refused, and at K = 30 (6·10^4) the value is
// the unbounded one, bit for bit.
func TestTwoInputEvalBudget(t *testing.T) {
	f := calc.MustParse("x+0.1*sin(3*x)")
	for _, c := range []struct {
		K      float64
		refuse bool
	}{{30, false}, {100, true}} {
		cov := Cov{K11: c.K, K22: 1.1 * c.K, K12: 0.9 * c.K}
		tw, err := newTwoInput(f, f, cov)
		if err != nil {
			t.Fatal(err)
		}
		tw.outer.maxEvals = 1 << 19
		v, err := tw.integrate()
		if c.refuse {
			if !errors.Is(err, ErrTooManyEvals) {
				t.Errorf("K = %g: got %v (%.17g), want ErrTooManyEvals", c.K, err, v.V)
			}
			continue
		}
		if err != nil {
			t.Fatalf("K = %g: %v", c.K, err)
		}
		want, err := Expect2(f, f, cov)
		if err != nil {
			t.Fatal(err)
		}
		if v != want {
			t.Errorf("K = %g: %+v under the lowered bound, %+v without", c.K, v, want)
		}
	}
}
