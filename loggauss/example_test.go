package loggauss_test

import (
	"fmt"

	"critcalc/calc"
	"critcalc/loggauss"
)

func ExampleBeta() {
	for _, d := range []int{1, 10, 100} {
		fmt.Printf("n = 100, d = %3d: beta = %.2f\n", d, loggauss.Beta(100, d))
	}
	// Output:
	// n = 100, d =   1: beta = 0.07
	// n = 100, d =  10: beta = 0.52
	// n = 100, d = 100: beta = 5.02
}

func ExampleExactMoments() {
	m, err := loggauss.ExactMoments(100, 100)
	if err != nil {
		panic(err)
	}
	fmt.Printf("E[G] = %.6f, Var[G] = %.6f (beta = %.2f)\n", m.MeanG, m.VarG, loggauss.Beta(100, 100))
	out, _ := m.Output(10, 1) // n_out = 10, ‖x‖²/n_in = 1
	fmt.Printf("E ln|z_out|^2 = %.6f, Var = %.6f\n", out.MeanG, out.VarG)
	// Output:
	// E[G] = -2.552122, Var[G] = 5.214201 (beta = 5.02)
	// E ln|z_out|^2 = -0.352857, Var = 5.435524
}

func ExampleBetaWidths() {
	widths := []int{20, 400} // n₀ (first hidden layer), n₁ = n_d (last)
	b, _ := loggauss.BetaWidths(widths)
	p, _ := loggauss.BetaWidthsPrinted(widths)
	ex, _ := loggauss.ExactMomentsWidths(widths)
	fmt.Printf("derived %.4f, printed %.4f, exact Var[G] %.4f\n", b, p, ex.VarG)
	// Output:
	// derived 0.2550, printed 0.1125, exact Var[G] 0.3168
}

func ExampleBetaResidual() {
	alpha, lambda := 0.5, 0.8660254037844386 // α² = 0.25
	b, _ := loggauss.BetaResidual(100, 100, alpha, lambda)
	p, _ := loggauss.BetaResidualPrinted(100, 100, alpha, lambda)
	c, _ := loggauss.ResidualCoefficient(alpha, lambda)
	fmt.Printf("beta = %.4f (printed %.4f); per-layer coefficient %.4f\n", b, p, c)
	// Output:
	// beta = 6.4582 (printed 3.5825); per-layer coefficient 6.4963
}

func ExampleBetaScaleInvariant() {
	for _, s := range []string{"relu(x)", "leaky_relu(x, 0.2)", "abs(x)"} {
		b, err := loggauss.BetaScaleInvariant(100, 100, calc.MustParse(s))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-20s beta = %.4f\n", s, b)
	}
	_, err := loggauss.BetaScaleInvariant(100, 100, calc.MustParse("tanh(x)"))
	fmt.Println(err != nil)
	// Output:
	// relu(x)              beta = 5.0200
	// leaky_relu(x, 0.2)   beta = 4.5762
	// abs(x)               beta = 2.0200
	// true
}

func ExampleSampleG() {
	g, err := loggauss.SampleG(100, 10, 4, 1)
	if err != nil {
		panic(err)
	}
	for _, v := range g {
		fmt.Printf("%.6f\n", v)
	}
	// Output:
	// -0.474940
	// -0.731759
	// -1.294807
	// -0.817049
}

func ExampleOutputLaw_Density() {
	law, _ := loggauss.LogNormalLaw(100, 100, 10, 1)
	inf, _ := loggauss.InfiniteWidthLaw(10, 1)
	ys := []float64{-4, 0, 2, 4}
	f, _ := law.Density(ys)
	f0, _ := inf.Density(ys)
	for i, y := range ys {
		fmt.Printf("y = %2.0f: log-normal %.6f, G = 0 %.6f\n", y, f[i], f0[i])
	}
	// Output:
	// y = -4: log-normal 0.047536, G = 0 0.000000
	// y =  0: log-normal 0.172721, G = 0 0.000790
	// y =  2: log-normal 0.104841, G = 0 0.712969
	// y =  4: log-normal 0.029577, G = 0 0.000001
}
