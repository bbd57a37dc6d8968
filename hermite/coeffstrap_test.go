package hermite

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"critcalc/calc"
	"critcalc/internal/testlevel"
)

// TestCoefficientsTrapezoidMatchesPanels checks the trapezoidal Hermite
// coefficients against the Gauss–Legendre panels: both are accurate to
// 10^−digits (absolutely for c_k, relatively for C), so they must agree
// to twice that; and the trapezoidal rule must converge for these smooth σ.
func TestCoefficientsTrapezoidMatchesPanels(t *testing.T) {
	type tc struct {
		sigma     string
		n, digits int
	}
	tests := []tc{{"tanh", 6, 16}}
	if testlevel.IsExhaustive() {
		for _, s := range []string{"tanh", "gelu", "swish", "mish", "erf(x)", "softplus", "1/(1+x^2)", "exp(-x^2)"} {
			for _, d := range []int{15, 30, 60} {
				tests = append(tests, tc{s, 0, d}, tc{s, 10, d})
			}
			tests = append(tests, tc{s, 100, 30})
		}
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/n=%d/%d", tt.sigma, tt.n, tt.digits), func(t *testing.T) {
			sigma := calc.MustParse(tt.sigma)
			in, err := newIntegrand(sigma)
			if err != nil {
				t.Fatal(err)
			}
			prec := workingBits(tt.digits)
			T, err := in.coeffCut(float64(tt.digits+4)*math.Ln10 + 8)
			if err != nil {
				t.Fatal(err)
			}
			tol := math.Pow(10, -float64(tt.digits+1))
			got, gotC, ok := in.coefficientsTrapezoid(sigma, T, tt.n, tt.digits, prec, tol)
			if !ok {
				t.Fatal("the trapezoidal rule did not converge")
			}
			edges := []*big.Float{new(big.Float).SetPrec(prec).SetFloat64(-T), new(big.Float).SetPrec(prec).SetFloat64(T)}
			want, wantC, err := in.coefficientsPanels(sigma, edges, tt.n, tt.digits, prec, tol)
			if err != nil {
				t.Fatal(err)
			}
			lim := 2 * math.Pow(10, -float64(tt.digits))
			if d := math.Abs(bigToFloat(new(big.Float).Sub(gotC, wantC)) / bigToFloat(wantC)); d > lim {
				t.Errorf("C: trapezoidal %s, panels %s", gotC.Text('g', tt.digits), wantC.Text('g', tt.digits))
			}
			for k := range want {
				if d := math.Abs(bigToFloat(new(big.Float).Sub(got[k], want[k]))); d > lim {
					t.Errorf("c_%d: trapezoidal %s, panels %s", k, got[k].Text('g', tt.digits), want[k].Text('g', tt.digits))
				}
			}
		})
	}
}
