package report

import (
	"errors"
	"fmt"
	"math"

	"critcalc/loggauss"
	"critcalc/sim"
)

// BetaWidth and BetaOutputs are the defaults of the beta table:
// the Monte-Carlo setting of the log-Gaussian notes, §1.1: n = 100, d ∈ {1, 10, 100}, n_out = 10.
const (
	BetaWidth   = 100
	BetaOutputs = 10
)

// BetaDepths are the default depths of the beta table (see BetaWidth).
var BetaDepths = []int{1, 10, 100}

// BetaSamples and BetaSeed set the simulation of the beta table: 2¹⁵
// networks, as in the notes' Monte-Carlo figure.
const (
	BetaSamples = 1 << 15
	BetaSeed    = 1
)

// digitsAbove returns how many significant digits of v lie above its
// standard error se (at least 1).
func digitsAbove(v, se float64) int {
	if se <= 0 || v == 0 {
		return 1
	}
	return max(1, int(math.Floor(math.Log10(math.Abs(v)/se)))+1)
}

// BetaTable returns, for d hidden ReLU layers of width n (C_W = 2, no
// biases) and each d of ds, the effective parameter β = 2/n + 5d/n
// (loggauss.Beta), the log-Gaussian moments E[G] = −β/2, Var[G] = β
// (loggauss.TheoryMoments) beside the exact finite-width ones
// (loggauss.ExactMoments), and the same for ln‖z_out‖² = G + ln χ²_{n_out}
// with ‖x‖²/n_in = 1 (Moments.Output), with the probability of the
// excluded event that a hidden layer is entirely inactive
// (loggauss.ZeroEventProbability), each to digits certified significant
// digits (1 to loggauss.MaxDigits; see betaTheoryRow).
func BetaTable(n int, ds []int, nOut, digits int) (*Table, error) {
	if digits < 1 || digits > loggauss.MaxDigits {
		return nil, fmt.Errorf("digits must be between 1 and %d for the beta table, got %d", loggauss.MaxDigits, digits)
	}
	switch {
	case n < 1:
		return nil, fmt.Errorf("beta table: width n = %d must be ≥ 1", n)
	case nOut < 1:
		return nil, fmt.Errorf("beta table: n_out = %d must be ≥ 1", nOut)
	case len(ds) == 0:
		return nil, errors.New("beta table: no depth")
	}
	t := &Table{
		Name:  "beta",
		Title: "Log-Gaussian output norm of deep ReLU networks: β = 2/n + 5d/n and the exact finite-width moments",
		Columns: []Column{
			{Key: "n", Header: "n"},
			{Key: "d", Header: "d"},
			{Key: "beta", Header: "β", Note: "2/n + 5d/n"},
			{Key: "mean_G_theory", Header: "E[G]", Note: "−β/2"},
			{Key: "var_G_theory", Header: "Var[G]", Note: "β"},
			{Key: "mean_G_exact", Header: "E[G]", Note: "exact"},
			{Key: "var_G_exact", Header: "Var[G]", Note: "exact"},
			{Key: "mean_logout_theory", Header: "E[ln‖z_out‖²]", TeX: `$E[\ln\|z_{\rm out}\|^2]$`, Note: "log-Gaussian"},
			{Key: "var_logout_theory", Header: "Var[ln‖z_out‖²]", TeX: `${\rm Var}[\ln\|z_{\rm out}\|^2]$`, Note: "log-Gaussian"},
			{Key: "mean_logout_exact", Header: "E[ln‖z_out‖²]", TeX: `$E[\ln\|z_{\rm out}\|^2]$`, Note: "exact"},
			{Key: "var_logout_exact", Header: "Var[ln‖z_out‖²]", TeX: `${\rm Var}[\ln\|z_{\rm out}\|^2]$`, Note: "exact"},
			{Key: "p_zero", Header: "P(empty layer)", Note: "excluded"},
			{Key: "mean_G_sim", Header: "E[G]", Note: fmt.Sprintf("simulated, %d networks", BetaSamples)},
			{Key: "var_G_sim", Header: "Var[G]", Note: fmt.Sprintf("simulated, %d networks", BetaSamples)},
			{Key: "var_G_sim_stderr", Header: "± Var[G]", Note: "standard error"},
		},
	}
	for _, d := range ds {
		if d < 0 {
			return nil, fmt.Errorf("beta table: depth d = %d must be ≥ 0", d)
		}
		row, err := betaTheoryRow(n, d, nOut, digits)
		if err != nil {
			return nil, fmt.Errorf("beta table: %w", err)
		}
		gs, err := loggauss.SampleG(n, d, BetaSamples, BetaSeed)
		if err != nil {
			return nil, fmt.Errorf("beta table: %w", err)
		}
		m, err := sim.MomentsOf(gs, "G")
		if err != nil {
			return nil, fmt.Errorf("beta table: %w", err)
		}
		t.Rows = append(t.Rows, append(row,
			FloatCell(m.Mean.Value, min(digits, digitsAbove(m.Mean.Value, m.Mean.StdErr))),
			FloatCell(m.Var.Value, min(digits, digitsAbove(m.Var.Value, m.Var.StdErr))), FloatCell(m.Var.StdErr, 2)))
	}
	t.Footnotes = []string{
		"Network (log-Gaussian notes, Def. 1): d hidden ReLU layers of width n with C_W = 2 (weights √(2/n)·N(0, 1)), no biases, a linear readout to n_out outputs; then z_out = |x|/√n_in · exp(G/2) · W with W ~ N(0, I) in dimension n_out independent of G (Theorem 2).",
		"Theory: Theorem 2, E[G] = −β/2 + O(d/n²), Var[G] = β + O(d/n²) (loggauss.TheoryMoments).",
		"Exact: G = ln(|g|²/n) + the sum over the d hidden layers of ln((2/n)|φ(g)|²), g ~ N(0, I) in dimension n, independent terms whose moments are sums over Binomial(n, ½) of digamma and trigamma values (loggauss.ExactMoments), conditional on no hidden layer being entirely inactive (probability in the last column).",
		fmt.Sprintf("ln|z_out|² = G + ln χ²(n_out) with n_out = %d and |x|²/n_in = 1: E[ln χ²(k)] = ψ(k/2) + ln 2, Var = ψ′(k/2) (Moments.Output).", nOut),
		fmt.Sprintf("Values certified to at most %d significant digits: β and β/2 are exact rationals; the exact moments, the ln χ² terms and P(empty layer) are sums of ψ, ψ′ and logarithms, each computed at two working precisions with the digits on which both agree (loggauss.ExactMomentsDigits, ExactOutputDigits, TheoryOutputDigits, ZeroEventProbabilityDigits). The simulated columns are not: they show the digits above their standard errors.", digits),
		fmt.Sprintf("Simulated: %d networks drawn exactly from the product representation (loggauss.SampleG, seed %d); their mean and variance are shown to the digit of their standard error.", BetaSamples, BetaSeed),
	}
	return t, nil
}
