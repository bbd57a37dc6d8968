package calc

import (
	"fmt"
	"math"
	"math/big"
)

// PolyPiece is σ on one piece (Lo, Hi) of the line between consecutive
// kinks: σ(z) = Σ_k Coef[k]·(z − Center)^k there. Lo is −Inf on the first
// piece and Hi +Inf on the last.
type PolyPiece struct {
	Lo, Hi, Center float64
	Coef           []float64
}

// PiecewisePolynomial returns σ = e as polynomials of degree at most
// maxDeg between its kinks, when e is built of x and constants by +, −, ·,
// division by a constant, powers with a nonnegative integer exponent and
// the piecewise functions abs, sign, step, max and min (and the named
// activations defined by them, such as relu): such a σ is piecewise
// polynomial by construction, so its pieces are exact, with no test that
// could pass a σ that is not. ok is false for any other e or a higher
// degree. The coefficients are the one-sided Taylor coefficients at each
// piece's centre (a finite end, or the midpoint of a bounded piece),
// rounded to float64, and σ's float64 program is checked against them at
// points of every piece (ok is false where they differ).
func PiecewisePolynomial(e Expr, maxDeg int) (pieces []PolyPiece, ok bool, err error) {
	if d, ok := polyDegree(e); !ok || d > maxDeg {
		return nil, false, nil
	}
	kinks, err := Kinks(e)
	if err != nil {
		return nil, false, fmt.Errorf("piecewise polynomial %s: %w", e, err)
	}
	ends := []float64{math.Inf(-1)}
	exact := []*big.Rat{nil} // the ends' exact values, where known
	for _, k := range kinks {
		ends, exact = append(ends, k.X), append(exact, k.Exact)
	}
	ends, exact = append(ends, math.Inf(1)), append(exact, nil)
	prog := Compile(e)
	for i := 0; i+1 < len(ends); i++ {
		// The jets from above (from below at the first piece's end): a
		// centre may be a switching point that is no kink (abs(x)² at 0),
		// where a two-sided expansion is refused.
		// A kink's float64 location may lie on its other side (0.3 <
		// 3/10): the jets there are taken at its exact value.
		p := PolyPiece{Lo: ends[i], Hi: ends[i+1]}
		side := Above
		var at *big.Rat
		switch {
		case math.IsInf(p.Lo, -1) && math.IsInf(p.Hi, 1):
			p.Center = 0
		case math.IsInf(p.Lo, -1):
			p.Center, side, at = p.Hi, Below, exact[i+1]
		case math.IsInf(p.Hi, 1):
			p.Center, at = p.Lo, exact[i]
		default:
			p.Center = p.Lo + (p.Hi-p.Lo)/2
		}
		a := new(big.Float).SetPrec(piecePrec).SetFloat64(p.Center)
		if at != nil {
			a.SetRat(at)
		}
		c, err := Taylor(e, a, maxDeg, side, piecePrec)
		if err != nil {
			return nil, false, fmt.Errorf("piecewise polynomial %s on (%g, %g): %w", e, p.Lo, p.Hi, err)
		}
		for _, v := range c {
			f, _ := v.Float64()
			p.Coef = append(p.Coef, f)
		}
		if !p.agrees(prog) {
			return nil, false, nil
		}
		pieces = append(pieces, p)
	}
	return pieces, true, nil
}

// piecePrec is the precision of the pieces' Taylor coefficients before
// they are rounded to float64.
const piecePrec = 96

// At returns the piece's polynomial at z.
func (p PolyPiece) At(z float64) float64 {
	d := z - p.Center
	v := 0.0
	for k := len(p.Coef) - 1; k >= 0; k-- {
		v = v*d + p.Coef[k]
	}
	return v
}

// agrees checks the piece against σ's program at points across it: a
// guard against a kink that the search missed (a switching argument
// that is not affine and changes sign beyond KinkRange).
func (p PolyPiece) agrees(prog *Program) bool {
	lo, hi := p.Lo, p.Hi
	if math.IsInf(lo, -1) {
		lo = min(hi, 0) - 1e3
	}
	if math.IsInf(hi, 1) {
		hi = max(lo, 0) + 1e3
	}
	for _, f := range []float64{0.001, 0.1, 0.37, 0.5, 0.81, 0.999} {
		z := lo + (hi-lo)*f
		want, got := prog.Eval(z), p.At(z)
		scale := 0.0
		d := math.Abs(z - p.Center)
		for k, c := range p.Coef {
			scale += math.Abs(c) * math.Pow(d, float64(k))
		}
		if !(math.Abs(want-got) <= 1e-12*scale) {
			return false
		}
	}
	return true
}

// polyDegree returns the degree of e as a piecewise polynomial built as
// PiecewisePolynomial describes, 0 for an expression free of x; ok is false
// when e is not so built. Each distinct node is visited once.
func polyDegree(e Expr) (int, bool) {
	type degree struct {
		d        int
		ok, hasX bool
	}
	of := map[Expr]degree{}
	for _, n := range e.Nodes() {
		var r degree
		args := n.Args()
		r.hasX = n.Op() == OpVar
		r.ok = true
		for _, a := range args {
			r.hasX = r.hasX || of[a].hasX
			r.ok = r.ok && of[a].ok
		}
		switch {
		case !r.hasX:
			// a constant, whatever its operations
			r.d, r.ok = 0, true
		case !r.ok:
		case n.Op() == OpVar:
			r.d = 1
		case n.Op() == OpNeg:
			r.d = of[args[0]].d
		case n.Op() == OpAdd || n.Op() == OpSub:
			r.d = max(of[args[0]].d, of[args[1]].d)
		case n.Op() == OpMul:
			r.d = of[args[0]].d + of[args[1]].d
		case n.Op() == OpDiv:
			r.d, r.ok = of[args[0]].d, !of[args[1]].hasX
		case n.Op() == OpPow:
			p, isNum := args[1].Rat()
			r.ok = isNum && p.IsInt() && p.Sign() >= 0 && p.Num().IsInt64() && p.Num().Int64() <= 64
			if r.ok {
				r.d = of[args[0]].d * int(p.Num().Int64())
			}
		case n.Op() == OpCall:
			if x, isAct := Expand(n); isAct {
				r.d, r.ok = polyDegree(x)
				break
			}
			switch n.Func().ID {
			case FnAbs, FnMax, FnMin:
				for _, a := range args {
					r.d = max(r.d, of[a].d)
				}
			case FnSign, FnStep:
				r.d = 0
			default:
				r.ok = false
			}
		default:
			r.ok = false
		}
		of[n] = r
	}
	r := of[e]
	return r.d, r.ok
}
