package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDepthFitReasonNamedOnce checks that a point without a large-depth
// power law is reported once as "asymptotics: …", not with the package's
// own prefix again, in the text report and in the JSON key "reason".
func TestDepthFitReasonNamedOnce(t *testing.T) {
	args := []string{"depth", "erf", "--cb", "0", "--cw", "1", "--layers", "1000", "--every", "1000"}
	code, out, errOut := runCLI(args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "asymptotics: erf(x) is not critical") {
		t.Errorf("last line %q, want the reason after one \"asymptotics: \"", last)
	}
	code, out, errOut = runCLI(append(args, "--json")...)
	if code != exitOK {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	var rep struct {
		Asymptotics struct {
			Reason string `json:"reason"`
		} `json:"asymptotics"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if r := rep.Asymptotics.Reason; !strings.HasPrefix(r, "erf(x) is not critical") {
		t.Errorf("JSON reason %q, want it without the package name", r)
	}
}
