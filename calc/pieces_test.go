package calc

import (
	"math"
	"testing"
)

// TestPieces checks which σ Pieces takes apart (those built as its
// documentation says, up to the degree asked) and which it refuses, the
// number of pieces, that they join, and each piece against σ's program at
// three points.
func TestPieces(t *testing.T) {
	tests := []struct {
		expr   string
		deg    int
		ok     bool
		pieces int
	}{
		{"max(-1,min(1,x))", 2, true, 3},         // hard tanh
		{"max(0,min(6,x))", 2, true, 3},          // ReLU6
		{"max(0,min(1,x/6+0.5))", 2, true, 3},    // hard sigmoid
		{"x*max(0,min(6,x+3))/6", 2, true, 3},    // hard swish
		{"relu(x)", 2, true, 2},                  // a named activation, expanded
		{"leaky_relu(x, 0.2)", 2, true, 2},       //
		{"sign(x-1)*3", 2, true, 2},              // degree 0, a jump
		{"step(x)*x^2", 2, true, 2},              //
		{"abs(x)^2", 2, true, 1},                 // no kink: x² (a switching point at the centre)
		{"x^2/sqrt(2) + pi*x", 2, true, 1},       // constants of any kind
		{"x*max(0,min(6,x+3))/6", 1, false, 0},   // degree 2 > 1
		{"relu(x)^3", 2, false, 0},               // degree 3
		{"elu(x)", 2, true, 2},                   // α(e^x − 1) below 0
		{"selu(x)", 2, true, 2},                  //
		{"exp(-abs(x))", 2, true, 2},             // e^x and e^−x
		{"x+exp(x)", 2, false, 0},                // a line beside the exponential
		{"exp(x)+exp(2*x)", 2, false, 0},         // two rates on one piece
		{"step(x)*exp(x)", 2, false, 0},          // an exponential times a step
		{"exp(x^2)", 2, false, 0},                // not affine in the exponent
		{"tanh(x)", 2, false, 0},                 //
		{"x/(1+abs(x))", 2, false, 0},            // division by x
		{"x^0.5", 2, false, 0},                   //
		{"2^x", 2, false, 0},                     //
		{"max(0, x^2 - 10000)", 2, false, 0},     // kinks at ±100, beyond the scan: the check refuses
		{"max(0,x) + 1e-30*exp(x)", 2, false, 0}, // however small its share, exp(x) is no polynomial
	}
	for _, tt := range tests {
		e := MustParse(tt.expr)
		pieces, ok, err := Pieces(e, tt.deg)
		if err != nil {
			t.Errorf("%s: %v", tt.expr, err)
			continue
		}
		if ok != tt.ok || len(pieces) != tt.pieces {
			t.Errorf("%s (degree ≤ %d): ok %v with %d pieces, want %v with %d", tt.expr, tt.deg, ok, len(pieces), tt.ok, tt.pieces)
			continue
		}
		prog := Compile(e)
		for i, p := range pieces {
			if i > 0 && p.Lo != pieces[i-1].Hi {
				t.Errorf("%s: piece %d starts at %g, the one before ends at %g", tt.expr, i, p.Lo, pieces[i-1].Hi)
			}
			for _, f := range []float64{0.2, 0.5, 0.9} {
				lo, hi := max(p.Lo, -50), min(p.Hi, 50)
				z := lo + (hi-lo)*f
				if got, want := p.At(z), prog.Eval(z); math.Abs(got-want) > 1e-14*max(1, math.Abs(want)) {
					t.Errorf("%s at %g: the piece gives %.17g, σ %.17g", tt.expr, z, got, want)
				}
			}
		}
	}
}
