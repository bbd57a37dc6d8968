package report

import (
	"math/big"
	"testing"

	"critcalc/calc"
)

// TestBetaDigits30 checks the beta table at 30 digits (n = 100, d = 1, 10,
// 100, n_out = 10) against mpmath (mp.dps = 50): the exact moments from
// the formulas of loggauss.ReluFactor, LastFactor and LogChiSquared with
// digamma, polygamma(1, ·) and exact Binomial(n, ½) weights over k = 1…n;
// the log-Gaussian ones −β/2 + ψ(5) + ln 2, β + ψ′(5); and P(empty layer)
// = −expm1(d·log1p(−2^−100)). β, −β/2 are exact rationals.
func TestBetaDigits30(t *testing.T) {
	tab, err := BetaTable(100, []int{1, 10, 100}, 10, 30)
	if err != nil {
		t.Fatal(err)
	}
	want := []map[string]string{
		{"beta": "0.07", "mean_G_theory": "-0.035", "var_G_theory": "0.07",
			"mean_G_exact": "-0.035454217623010638516205153271202199", "var_G_exact": "0.072141325375422461880195676962098182",
			"mean_logout_exact": "2.1638106313687351436278482114379053", "var_logout_exact": "0.29346428111253778724149973249701226",
			"mean_logout_theory": "2.1642648489917457821440533647091075", "var_logout_theory": "0.29132295573711532536130405553491408",
			"p_zero": "7.8886090522101180541172856528278623e-31"},
		{"beta": "0.52", "mean_G_theory": "-0.26", "var_G_theory": "0.52",
			"mean_G_exact": "-0.26424218822782163017893176745835531", "var_G_exact": "0.5396012547139504865482209640293844",
			"mean_logout_exact": "1.9350226607639241519651215972507522", "var_logout_exact": "0.76092421045106581190952501956429847",
			"mean_logout_theory": "1.9392648489917457821440533647091075", "var_logout_theory": "0.74132295573711532536130405553491408",
			"p_zero": "7.8886090522101180541172856527998587e-30"},
		{"beta": "5.02", "mean_G_theory": "-2.51", "var_G_theory": "5.02",
			"mean_G_exact": "-2.5521218942759315468061979093298864", "var_G_exact": "5.2142005480992307332284738347022465",
			"mean_logout_exact": "-0.35285704528418576466214454462077896", "var_logout_exact": "5.4355235038363460585897778902371606",
			"mean_logout_theory": "-0.31073515100825421785594663529089253", "var_logout_theory": "5.2413229557371153253613040555349141",
			"p_zero": "7.888609052210118054117285652519823e-29"},
	}
	col := map[string]int{}
	for j, c := range tab.Columns {
		col[c.Key] = j
	}
	for i, w := range want {
		for key, ref := range w {
			c := tab.Rows[i][col[key]]
			v, _, err := big.ParseFloat(ref, 10, 300, big.ToNearestEven)
			if err != nil {
				t.Fatal(err)
			}
			if c.Digits != 30 || c.S != calc.FormatSignificant(v, 30) {
				t.Errorf("row %d %s = %s (%d digits), mpmath %s", i, key, c.S, c.Digits, calc.FormatSignificant(v, 30))
			}
		}
	}
}

// TestBetaDigits60 asks for the most digits: every theory value keeps all
// 60, and the simulated columns keep the digits of their standard errors.
func TestBetaDigits60(t *testing.T) {
	tab, err := BetaTable(100, []int{1, 100}, 10, 60)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range tab.Rows {
		for j, c := range row {
			key := tab.Columns[j].Key
			switch key {
			case "n", "d", "mean_G_sim", "var_G_sim", "var_G_sim_stderr":
				if c.Digits > 4 && key != "n" && key != "d" {
					t.Errorf("row %d %s = %s: %d digits, more than its standard error allows", i, key, c.S, c.Digits)
				}
			default:
				if c.Digits != 60 {
					t.Errorf("row %d %s = %s: %d digits, want 60", i, key, c.S, c.Digits)
				}
			}
		}
	}
}
