package quadrature

import (
	"math/big"
	"sync"
	"testing"
)

// TestCacheConcurrent requests the same rules and node tables from several
// goroutines at once and checks that all receive identical results (run
// with -race to check the synchronisation).
func TestCacheConcurrent(t *testing.T) {
	const workers = 8
	ns := []int{7, 31, 64, 150}
	type out struct {
		leg, her   []Rule
		herBig     []*BigRule
		integral   float64
		integralBg *big.Float
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
				hb, err := GaussHermiteBig(n/4+1, 96)
				if err != nil {
					t.Error(err)
					return
				}
				o.leg, o.her, o.herBig = append(o.leg, l), append(o.her, h), append(o.herBig, hb)
			}
			r, err := Integrate(tanh2Gauss, -inf, inf, 1e-12, 0)
			if err != nil {
				t.Error(err)
				return
			}
			rb, err := IntegrateBig(tanh2GaussBig(96), nil, nil, 96, bf(64, 1e-20), nil)
			if err != nil {
				t.Error(err)
				return
			}
			o.integral, o.integralBg = r.Value, rb.Value
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
			for j := range ref.herBig[i].X {
				if o.herBig[i].X[j].Cmp(ref.herBig[i].X[j]) != 0 || o.herBig[i].W[j].Cmp(ref.herBig[i].W[j]) != 0 {
					t.Fatalf("worker %d: big Hermite rule differs", w)
				}
			}
		}
		if o.integral != ref.integral || o.integralBg.Cmp(ref.integralBg) != 0 {
			t.Fatalf("worker %d: integrals differ", w)
		}
	}
}
