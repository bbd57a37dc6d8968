package asymptotics

import (
	"fmt"
	"math"
	"strings"
)

// Term is one term Coeff·log^LogPower(ℓ/ℓ₀)/ℓ^Power of a large-depth
// expansion. Power is the whole power of 1/ℓ (the exponent p of the series
// plus the order s of the correction), so a term says by itself how it
// falls off. In a Fit, ℓ₀ = 1.
type Term struct {
	Power    float64 `json:"power"`
	LogPower int     `json:"log_power"`
	Coeff    float64 `json:"coeff"`
}

// String writes the term as "c·log^q(ℓ/ℓ₀)/ℓ^s".
func (t Term) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.10g", t.Coeff)
	switch t.LogPower {
	case 0:
	case 1:
		b.WriteString("·log(ℓ/ℓ₀)")
	default:
		fmt.Fprintf(&b, "·log^%d(ℓ/ℓ₀)", t.LogPower)
	}
	switch t.Power {
	case 0:
	case 1:
		b.WriteString("/ℓ")
	case -1:
		b.WriteString("·ℓ")
	default:
		if t.Power < 0 {
			fmt.Fprintf(&b, "·ℓ^%g", -t.Power)
		} else {
			fmt.Fprintf(&b, "/ℓ^%g", t.Power)
		}
	}
	return b.String()
}

// before reports whether term position (power a, log power qa) comes before
// (b, qb) in the order of the scaling ansatz (5.93): by increasing power,
// and within one power by decreasing log power, since log^q ℓ/ℓ^s
// dominates log^(q−1) ℓ/ℓ^s.
func before(a float64, qa int, b float64, qb int) bool {
	const eps = 1e-9
	if math.Abs(a-b) > eps {
		return a < b
	}
	return qa > qb
}
