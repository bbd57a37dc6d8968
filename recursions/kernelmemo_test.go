package recursions

import (
	"errors"
	"testing"
)

// TestKernelMemo checks kernelMemo: a kernel's value is computed once and
// then looked up, a failed computation is not kept, and the memo is
// emptied when it holds seenMax values (so a kernel kept before is
// computed again).
func TestKernelMemo(t *testing.T) {
	var km kernelMemo[float64]
	calls := 0
	compute := func(v float64) func() (float64, error) {
		return func() (float64, error) { calls++; return v, nil }
	}
	key := [3]float64{1, 2, 0.5}
	for range 3 {
		if v, err := km.get(key, compute(7)); err != nil || v != 7 {
			t.Fatalf("get = %v, %v; want 7", v, err)
		}
	}
	if calls != 1 {
		t.Errorf("%d computations of one kernel, want 1", calls)
	}
	bad := errors.New("no value")
	if _, err := km.get([3]float64{3, 3, 0}, func() (float64, error) { return 0, bad }); !errors.Is(err, bad) {
		t.Errorf("error %v, want %v", err, bad)
	}
	if _, err := km.get([3]float64{3, 3, 0}, compute(1)); err != nil || calls != 2 {
		t.Errorf("after a failure: %v, %d computations; want the value computed", err, calls)
	}
	for i := range seenMax {
		if _, err := km.get([3]float64{float64(i), -1, 0}, compute(0)); err != nil {
			t.Fatal(err)
		}
	}
	before := calls
	if _, err := km.get(key, compute(7)); err != nil || calls != before+1 {
		t.Errorf("a full memo kept %d values: the first kernel was not computed again", seenMax)
	}
}
