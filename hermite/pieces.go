package hermite

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"critcalc/calc"
)

// ErrDiverges is the cause of an error for an expectation whose integral
// does not converge.
var ErrDiverges = errors.New("the Gaussian integral diverges")

// ErrUndefined is the cause of an error for an integrand that is not
// defined on part of the real line.
var ErrUndefined = errors.New("the integrand is undefined on part of the real line")

// integrand is F compiled for the expectation engine, with its kinks.
type integrand struct {
	expr  calc.Expr
	prog  *calc.Program
	big   *calc.BigProgram
	kinks []float64 // z-locations, ascending
	exact []*big.Rat
}

func newIntegrand(f calc.Expr) (*integrand, error) {
	ks, err := calc.Kinks(f)
	if err != nil {
		return nil, fmt.Errorf("finding the kinks of %s: %w", f, err)
	}
	in := &integrand{expr: f, prog: calc.Compile(f), big: calc.CompileBig(f)}
	for _, k := range ks {
		in.kinks = append(in.kinks, k.X)
		in.exact = append(in.exact, k.Exact)
	}
	return in, nil
}

// newIntegrands prepares several integrands.
func newIntegrands(fs ...calc.Expr) ([]*integrand, error) {
	out := make([]*integrand, len(fs))
	for i, f := range fs {
		in, err := newIntegrand(f)
		if err != nil {
			return nil, err
		}
		out[i] = in
	}
	return out, nil
}

// logAbsAt returns log|F(z)|, using arbitrary precision where float64
// overflows, and an error where F is undefined.
func (in *integrand) logAbsAt(z float64) (float64, error) {
	v := in.prog.Eval(z)
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		return math.Log(math.Abs(v)), nil
	}
	b, err := in.big.Eval(new(big.Float).SetFloat64(z), 64)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrUndefined, err)
	}
	if b.Sign() == 0 {
		return math.Inf(-1), nil
	}
	m := new(big.Float)
	e := b.MantExp(m)
	f, _ := m.Float64()
	return math.Log(math.Abs(f)) + float64(e)*math.Ln2, nil
}

// tailCut returns T > 0 such that, in the standard variable t = z/√K, the
// integrand |F(√K·t)|·φ(t) beyond ±T is below e^(−logTol) relative to its
// size near the centre, judged from the integrand's growth sampled along
// the line. It reports divergence when log|F| − t²/2 keeps growing.
func (in *integrand) tailCut(K float64, logTol float64) (float64, error) {
	sk := math.Sqrt(K)
	ref := math.Inf(-1)
	for _, t := range []float64{-1, -0.5, 0, 0.5, 1} {
		if l, err := in.logAbsAt(sk * t); err == nil {
			ref = max(ref, l)
		}
	}
	if math.IsInf(ref, -1) {
		ref = 0
	}
	T := 4.0
	for side := -1.0; side <= 1; side += 2 {
		prev := math.Inf(-1)
		for t := 4.0; ; t += 2 {
			l, err := in.logAbsAt(side * sk * t)
			if err != nil {
				return 0, err
			}
			h := l - t*t/2
			if h < ref-logTol {
				T = max(T, t)
				break
			}
			if t >= 64 {
				if h >= prev {
					return 0, fmt.Errorf("%w: |F(z)|·exp(−z²/2K) does not decay (F grows like exp(c·z²) with c ≥ 1/(2K) = %g)", ErrDiverges, 1/(2*K))
				}
				return 0, fmt.Errorf("%w: |F(z)|·exp(−z²/2K) is still %.3g relative to its centre at |z| = %g", ErrDiverges, math.Exp(h-ref), sk*t)
			}
			prev = h
		}
	}
	return T, nil
}

// checkDefined samples F on the cut range and reports where it is
// undefined (NaN in float64 and an error in arbitrary precision).
func (in *integrand) checkDefined(K, T float64) error {
	sk := math.Sqrt(K)
	for i := 0; i <= 256; i++ {
		z := sk * T * (float64(i)/128 - 1)
		if v := in.prog.Eval(z); math.IsNaN(v) {
			if _, err := in.big.Eval(new(big.Float).SetFloat64(z), 64); err != nil {
				return fmt.Errorf("%w: %v", ErrUndefined, err)
			}
		}
	}
	return nil
}

// breakpoints returns the kinks in the standard variable t = z/√K that
// lie inside (−T, T), ascending.
func (in *integrand) breakpoints(K, T float64) []float64 {
	sk := math.Sqrt(K)
	var out []float64
	for _, z := range in.kinks {
		if t := z / sk; t > -T && t < T {
			out = append(out, t)
		}
	}
	return out
}
