package apjn_test

import (
	"fmt"

	"critcalc/apjn"
	"critcalc/calc"
)

// ResMLP with ReLU, μ = 1 and LayerScale 𝓔 = 0.1 (AutoInit eq 72): the
// kernel grows without bound and the block APJN is
// (1 + 𝓔²σ_w²)(1 + ½𝓔²σ_w⁴), slightly chaotic.
func ExampleNewResMLP() {
	m, _ := apjn.NewResMLP(calc.MustParse("relu"), 0.1)
	for _, sw2 := range []float64{1, 2} {
		pt, _ := m.At(apjn.Params{SW2: sw2, SB2: 0, Mu: 1})
		fmt.Printf("σ_w² = %g: K* = %g  χ_J = %.7f  %s\n", sw2, pt.KStar, pt.ChiJ, pt.Phase)
	}
	// Output:
	// σ_w² = 1: K* = +Inf  χ_J = 1.0150500  chaotic
	// σ_w² = 2: K* = +Inf  χ_J = 1.0404000  chaotic
}

// An MLP-Mixer block of GELU with skip μ = 0.5: the critical σ_b² at
// σ_w² = 1.5, and a block with μ = 1, everywhere critical.
func ExampleModel_At_mixer() {
	m, _ := apjn.NewModel(calc.MustParse("gelu"), apjn.Mixer)
	lp, _ := m.CriticalSB2(1.5, 0.5)
	pt, _ := m.At(apjn.Params{SW2: 1.5, SB2: lp.SB2, Mu: 0.5})
	fmt.Printf("σ_b² = %.6f  K* = %.6f  χ_J* = %.9f  %s\n", lp.SB2, pt.KStar, pt.ChiJ, pt.Phase)
	pt, _ = m.At(apjn.Params{SW2: 1.5, SB2: 0.1, Mu: 1})
	fmt.Println(pt.Phase)
	// Output:
	// σ_b² = 0.214150  K* = 1.843093  χ_J* = 1.000000000  critical
	// everywhere-critical
}
