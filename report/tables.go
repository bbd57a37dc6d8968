package report

import (
	"errors"
	"fmt"
	"strings"

	"critcalc/apjn"
	"critcalc/loggauss"
)

// DefaultDigits is the number of significant digits tables show unless
// asked for more or fewer.
const DefaultDigits = 6

// TableNames lists the tables BuildTable knows, in documentation order.
var TableNames = []string{"pdlt", "joudaki", "exponents", "finite-width", "dhg", "beta"}

// BuildTable returns the table name for acts with digits significant
// digits; nil acts means the table's default activations (PDLTActivations,
// JoudakiActivations for "joudaki", DHGActivations for "dhg"; "beta" has
// none). The dhg and beta tables take their default parameters here;
// DHGTable and BetaTable take others.
func BuildTable(name string, acts []Activation, digits int) (*Table, error) {
	switch name {
	case "pdlt":
		return PDLTTable(orDefault(acts, PDLTActivations), digits)
	case "joudaki":
		return JoudakiTable(orDefault(acts, JoudakiActivations), digits)
	case "exponents":
		return ExponentsTable(orDefault(acts, PDLTActivations), digits)
	case "finite-width":
		return FiniteWidthTable(orDefault(acts, PDLTActivations), digits)
	case "dhg":
		return DHGTable(orDefault(acts, DHGActivations), DHGBiasVariances, DHGSkips, digits)
	case "beta":
		if len(acts) > 0 {
			return nil, errors.New("the beta table is for ReLU networks and takes no activation")
		}
		return BetaTable(BetaWidth, BetaDepths, BetaOutputs, digits)
	}
	return nil, fmt.Errorf("unknown table %q (want %s)", name, strings.Join(TableNames, ", "))
}

// MaxDigits returns the most significant digits table name accepts.
func MaxDigits(name string) int {
	if name == "pdlt" || name == "exponents" || name == "joudaki" || name == "finite-width" {
		return maxAnalysisDigits
	}
	if name == "dhg" {
		return apjn.MaxDigits
	}
	return loggauss.MaxDigits // beta
}

func orDefault(acts []Activation, def func() []Activation) []Activation {
	if len(acts) == 0 {
		return def()
	}
	return acts
}
