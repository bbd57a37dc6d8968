package asymptotics_test

import (
	"fmt"
	"math"

	"critcalc/asymptotics"
	"critcalc/calc"
	"critcalc/recursions"
)

// The K* = 0 predictions for tanh (a₁ = −2, a₂ = 17/3, b₁ = −2).
func ExampleKZeroPredictions() {
	ss, err := asymptotics.KZeroPredictions(-2, 17.0/3, -2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range ss {
		fmt.Printf("p=%g  %s  %s\n", s.Exponent, s, s.Source)
	}
	_, err = asymptotics.KZeroPredictions(0.75, 0, 0.5) // SWISH at K* = 0
	fmt.Println(err)
	// Output:
	// p=1  K = 0.5/ℓ + 0.2083333333·log(ℓ/ℓ₀)/ℓ^2 + 0.08680555556·log^2(ℓ/ℓ₀)/ℓ^3 − 0.08680555556·log(ℓ/ℓ₀)/ℓ^3 + O(1/ℓ^3)  (5.94)
	// p=2  dK1 = amplitude·[1/ℓ^2 + 0.8333333333·log(ℓ/ℓ₀)/ℓ^3] + O(1/ℓ^3)  (5.97)
	// p=1  ddK2 = amplitude·[1/ℓ + 0.4166666667·log(ℓ/ℓ₀)/ℓ^2] + O(1/ℓ^2)  (5.99)
	// p=1  V = 0.1666666667/ℓ + 0.06944444444·log(ℓ/ℓ₀)/ℓ^2 − 0.07638888889/ℓ^2 + O(log^2(ℓ/ℓ₀)/ℓ^3)  (5.127)
	// p=-1  V_over_K2 = 0.6666666667·ℓ − 0.2777777778·log(ℓ/ℓ₀) − 0.3055555556 + O(log^2(ℓ/ℓ₀)/ℓ)  (5.131); subleading terms from (5.94), (5.127)
	// p=0  G1 = -0.1666666667 + O(log ℓ/ℓ)  (5.134)
	// p=1  G1_ren = 1.236111111/ℓ + O(log ℓ/ℓ^2)  (5.140)–(5.143), coefficient recomputed (PDLT prints (2/3)(3a₂ − a₁²)/(−a₁)³)
	// asymptotics: K*=0 class with −a1 = -0.75 ≤ 0: the fixed point is not attracting (the kernel is repelled from K* = 0, (5.92))
}

// Fitting the exponent and coefficients of a sequence with a logarithmic
// correction.
func ExampleFitSequence() {
	var ls []int
	var vs []float64
	for l := 1; l <= 20000; l++ {
		x := float64(l)
		ls = append(ls, l)
		vs = append(vs, 0.5/x+0.3*math.Log(x)/(x*x)-0.2/(x*x))
	}
	f, err := asymptotics.FitSequence(ls, vs, asymptotics.FitOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("p = %.6f (uncertainty below 1e-8: %v) on [%d, %d]\n", f.Exponent, f.ExponentErr < 1e-8, f.Window[0], f.Window[1])
	g, _ := asymptotics.FitSequence(ls, vs, asymptotics.FitOptions{FixExponent: true, Exponent: 1})
	for i, t := range g.Basis[:3] {
		fmt.Printf("c(log^%d ℓ/ℓ^%g) = %.6f\n", t.LogPower, t.Power, g.Coeffs[i])
	}
	// Output:
	// p = 1.000000 (uncertainty below 1e-8: true) on [200, 20000]
	// c(log^0 ℓ/ℓ^1) = 0.500000
	// c(log^1 ℓ/ℓ^2) = 0.300000
	// c(log^0 ℓ/ℓ^2) = -0.200000
}

// Confirming the vertex of ReLU at criticality, V = 5(ℓ − 1)K*² (5.120).
func ExampleCompare() {
	sigma := calc.MustParse("relu")
	p, err := asymptotics.Predict(sigma, 0, 2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := recursions.New(sigma)
	lay, _ := a.Iterate(0, 2, 1, 1000, 1, nil)
	var v asymptotics.Sequence
	for _, x := range lay[1:] {
		v.L, v.V = append(v.L, x.L), append(v.V, x.V)
	}
	c, err := asymptotics.Compare(p.Series, map[string]asymptotics.Sequence{"V": v}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Class)
	for _, x := range c.Comparisons {
		fmt.Printf("%s %s %g: predicted %.6g fitted %.6g agrees %v\n", x.Quantity, x.What, x.Power, x.Predicted, x.Fitted, x.Agrees)
	}
	// Output:
	// scale-invariant
	// V exponent 0: predicted -1 fitted -1 agrees true
	// V coefficient -1: predicted 5 fitted 5 agrees true
	// V coefficient 0: predicted -5 fitted -5 agrees true
}
