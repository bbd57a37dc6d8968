package recursions

import (
	"fmt"

	"critcalc/calc"
)

// checkPerturb is the relative change that the second run of
// IterateChecked gives every layer average: the float64 accuracy the
// averages are computed to (the quadrature's relative tolerance of 1e-14,
// which the interpolants of a deep iteration keep), with signs alternating
// over the averages so that no cancellation between them hides it.
const checkPerturb = 1e-14

// IterateChecked runs the float64 recursions of Iterate — of IterateWidths
// when widths is not nil — twice, side by side: as they are (layers), and
// with every layer average moved by checkPerturb of itself (check, the
// same layers). CheckedDigits then keeps of each value the digits on which
// the two runs agree: the digits that the averages' own accuracy leaves
// once the iteration has propagated and amplified it (G{1} of a
// renormalized tanh network at ℓ = 10⁵ is a difference of terms 10⁴ times
// larger and keeps about 6 of its 17). When a run fails at some layer, the
// layers before it are returned with its error.
func (a *Activation) IterateChecked(cb, cw, k1 float64, L, every int, widths []int, ren *Renormalization) (layers, check []Layer, err error) {
	nodes := newLayerNodes() // the two runs build the same table cells
	return checkedRuns(func(p float64) ([]Layer, error) {
		if widths != nil {
			return a.iterateWidths(cb, cw, k1, widths, every, ren, p, nodes)
		}
		return a.iterate(cb, cw, k1, L, every, ren, nil, p, nodes)
	})
}

// checkedRuns runs a float64 iteration side by side as it is (perturb 0)
// and with its averages moved by checkPerturb, and returns the layers both
// reached. When only the perturbed run stopped (an overflow at the edge),
// its error is returned: the layers it did not reach have no check.
func checkedRuns[T any](run func(perturb float64) ([]T, error)) (layers, check []T, err error) {
	runs, errs := sideBySide(func(i, _ int) ([]T, error) { return run([2]float64{0, checkPerturb}[i]) })
	n := min(len(runs[0]), len(runs[1]))
	err = errs[0]
	if err == nil && errs[1] != nil {
		err = fmt.Errorf("recursions: the check of the float64 digits: %w", errs[1])
	}
	return runs[0][:n], runs[1][:n], err
}

// CheckedDigits returns the values of x with the leading significant
// digits, at most digits, on which x and its check y (IterateChecked)
// agree; a value on which they do not agree to one digit has no value
// (calc.Certified.V nil).
func CheckedDigits(x, y Layer, digits int) LayerDigits {
	out := LayerDigits{L: x.L}
	dst := [5]*calc.Certified{&out.K, &out.V, &out.G1, &out.ChiPar, &out.ChiPerp}
	names := [5]string{"K", "V", "G{1}", "χ∥", "χ⊥"}
	for j, pair := range [5][2]float64{{x.K, y.K}, {x.V, y.V}, {x.G1, y.G1}, {x.ChiPar, y.ChiPar}, {x.ChiPerp, y.ChiPerp}} {
		if c, err := calc.AgreeingFloat64(names[j], pair[0], pair[1], digits); err == nil {
			*dst[j] = c
		}
	}
	return out
}
