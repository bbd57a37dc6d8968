package testlevel

import (
	"os"
	"testing"
)

// EnvVar is the environment variable that turns the exhaustive tests on
// when it is "1".
const EnvVar = "CRITCALC_EXHAUSTIVE"

// IsExhaustive reports whether the exhaustive tests run: EnvVar is "1".
func IsExhaustive() bool { return os.Getenv(EnvVar) == "1" }

// Exhaustive skips the calling test (or subtest) unless the exhaustive
// tests run.
func Exhaustive(t testing.TB) {
	t.Helper()
	if !IsExhaustive() {
		t.Skip("exhaustive: set " + EnvVar + "=1")
	}
}
