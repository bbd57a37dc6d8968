package calc

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Certified is a computed value with the number of its leading significant
// digits that are certified: either two independent computations at
// different working precisions agree on them (Agreeing), or the whole
// interval that the value's error bound allows rounds to them (Bounded,
// FromFloat64). A value whose error bound contains 0 is certified as 0
// (V = 0): its sign and digits are unknown, its size is below the bound.
//
// Every number critcalc prints goes through Certified.Text (or
// FormatSignificant for a value whose digits are set by its caller): the
// printed digits follow from the certificate by that one rule.
type Certified struct {
	V *big.Float
	// Digits is how many significant digits of V are certified.
	Digits int
}

// MaxDigits is the most significant digits any command certifies with
// --digits (expr, which evaluates one expression, goes further).
const MaxDigits = 60

// Float64Digits is the one switch to high precision: every command serves
// --digits D ≤ Float64Digits from float64 computations, whose values keep
// the digits their error bounds, or the agreement of a second run with
// its averages moved by their accuracy, certify; above it every command
// computes in high precision.
const Float64Digits = 12

// Exact returns v with all digits digits certified.
func Exact(v *big.Float, digits int) Certified { return Certified{V: v, Digits: digits} }

// IsZero reports whether c is (certified to be) 0.
func (c Certified) IsZero() bool { return c.V != nil && c.V.Sign() == 0 }

// Text returns c written with its certified digits by FormatSignificant
// ("" when c holds no value).
func (c Certified) Text() string {
	if c.V == nil || c.Digits < 1 {
		return ""
	}
	return FormatSignificant(c.V, c.Digits)
}

// Float64 returns the value rounded to a float64.
func (c Certified) Float64() float64 {
	if c.V == nil {
		return math.NaN()
	}
	f, _ := c.V.Float64()
	return f
}

// FormatSignificant writes v rounded to d significant digits in the one
// form critcalc prints everywhere: Go's %g with exponents that have no '+'
// and no zero padding ("1.5", "-0.25", "1.234e5", "2.5e-6"), which JSON and
// critcalc's own parser both read. Zero is "0", never "-0".
func FormatSignificant(v *big.Float, d int) string {
	if v.Sign() == 0 {
		return "0"
	}
	if hugeExponent(v) {
		return formatHuge(v, max(1, d))
	}
	return trimExponent(v.Text('g', max(1, d)))
}

// hugeExponent reports whether v's binary exponent is beyond ±textMaxExp,
// where v is written by formatHuge.
func hugeExponent(v *big.Float) bool {
	e := v.MantExp(nil)
	return e > textMaxExp || e < -textMaxExp
}

// textMaxExp is the largest binary exponent of a value that
// FormatSignificant writes with big.Float.Text, whose exact decimal
// conversion takes time quadratic in the exponent (minutes for 2^(3^16)).
const textMaxExp = 1 << 12

// formatHuge writes v, whose binary exponent is beyond ±textMaxExp, with
// d significant digits in scientific notation: the decimal exponent n
// comes from the binary one, and the digits from v/10^n computed with 64
// guard bits (a power by squaring, so the cost is logarithmic in n).
func formatHuge(v *big.Float, d int) string {
	prec := BitsForDigits(d) + 64
	n := int64(math.Floor(float64(v.MantExp(nil)-1) * math.Log10(2)))
	m := new(big.Float).SetPrec(prec).Abs(v)
	p := pow10(n, prec)
	if n >= 0 {
		m.Quo(m, p)
	} else {
		m.Mul(m, p)
	}
	ten := big.NewFloat(10)
	for m.Cmp(ten) >= 0 {
		m.Quo(m, ten)
		n++
	}
	for m.Cmp(big.NewFloat(1)) < 0 {
		m.Mul(m, ten)
		n--
	}
	t := m.Text('e', d-1) // "d.ddde+00", or "1.000e+01" when rounding carries
	mant, exp, _ := strings.Cut(t, "e")
	k, _ := strconv.ParseInt(exp, 10, 64)
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	sign := ""
	if v.Sign() < 0 {
		sign = "-"
	}
	return fmt.Sprintf("%s%se%d", sign, mant, n+k)
}

// pow10 returns 10^|n| rounded to prec bits, by squaring.
func pow10(n int64, prec uint) *big.Float {
	if n < 0 {
		n = -n
	}
	r := new(big.Float).SetPrec(prec).SetInt64(1)
	b := new(big.Float).SetPrec(prec).SetInt64(10)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r.Mul(r, b)
		}
		if n > 1 {
			b.Mul(b, b)
		}
	}
	return r
}

// FormatFloat64 is FormatSignificant for a float64, with at most 17
// significant digits (all a float64 holds).
func FormatFloat64(v float64, d int) string {
	return FormatSignificant(new(big.Float).SetFloat64(v), min(d, 17))
}

// trimExponent rewrites an exponent "e+05" as "e5" and "e-06" as "e-6".
func trimExponent(s string) string {
	i := strings.IndexByte(s, 'e')
	if i < 0 {
		return s
	}
	mant, exp := s[:i+1], s[i+1:]
	sign := ""
	if exp != "" && (exp[0] == '+' || exp[0] == '-') {
		if exp[0] == '-' {
			sign = "-"
		}
		exp = exp[1:]
	}
	exp = strings.TrimLeft(exp, "0")
	if exp == "" {
		exp = "0"
	}
	return mant + sign + exp
}

// Agreeing returns hi with the largest number of significant digits, at
// most digits, to which lo and hi round alike. Two zeros agree to every
// digit. When not even one digit agrees it returns a *NotCertifiedError
// naming the quantity. For two computations of one value, hi is to be the
// far more accurate one (about 10 more working digits in critcalc), so
// that the true value lies closer to hi than |hi − lo| by that factor and
// the comparison of lo with hi alone suffices; a check of the same
// accuracy as the value is AgreeingFloat64's. For the ends of an interval
// (Bounded) the order does not matter.
func Agreeing(name string, lo, hi *big.Float, digits int) (Certified, error) {
	if lo.Sign() == 0 && hi.Sign() == 0 {
		return Exact(hi, digits), nil
	}
	// Each is rounded to d digits as FormatSignificant prints it: beyond
	// ±textMaxExp by formatHuge, since the exact conversion takes time
	// quadratic in the exponent (45 s for the probability 2^−10⁶ that
	// beta's one hidden layer of 10⁶ ReLUs is inactive).
	text := func(v *big.Float, d int) string { return v.Text('e', d-1) }
	if hugeExponent(lo) || hugeExponent(hi) {
		text = formatHuge
	}
	for d := min(digits, agreeingBound(lo, hi)); d >= 1; d-- {
		if lo.Sign() != 0 && hi.Sign() != 0 && text(lo, d) == text(hi, d) {
			return Certified{V: hi, Digits: d}, nil
		}
	}
	return Certified{}, &NotCertifiedError{Digits: digits, X: name,
		Last: fmt.Sprintf("%s at one precision and %s at a higher one", lo.Text('g', 10), hi.Text('g', 10))}
}

// agreeingBound returns a number of significant digits beyond which lo
// and hi cannot round alike, so that Agreeing formats them at no more: two
// numbers that round to the same d-digit decimal m differ by at most a
// unit in its last place, so their relative difference r is at most about
// 10^(1−d), and d ≤ 1 − log10 r (one more digit allows for the
// float64 estimate of r). It returns a large number when r is 0 or
// either is out of float64's range.
func agreeingBound(lo, hi *big.Float) int {
	l, _ := lo.Float64()
	h, _ := hi.Float64()
	m := max(math.Abs(l), math.Abs(h))
	r := math.Abs(l-h) / m
	if !(r > 0) || math.IsInf(m, 0) || m < 0x1p-1000 {
		return math.MaxInt
	}
	return int(math.Floor(1-math.Log10(r))) + 1
}

// AgreeingFloat64 certifies x, a float64 result, by y, its check: the same
// quantity computed again with the inputs moved by about their own
// accuracy (a perturbed run of a float64 iteration). Unlike the pair of
// Agreeing, whose second value is far more accurate than the first, x is
// no closer to the true value than y is, and the check's perturbation
// moves it one way only; so the true value is taken to lie anywhere within
// |x − y| of x, on either side. AgreeingFloat64 returns x with the largest
// number of significant digits, at most digits, to which both ends of
// that interval, y and its mirror 2x − y, round alike. Two zeros agree to
// every digit; a value that is not finite, or no digit in common, is a
// *NotCertifiedError.
func AgreeingFloat64(name string, x, y float64, digits int) (Certified, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
		return Certified{}, &NotCertifiedError{Digits: digits, X: name, Last: fmt.Sprintf("%g and %g", x, y)}
	}
	if x == 0 && y == 0 {
		return Exact(new(big.Float).SetFloat64(x), digits), nil
	}
	fail := func() (Certified, error) {
		return Certified{}, &NotCertifiedError{Digits: digits, X: name,
			Last: fmt.Sprintf("%s and its check %s", strconv.FormatFloat(x, 'g', 10, 64), strconv.FormatFloat(y, 'g', 10, 64))}
	}
	if x == 0 || y == 0 {
		return fail()
	}
	xb, yb := new(big.Float).SetFloat64(x), new(big.Float).SetFloat64(y)
	// The digits of x, y and the mirror 2x − y at k significant digits.
	// Where float64 holds the mirror exactly they are strconv's, which
	// round a float64 as big.Float.Text rounds its exact value (to nearest,
	// ties to even), at a fraction of the cost: the float64 columns of
	// depth and sim compare thousands of pairs. Otherwise they are
	// big.Float's, of the mirror computed at a precision that holds 2x − y
	// for any two float64 values.
	d := x - y
	m := x + d
	var texts [3]func(k int) string
	mirrorZero := m == 0
	if digits <= 17 && !math.IsInf(m, 0) && x-d == y && m-x == d {
		for i, v := range [3]float64{x, y, m} {
			texts[i] = func(k int) string { return strconv.FormatFloat(v, 'e', k-1, 64) }
		}
	} else {
		mb := new(big.Float).SetPrec(2200).Add(xb, xb)
		mb.Sub(mb, yb)
		for i, v := range [3]*big.Float{xb, yb, mb} {
			texts[i] = func(k int) string { return v.Text('e', k-1) }
		}
		mirrorZero = mb.Sign() == 0
	}
	if mirrorZero { // y = 2x: no digit in common with x
		return fail()
	}
	for k := min(digits, agreeingBound(yb, xb)); k >= 1; k-- {
		if s := texts[0](k); texts[1](k) == s && texts[2](k) == s {
			return Certified{V: xb, Digits: k}, nil
		}
	}
	return fail()
}

// Bounded returns v with the largest number of significant digits, at most
// digits, to which every number within the relative error rel of v rounds
// alike: both ends of the interval v(1 ± rel) round to the same digits.
// When not even one digit is certified it returns a *NotCertifiedError
// naming the quantity.
func Bounded(name string, v *big.Float, rel float64, digits int) (Certified, error) {
	if v.Sign() == 0 || math.IsInf(rel, 0) || math.IsNaN(rel) {
		return Certified{}, &NotCertifiedError{Digits: digits, X: name,
			Last: fmt.Sprintf("%s with a relative error bound of %g", v.Text('g', 10), rel)}
	}
	d := new(big.Float).SetPrec(v.Prec()).Mul(v, new(big.Float).SetFloat64(math.Abs(rel)))
	lo := new(big.Float).SetPrec(v.Prec()).Sub(v, d)
	hi := new(big.Float).SetPrec(v.Prec()).Add(v, d)
	c, err := Agreeing(name, lo, hi, digits)
	if err != nil {
		return Certified{}, err
	}
	return Certified{V: v, Digits: c.Digits}, nil
}

// FromFloat64 certifies a float64 result v with the absolute error bound
// absErr to at most digits significant digits (and at most 17): a v within
// absErr of 0 is certified as 0; otherwise v keeps the digits on which
// v − absErr and v + absErr round alike. A non-finite v or bound, or a
// bound that leaves not one digit, is a *NotCertifiedError naming the
// quantity.
func FromFloat64(name string, v, absErr float64, digits int) (Certified, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.IsNaN(absErr) || math.IsInf(absErr, 0) || absErr < 0 {
		return Certified{}, &NotCertifiedError{Digits: digits, X: name, Last: fmt.Sprintf("%g ± %g", v, absErr)}
	}
	digits = min(digits, 17)
	if math.Abs(v) <= absErr {
		return Exact(new(big.Float), digits), nil
	}
	bv := new(big.Float).SetFloat64(v)
	if absErr == 0 {
		return Exact(bv, digits), nil
	}
	e := new(big.Float).SetFloat64(absErr)
	lo := new(big.Float).SetPrec(64).SetMode(big.ToNegativeInf).Sub(bv, e)
	hi := new(big.Float).SetPrec(64).SetMode(big.ToPositiveInf).Add(bv, e)
	c, err := Agreeing(name, lo, hi, digits)
	if err != nil {
		return Certified{}, err
	}
	return Certified{V: bv, Digits: c.Digits}, nil
}

// RelErr is the relative error that c's certified digits allow: both ends
// of its interval round alike to c.Digits digits, so the true value is
// within 10^(1−Digits) of V, relatively.
func (c Certified) RelErr() float64 { return math.Pow(10, float64(1-c.Digits)) }

// Sqrt returns √c for c ≥ 0 with the digits its bound certifies, at most
// c.Digits: the square root halves c's relative error (RelErr). √0 is 0.
func (c Certified) Sqrt(name string) (Certified, error) {
	if c.V == nil || c.V.Sign() < 0 {
		return Certified{}, fmt.Errorf("square root of %s: the value is negative or missing", name)
	}
	if c.V.Sign() == 0 {
		return c, nil
	}
	r := new(big.Float).SetPrec(max(c.V.Prec(), 64)).Sqrt(c.V)
	return Bounded(name, r, 0.5*c.RelErr()*(1+1e-9), c.Digits)
}

// AtMost returns c with at most d certified digits.
func (c Certified) AtMost(d int) Certified {
	c.Digits = min(c.Digits, d)
	return c
}
