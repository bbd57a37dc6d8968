package quadrature

import (
	"sync"
	"testing"
)

// TestCacheConcurrent requests the same rules from several goroutines at once and checks that all receive identical results (run
// with -race to check the synchronisation).
func TestCacheConcurrent(t *testing.T) {
	const workers = 8
	ns := []int{7, 31, 64, 150}
	type out struct {
		leg, her []Rule
		legBig   []*BigRule
	}
	results := make([]out, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var o out
			for _, n := range ns {
				l, err := GaussLegendre(n)
				if err != nil {
					t.Error(err)
					return
				}
				h, err := GaussHermite(n)
				if err != nil {
					t.Error(err)
					return
				}
				lb, err := GaussLegendreBig(n/4+1, 96)
				if err != nil {
					t.Error(err)
					return
				}
				o.leg, o.her, o.legBig = append(o.leg, l), append(o.her, h), append(o.legBig, lb)
			}
			results[w] = o
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	ref := results[0]
	for w := 1; w < workers; w++ {
		o := results[w]
		for i := range ns {
			for j := range ref.leg[i].X {
				if o.leg[i].X[j] != ref.leg[i].X[j] || o.leg[i].W[j] != ref.leg[i].W[j] {
					t.Fatalf("worker %d: Legendre rule %d differs", w, ns[i])
				}
			}
			for j := range ref.her[i].X {
				if o.her[i].X[j] != ref.her[i].X[j] || o.her[i].W[j] != ref.her[i].W[j] {
					t.Fatalf("worker %d: Hermite rule %d differs", w, ns[i])
				}
			}
			for j := range ref.legBig[i].X {
				if o.legBig[i].X[j].Cmp(ref.legBig[i].X[j]) != 0 || o.legBig[i].W[j].Cmp(ref.legBig[i].W[j]) != 0 {
					t.Fatalf("worker %d: big Legendre rule differs", w)
				}
			}
		}
	}
}
