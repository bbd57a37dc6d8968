package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLinksNoPlotting checks, with `go list -deps`, that critcalc links
// none of the plotting packages, whose initialisation would slow the start
// of every command; only critcalc-figure links them (checked too, so that
// the test sees the packages it looks for).
func TestLinksNoPlotting(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	plotting := []string{"critcalc/report/figure", "gonum.org/v1/plot", "codeberg.org/go-pdf/fpdf", "codeberg.org/go-latex/latex"}
	for _, tt := range []struct {
		pkg   string
		plots bool
	}{{".", false}, {"../critcalc-figure", true}} {
		out, err := exec.Command(goTool, "list", "-deps", tt.pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", tt.pkg, err)
		}
		found := map[string]bool{}
		for _, dep := range strings.Fields(string(out)) {
			for _, p := range plotting {
				if dep == p || strings.HasPrefix(dep, p+"/") {
					found[p] = true
				}
			}
		}
		for _, p := range plotting {
			if found[p] != tt.plots {
				t.Errorf("%s links %s: %v, want %v", tt.pkg, p, found[p], tt.plots)
			}
		}
	}
}
