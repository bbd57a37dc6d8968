package calc

import (
	"fmt"
	"math/big"
)

// ScaleInvariant describes a positively homogeneous activation of degree
// one: σ(z) = a₊·z for z ≥ 0 and σ(z) = a₋·z for z < 0 (the ReLU family).
type ScaleInvariant struct {
	APlus, AMinus *big.Float
}

// scaleInvOrder is the order of the one-sided jets examined at 0.
const scaleInvOrder = 16

// scaleInvPoints are the points (on each side) where σ(x) = a±·x is
// checked.
var scaleInvPoints = []float64{0.3, 1.7, 5.9, 23.0}

// DetectScaleInvariant reports whether e is scale-invariant,
// σ(z) = a₊·z (z ≥ 0), a₋·z (z < 0), and returns a₊ and a₋ at precision
// prec. It requires that σ(0) = 0, that every kink lies at 0, that the
// one-sided jets at 0 to order 16 have c₀ = 0 and c_k = 0 for k ≥ 2 on
// both sides (exactly, or below 2^(8−prec) relative to the larger |c₁|),
// and that σ(x) = a±·x at x = ±0.3, ±1.7, ±5.9, ±23 to the same tolerance.
// A linear σ(x) = c·x passes with a₊ = a₋ = c; callers decide whether
// that counts.
func DetectScaleInvariant(e Expr, prec uint) (ScaleInvariant, bool, error) {
	if prec < 16 {
		return ScaleInvariant{}, false, fmt.Errorf("scale invariance: precision %d bits is too low", prec)
	}
	kinks, err := Kinks(e)
	if err != nil {
		return ScaleInvariant{}, false, fmt.Errorf("scale invariance: %w", err)
	}
	for _, k := range kinks {
		if k.X != 0 || k.Branch() {
			return ScaleInvariant{}, false, nil
		}
	}
	zero := new(big.Float)
	below, err := Taylor(e, zero, scaleInvOrder, Below, prec)
	if err != nil {
		return ScaleInvariant{}, false, fmt.Errorf("scale invariance: %w", err)
	}
	above, err := Taylor(e, zero, scaleInvOrder, Above, prec)
	if err != nil {
		return ScaleInvariant{}, false, fmt.Errorf("scale invariance: %w", err)
	}
	si := ScaleInvariant{APlus: above[1], AMinus: below[1]}
	// tol is the absolute tolerance: 2^(8−prec) times the larger slope.
	tol := new(big.Float).SetPrec(prec).Abs(si.APlus)
	if m := new(big.Float).Abs(si.AMinus); m.Cmp(tol) > 0 {
		tol.Set(m)
	}
	tol.SetMantExp(tol, 8-int(prec))
	for _, c := range [][]*big.Float{below, above} {
		for k, v := range c {
			if k != 1 && !scaleInvSmall(v, tol) {
				return ScaleInvariant{}, false, nil
			}
		}
	}
	v0, err := Taylor(e, zero, 0, Center, prec)
	if err != nil {
		return ScaleInvariant{}, false, fmt.Errorf("scale invariance: %w", err)
	}
	if !scaleInvSmall(v0[0], tol) {
		return ScaleInvariant{}, false, nil
	}
	for _, x := range scaleInvPoints {
		for _, sx := range []float64{x, -x} {
			ok, err := scaleInvAt(e, sx, si, tol, prec)
			if err != nil || !ok {
				return ScaleInvariant{}, false, err
			}
		}
	}
	return si, true, nil
}

// scaleInvAt checks σ(x) = a±·x at one point, to the tolerance tol·|x|.
func scaleInvAt(e Expr, x float64, si ScaleInvariant, tol *big.Float, prec uint) (bool, error) {
	bx := big.NewFloat(x)
	v, err := Taylor(e, bx, 0, Center, prec)
	if err != nil {
		return false, fmt.Errorf("scale invariance: %w", err)
	}
	a := si.APlus
	if x < 0 {
		a = si.AMinus
	}
	want := new(big.Float).SetPrec(prec).Mul(a, bx)
	diff := want.Sub(v[0], want)
	t := new(big.Float).SetPrec(prec).Mul(tol, bx)
	return scaleInvSmall(diff, t), nil
}

// scaleInvSmall reports whether |v| ≤ |tol|.
func scaleInvSmall(v, tol *big.Float) bool {
	return new(big.Float).Abs(v).Cmp(new(big.Float).Abs(tol)) <= 0
}
