package apjn_test

import (
	"fmt"

	"critcalc/apjn"
	"critcalc/calc"
)

// erf on DHG's critical line at σ_w = 1.2 (eq 126): χ_𝒥* = 1.
func ExampleModel_At() {
	m, _ := apjn.NewModel(calc.MustParse("erf"), apjn.Vanilla)
	sb2, _, _ := apjn.ErfCriticalSB2(1.44, 0)
	pt, _ := m.At(apjn.Params{SW2: 1.44, SB2: sb2})
	fmt.Printf("K* = %.10f  χ_J* = %.10f  %s\n", pt.KStar, pt.ChiJ, pt.Phase)
	// Output: K* = 0.5903984256  χ_J* = 1.0000000000  critical
}
