package loggauss

import (
	"errors"
	"fmt"
	"math"

	"critcalc/calc"
	"critcalc/recursions"
)

// Beta returns the effective parameter β = 2/n + 5d/n of a ReLU network
// with C_W = 2, d hidden layers of equal width n (log-Gaussian notes,
// Theorem 2):
// E[G] = −β/2 + O(d/n²), Var[G] = β + O(d/n²). The 2/n is the variance of
// ln(χ²_n/n) from the last hidden layer, 5/n per layer that of
// ln((2/n)‖φ(g)‖²). It returns NaN for n < 1 or d < 0; use BetaWidths for
// a checked version.
func Beta(n, d int) float64 {
	if n < 1 || d < 0 {
		return math.NaN()
	}
	return (2 + 5*float64(d)) / float64(n)
}

// BetaWidths returns β for a ReLU network with hidden widths
// widths = [n₀, n₁, …, n_d] (len(widths) = d + 1, the widths of z⁰ … z^d;
// n_in and n_out do not enter):
//
//	β = 2/n_d + 5·Σ_{ℓ=0}^{d−1} 1/n_ℓ.
//
// This follows from the product representation
// G = ln(‖g^d‖²/n_d) + Σ_{ℓ<d} ln((2/n_ℓ)‖φ(g^ℓ)‖²), g^ℓ ∈ ℝ^{n_ℓ}: the
// weight 2 belongs to the last hidden layer, which feeds the linear
// readout, and the weight 5 to every layer whose ReLU output feeds a
// further hidden layer. The notes print 2/n₀ + 5Σ_{ℓ=1}^{d} 1/n_ℓ
// (BetaWidthsPrinted), which is the same formula with the layers numbered
// from the output backwards; the two agree for equal widths.
func BetaWidths(widths []int) (float64, error) {
	if err := checkWidths(widths); err != nil {
		return 0, fmt.Errorf("loggauss: beta: %w", err)
	}
	d := len(widths) - 1
	b := 2 / float64(widths[d])
	for _, w := range widths[:d] {
		b += 5 / float64(w)
	}
	return b, nil
}

// BetaWidthsPrinted returns β = 2/n₀ + 5Σ_{ℓ=1}^{d} 1/n_ℓ as printed in
// the log-Gaussian notes' §1.2.1, with widths = [n₀ … n_d] read in the derivation's
// order. It is kept for comparison only: with z⁰ the first hidden layer it
// puts the weight 2 on the wrong end (see BetaWidths).
func BetaWidthsPrinted(widths []int) (float64, error) {
	if err := checkWidths(widths); err != nil {
		return 0, fmt.Errorf("loggauss: printed beta: %w", err)
	}
	b := 2 / float64(widths[0])
	for _, w := range widths[1:] {
		b += 5 / float64(w)
	}
	return b, nil
}

// checkWidths validates a hidden-width list [n₀ … n_d].
func checkWidths(widths []int) error {
	if len(widths) == 0 {
		return errors.New("need at least one hidden width (z⁰), got none")
	}
	for i, w := range widths {
		if w < 1 {
			return fmt.Errorf("width n_%d = %d must be ≥ 1", i, w)
		}
	}
	return nil
}

// checkND validates a width and a depth.
func checkND(n, d int) error {
	if n < 1 {
		return fmt.Errorf("width n = %d must be ≥ 1", n)
	}
	if d < 0 {
		return fmt.Errorf("depth d = %d must be ≥ 0", d)
	}
	return nil
}

// BetaScaleInvariant returns β = 2/n + (3A₄/A₂² − 1)·d/n for a network
// with a scale-invariant activation σ(z) = a₊z (z ≥ 0), a₋z (z < 0) at
// criticality C_W = 1/A₂, A₂ = (a₊² + a₋²)/2, A₄ = (a₊⁴ + a₋⁴)/2
// (ReLU: 5; leaky ReLU with slope a: 3(1 + a⁴)·2/(1 + a²)² − 1; |x| and
// linear σ: 2). The per-layer factor (C_W/n)‖σ(g)‖² is an average of n iid
// terms C_W σ(g_i)² with mean C_W A₂ = 1 and variance C_W² E σ⁴ − 1 =
// 3A₄/A₂² − 1, and ln of a mean-one average with variance v/n has
// variance v/n + O(1/n²). σ that is not scale-invariant is an error.
func BetaScaleInvariant(n, d int, sigma calc.Expr) (float64, error) {
	if err := checkND(n, d); err != nil {
		return 0, fmt.Errorf("loggauss: scale-invariant beta: %w", err)
	}
	si, err := scaleInvariantOf(sigma)
	if err != nil {
		return 0, err
	}
	return (2 + si.Vertex.Float64()*float64(d)) / float64(n), nil
}

// scaleInvariantOf recognises a scale-invariant σ or returns an error.
func scaleInvariantOf(sigma calc.Expr) (recursions.ScaleInvariant, error) {
	if !sigma.IsValid() {
		return recursions.ScaleInvariant{}, errors.New("loggauss: no activation given")
	}
	si, ok, err := recursions.ScaleInvariantOf(sigma, recursions.NumericDigits)
	if err != nil {
		return recursions.ScaleInvariant{}, fmt.Errorf("loggauss: activation %v: %w", sigma, err)
	}
	if !ok {
		return recursions.ScaleInvariant{}, fmt.Errorf("loggauss: activation %v is not scale-invariant (σ(z) = a₊z for z ≥ 0, a₋z for z < 0)", sigma)
	}
	return si, nil
}
