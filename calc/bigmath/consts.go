package bigmath

import (
	"math/big"
	"sync"
)

// constant is a mathematical constant computed on demand in fixed point
// and cached. The cache holds the most precise value computed so far;
// requests for fewer bits are answered by shifting it. Rounded Float
// values are cached per precision as well. A constant is safe for
// concurrent use.
type constant struct {
	compute func(f uint) *big.Int // c·2^f with an error below two units

	mu   sync.Mutex
	bits uint     // fractional bits of val
	val  *big.Int // c·2^bits, error below two units

	floats sync.Map // precision (uint) → *big.Float rounded to it
}

// fixed returns c·2^f with an absolute error below three units.
func (c *constant) fixed(f uint) *big.Int {
	c.mu.Lock()
	if c.bits < f {
		// Leave a quarter of headroom so that slowly rising precisions do
		// not recompute the constant every time.
		b := (f + f/4 + 64 + 63) &^ 63
		c.val = c.compute(b)
		c.bits = b
	}
	v, b := c.val, c.bits
	c.mu.Unlock()
	return new(big.Int).Rsh(v, b-f)
}

// float returns c rounded to prec bits, as a new Float.
func (c *constant) float(prec uint) *big.Float {
	z := newFloat(prec)
	if v, ok := c.floats.Load(prec); ok {
		return z.Set(v.(*big.Float))
	}
	const guard = 64
	setFixed(z, c.fixed(prec+guard), prec+guard)
	c.floats.Store(prec, newFloat(prec).Set(z))
	return z
}

var (
	// pi is π = 16·atan(1/5) − 4·atan(1/239) (Machin, 1706).
	pi = &constant{compute: func(f uint) *big.Int {
		g := f + 32
		a := atanInvFixed(5, g)
		a.Lsh(a, 4)
		b := atanInvFixed(239, g)
		b.Lsh(b, 2)
		a.Sub(a, b)
		return a.Rsh(a, 32)
	}}

	// ln2 is log 2 = 18·atanh(1/26) − 2·atanh(1/4801) + 8·atanh(1/8749).
	ln2 = &constant{compute: func(f uint) *big.Int {
		g := f + 32
		a := atanhInvFixed(26, g)
		a.Mul(a, big.NewInt(18))
		b := atanhInvFixed(4801, g)
		b.Lsh(b, 1)
		c := atanhInvFixed(8749, g)
		c.Lsh(c, 3)
		a.Sub(a, b)
		a.Add(a, c)
		return a.Rsh(a, 32)
	}}

	// invSqrtPi is 1/√π, computed from π as ⌊√(2^(3g)/⌊π·2^g⌋)⌋.
	invSqrtPi = &constant{compute: func(f uint) *big.Int {
		g := f + 32
		q := new(big.Int).Lsh(big.NewInt(1), 3*g)
		q.Quo(q, pi.fixed(g))
		q.Sqrt(q)
		return q.Rsh(q, 32)
	}}
)

// Pi returns π rounded to prec bits. Values are cached per precision.
func Pi(prec uint) *big.Float {
	return pi.float(prec)
}

// halfPiFixed returns (π/2)·2^f with an error below three units.
func halfPiFixed(f uint) *big.Int {
	return pi.fixed(f - 1)
}

// atanInvFixed returns atan(1/n)·2^f = Σ (-1)^k / ((2k+1)·n^(2k+1)) ·2^f
// for an integer n ≥ 2, with an error of at most the number of terms,
// about f/(2·log2 n), in units.
func atanInvFixed(n int64, f uint) *big.Int {
	return arcInvFixed(n, f, true)
}

// atanhInvFixed returns atanh(1/n)·2^f = Σ 1/((2k+1)·n^(2k+1)) ·2^f for an
// integer n ≥ 2, with the same error bound as atanInvFixed.
func atanhInvFixed(n int64, f uint) *big.Int {
	return arcInvFixed(n, f, false)
}

// arcInvFixed sums the series of atan(1/n) (alternating) or atanh(1/n).
func arcInvFixed(n int64, f uint, alternating bool) *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), f)
	p.Quo(p, big.NewInt(n)) // 2^f / n^(2k+1)
	sum := new(big.Int).Set(p)
	n2 := big.NewInt(n * n)
	d := new(big.Int)
	t := new(big.Int)
	for k := int64(1); ; k++ {
		p.Quo(p, n2)
		if p.Sign() == 0 {
			return sum
		}
		t.Quo(p, d.SetInt64(2*k+1))
		if alternating && k&1 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
	}
}
