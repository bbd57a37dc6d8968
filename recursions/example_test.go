package recursions_test

import (
	"fmt"

	"critcalc/calc"
	"critcalc/recursions"
)

// The critical analysis of GELU: a K* = 0 point that repels (a₁ = 6/π > 0)
// and the half-stable point K* = (3+√17)/2 with PDLT's (C_b, C_W).
func ExampleAnalyze() {
	an, err := recursions.Analyze(calc.MustParse("gelu"), recursions.DefaultKmax)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("class:", an.Classes)
	for _, p := range an.Points {
		fmt.Printf("K* = %.8f  C_b = %.8f  C_W = %.8f  a1 = %.6g  %s\n", p.K, p.Cb, p.CW, p.A1, p.Stability)
	}
	// Output:
	// class: K*=0+half-stable
	// K* = 0.00000000  C_b = 0.00000000  C_W = 4.00000000  a1 = 1.90986  unstable
	// K* = 3.56155281  C_b = 0.17292239  C_W = 1.98305826  a1 = -0.000143626  half-stable (attracts K > K*, repels K < K*)
}

// The critical point of SWISH to 25 certified digits.
func ExampleAnalyzeDigits() {
	ad, err := recursions.AnalyzeDigits(calc.MustParse("swish"), recursions.DefaultKmax, 25)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range ad.Points {
		fmt.Println(p.K.V.Text('g', p.K.Digits), p.CW.V.Text('g', p.CW.Digits))
	}
	// Output:
	// 0 4
	// 14.3201736180257988165873 1.988004678269492005271289
}

// Ten thousand layers of tanh at criticality: K ≈ 1/(2ℓ) (5.94) and
// V ≈ 1/(6ℓ) (5.127).
func ExampleActivation_Iterate() {
	a, err := recursions.New(calc.MustParse("tanh"))
	if err != nil {
		fmt.Println(err)
		return
	}
	layers, err := a.Iterate(0, 1, 1, 10000, 10000, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := layers[len(layers)-1]
	fmt.Printf("ℓ = %d  K·ℓ = %.6f  V·ℓ = %.6f\n", l.L, l.K*float64(l.L), l.V*float64(l.L))
	// Output:
	// ℓ = 10000  K·ℓ = 0.500214  V·ℓ = 0.166730
}
