package cli

import (
	"os"
	"runtime/debug"
	"sync"
)

// actGCPercent is the garbage collector's target percentage while act
// runs. The analysis keeps a few megabytes live and allocates several
// times that in short-lived big floats, so that at Go's default of 100 (a
// first collection at a 4 MB heap) two collections fall inside a run of
// about 20 ms, each holding one of the two cores for its marking (about
// 2 ms of the run in all); at 400 none does.
const actGCPercent = 400

// gcRaised counts the callers of setGCPercent that have not restored
// it yet: the first sets the target, the last restores the previous one,
// so that overlapping runs (tests) leave the setting as they found it.
var gcRaised struct {
	sync.Mutex
	n   int
	old int
}

// setGCPercent sets the garbage collector's target percentage to p,
// unless the GOGC environment variable chooses one, and returns the
// function that restores the previous setting.
func setGCPercent(p int) (restore func()) {
	if _, ok := os.LookupEnv("GOGC"); ok {
		return func() {}
	}
	gcRaised.Lock()
	defer gcRaised.Unlock()
	if gcRaised.n == 0 {
		gcRaised.old = debug.SetGCPercent(p)
	}
	gcRaised.n++
	return func() {
		gcRaised.Lock()
		defer gcRaised.Unlock()
		if gcRaised.n--; gcRaised.n == 0 {
			debug.SetGCPercent(gcRaised.old)
		}
	}
}
