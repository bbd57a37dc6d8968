package hermite

import (
	"math/big"

	"critcalc/calc"
	"critcalc/calc/bigmath"
)

// gridExpGuard is the number of bits beyond the shared exponentials' own
// precision at which gridNegExps multiplies: its products lose at most
// about log2(2J) ≤ 14 bits for the J ≤ trapMaxNodes/2 steps of a grid.
const gridExpGuard = 20

// gridNegExps returns, for a program that computes e^−|x| once per point
// for several functions of x (calc.BigProgram.SharesExpOfX), E = e^−|z| at
// each point z = j·2^−m of points with |z| ≥ 1/2, to the precision the
// program's shared exponentials have at prec (nil elsewhere); nil when
// the program has no use for them. E = r^|j| with r = e^(−2^−m) comes from
// one exponential and a product per step of the grid, at gridExpGuard
// more bits: with r within half an ulp there, each of the at most 2^13
// products adds at most half an ulp more, so E is within half an ulp and a
// fraction 2^−6 of one at the shared exponentials' precision, as exp
// itself would give it, for the cost of one multiplication instead of one
// exponential a point.
func gridNegExps(prog *calc.BigProgram, points []gridPoint, m int, prec uint) []*big.Float {
	if !prog.SharesExpOfX() || len(points) == 0 {
		return nil
	}
	wp := prec + calc.ExpGuard
	cp := wp + gridExpGuard
	steps := make([]int64, len(points)) // |j| of each point, 0 where |z| < 1/2
	var most int64
	half := int64(1) << max(m-1, 0) // the least |j| with |j|·2^−m ≥ 1/2
	for i, p := range points {
		if p.exp > m || m > 62 {
			return nil // not a point of this grid (a caller's mistake): exp decides
		}
		if j := absInt(p.num << (m - p.exp)); j >= half {
			steps[i] = j
			most = max(most, j)
		}
	}
	if most == 0 {
		return nil
	}
	minusH := new(big.Float).SetPrec(cp).SetMantExp(big.NewFloat(-1), -m)
	r := bigmath.Exp(cp, minusH)
	powers := make([]*big.Float, most+1) // r^k to cp bits, for the k in use
	need := make([]bool, most+1)
	for _, j := range steps {
		need[j] = true
	}
	count := 0
	for _, n := range need {
		if n {
			count++
		}
	}
	store := make([]big.Float, count) // the powers kept, in one allocation
	// The running product alternates between acc and next: a product
	// written over its own operand would cost big.Float a new mantissa.
	acc, next := new(big.Float).SetPrec(cp).SetInt64(1), new(big.Float).SetPrec(cp)
	for k := int64(1); k <= most; k++ {
		acc, next = next.Mul(acc, r), acc
		if need[k] {
			powers[k] = store[0].SetPrec(wp).Set(acc)
			store = store[1:]
		}
	}
	out := make([]*big.Float, len(points))
	for i, j := range steps {
		if j > 0 {
			out[i] = powers[j]
		}
	}
	return out
}
