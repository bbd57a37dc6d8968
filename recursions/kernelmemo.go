package recursions

import "sync"

// kernelMemo keeps two-input averages by the kernel they were computed
// at, so that an iteration settled on a float64 fixed point (or cycle) of
// the map looks them up instead of integrating again: a two-dimensional
// integral costs about a millisecond, and one that repeats exactly is the
// same value, so the iterates are the same. At most seenMax values are
// kept (it is emptied when full). It is safe for concurrent use; the zero
// value is ready.
type kernelMemo[V any] struct {
	mu   sync.Mutex
	seen map[[3]float64]V
}

// seenMax bounds the values a kernelMemo keeps.
const seenMax = 1 << 12

// get returns the value kept for key, computing and keeping it with
// compute when there is none; an error is returned and nothing kept.
func (km *kernelMemo[V]) get(key [3]float64, compute func() (V, error)) (V, error) {
	km.mu.Lock()
	v, ok := km.seen[key]
	km.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := compute()
	if err != nil {
		return v, err
	}
	km.mu.Lock()
	if km.seen == nil || len(km.seen) >= seenMax {
		km.seen = map[[3]float64]V{}
	}
	km.seen[key] = v
	km.mu.Unlock()
	return v, nil
}
