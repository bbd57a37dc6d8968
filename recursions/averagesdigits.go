package recursions

import (
	"fmt"
	"math/big"
	"sync"
)

// averagesDigits returns the Gaussian averages ⟨·⟩_K of the given
// integrands at the exact variance K, each to digits significant digits.
// The averages are computed concurrently.
func averagesDigits(K *big.Rat, digits int, as ...average) ([]*big.Float, error) {
	out := make([]*big.Float, len(as))
	errs := make([]error, len(as))
	var wg sync.WaitGroup
	for i, a := range as {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := a.e.AtDigits(K, digits)
			if err != nil {
				errs[i] = fmt.Errorf("recursions: ⟨%s⟩ to %d digits: %w", a.name, digits, err)
				return
			}
			out[i] = v
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
