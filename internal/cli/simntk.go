package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/big"
	"time"

	"critcalc/calc"
	"critcalc/recursions"
	"critcalc/sim"
	"critcalc/validate"
)

// simNTKFlags are the flags of `sim --ntk`.
type simNTKFlags struct {
	ntk              bool
	lambdaB, lambdaW *exactFlag // unset (NaN): C_b, C_W
}

func defineSimNTKFlags(fs *flag.FlagSet, f *simNTKFlags) {
	fs.BoolVar(&f.ntk, "ntk", false, "also measure the empirical neural tangent kernel (plain MLP, explicit Gaussian weights) against the infinite-width Θ")
	f.lambdaB, f.lambdaW = newRequiredFlag(), newRequiredFlag()
	fs.Var(f.lambdaB, "lambda-b", "bias learning rate `λ_b` of the NTK (default C_b)")
	fs.Var(f.lambdaW, "lambda-w", "weight learning rate `λ_W` of the NTK (default C_W)")
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
		if !math.IsNaN(n.lambdaB.f) || !math.IsNaN(n.lambdaW.f) {
			return errors.New("--lambda-b and --lambda-w go with --ntk")
		}
		return nil
	}
	switch {
	case f.arch != "mlp" || cfg.Law != sim.Gaussian || f.float32:
		return errors.New("--ntk measures plain MLPs with Gaussian float64 weights (--arch mlp --law gaussian, no --float32)")
	case f.backend == "gpu":
		return errors.New("--ntk runs on the CPU (--backend cpu or auto)")
	case !math.IsNaN(n.lambdaB.f) && (math.IsInf(n.lambdaB.f, 0) || n.lambdaB.f < 0):
		return fmt.Errorf("--lambda-b must be finite and ≥ 0, got %g", n.lambdaB.f)
	case !math.IsNaN(n.lambdaW.f) && (math.IsInf(n.lambdaW.f, 0) || n.lambdaW.f < 0):
		return fmt.Errorf("--lambda-w must be finite and ≥ 0, got %g", n.lambdaW.f)
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
// all its checks. Θ is printed with the digits its float64 error estimate
// certifies, or with opt.Digits above calc.Float64Digits iterated in
// high precision from opt.Exact (ntkDigits).
func addSimNTK(f *simFlags, cfg sim.Config, rep *validate.Report, opt validate.Options) error {
	lb, lw := f.ntkFlags.lambdaB.f, f.ntkFlags.lambdaW.f
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
	var exact [][3]calc.Certified
	if opt.Digits > calc.Float64Digits {
		if exact, err = ntkDigits(f, a, opt, L, len(names) == 3); err != nil {
			return fmt.Errorf("NTK theory: %w", err)
		}
	}
	for l := 1; l <= L; l++ {
		if !layers[l] && l != L {
			continue
		}
		for p, name := range names {
			t := theory[l-1]
			// z uses the float64 Θ with its error estimate; the printed
			// Θ keeps only certified digits.
			ch := validate.NewCheck(name, l, t.Theta[p], t.ThetaErr[p], res.Mean[l-1][p], res.StdErr[l-1][p])
			if exact != nil {
				ch.SetTheoryDigits(exact[l-1][p])
			} else {
				// The digits its error estimate certifies.
				d, _ := calc.FromFloat64(name, t.Theta[p], t.ThetaErr[p], min(opt.Digits, calc.Float64Digits))
				ch.SetTheoryDigits(d)
			}
			rep.Checks = append(rep.Checks, ch)
		}
	}
	rep.Finish(rep.Alpha, rep.DOF)
	return nil
}

// ntkDigits iterates the NTK of the networks in high precision (the
// recursions of `depth --ntk --digits`) from the exact first-layer kernel
// of opt.Exact and Θ^(1) = λ_b + λ_W(K^(1) − C_b)/C_W, at every layer
// ℓ = 1 … L: Θ₊₊, Θ₋₋, Θ₊₋ with two inputs, Θ (index 0) with one.
func ntkDigits(f *simFlags, a *recursions.Activation, opt validate.Options, L int, two bool) ([][3]calc.Certified, error) {
	ex := opt.Exact
	lam := recursions.LambdaRat{B: ex.Cb, W: ex.CW}
	if f.ntkFlags.lambdaB.r != nil {
		lam.B = f.ntkFlags.lambdaB.r
	}
	if f.ntkFlags.lambdaW.r != nil {
		lam.W = f.ntkFlags.lambdaW.r
	}
	theta := func(k *big.Rat) *big.Rat {
		t := new(big.Rat).Sub(k, ex.Cb)
		t.Mul(t, lam.W).Quo(t, ex.CW)
		return t.Add(t, lam.B)
	}
	out := make([][3]calc.Certified, L)
	if !two {
		one, err := a.IterateNTKDigits(ex.Cb, ex.CW, lam, ex.K00, theta(ex.K00), L, 1, opt.Digits)
		if err != nil {
			return nil, err
		}
		for i, l := range one {
			out[i][0] = l.Theta
		}
		return out, nil
	}
	k := [3]*big.Rat{ex.K00, ex.K11, ex.K01}
	pair, err := a.IterateNTKTwoDigits(ex.Cb, ex.CW, lam, k, [3]*big.Rat{theta(k[0]), theta(k[1]), theta(k[2])}, L, 1, opt.Digits)
	if err != nil {
		return nil, err
	}
	for i, l := range pair {
		out[i] = l.Theta
	}
	return out, nil
}
