package calc

import (
	"fmt"
	"math"
	"math/big"
)

// Piece is σ on one piece (Lo, Hi) of the line between consecutive
// kinks:
//
//	σ(z) = Σ_k Coef[k]·(z − Center)^k + ExpCoef·e^(Rate·(z − Center))
//
// there (ExpCoef = 0 where the piece is a polynomial; where it is not,
// the polynomial is a constant). Lo is −Inf on the first piece and Hi +Inf
// on the last.
type Piece struct {
	Lo, Hi, Center float64
	Coef           []float64
	Rate, ExpCoef  float64
}

// Pieces returns σ = e between its kinks as polynomials of
// degree at most maxDeg, or as a constant plus an exponential e^(λz),
// when e is built of x and constants by +, −, ·, division by a constant,
// powers with a nonnegative integer exponent, exp and expm1 of an argument
// that is piecewise affine, and the piecewise functions abs, sign, step,
// max and min (and the named activations defined by them: relu, leaky_relu,
// elu, selu): such a σ is of this form by construction, so its pieces are
// exact, with no test that could pass a σ that is not. ok is false for any
// other e, a higher degree, or a piece with a polynomial of degree 1 or
// more beside its exponential, or with two exponentials of different
// rates. The coefficients come from the one-sided Taylor coefficients at
// each piece's centre (a finite end, or the midpoint of a bounded piece),
// rounded to float64, and σ's float64 program is checked against them at
// points of every piece (ok is false where they differ).
func Pieces(e Expr, maxDeg int) (pieces []Piece, ok bool, err error) {
	d, exps, ok := polyForm(e)
	if !ok || d > maxDeg {
		return nil, false, nil
	}
	kinks, err := Kinks(e)
	if err != nil {
		return nil, false, fmt.Errorf("the pieces of %s: %w", e, err)
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
		p := Piece{Lo: ends[i], Hi: ends[i+1]}
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
		if p.Rate, ok, err = pieceRate(exps, a, side); err != nil || !ok {
			return nil, false, err
		}
		c, err := Taylor(e, a, maxDeg+1, side, piecePrec)
		if err != nil {
			return nil, false, fmt.Errorf("the pieces of %s on (%g, %g): %w", e, p.Lo, p.Hi, err)
		}
		if !p.setCoef(c, maxDeg) || !p.agrees(prog) {
			return nil, false, nil
		}
		pieces = append(pieces, p)
	}
	return pieces, true, nil
}

// piecePrec is the precision of the pieces' Taylor coefficients before
// they are rounded to float64.
const piecePrec = 96

// pieceRate returns the one rate λ ≠ 0 of the exponentials on the piece
// whose centre is a (the slope there of each argument of exp and expm1 in
// exps), 0 where there is none; ok is false where there are two.
func pieceRate(exps []Expr, a *big.Float, side Side) (rate float64, ok bool, err error) {
	for _, arg := range exps {
		c, err := Taylor(arg, a, 1, side, piecePrec)
		if err != nil {
			return 0, false, fmt.Errorf("pieces: the exponent %s: %w", arg, err)
		}
		switch r, _ := c[1].Float64(); {
		case r == 0 || r == rate:
		case rate == 0:
			rate = r
		default:
			return 0, false, nil
		}
	}
	return rate, true, nil
}

// setCoef sets the piece's coefficients from σ's Taylor coefficients c at
// its centre, of orders 0 … maxDeg+1: a polynomial's vanish at order
// maxDeg+1, where an exponential's are D·λ^k/k!. It reports false for a
// polynomial of degree 1 or more beside an exponential.
func (p *Piece) setCoef(c []*big.Float, maxDeg int) bool {
	f := make([]float64, len(c))
	for k, v := range c {
		f[k], _ = v.Float64()
	}
	p.Coef = f[:maxDeg+1]
	k := maxDeg + 1
	switch {
	case f[k] == 0: // a polynomial: no exponential on this piece
		p.Rate = 0
		return true
	case p.Rate == 0:
		return false
	}
	// D·λ^k/k! at k = maxDeg+1 gives D; the polynomial is c_j − D·λ^j/j!.
	term := 1.0 // λ^k/k!
	for j := 1; j <= k; j++ {
		term *= p.Rate / float64(j)
	}
	p.ExpCoef = f[k] / term
	term = 1
	for j := range p.Coef {
		rest := p.Coef[j] - p.ExpCoef*term
		if j > 0 {
			if math.Abs(rest) > 1e-12*math.Abs(p.ExpCoef*term) {
				return false
			}
			rest = 0
		}
		p.Coef[j] = rest
		term *= p.Rate / float64(j+1)
	}
	return true
}

// At returns the piece's function at z.
func (p Piece) At(z float64) float64 {
	d := z - p.Center
	v := 0.0
	for k := len(p.Coef) - 1; k >= 0; k-- {
		v = v*d + p.Coef[k]
	}
	if p.ExpCoef != 0 {
		v += p.ExpCoef * math.Exp(p.Rate*d)
	}
	return v
}

// agrees checks the piece against σ's program at points across it: a
// guard against a kink that the search missed (a switching argument
// that is not affine and changes sign beyond KinkRange). An unbounded
// piece is checked 1000 beyond its end, or 50 where it has an
// exponential.
func (p Piece) agrees(prog *Program) bool {
	far := 1e3
	if p.ExpCoef != 0 {
		far = 50
	}
	lo, hi := p.Lo, p.Hi
	if math.IsInf(lo, -1) {
		lo = min(hi, 0) - far
	}
	if math.IsInf(hi, 1) {
		hi = max(lo, 0) + far
	}
	for _, f := range []float64{0.001, 0.1, 0.37, 0.5, 0.81, 0.999} {
		z := lo + (hi-lo)*f
		want, got := prog.Eval(z), p.At(z)
		d := math.Abs(z - p.Center)
		scale := math.Abs(p.ExpCoef) * math.Exp(p.Rate*(z-p.Center))
		for k, c := range p.Coef {
			scale += math.Abs(c) * math.Pow(d, float64(k))
		}
		if !(math.Abs(want-got) <= 1e-12*scale) {
			return false
		}
	}
	return true
}

// polyForm returns the degree of e as a piecewise polynomial with
// exponentials built as Pieces describes (0 for an expression
// free of x) and the arguments of its exp and expm1 calls; ok is false
// when e is not so built. Each distinct node is visited once.
func polyForm(e Expr) (deg int, exps []Expr, ok bool) {
	type form struct {
		d int
		// ok: built as described; hasX: depends on x; hasExp: holds an
		// exponential, which only a constant may multiply; affine: a
		// piecewise affine function, without exponentials.
		ok, hasX, hasExp, affine bool
	}
	of := map[Expr]form{}
	for _, n := range e.Nodes() {
		var r form
		args := n.Args()
		r.hasX = n.Op() == OpVar
		r.ok = true
		for _, a := range args {
			r.hasX = r.hasX || of[a].hasX
			r.hasExp = r.hasExp || of[a].hasExp
			r.ok = r.ok && of[a].ok
		}
		switch {
		case !r.hasX:
			// a constant, whatever its operations
			r = form{d: 0, ok: true}
		case !r.ok:
		case n.Op() == OpVar:
			r.d = 1
		case n.Op() == OpNeg:
			r.d = of[args[0]].d
		case n.Op() == OpAdd || n.Op() == OpSub:
			r.d = max(of[args[0]].d, of[args[1]].d)
		case n.Op() == OpMul:
			a, b := of[args[0]], of[args[1]]
			r.d = a.d + b.d
			r.ok = !r.hasExp || !a.hasX || !b.hasX
		case n.Op() == OpDiv:
			r.d, r.ok = of[args[0]].d, !of[args[1]].hasX
		case n.Op() == OpPow:
			p, isNum := args[1].Rat()
			r.ok = !r.hasExp && isNum && p.IsInt() && p.Sign() >= 0 && p.Num().IsInt64() && p.Num().Int64() <= 64
			if r.ok {
				r.d = of[args[0]].d * int(p.Num().Int64())
			}
		case n.Op() == OpCall:
			if x, isAct := Expand(n); isAct {
				d, inner, ok := polyForm(x)
				r.d, r.ok, r.hasExp = d, ok, len(inner) > 0
				exps = append(exps, inner...)
				break
			}
			switch n.Func().ID {
			case FnAbs, FnMax, FnMin:
				for _, a := range args {
					r.d = max(r.d, of[a].d)
				}
			case FnSign, FnStep:
				r.d = 0
			case FnExp, FnExpm1:
				r.d, r.hasExp = 0, true
				r.ok = of[args[0]].affine
				exps = append(exps, args[0])
			default:
				r.ok = false
			}
		default:
			r.ok = false
		}
		r.affine = r.ok && !r.hasExp && r.d <= 1
		of[n] = r
	}
	r := of[e]
	return r.d, exps, r.ok
}
