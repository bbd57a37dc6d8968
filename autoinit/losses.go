package autoinit

import (
	"fmt"
	"math"
)

// JLL returns the Jacobian Log Loss ½Σ_l [log 𝒥^{l,l+1}]² (AutoInit eq 12).
func JLL(J []float64) (float64, error) {
	s := 0.0
	for l, j := range J {
		if !(j > 0) {
			return 0, fmt.Errorf("autoinit: 𝒥 of layer %d is %g, not > 0", l, j)
		}
		s += math.Log(j) * math.Log(j)
	}
	return s / 2, nil
}

// JSL returns the Jacobian Square Loss ½Σ_l (𝒥^{l,l+1} − 1)².
func JSL(J []float64) float64 {
	s := 0.0
	for _, j := range J {
		s += (j - 1) * (j - 1)
	}
	return s / 2
}

// JKL returns the Jacobian-Kernel Loss (AutoInit eq 24)
//
//	½Σ_l [log 𝒥^{l,l+1}]² + (λ/2)Σ_l [log(𝒦^{l+1}/𝒦^l)]²
//
// for APJNs J[l] = 𝒥^{l,l+1} and kernels K[l] = 𝒦^l(x, x), len(K) = len(J) + 1.
// The index range is the caller's: eq 24 sums l = 0…L+1 (input and output
// layers included), App. C.2 eq 45 sums l = 1…L.
func JKL(J, K []float64, lambda float64) (float64, error) {
	if len(K) != len(J)+1 {
		return 0, fmt.Errorf("autoinit: JKL needs one more kernel than APJNs, got %d and %d", len(K), len(J))
	}
	s, err := JLL(J)
	if err != nil {
		return 0, err
	}
	r := 0.0
	for l := range J {
		if !(K[l] > 0 && K[l+1] > 0) {
			return 0, fmt.Errorf("autoinit: kernel of layer %d or %d is not > 0", l, l+1)
		}
		q := math.Log(K[l+1] / K[l])
		r += q * q
	}
	return s + lambda*r/2, nil
}
