package figure

import (
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/plot/font"
)

// TestParseMath checks the runs of mathText's markup: scripts smaller and
// shifted, a superscript after a subscript stacked, escapes literal.
func TestParseMath(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"plain text", "[plain text 1 0]"},
		{"σ_{b}^{2}", "[σ 1 0] [b 0.7 -0.22] [2 0.7 0.38 stack]"},
		{"|ρ_ℓ − ρ^*|", "[|ρ 1 0] [ℓ 0.7 -0.22] [ − ρ 1 0] [* 0.7 0.38] [| 1 0]"},
		{"J^{1,ℓ}", "[J 1 0] [1,ℓ 0.7 0.38]"},
		{"e^{x_{i}}", "[e 1 0] [x 0.7 0.38] [i 0.49 0.226]"},
		{`leaky\_relu`, "[leaky_relu 1 0]"},
		{"a_", "[a_ 1 0]"},
		{"x^{2", "[x 1 0] [{2 0.7 0.38]"},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range parseMath(tt.in) {
			s := fmt.Sprintf("[%s %.3g %.3g", r.text, r.scale, r.rise)
			if r.stack {
				s += " stack"
			}
			got = append(got, s+"]")
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%q: %s, want %s", tt.in, g, tt.want)
		}
	}
}

// TestEscapeMath checks that an activation as typed is drawn as typed.
func TestEscapeMath(t *testing.T) {
	for _, s := range []string{"leaky_relu(x, 0.2)", "x^2*{1}", `a\b`} {
		var text string
		for _, r := range parseMath(escapeMath(s)) {
			if r.scale != 1 || r.rise != 0 {
				t.Errorf("%q: a script run %+v", s, r)
			}
			text += r.text
		}
		if text != s {
			t.Errorf("escaped %q draws %q", s, text)
		}
	}
}

// TestMathBox checks that scripts widen a label and raise or lower its
// box, and that plain text measures as the plain handler does.
func TestMathBox(t *testing.T) {
	fnt := font.Font{Typeface: "Liberation", Variant: "Serif", Size: 10}
	w0, h0, d0 := figureText.Box("σ", fnt)
	w1, h1, _ := figureText.Box("σ^{2}", fnt)
	_, _, d2 := figureText.Box("σ_{b}", fnt)
	if !(w1 > w0 && h1 > h0 && d2 > d0) {
		t.Errorf("σ %v %v %v, σ^{2} width %v height %v, σ_{b} depth %v", w0, h0, d0, w1, h1, d2)
	}
	face := font.DefaultCache.Lookup(fnt, fnt.Size)
	if w, _, _ := figureText.Box("plain", fnt); w != face.Width("plain") {
		t.Errorf("plain text width %v, want %v", w, face.Width("plain"))
	}
}
