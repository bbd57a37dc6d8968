package report_test

import (
	"log"
	"os"

	"critcalc/report"
)

func ExampleDHGTable() {
	acts, err := report.ParseActivations([]string{"erf"})
	if err != nil {
		log.Fatal(err)
	}
	t, err := report.DHGTable(acts, []float64{0}, []float64{0.5}, 6)
	if err != nil {
		log.Fatal(err)
	}
	t.Rows = t.Rows[:4] // vanilla, ln-pre, ln-post, res
	if err := report.Write(os.Stdout, t, report.CSV); err != nil {
		log.Fatal(err)
	}
	// Output:
	// activation,arch,mu,sigma_b2,sigma_w2,K_star,chi_K,chi_J,phase,zeta,source,note
	// erf,vanilla,,0,0.785398,0,1,1,critical,1,Model.CriticalSW2,
	// erf,ln-pre,,0,,,,,chaotic at both ends,,Model.CriticalSW2,the scan finds no critical point; see note 1
	// erf,ln-post,,0,,,,,chaotic at both ends,,Model.CriticalSW2,the scan finds no critical point; see note 1
	// erf,res,0.5,0,0.589049,0,1,1,critical,1,Model.CriticalSW2,
}

func ExampleBetaTable() {
	t, err := report.BetaTable(100, []int{10}, 10, 6)
	if err != nil {
		log.Fatal(err)
	}
	if err := report.Write(os.Stdout, t, report.CSV); err != nil {
		log.Fatal(err)
	}
	// Output:
	// n,d,beta,mean_G_theory,var_G_theory,mean_G_exact,var_G_exact,mean_logout_theory,var_logout_theory,mean_logout_exact,var_logout_exact,p_zero,mean_G_sim,var_G_sim,var_G_sim_stderr
	// 100,10,0.52,-0.26,0.52,-0.264242,0.539601,1.93926,0.741323,1.93502,0.760924,7.88861e-30,-0.27,0.537,0.0042
}
