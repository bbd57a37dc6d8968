package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"time"

	"critcalc/recursions"
	"critcalc/sim"
	"critcalc/validate"
)

// simNTKFlags are the flags of `sim --ntk`.
type simNTKFlags struct {
	ntk              bool
	lambdaB, lambdaW float64
}

func defineSimNTKFlags(fs *flag.FlagSet, f *simNTKFlags) {
	fs.BoolVar(&f.ntk, "ntk", false, "also measure the empirical neural tangent kernel (plain MLP, explicit Gaussian weights) against the infinite-width Θ")
	fs.Float64Var(&f.lambdaB, "lambda-b", math.NaN(), "bias learning rate `λ_b` of the NTK (default C_b)")
	fs.Float64Var(&f.lambdaW, "lambda-w", math.NaN(), "weight learning rate `λ_W` of the NTK (default C_W)")
}

// simNTKCostPerWeight is the estimated time of one weight's share of the
// forward and backward passes of SampleNTK (two cores).
const simNTKCostPerWeight = 2 * time.Nanosecond

// checkSimNTK checks the NTK flags against the configuration: --ntk needs
// a plain MLP with Gaussian weights in float64, and an estimated time
// within the budget.
func checkSimNTK(f *simFlags, cfg *sim.Config) error {
	n := &f.ntkFlags
	if !n.ntk {
		if !math.IsNaN(n.lambdaB) || !math.IsNaN(n.lambdaW) {
			return errors.New("--lambda-b and --lambda-w go with --ntk")
		}
		return nil
	}
	switch {
	case f.arch != "mlp" || cfg.Law != sim.Gaussian || f.float32:
		return errors.New("--ntk measures plain MLPs with Gaussian float64 weights (--arch mlp --law gaussian, no --float32)")
	case f.backend == "gpu":
		return errors.New("--ntk runs on the CPU (--backend cpu or auto)")
	case !math.IsNaN(n.lambdaB) && (math.IsInf(n.lambdaB, 0) || n.lambdaB < 0):
		return fmt.Errorf("--lambda-b must be finite and ≥ 0, got %g", n.lambdaB)
	case !math.IsNaN(n.lambdaW) && (math.IsInf(n.lambdaW, 0) || n.lambdaW < 0):
		return fmt.Errorf("--lambda-w must be finite and ≥ 0, got %g", n.lambdaW)
	}
	// Forward through every layer, then a backward pass from each layer:
	// about L²/2 weight matrices a network and input.
	L, w := float64(f.depth), float64(f.width)
	perNet := time.Duration(float64(f.inputs) * (L*L/2 + L) * w * w * float64(simNTKCostPerWeight))
	return checkSimCost("--ntk: ", f.nets, 1, perNet, false)
}

// addSimNTK samples the empirical NTK of the networks of cfg and adds one
// check a layer and pair of inputs ("Theta", or "Theta_pp", "Theta_mm",
// "Theta_pm") at the layers the report already checks, against the
// infinite-width recursion; the report's verdict is then recomputed over
// all its checks.
func addSimNTK(f *simFlags, cfg sim.Config, rep *validate.Report) error {
	lb, lw := f.ntkFlags.lambdaB, f.ntkFlags.lambdaW
	if math.IsNaN(lb) {
		lb = cfg.Cb
	}
	if math.IsNaN(lw) {
		lw = cfg.CW
	}
	inputs := cfg.Inputs[:min(len(cfg.Inputs), 2)]
	res, err := sim.SampleNTK(sim.NTKConfig{Sigma: cfg.Sigma, Cb: cfg.Cb, CW: cfg.CW, LambdaB: lb, LambdaW: lw,
		Widths: cfg.Widths, Inputs: inputs, Nets: cfg.Nets, Seed: cfg.Seed})
	if err != nil {
		return err
	}
	a, err := recursions.New(cfg.Sigma)
	if err != nil {
		return err
	}
	n0 := float64(cfg.Widths[0])
	var k, th [3]float64
	for p, ab := range [][2]int{{0, 0}, {1, 1}, {0, 1}} {
		if ab[1] >= len(inputs) {
			ab = [2]int{0, 0}
		}
		g := 0.0
		for j, x := range inputs[ab[0]] {
			g += x * inputs[ab[1]][j]
		}
		k[p], th[p] = cfg.Cb+cfg.CW*g/n0, lb+lw*g/n0
	}
	L := len(cfg.Widths) - 1
	theory, err := a.IterateNTKTwo(cfg.Cb, cfg.CW, recursions.Lambda{B: lb, W: lw}, k, th, L, 1)
	if err != nil {
		return fmt.Errorf("NTK theory: %w", err)
	}
	layers := map[int]bool{}
	for _, c := range rep.Checks {
		layers[c.Layer] = true
	}
	names := []string{"Theta"}
	if res.Pairs == 3 {
		names = []string{"Theta_pp", "Theta_mm", "Theta_pm"}
	}
	for l := 1; l <= L; l++ {
		if !layers[l] && l != L {
			continue
		}
		for p, name := range names {
			rep.Checks = append(rep.Checks, validate.NewCheck(name, l, theory[l-1].Theta[p], res.Mean[l-1][p], res.StdErr[l-1][p]))
		}
	}
	rep.Finish(rep.Alpha, rep.DOF)
	return nil
}
