package validate

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync"

	"critcalc/calc"
	"critcalc/recursions"
	"critcalc/sim"
)

// Exact holds the exact hyperparameters and first-layer kernel from
// which PredictDigits computes a high-precision theory.
type Exact struct {
	Cb, CW *big.Rat
	// K00 is the first layer's kernel of input 0; K11 and K01 are those of
	// input 1 and of the pair (nil with one input).
	K00, K11, K01 *big.Rat
}

// PredictWith is the theory of c that opt asks for: Predict, or with
// opt.Digits above calc.Float64Digits PredictDigits from opt.Exact.
func PredictWith(c sim.Config, opt Options) (*Theory, error) {
	if opt.Digits <= calc.Float64Digits {
		return Predict(c)
	}
	if opt.Exact == nil {
		return nil, fmt.Errorf("validate: %d digits need the exact hyperparameters (Options.Exact)", opt.Digits)
	}
	return PredictDigits(c, *opt.Exact, opt.Digits)
}

// ErrDigitsArch is the cause of PredictDigits' error for a network that
// is not a plain MLP: the residual, LayerNorm and BatchNorm maps are
// computed in float64 only.
var ErrDigitsArch = errors.New("the theory of residual and normalized networks is computed in float64 only")

// PredictDigits is Predict for a plain MLP with every value also computed
// to digits significant digits in high-precision arithmetic from the
// exact ex (Theory.Digits): K, V, G{1}, χ⊥ and the APJN from
// recursions.IterateSimDigits, K₊₋ and ρ from IterateTwoDigits, each run
// twice at two working precisions and kept to the digits on which the
// runs agree. The float64 theory, which the z-scores use, is that of
// Predict. ex must be the kernel of c's inputs to float64 accuracy.
func PredictDigits(c sim.Config, ex Exact, digits int) (*Theory, error) {
	if !isPlain(c) {
		return nil, fmt.Errorf("validate: %w", ErrDigitsArch)
	}
	if c.FirstCW != 0 && c.FirstCW != c.CW {
		return nil, errors.New("validate: a first-layer C_W of its own has no high-precision theory")
	}
	th, err := Predict(c)
	if err != nil {
		return nil, err
	}
	in := firstLayer(c)
	two := in.two && ex.K01 != nil && ex.K11 != nil
	for _, p := range []struct {
		name  string
		f     float64
		exact *big.Rat
	}{{"K₀₀", in.k00, ex.K00}, {"K₁₁", in.k11, ex.K11}, {"K₀₁", in.k01, ex.K01}} {
		if p.exact == nil && p.name == "K₀₀" || p.exact != nil && !nearly(p.f, p.exact) {
			return nil, fmt.Errorf("validate: the exact first-layer kernel %s = %s is not that of the inputs, %g", p.name, p.exact, p.f)
		}
	}
	if in.two != two {
		return nil, errors.New("validate: two inputs need the exact K₁₁ and K₀₁")
	}
	a, err := recursions.New(c.Sigma)
	if err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	L := len(c.Widths) - 1
	var j0 *big.Rat
	l0 := 1
	if c.Tangents != 0 {
		j0 = big.NewRat(1, 1)
		switch {
		case c.InputJacobian:
			j0 = ex.CW
		case c.JacobianFrom > 1:
			l0 = c.JacobianFrom
		}
	}
	var (
		one            []recursions.SimLayerDigits
		pair           []recursions.TwoLayerDigits
		oneErr, twoErr error
		wg             sync.WaitGroup
	)
	if two {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pair, twoErr = a.IterateTwoDigits(ex.Cb, ex.CW, ex.K00, ex.K11, ex.K01, L, 1, digits)
		}()
	}
	one, oneErr = a.IterateSimDigits(ex.Cb, ex.CW, ex.K00, L, digits, th.Width, j0, l0)
	wg.Wait()
	if oneErr != nil {
		return nil, fmt.Errorf("validate: %w", oneErr)
	}
	if twoErr != nil {
		return nil, fmt.Errorf("validate: the two-input kernel: %w", twoErr)
	}
	th.Digits = map[Key]calc.Certified{}
	for _, l := range one {
		k := l.K
		if th.Width > 0 {
			k = l.Metric
		}
		th.Digits[Key{"K", l.L}] = k
		th.Digits[Key{"G1", l.L}] = l.G1
		th.Digits[Key{"V", l.L}] = l.V
		th.Digits[Key{"APJN1", l.L}] = l.ChiPerp
		th.Digits[Key{"APJN", l.L}] = l.APJN
	}
	for _, l := range pair {
		th.Digits[Key{"K+-", l.L}] = l.Kpm
		th.Digits[Key{"rho", l.L}] = l.Rho
	}
	return th, nil
}

// nearly reports whether the float64 x is the exact r to 1e-12 relative.
func nearly(x float64, r *big.Rat) bool {
	y, _ := r.Float64()
	return math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y))
}
