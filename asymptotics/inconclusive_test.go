package asymptotics

import "testing"

// TestInconclusive: the two fits of tanh's K that `critcalc depth` showed
// as agreeing (0.0868 fitted 0.087 ± 0.095, 0.0985 fitted 0.1 ± 2) are
// inconclusive; a sharp fit, an exponent of 0 fitted to ± 3e-7 and a
// vanishing quantity are not.
func TestInconclusive(t *testing.T) {
	for _, tt := range []struct {
		c    Comparison
		want bool
	}{
		{Comparison{What: "coefficient", Predicted: 0.08680555556, Fitted: 0.087, Err: 0.095}, true},
		{Comparison{What: "coefficient", Predicted: 0.09852111351, Fitted: 0.1, Err: 2}, true},
		{Comparison{What: "coefficient", Predicted: -0.002258221263, Fitted: -0.002259, Err: 2.5e-5}, false},
		{Comparison{What: "exponent", Predicted: 0, Fitted: -2.4e-7, Err: 3.1e-7}, false},
		{Comparison{What: "exponent", Predicted: 1, Fitted: 1.3, Err: 0.2}, true},
		{Comparison{What: "max_abs", Predicted: 0, Fitted: 0, Err: 3.3e-13}, false},
	} {
		if got := tt.c.Inconclusive() != ""; got != tt.want {
			t.Errorf("%+v: inconclusive %v, want %v", tt.c, got, tt.want)
		}
	}
}
