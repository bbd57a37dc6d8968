package bigmath

import (
	"math/big"
	"sync"
	"testing"
)

// TestConcurrentUse calls the cached constants and Exp from several
// goroutines at different precisions, each growing the caches, and checks
// every result against a serial computation. Run with -race.
func TestConcurrentUse(t *testing.T) {
	precs := []uint{53, 100, 257, 700, 1500, 64, 333, 2100}
	x := num("1.75")
	type result struct{ pi, ln2, exp *big.Float }
	got := make([]result, len(precs))
	var wg sync.WaitGroup
	for i, p := range precs {
		wg.Go(func() {
			for range 3 {
				got[i] = result{Pi(p), ln2.float(p), Exp(p, x)}
			}
		})
	}
	wg.Wait()
	for i, p := range precs {
		if want := Pi(p); got[i].pi.Cmp(want) != 0 {
			t.Errorf("Pi(%d) differs between goroutines", p)
		}
		if want := ln2.float(p); got[i].ln2.Cmp(want) != 0 {
			t.Errorf("ln 2 at %d bits differs between goroutines", p)
		}
		if want := Exp(p, x); got[i].exp.Cmp(want) != 0 {
			t.Errorf("Exp(%d, 1.75) differs between goroutines", p)
		}
	}
}

func TestPiReturnsCopy(t *testing.T) {
	a := Pi(128)
	a.SetInt64(3)
	if Pi(128).Cmp(a) == 0 {
		t.Errorf("modifying the result of Pi changed the cache")
	}
}
