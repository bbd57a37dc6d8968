package quadrature

import (
	"math"
	"math/big"
)

// bigDENode is deNode in big.Float arithmetic. Nodes are shared through the
// cache and must not be modified.
type bigDENode struct {
	xp, wp *big.Float
	xn, wn *big.Float
}

type bigDEKey struct {
	kind  deKind
	wp    uint
	level int
}

var bigDECache cache[bigDEKey, []bigDENode]

// bigDELevel returns the nodes of level k (see deTable64) at precision wp,
// computing them once. Nodes stop where u = π/2·sinh t exceeds about
// 1.04·wp, that is where 1 − tanh u or e^{−u} falls below 2^{−1.5·wp}.
func bigDELevel(kind deKind, wp uint, k int) []bigDENode {
	nodes, _ := bigDECache.get(bigDEKey{kind, wp, k}, func() ([]bigDENode, error) {
		umax := 1.5 * float64(wp) * math.Ln2
		step := 2
		if k == 0 {
			step = 1
		}
		var nodes []bigDENode
		for j := 1; ; j += step {
			nd, ok := bigDENodeAt(kind, wp, j, k, umax)
			if !ok {
				break
			}
			nodes = append(nodes, nd)
		}
		return nodes, nil
	})
	return nodes
}

// bigDENodeAt computes the node pair at t = j·2^−k, or reports false when
// u = π/2·sinh t exceeds umax.
func bigDENodeAt(kind deKind, wp uint, j, k int, umax float64) (bigDENode, bool) {
	gp := wp + 24 // covers the cancellation in sinh t for small t
	t := newFloat(gp).SetInt64(int64(j))
	t.SetMantExp(t, -k)
	halfPi := newFloat(gp).Set(bigPi(gp))
	halfPi.SetMantExp(halfPi, -1)
	one := newFloat(gp).SetInt64(1)

	et := bigExp(t, gp)
	eti := newFloat(gp).Quo(one, et)
	ch := newFloat(gp).Add(et, eti)
	ch.SetMantExp(ch, -1)
	u := newFloat(gp).Sub(et, eti)
	u.SetMantExp(u, -1)
	u.Mul(u, halfPi)
	if uf, _ := u.Float64(); uf > umax {
		return bigDENode{}, false
	}
	wc := newFloat(gp).Mul(halfPi, ch) // π/2·cosh t
	round := func(x *big.Float) *big.Float { return newFloat(wp).Set(x) }
	switch kind {
	case tanhSinh:
		m2u := newFloat(gp).Neg(u)
		m2u.SetMantExp(m2u, 1)
		q := bigExp(m2u, gp)
		q1 := newFloat(gp).Add(one, q)
		d := newFloat(gp).Quo(q, q1)
		d.SetMantExp(d, 1) // 2q/(1+q)
		w := newFloat(gp).Quo(d, q1)
		w.Mul(w, wc)
		w.SetMantExp(w, 1) // π/2·cosh t·4q/(1+q)²
		d, w = round(d), round(w)
		return bigDENode{d, w, d, w}, true
	case expSinh:
		e := bigExp(u, gp)
		ei := newFloat(gp).Quo(one, e)
		return bigDENode{round(e), round(newFloat(gp).Mul(wc, e)), round(ei), round(newFloat(gp).Mul(wc, ei))}, true
	default:
		e := bigExp(u, gp)
		ei := newFloat(gp).Quo(one, e)
		s := newFloat(gp).Sub(e, ei)
		s.SetMantExp(s, -1)
		c := newFloat(gp).Add(e, ei)
		c.SetMantExp(c, -1)
		w := round(c.Mul(c, wc))
		return bigDENode{round(s), w, round(s.Neg(s)), w}, true
	}
}

// bigDECenter returns the node at t = 0.
func bigDECenter(kind deKind, wp uint) bigDENode {
	w := newFloat(wp).Set(bigPi(wp))
	w.SetMantExp(w, -1)
	x := newFloat(wp).SetInt64(1)
	if kind == sinhSinh {
		x.SetInt64(0)
	}
	return bigDENode{x, w, x, w}
}
