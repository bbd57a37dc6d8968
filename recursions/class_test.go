package recursions

import "testing"

// TestClassNames pins the printed names of classes and stabilities: they
// are JSON values of act, autoinit, depth and the tables.
func TestClassNames(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{ClassScaleInvariant.String(), "scale-invariant"},
		{ClassKZero.String(), "K*=0"},
		{ClassKinkedLinear.String(), "kinked-linear"},
		{ClassHalfStable.String(), "half-stable"},
		{ClassSemiCritical.String(), "semi-critical"},
		{Classes{}.String(), "none"},
		{Classes{ClassKZero, ClassHalfStable}.String(), "K*=0+half-stable"},
		{Stable.String(), "stable"},
		{Unstable.String(), "unstable"},
		{Marginal.String(), "marginal"},
		{MarginalLine.String(), "marginal (line of fixed points)"},
		{HalfStableFromBelow.String(), "half-stable (attracts K < K*, repels K > K*)"},
		{HalfStableFromAbove.String(), "half-stable (attracts K > K*, repels K < K*)"},
		{Class(99).String(), "unknown"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
	if !HalfStableFromAbove.HalfStable() || Stable.HalfStable() {
		t.Error("HalfStable misclassifies")
	}
}
