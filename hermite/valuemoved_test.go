package hermite

import "testing"

// Moved moves by rel of the value, or by the error where that is larger,
// in the direction V(1 + rel) moves, and not at all for rel = 0.
func TestValueMoved(t *testing.T) {
	for _, c := range []struct {
		v    Value
		rel  float64
		want float64
	}{
		{Value{V: 2, AbsErr: 1e-20}, 1e-3, 2.002},
		{Value{V: -2, AbsErr: 1e-20}, 1e-3, -2.002},
		{Value{V: 2, AbsErr: 0.5}, -1e-3, 1.5},
		{Value{V: -2, AbsErr: 0.5}, 1e-3, -2.5},
		{Value{V: 3, AbsErr: 1}, 0, 3},
	} {
		if got := c.v.Moved(c.rel); got != c.want {
			t.Errorf("%+v.Moved(%g) = %g, want %g", c.v, c.rel, got, c.want)
		}
	}
}
