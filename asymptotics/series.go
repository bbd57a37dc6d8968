package asymptotics

import (
	"fmt"
	"math"
	"strings"
)

// Series is the large-depth prediction for one quantity,
//
//	O(ℓ) = Σ Coeff·log^q(ℓ/ℓ₀)/ℓ^Power + (terms from Next on),
//
// following the scaling ansatz (5.93) O = ℓ^−p Σ_s Σ_{q≤s} c_{s,q}
// log^q ℓ/ℓ^s. Terms lists the known terms, leading term first; every
// position (Power, LogPower) of the ansatz that comes before Next and has no
// entry in Terms is known to be zero. Positions are ordered by increasing
// Power and, within one Power, by decreasing LogPower.
type Series struct {
	// Quantity is the key of the sequence the series describes: "K", "V",
	// "G1", "V_over_K2", "dK1", "ddK2", "psi", "K0", "K2",
	// "K_minus_Kstar" (see the package documentation).
	Quantity string `json:"quantity"`
	// Exponent is the critical exponent p: O ~ (1/ℓ)^p.
	Exponent float64 `json:"exponent"`
	Terms    []Term  `json:"terms"`
	// Next is the position of the first term the prediction leaves open
	// (its Coeff is unused). Exact marks a series with no remainder.
	Next  Term `json:"next"`
	Exact bool `json:"exact"`
	// Relative marks a series whose overall amplitude is not fixed by the
	// large-depth analysis (δ∥ of (5.97), δ² of (5.99)): Terms are then
	// relative to the leading coefficient, which is 1.
	Relative bool `json:"relative"`
	// UsesL0 marks a series whose logarithms are log(ℓ/ℓ₀) with the
	// data-dependent ℓ₀ of the kernel expansion (5.94); otherwise ℓ₀ = 1.
	UsesL0 bool `json:"uses_l0"`
	// Zero marks a quantity that vanishes identically (G{1} of a
	// scale-invariant activation, (5.118)); Terms is then empty.
	Zero bool `json:"zero"`
	// Source names the equations the series comes from.
	Source string `json:"source"`
}

// String writes the series as a sum of its terms with its remainder.
func (s Series) String() string {
	if s.Zero {
		return s.Quantity + " = 0"
	}
	var sum string
	for i, t := range s.Terms {
		switch {
		case i == 0:
			sum = t.String()
		case t.Coeff < 0:
			t.Coeff = -t.Coeff
			sum += " − " + t.String()
		default:
			sum += " + " + t.String()
		}
	}
	out := s.Quantity + " = "
	if s.Relative {
		out += "amplitude·[" + sum + "]"
	} else {
		out += sum
	}
	if !s.Exact {
		out += " + O(" + strings.TrimPrefix(Term{Power: s.Next.Power, LogPower: s.Next.LogPower, Coeff: 1}.String(), "1·") + ")"
	}
	if !s.UsesL0 {
		out = strings.ReplaceAll(out, "(ℓ/ℓ₀)", " ℓ")
	}
	return out
}

// known is one coefficient of the series in the basis log^q ℓ/ℓ^Power
// (ℓ₀ = 1), written as Const + Slope·log ℓ₀ where it depends on ℓ₀ at most
// linearly.
type known struct {
	Power    float64
	LogPower int
	Const    float64
	Slope    float64
	// Higher is true when the coefficient depends on log ℓ₀ beyond the
	// linear term; it is then left out of comparisons.
	Higher bool
}

// coefficients expands the known part of s into the basis log^q ℓ/ℓ^P:
// log^q(ℓ/ℓ₀) = Σ_k C(q,k) log^k ℓ (−log ℓ₀)^(q−k). It returns every
// position before Next (all positions when Exact), including the zero ones,
// up to the largest power maxPower.
func (s Series) coefficients(maxPower float64) ([]known, error) {
	if s.Zero {
		return nil, nil
	}
	if len(s.Terms) == 0 {
		return nil, fmt.Errorf("asymptotics: series %q has no terms", s.Quantity)
	}
	p := s.Terms[0].Power
	var out []known
	for sOrd := 0; ; sOrd++ {
		pw := p + float64(sOrd)
		if pw > maxPower+1e-9 {
			break
		}
		for q := sOrd; q >= 0; q-- {
			if !s.Exact && !before(pw, q, s.Next.Power, s.Next.LogPower) {
				return out, nil
			}
			k := known{Power: pw, LogPower: q}
			for _, t := range s.Terms {
				if math.Abs(t.Power-pw) > 1e-9 || t.LogPower < q {
					continue
				}
				c := t.Coeff * binomial(t.LogPower, q)
				switch t.LogPower - q {
				case 0:
					k.Const += c
				case 1:
					if s.UsesL0 {
						k.Slope -= c
					}
				default:
					if s.UsesL0 {
						k.Higher = true
					}
				}
			}
			out = append(out, k)
		}
	}
	return out, nil
}

// binomial returns C(n, k) for small n.
func binomial(n, k int) float64 {
	c := 1.0
	for i := 0; i < k; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}
