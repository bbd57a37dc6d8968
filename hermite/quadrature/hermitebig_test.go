package quadrature

import "testing"

// gaussHermiteBig is the reference for the float64 Gauss–Hermite rules:
// GaussHermiteBig, with all n nodes.
func gaussHermiteBig(t testing.TB, n int, prec uint) *BigRule {
	t.Helper()
	r, err := GaussHermiteBig(n, prec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
