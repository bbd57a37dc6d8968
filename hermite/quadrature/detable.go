package quadrature

import (
	"math"
	"sync"
)

// deKind selects the double-exponential transformation.
type deKind int

const (
	tanhSinh deKind = iota // finite [a, b]: x = c + r·tanh(π/2·sinh t)
	expSinh                // [a, ∞) or (−∞, b]: x = a + exp(π/2·sinh t)
	sinhSinh               // (−∞, ∞): x = sinh(π/2·sinh t)
)

// deMaxLevel64 is the finest level of the float64 integrators: the step is
// 2^−deMaxLevel64.
const deMaxLevel64 = 10

// deNode holds the abscissae and weights of the points t and −t of a
// double-exponential rule, before the map to the interval: for tanh-sinh
// the distances xp = xn = 1 − tanh(π/2·sinh t) of the points from the ends
// of [−1, 1]; for exp-sinh xp = e^{u}, xn = e^{−u} with u = π/2·sinh t; for
// sinh-sinh xp = −xn = sinh u. The weights are dx/dt.
type deNode struct {
	xp, wp float64
	xn, wn float64
}

// deTable64 holds, for each level k, the nodes t = j·2^−k with j ≥ 1 for
// k = 0 and j odd for k ≥ 1; t = 0 is the center.
type deTable64 struct {
	center deNode
	levels [deMaxLevel64 + 1][]deNode
}

var (
	deTables64Once [3]sync.Once
	deTables64     [3]*deTable64
)

func getDETable64(kind deKind) *deTable64 {
	deTables64Once[kind].Do(func() { deTables64[kind] = newDETable64(kind) })
	return deTables64[kind]
}

// deUMax64 bounds u = π/2·sinh t so that abscissae and weights stay normal
// float64 numbers.
func deUMax64(kind deKind) float64 {
	if kind == tanhSinh {
		return 354 // 1 − tanh u ≈ 2e^{−2u} ≥ 2^−1021
	}
	return 700 // e^u·cosh t < MaxFloat64
}

func newDETable64(kind deKind) *deTable64 {
	tb := new(deTable64)
	tb.center = deNode64(kind, 0)
	umax := deUMax64(kind)
	for k := 0; k <= deMaxLevel64; k++ {
		h := math.Ldexp(1, -k)
		step := 2
		if k == 0 {
			step = 1
		}
		var nodes []deNode
		for j := 1; ; j += step {
			t := float64(j) * h
			if math.Pi/2*math.Sinh(t) > umax {
				break
			}
			nodes = append(nodes, deNode64(kind, t))
		}
		tb.levels[k] = nodes
	}
	return tb
}

// deNode64 computes the node pair at t ≥ 0.
func deNode64(kind deKind, t float64) deNode {
	ch := math.Cosh(t)
	u := math.Pi / 2 * math.Sinh(t)
	switch kind {
	case tanhSinh:
		q := math.Exp(-2 * u)
		d := 2 * q / (1 + q)
		w := math.Pi / 2 * ch * 4 * q / ((1 + q) * (1 + q))
		return deNode{d, w, d, w}
	case expSinh:
		e := math.Exp(u)
		ei := math.Exp(-u)
		return deNode{e, math.Pi / 2 * ch * e, ei, math.Pi / 2 * ch * ei}
	default:
		s := math.Sinh(u)
		w := math.Pi / 2 * ch * math.Cosh(u)
		return deNode{s, w, -s, w}
	}
}
