package calc

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Bounds on exact constants, so that a short input cannot ask for an
// enormous rational: a literal's exponent, and the bits of any constant
// (numerator plus denominator) that parsing or folding produces.
const (
	maxDecimalExponent = 40000
	maxRatBits         = 1 << 17
)

// ratBits is the size of r in bits.
func ratBits(r *big.Rat) int { return r.Num().BitLen() + r.Denom().BitLen() }

// foldable reports whether a folded constant is small enough to keep.
func foldable(r *big.Rat) bool { return ratBits(r) <= maxRatBits }

// parseDecimal converts decimal text such as "1.05e-3" or ".5" into the
// exact rational it denotes.
func parseDecimal(text string) (*big.Rat, error) {
	mant, exp := text, 0
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		mant = text[:i]
		var err error
		exp, err = parseExponent(text[i+1:])
		if err != nil {
			return nil, err
		}
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return nil, fmt.Errorf("malformed number %q", text)
	}
	exp -= len(frac)
	if exp > maxDecimalExponent || exp < -maxDecimalExponent {
		return nil, fmt.Errorf("number %q is out of range (decimal exponent beyond ±%d)", text, maxDecimalExponent)
	}
	n, _ := new(big.Int).SetString(digits, 10)
	r := new(big.Rat).SetInt(n)
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(exp))), nil)
	if exp >= 0 {
		r.Mul(r, new(big.Rat).SetInt(p))
	} else {
		r.Quo(r, new(big.Rat).SetInt(p))
	}
	if !foldable(r) {
		return nil, fmt.Errorf("number %q is out of range (more than %d bits)", text, maxRatBits)
	}
	return r, nil
}

func parseExponent(s string) (int, error) {
	sign := 1
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("malformed exponent")
	}
	s = strings.TrimLeft(s, "0")
	if len(s) > 6 {
		return 0, fmt.Errorf("exponent too large")
	}
	v := 0
	for _, c := range s {
		v = 10*v + int(c-'0')
	}
	return sign * v, nil
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// ratExpr returns the constant p/q.
func ratExpr(p, q int64) Expr { return Num(big.NewRat(p, q)) }

// decimalExpr returns the exact constant written as decimal text; the text
// must be valid (it is used for built-in constants only).
func decimalExpr(text string) Expr {
	r, err := parseDecimal(text)
	if err != nil {
		panic("calc: bad built-in constant " + text)
	}
	return Num(r)
}

// formatRat writes r exactly: as a decimal when its denominator has only the
// prime factors 2 and 5 and the decimal is not much longer than p/q,
// otherwise as p/q. Very large or small decimals use scientific notation so
// that the text stays short.
func formatRat(r *big.Rat) string {
	if r.IsInt() {
		return formatDecimal(r)
	}
	frac := r.Num().String() + "/" + r.Denom().String()
	if dec := formatDecimal(r); dec != "" && len(dec) <= len(frac)+8 {
		return dec
	}
	return frac
}

// formatDecimal writes r as an exact decimal, or returns "" when r has no
// terminating decimal expansion.
func formatDecimal(r *big.Rat) string {
	if r.Sign() < 0 {
		d := formatDecimal(new(big.Rat).Neg(r))
		if d == "" {
			return ""
		}
		return "-" + d
	}
	if r.IsInt() {
		s := r.Num().String()
		if len(s) > 21 {
			return sciFromDigits(s, len(s)-1)
		}
		return s
	}
	// r terminates iff its denominator is 2^twos · 5^fives.
	den := r.Denom()
	twos := int(den.TrailingZeroBits())
	rest := new(big.Int).Rsh(den, uint(twos))
	fives := int(float64(rest.BitLen()-1) / math.Log2(5))
	for _, f := range []int{fives, fives + 1} {
		if new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(f)), nil).Cmp(rest) == 0 {
			fives = f
			goto terminating
		}
	}
	return ""
terminating:
	k := max(twos, fives) // r = digits × 10^−k exactly
	scaled := new(big.Rat).Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)))
	digits := scaled.Num().String()
	exp10 := len(digits) - 1 - k // exponent of the leading digit
	if exp10 < -6 {
		return sciFromDigits(digits, exp10)
	}
	return r.FloatString(k)
}

// sciFromDigits writes the integer digit string times 10^(exp10−len+1) as
// d.ddde±X, dropping trailing zeros of the significand.
func sciFromDigits(digits string, exp10 int) string {
	digits = strings.TrimRight(digits, "0")
	s := digits[:1]
	if len(digits) > 1 {
		s += "." + digits[1:]
	}
	return fmt.Sprintf("%se%d", s, exp10)
}
