package cli

import (
	"os"
	"runtime/debug"
	"testing"
)

// gcPercent returns the garbage collector's current target percentage.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestSetGCPercentOverlapping checks that overlapping raises of the
// target, restored in either order, leave it as they found it.
func TestSetGCPercentOverlapping(t *testing.T) {
	if _, ok := os.LookupEnv("GOGC"); ok {
		t.Skip("GOGC is set: setGCPercent leaves the target alone")
	}
	before := gcPercent()
	a := setGCPercent(actGCPercent)
	b := setGCPercent(actGCPercent)
	if p := gcPercent(); p != actGCPercent {
		t.Fatalf("target %d while raised, want %d", p, actGCPercent)
	}
	a()
	if p := gcPercent(); p != actGCPercent {
		t.Errorf("target %d after the first restore, want %d", p, actGCPercent)
	}
	b()
	if p := gcPercent(); p != before {
		t.Errorf("target %d after both restores, want %d", p, before)
	}
}
