package cli

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// exactFlag is a numeric flag kept both as float64 and as the exact
// rational number its decimal text denotes, so that --cw 0.1 means 1/10 to
// any number of digits.
type exactFlag struct {
	f float64
	r *big.Rat
}

func newExactFlag(v float64) *exactFlag {
	return &exactFlag{f: v, r: new(big.Rat).SetFloat64(v)}
}

// newRequiredFlag returns an exact flag that has no value (NaN) until set.
func newRequiredFlag() *exactFlag { return &exactFlag{f: math.NaN()} }

func (e *exactFlag) String() string {
	if e == nil || e.r == nil {
		return ""
	}
	return strconv.FormatFloat(e.f, 'g', -1, 64)
}

// Set parses a decimal number (1.5, 3e-2) or a fraction (2/3) of
// decimal integers. Values outside the float64 range are errors.
func (e *exactFlag) Set(s string) error {
	if len(s) > 200 {
		return errors.New("too long")
	}
	if num, den, ok := strings.Cut(s, "/"); ok {
		n, okN := new(big.Int).SetString(num, 10)
		d, okD := new(big.Int).SetString(den, 10)
		if !okN || !okD || d.Sign() == 0 {
			return fmt.Errorf("not a fraction of integers: %q", s)
		}
		r := new(big.Rat).SetFrac(n, d)
		f, _ := r.Float64()
		if math.IsInf(f, 0) || f == 0 && r.Sign() != 0 {
			return errors.New("outside the float64 range")
		}
		e.f, e.r = f, r
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return errors.New("not a finite number in the float64 range")
	}
	r, ok := new(big.Rat).SetString(s) // the exponent is within ±400 here
	if !ok {
		return fmt.Errorf("not a number: %q", s)
	}
	e.f, e.r = f, r
	return nil
}
