package rootfind

import (
	"errors"
	"math"
	"testing"
)

func TestBrent(t *testing.T) {
	tests := []struct {
		name string
		f    func(float64) float64
		a, b float64
		tol  float64
		want float64
	}{
		{"cos", math.Cos, 0, 3, 0, math.Pi / 2},
		{"cubic", func(x float64) float64 { return x*x*x - 2 }, 0, 2, 0, math.Cbrt(2)},
		{"steep", func(x float64) float64 { return math.Exp(50*x) - 1e10 }, 0, 1, 0, math.Log(1e10) / 50},
		{"flat root with tolerance", func(x float64) float64 { return math.Pow(x-0.3, 3) }, 0, 1, 1e-6, 0.3},
		{"root at an end", func(x float64) float64 { return x - 1 }, 1, 2, 0, 1},
	}
	for _, tt := range tests {
		calls := 0
		f := func(x float64) (float64, error) { calls++; return tt.f(x), nil }
		got, err := Brent(f, tt.a, tt.b, tt.f(tt.a), tt.f(tt.b), tt.tol)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if lim := tt.tol + 4*0x1p-52*math.Abs(tt.want); math.Abs(got-tt.want) > lim {
			t.Errorf("%s: %v, want %v ± %g (%d calls)", tt.name, got, tt.want, lim, calls)
		}
		if calls > 100 {
			t.Errorf("%s: %d evaluations", tt.name, calls)
		}
	}
}

func TestBrentErrors(t *testing.T) {
	sq := func(x float64) (float64, error) { return x*x + 1, nil }
	if _, err := Brent(sq, -1, 1, 2, 2, 0); !errors.Is(err, ErrNoSignChange) {
		t.Errorf("no sign change: err = %v", err)
	}
	boom := errors.New("boom")
	bad := func(x float64) (float64, error) { return 0, boom }
	if _, err := Brent(bad, -1, 1, -1, 1, 0); !errors.Is(err, boom) {
		t.Errorf("f's error: err = %v", err)
	}
}
