package recursions

import "sync"

// sideBySide runs the two computations of a certified iteration side by
// side on two goroutines, run(0, 10) and run(1, 20) (the working
// precisions digits + 10 and digits + 20 of the high-precision ones; the
// float64 check of IterateChecked uses i alone), and returns both results
// and both errors.
func sideBySide[T any](run func(i, extra int) (T, error)) (out [2]T, errs [2]error) {
	var wg sync.WaitGroup
	for i, extra := range [2]int{10, 20} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = run(i, extra)
		}()
	}
	wg.Wait()
	return out, errs
}
