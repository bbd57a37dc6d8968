package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"critcalc/apjn"
	rpt "critcalc/report"
)

// figureParams names the figures that take each flag of the phase, apjn
// and lognorm figures.
var figureParams = map[string][]string{
	"arch": {"phase", "apjn"}, "mu": {"phase", "apjn"}, "sw2": {"apjn"}, "sb2": {"apjn"},
	"sw2-min": {"phase"}, "sw2-max": {"phase"}, "sb2-min": {"phase"}, "sb2-max": {"phase"}, "grid": {"phase"},
	"n": {"lognorm"}, "nout": {"lognorm"}, "d": {"lognorm"}, "samples": {"lognorm"}, "seed": {"lognorm"},
	"sw": {"autoinit"}, "steps": {"autoinit"},
}

// checkFigureFlags rejects a flag given to a figure that does not use it.
func checkFigureFlags(name string, fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(fl *flag.Flag) {
		figs, ok := figureParams[fl.Name]
		if !ok || err != nil {
			return
		}
		for _, f := range figs {
			if f == name {
				return
			}
		}
		err = fmt.Errorf("--%s is a flag of figure %s, not %s", fl.Name, strings.Join(figs, ", "), name)
	})
	return err
}

// figureSpec holds the parsed flags of the phase and apjn figures.
type figureSpec struct {
	arch apjn.Arch
	rng  rpt.PhaseRange
}

// checkSpecFlags validates the flags of the phase, apjn and lognorm
// figures.
func checkSpecFlags(name string, f *figureFlags) (figureSpec, error) {
	var sp figureSpec
	arch, err := apjn.ParseArch(f.arch)
	if err != nil {
		return sp, fmt.Errorf("--arch: %w", err)
	}
	sp.arch = arch
	switch {
	case !(f.mu >= 0 && f.mu <= 1):
		return sp, fmt.Errorf("--mu must be in [0, 1], got %g", f.mu)
	case f.mu != 0 && !arch.HasSkip():
		return sp, fmt.Errorf("--mu %g needs an architecture with a skip (res, preln-res, bn, mixer, resmlp), got %s", f.mu, arch)
	}
	switch name {
	case "phase":
		nw, nb, err := parseGrid(f.grid)
		if err != nil {
			return sp, err
		}
		sp.rng = rpt.PhaseRange{SW2Min: f.sw2Min, SW2Max: f.sw2Max, SB2Min: f.sb2Min, SB2Max: f.sb2Max, NW: nw, NB: nb}
		if err := sp.rng.Check(); err != nil {
			return sp, err
		}
	case "apjn":
		if f.depth < 2 || f.depth > 100000 {
			return sp, fmt.Errorf("--depth must be between 2 and 100000 for figure apjn, got %d", f.depth)
		}
		if len(f.sw2) != len(f.acts) || len(f.sb2) != len(f.acts) {
			return sp, fmt.Errorf("figure apjn wants one --sw2 and one --sb2 per --act, got %d --act, %d --sw2, %d --sb2", len(f.acts), len(f.sw2), len(f.sb2))
		}
		for i := range f.sw2 {
			if err := (apjn.Params{SW2: f.sw2[i], SB2: f.sb2[i], Mu: f.mu}).Validate(arch); err != nil {
				return sp, fmt.Errorf("--sw2 %g --sb2 %g: %w", f.sw2[i], f.sb2[i], err)
			}
		}
	case "lognorm":
		if len(f.acts) > 0 {
			return sp, errors.New("figure lognorm is for ReLU networks and takes no --act")
		}
		const most = 100000
		switch {
		case f.n < 1 || f.n > most:
			return sp, fmt.Errorf("--n must be between 1 and %d, got %d", most, f.n)
		case f.nOut < 1 || f.nOut > most:
			return sp, fmt.Errorf("--nout must be between 1 and %d, got %d", most, f.nOut)
		case len(f.d) > 8:
			return sp, fmt.Errorf("figure lognorm draws at most 8 depths, got %d", len(f.d))
		case f.samples < 0 || f.samples > 1<<20:
			return sp, fmt.Errorf("--samples must be between 0 and %d, got %d", 1<<20, f.samples)
		}
		for _, d := range f.d {
			if d < 0 || d > most {
				return sp, fmt.Errorf("--d must be between 0 and %d, got %d", most, d)
			}
		}
		samples := f.samples
		if samples == 0 {
			samples = rpt.LogNormSamples
		}
		ds := f.d
		if len(ds) == 0 {
			ds = rpt.BetaDepths
		}
		if err := checkSimCost("--samples: ", samples, sumInts(ds), netLayerCost, false); err != nil {
			return sp, err
		}
	case "autoinit":
		if len(f.acts) > 0 {
			return sp, errors.New("figure autoinit is for ReLU layers and takes no --act")
		}
		switch {
		case len(f.sw) > 8:
			return sp, fmt.Errorf("figure autoinit draws at most 8 starting σ_w, got %d", len(f.sw))
		case f.steps < 1 || f.steps > 10000:
			return sp, fmt.Errorf("--steps must be between 1 and 10000, got %d", f.steps)
		}
		for _, v := range f.sw {
			if !(v > 0) || math.IsInf(v, 0) {
				return sp, fmt.Errorf("--sw must be positive and finite, got %g", v)
			}
		}
	}
	return sp, nil
}

// parseGrid reads "NW,NB".
func parseGrid(s string) (nw, nb int, err error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return 0, 0, fmt.Errorf("--grid wants NW,NB, got %q", s)
	}
	v := make([]int, 2)
	for i, p := range parts {
		if v[i], err = strconv.Atoi(strings.TrimSpace(p)); err != nil {
			return 0, 0, fmt.Errorf("--grid wants NW,NB, got %q", s)
		}
	}
	if v[0] < 2 || v[0] > 400 || v[1] < 2 || v[1] > 400 {
		return 0, 0, errors.New("--grid wants 2 to 400 points on each axis")
	}
	return v[0], v[1], nil
}
