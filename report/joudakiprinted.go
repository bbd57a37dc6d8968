package report

// joudakiQuantities are the columns of Table S.1 of Joudaki & Hofmann in
// their printed order, keyed as in fixtures/joudaki_table_s1.json.
var joudakiQuantities = []struct{ key, label string }{
	{"C", "C"},
	{"alpha", "α"},
	{"rho_star", "ρ*"},
	{"kappa_rho_star", "κ(ρ*)"},
	{"kappa_0", "κ(0)"},
	{"kappa_prime_0", "κ′(0)"},
	{"kappa_prime_1", "κ′(1)"},
	{"kappa_prime_rho_star", "κ′(ρ*)"},
	{"case", "case"},
}

// joudakiPrinted is Table S.1 of Joudaki & Hofmann (appendix B) as printed, in the order of joudakiQuantities:
// two decimals for every value, the Theorem 1 case as an integer. The
// printed values that fixtures/joudaki_table_s1.json records are checked
// against these by TestJoudakiPrintedMatchesFixture.
var joudakiPrinted = map[string][9]float64{
	"tanh":    {0.63, 0.93, 0.00, 0.00, 0.00, 0.93, 1.18, 0.93, 1},
	"SeLU":    {1.00, 0.97, 0.00, 0.00, 0.00, 0.97, 1.06, 0.97, 1},
	"ReLU":    {0.71, 0.95, 1.00, 1.00, 0.32, 0.50, 0.95, 0.95, 2},
	"sigmoid": {0.54, 0.15, 1.00, 1.00, 0.85, 0.15, 0.15, 0.15, 2},
	"exp":     {2.72, 0.74, 1.00, 1.00, 0.37, 0.37, 1.00, 1.00, 3},
	"GELU":    {0.65, 0.93, 0.76, 0.76, 0.19, 0.59, 1.07, 0.93, 4},
	"CELU":    {0.80, 0.97, 0.60, 0.60, 0.04, 0.90, 1.04, 0.97, 4},
	"ELU":     {0.80, 0.97, 0.60, 0.60, 0.04, 0.90, 1.04, 0.97, 4},
}

// joudakiPrintedHalfUnit is half a unit in the last printed place: a
// recomputed value farther than this from the printed one contradicts it.
const joudakiPrintedHalfUnit = 0.005
