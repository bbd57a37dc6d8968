package calc

import "math/big"

// The constructors below build normalized expressions: constants are folded
// exactly (rationals), neutral elements disappear, constant factors move to
// the front of products and constant terms to the end of sums, like terms
// c₁·u + c₂·u combine, and the unstable forms log(1 + exp(u)) and
// a/(1 + exp(u)) become softplus(u) and a·sigmoid(−u). Every rule maps an
// expression to an equal one (equal wherever the original is defined), and
// no rule undoes another, so normalizing a printed normal form reproduces it.

// maxFoldBits bounds the size of rationals produced by folding a power.
const maxFoldBits = 4096

// Neg returns −a.
func Neg(a Expr) Expr {
	if r, ok := a.Rat(); ok {
		return Num(r.Neg(r))
	}
	switch a.Op() {
	case OpNeg:
		return a.Arg(0)
	case OpSub:
		return Sub(a.Arg(1), a.Arg(0))
	case OpMul:
		if c, ok := a.Arg(0).Rat(); ok {
			return Mul(Num(c.Neg(c)), a.Arg(1))
		}
	}
	return mk(node{op: OpNeg, a: a})
}

// coeff splits e into c·u with a rational c (1 when e has no constant factor).
func coeff(e Expr) (*big.Rat, Expr) {
	if e.Op() == OpMul {
		if c, ok := e.Arg(0).Rat(); ok {
			return c, e.Arg(1)
		}
	}
	if e.Op() == OpNeg {
		return big.NewRat(-1, 1), e.Arg(0)
	}
	return big.NewRat(1, 1), e
}

// Add returns a + b.
func Add(a, b Expr) Expr {
	ra, aNum := a.Rat()
	rb, bNum := b.Rat()
	switch {
	case aNum && bNum:
		if v := new(big.Rat).Add(ra, rb); foldable(v) {
			return Num(v)
		}
		return mk(node{op: OpAdd, a: a, b: b})
	case aNum && ra.Sign() == 0:
		return b
	case bNum && rb.Sign() == 0:
		return a
	case aNum:
		return Add(b, a)
	case b.Op() == OpNeg:
		return Sub(a, b.Arg(0))
	case a.Op() == OpNeg:
		return Sub(b, a.Arg(0))
	}
	if bNum && a.Op() == OpAdd {
		if c, ok := a.Arg(1).Rat(); ok && foldable(c.Add(c, rb)) {
			return Add(a.Arg(0), Num(c))
		}
	}
	ca, ua := coeff(a)
	cb, ub := coeff(b)
	if ua == ub && foldable(ca.Add(ca, cb)) {
		return Mul(Num(ca), ua)
	}
	if cb.Sign() < 0 && b.Op() == OpMul {
		return Sub(a, Mul(Num(cb.Neg(cb)), ub))
	}
	return mk(node{op: OpAdd, a: a, b: b})
}

// Sub returns a − b.
func Sub(a, b Expr) Expr {
	ra, aNum := a.Rat()
	rb, bNum := b.Rat()
	switch {
	case aNum && bNum:
		if v := new(big.Rat).Sub(ra, rb); foldable(v) {
			return Num(v)
		}
		return mk(node{op: OpSub, a: a, b: b})
	case bNum:
		return Add(a, Num(rb.Neg(rb)))
	case aNum && ra.Sign() == 0:
		return Neg(b)
	case b.Op() == OpNeg:
		return Add(a, b.Arg(0))
	}
	ca, ua := coeff(a)
	cb, ub := coeff(b)
	if ua == ub && foldable(ca.Sub(ca, cb)) {
		return Mul(Num(ca), ua)
	}
	if cb.Sign() < 0 && b.Op() == OpMul {
		return Add(a, Mul(Num(cb.Neg(cb)), ub))
	}
	return mk(node{op: OpSub, a: a, b: b})
}

// powParts splits e into u^p with a rational p (1 when e is not a power
// with a constant exponent).
func powParts(e Expr) (Expr, *big.Rat) {
	if e.Op() == OpPow {
		if p, ok := e.Arg(1).Rat(); ok {
			return e.Arg(0), p
		}
	}
	return e, big.NewRat(1, 1)
}

// Mul returns a · b.
func Mul(a, b Expr) Expr {
	ra, aNum := a.Rat()
	rb, bNum := b.Rat()
	switch {
	case aNum && bNum:
		if v := new(big.Rat).Mul(ra, rb); foldable(v) {
			return Num(v)
		}
		return mk(node{op: OpMul, a: a, b: b})
	case bNum:
		return Mul(b, a)
	case aNum && ra.Sign() == 0:
		return a
	case aNum && ra.Cmp(big.NewRat(1, 1)) == 0:
		return b
	case aNum && ra.Cmp(big.NewRat(-1, 1)) == 0:
		return Neg(b)
	case a.Op() == OpNeg:
		return Neg(Mul(a.Arg(0), b))
	case b.Op() == OpNeg:
		return Neg(Mul(a, b.Arg(0)))
	}
	if aNum {
		if b.Op() == OpMul {
			if c, ok := b.Arg(0).Rat(); ok && foldable(c.Mul(c, ra)) {
				return Mul(Num(c), b.Arg(1))
			}
		}
		return mk(node{op: OpMul, a: a, b: b})
	}
	// Pull constant factors to the front.
	if c, u := coeff(a); a.Op() == OpMul && c.Cmp(big.NewRat(1, 1)) != 0 {
		return Mul(Num(c), Mul(u, b))
	}
	if c, u := coeff(b); b.Op() == OpMul && c.Cmp(big.NewRat(1, 1)) != 0 {
		return Mul(Num(c), Mul(a, u))
	}
	// u^p · u^q = u^(p+q).
	ua, pa := powParts(a)
	ub, pb := powParts(b)
	if ua == ub && foldable(pa.Add(pa, pb)) {
		return Pow(ua, Num(pa))
	}
	// u^p · (u^q · w) = u^(p+q) · w.
	if b.Op() == OpMul {
		if ub0, pb0 := powParts(b.Arg(0)); ua == ub0 && foldable(new(big.Rat).Add(pa, pb0)) {
			return Mul(Pow(ua, Num(new(big.Rat).Add(pa, pb0))), b.Arg(1))
		}
	}
	// a · (n/d) = (a·n)/d.
	if b.Op() == OpDiv {
		return Div(Mul(a, b.Arg(0)), b.Arg(1))
	}
	if a.Op() == OpDiv {
		return Div(Mul(a.Arg(0), b), a.Arg(1))
	}
	return mk(node{op: OpMul, a: a, b: b})
}

// Div returns a / b. Division by the constant 0 is kept (it evaluates to an
// error or ±Inf); it is not folded.
func Div(a, b Expr) Expr {
	ra, aNum := a.Rat()
	rb, bNum := b.Rat()
	switch {
	case bNum && rb.Sign() != 0:
		return Mul(Num(rb.Inv(rb)), a)
	case aNum && ra.Sign() == 0 && !bNum:
		return a
	case a.Op() == OpNeg:
		return Neg(Div(a.Arg(0), b))
	case b.Op() == OpNeg:
		return Neg(Div(a, b.Arg(0)))
	case a == b:
		// u/u = 1 wherever u/u is defined.
		return Int(1)
	}
	// (c·u)/b = c·(u/b) for a constant c.
	if a.Op() == OpMul {
		if c, ok := a.Arg(0).Rat(); ok {
			return Mul(Num(c), Div(a.Arg(1), b))
		}
	}
	// a/(exp(v) + 1) = a·sigmoid(−v).
	if b.Op() == OpAdd && b.Arg(1).isNum(1) && b.Arg(0).Op() == OpCall && b.Arg(0).Func().ID == FnExp {
		return Mul(a, Call(funcByName["sigmoid"], Neg(b.Arg(0).Arg(0))))
	}
	// (n/d)/b = n/(d·b).
	if a.Op() == OpDiv {
		return Div(a.Arg(0), Mul(a.Arg(1), b))
	}
	return mk(node{op: OpDiv, a: a, b: b})
}

// Pow returns a ^ b.
func Pow(a, b Expr) Expr {
	ra, aNum := a.Rat()
	rb, bNum := b.Rat()
	switch {
	case bNum && rb.Sign() == 0:
		return Int(1)
	case bNum && rb.Cmp(big.NewRat(1, 1)) == 0:
		return a
	case aNum && ra.Cmp(big.NewRat(1, 1)) == 0:
		return a
	case aNum && bNum:
		if v, ok := foldPow(ra, rb); ok {
			return Num(v)
		}
	case bNum && rb.IsInt() && a.Op() == OpNeg:
		// (−u)^n = ±u^n.
		if rb.Num().Bit(0) == 0 {
			return Pow(a.Arg(0), b)
		}
		return Neg(Pow(a.Arg(0), b))
	case bNum && rb.IsInt() && rb.Num().Bit(0) == 0 && rb.Sign() > 0 && a.Op() == OpCall && a.Func().ID == FnSqrt:
		// sqrt(u)^(2k) = u^k where sqrt(u) is defined.
		return Pow(a.Arg(0), Num(rb.Quo(rb, big.NewRat(2, 1))))
	case bNum && rb.IsInt() && a.Op() == OpPow:
		// (u^p)^n = u^(p·n) for integer n.
		if p, ok := a.Arg(1).Rat(); ok && foldable(p.Mul(p, rb)) {
			return Pow(a.Arg(0), Num(p))
		}
	case bNum && a.Op() == OpPow:
		// (u^(2k))^c = |u|^(2k·c) for real u and a non-integer c: the
		// base is never negative, and the derivative of |u|^(2kc) is
		// defined where u = 0 (that of (u^(2k))^c reads 0·∞ there).
		if k, ok := evenPower(a); ok && foldable(k.Mul(k, rb)) {
			return Pow(Call1(funcByName["abs"], a.Arg(0)), Num(k))
		}
	}
	return mk(node{op: OpPow, a: a, b: b})
}

// evenPower returns 2k when e is u^(2k) with k a positive integer.
func evenPower(e Expr) (*big.Rat, bool) {
	if e.Op() != OpPow {
		return nil, false
	}
	p, ok := e.Arg(1).Rat()
	if !ok || !p.IsInt() || p.Sign() <= 0 || p.Num().Bit(0) != 0 {
		return nil, false
	}
	return p, true
}

// foldPow computes a^b exactly when b is an integer and the result is of
// moderate size.
func foldPow(a, b *big.Rat) (*big.Rat, bool) {
	if !b.IsInt() || !b.Num().IsInt64() {
		return nil, false
	}
	n := b.Num().Int64()
	if a.Sign() == 0 {
		if n < 0 {
			return nil, false
		}
		return new(big.Rat), true
	}
	bits := int64(a.Num().BitLen() + a.Denom().BitLen())
	if n > maxFoldBits || n < -maxFoldBits || bits*abs64(n) > maxFoldBits {
		return nil, false
	}
	num := new(big.Int).Exp(a.Num(), big.NewInt(abs64(n)), nil)
	den := new(big.Int).Exp(a.Denom(), big.NewInt(abs64(n)), nil)
	if n < 0 {
		num, den = den, num
	}
	return new(big.Rat).SetFrac(num, den), true
}

func abs64(i int64) int64 {
	if i < 0 {
		return -i
	}
	return i
}

// Call returns f applied to args. A missing optional second argument is
// filled in with its default, so the result always shows every parameter.
// The caller checks the number of arguments (the parser does).
func Call(f *Func, args ...Expr) Expr {
	if f.ID == FnPow {
		return Pow(args[0], args[1])
	}
	if len(args) == 1 && f.MaxArgs == 2 && f.defaultArg != "" {
		args = append(args, decimalExpr(f.defaultArg))
	}
	n := node{op: OpCall, fn: f, a: args[0]}
	if len(args) > 1 {
		n.b = args[1]
	}
	if v, ok := foldCall(f, args); ok {
		return v
	}
	a := args[0]
	switch f.ID {
	case FnLog:
		// log(exp(v) + 1) = softplus(v).
		if a.Op() == OpAdd && a.Arg(1).isNum(1) && a.Arg(0).Op() == OpCall && a.Arg(0).Func().ID == FnExp {
			return Call(funcByName["softplus"], a.Arg(0).Arg(0))
		}
	case FnLog1p:
		if a.Op() == OpCall && a.Func().ID == FnExp {
			return Call(funcByName["softplus"], a.Arg(0))
		}
	case FnSqrt:
		// sqrt(u^(2k)) = (u^(2k))^(1/2) = |u|^k for real u, by Pow's rule
		// for a non-integer power of an even power.
		if _, ok := evenPower(a); ok {
			return Pow(a, Num(big.NewRat(1, 2)))
		}
	}
	return mk(n)
}

// Call1 returns f(a).
func Call1(f *Func, a Expr) Expr { return Call(f, a) }

// Call2 returns f(a, b).
func Call2(f *Func, a, b Expr) Expr { return Call(f, a, b) }

// foldCall evaluates f exactly when its arguments are constants and the
// value is rational (f(0) for most functions, |c|, max, min, …).
func foldCall(f *Func, args []Expr) (Expr, bool) {
	r, ok := args[0].Rat()
	if !ok {
		return Expr{}, false
	}
	if f.expand != nil {
		for _, a := range args[1:] {
			if _, ok := a.Rat(); !ok {
				return Expr{}, false
			}
		}
		var b Expr
		if len(args) > 1 {
			b = args[1]
		}
		d := f.expand(args[0], b)
		_, ok := d.Rat()
		return d, ok
	}
	s := r.Sign()
	switch f.ID {
	case FnAbs:
		return Num(r.Abs(r)), true
	case FnSign:
		return Int(int64(s)), true
	case FnStep:
		return Num(big.NewRat(int64(s+1), 2)), true
	case FnMax, FnMin:
		q, ok := args[1].Rat()
		if !ok {
			return Expr{}, false
		}
		if (r.Cmp(q) < 0) == (f.ID == FnMax) {
			return args[1], true
		}
		return args[0], true
	}
	if s != 0 {
		if f.ID == FnLog && r.Cmp(big.NewRat(1, 1)) == 0 {
			return Int(0), true
		}
		return Expr{}, false
	}
	switch f.ID {
	case FnExp, FnCos, FnCosh, FnSech, FnErfc:
		return Int(1), true
	case FnExpm1, FnLog1p, FnSqrt, FnTanh, FnSinh, FnSin, FnAtan, FnErf:
		return Int(0), true
	case FnSigmoid:
		return ratExpr(1, 2), true
	}
	return Expr{}, false
}
