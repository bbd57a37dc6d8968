package recursions

import (
	"testing"

	"critcalc/calc"
)

// TestNewPreparesOnFirstUse checks that New prepares ⟨σ²⟩ alone, that an
// average is prepared when it is first used, and that Prepare prepares
// them all for the analysis.
func TestNewPreparesOnFirstUse(t *testing.T) {
	sigma := calc.MustParse("tanh(x)")
	a, err := New(sigma)
	if err != nil {
		t.Fatal(err)
	}
	prepared := func(a *Activation) (n int, which [nIntegrands]bool) {
		for i := range nIntegrands {
			if a.single[i].v != nil {
				n++
				which[i] = true
			}
		}
		return n, which
	}
	if n, which := prepared(a); n != 1 || !which[cS2] {
		t.Errorf("after New: %d averages prepared (%v), want ⟨σ²⟩ alone", n, which)
	}
	if _, err := a.at(cSp2, 1); err != nil {
		t.Fatal(err)
	}
	if n, which := prepared(a); n != 2 || !which[cSp2] {
		t.Errorf("after ⟨σ'²⟩ at K = 1: %d averages prepared (%v), want ⟨σ²⟩ and ⟨σ'²⟩", n, which)
	}
	p := Prepare(sigma)
	p.waitScans()
	if p.scanErr != nil {
		t.Fatal(p.scanErr)
	}
	if m, err := p.a.scanAverages(); err != nil || m == nil {
		t.Fatalf("scan averages not ready with the scans: %v", err)
	}
	p.wait()
	if p.restErr != nil {
		t.Fatal(p.restErr)
	}
	if n, _ := prepared(p.a); n != int(nIntegrands) {
		t.Errorf("after Prepare: %d averages prepared, want all %d", n, nIntegrands)
	}
}
