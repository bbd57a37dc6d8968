package cli

import (
	"flag"
	"fmt"
	"math/big"

	"critcalc/asymptotics"
	"critcalc/calc"
	"critcalc/recursions"
)

// defineDepthNTKFlags adds --ntk, --lambda-b and --lambda-w to depth's
// flags.
func defineDepthNTKFlags(fs *flag.FlagSet, f *depthFlags) {
	f.lambdaB, f.lambdaW = newRequiredFlag(), newRequiredFlag()
	fs.BoolVar(&f.ntk, "ntk", false, "add the neural tangent kernel Θ (with --inputs Θ₊₊, Θ₋₋, Θ₊₋) (PDLT (8.63))")
	fs.Var(f.lambdaB, "lambda-b", "bias learning rate `λ_b` of the NTK (default C_b)")
	fs.Var(f.lambdaW, "lambda-w", "weight learning rate `λ_W` of the NTK (default C_W)")
}

// ntkLambda is λ_b and λ_W as exact flags.
type ntkLambda struct{ b, w *exactFlag }

// depthLambda returns λ_b and λ_W: the flags, or C_b and C_W.
func depthLambda(f *depthFlags) ntkLambda {
	l := ntkLambda{b: f.cb, w: f.cw}
	if f.lambdaB.r != nil {
		l.b = f.lambdaB
	}
	if f.lambdaW.r != nil {
		l.w = f.lambdaW
	}
	return l
}

func (l ntkLambda) float() recursions.Lambda { return recursions.Lambda{B: l.b.f, W: l.w.f} }

func (l ntkLambda) rat() recursions.LambdaRat { return recursions.LambdaRat{B: l.b.r, W: l.w.r} }

// checkDepthNTKFlags checks --ntk, --lambda-b and --lambda-w: the learning
// rates are ≥ 0 and go with --ntk, and the input kernel
// K^(0) = (K^(1) − C_b)/C_W that Θ^(1) = λ_b + λ_W K^(0) is made of is a
// kernel (K^(0) ≥ 0; with --inputs positive semidefinite).
func checkDepthNTKFlags(f *depthFlags, in *depthInputs) error {
	if !f.ntk {
		if f.lambdaB.r != nil || f.lambdaW.r != nil {
			return fmt.Errorf("--lambda-b and --lambda-w go with --ntk")
		}
		return nil
	}
	if f.lambdaB.r != nil && f.lambdaB.r.Sign() < 0 || f.lambdaW.r != nil && f.lambdaW.r.Sign() < 0 {
		return fmt.Errorf("--lambda-b and --lambda-w are learning rates, ≥ 0; got %s, %s", f.lambdaB, f.lambdaW)
	}
	k0 := func(k1 *big.Rat) *big.Rat {
		r := new(big.Rat).Sub(k1, f.cb.r)
		return r.Quo(r, f.cw.r)
	}
	if in == nil {
		if k0(f.k1.r).Sign() < 0 {
			return fmt.Errorf("--ntk: K^(0) = (K1 − C_b)/C_W = %s is negative: no input has the kernel --k1 %s at --cb %s", ratFloat(k0(f.k1.r)), f.k1, f.cb)
		}
		return nil
	}
	pp, mm, pm := k0(in.exact[0]), k0(in.exact[1]), k0(in.exact[2])
	if pp.Sign() < 0 || mm.Sign() < 0 || new(big.Rat).Mul(pm, pm).Cmp(new(big.Rat).Mul(pp, mm)) > 0 {
		return fmt.Errorf("--ntk: the input kernel K^(0) = (K^(1) − C_b)/C_W of --inputs, (%s, %s, %s), is not positive semidefinite", ratFloat(pp), ratFloat(mm), ratFloat(pm))
	}
	return nil
}

// ratFloat writes r to six significant digits.
func ratFloat(r *big.Rat) string {
	x, _ := r.Float64()
	return calc.FormatFloat64(x, 6)
}

// theta1 returns Θ^(1) = λ_b + λ_W (K^(1) − C_b)/C_W exactly.
func theta1(f *depthFlags, lam ntkLambda, k1 *big.Rat) *big.Rat {
	t := new(big.Rat).Sub(k1, f.cb.r)
	t.Mul(t, lam.w.r).Quo(t, f.cw.r)
	return t.Add(t, lam.b.r)
}

func ratF(r *big.Rat) float64 { x, _ := r.Float64(); return x }

// addDepthNTK adds the NTK columns to the rows of rep (--ntk): Theta, and
// with --inputs Theta_pp, Theta_mm, Theta_pm, in float64 with the digits
// their error estimates certify (at most --digits, calc.Float64Digits), or with --digits D
// the digits on which two working precisions agree. The float64 run keeps
// every step-th layer of Θ in seqs (when not nil) under "Theta", for the
// fit of its large-depth behaviour.
func addDepthNTK(rep *depthReport, a *recursions.Activation, f *depthFlags, in *depthInputs, step int, seqs depthSequences) error {
	if !f.ntk {
		return nil
	}
	lam := depthLambda(f)
	byL := map[int]*depthRow{}
	for i := range rep.Layers {
		byL[rep.Layers[i].L] = &rep.Layers[i]
	}
	row := func(l int) (*depthRow, error) {
		r, ok := byL[l]
		if !ok {
			return nil, fmt.Errorf("NTK layer %d has no row", l)
		}
		return r, nil
	}
	rep.ntkColumns = []string{"Theta"}
	if f.digits > calc.Float64Digits {
		one, err := a.IterateNTKDigits(f.cb.r, f.cw.r, lam.rat(), f.k1.r, theta1(f, lam, f.k1.r), f.layers, f.every, f.digits)
		if err != nil {
			return err
		}
		for _, l := range one {
			r, err := row(l.L)
			if err != nil {
				return err
			}
			r.Theta = certNum(l.Theta)
		}
		if in == nil {
			return nil
		}
		var th [3]*big.Rat
		for i, k := range in.exact {
			th[i] = theta1(f, lam, k)
		}
		two, err := a.IterateNTKTwoDigits(f.cb.r, f.cw.r, lam.rat(), in.exact, th, f.layers, f.every, f.digits)
		if err != nil {
			return err
		}
		rep.ntkColumns = append(rep.ntkColumns, "Theta_pp", "Theta_mm", "Theta_pm")
		for _, l := range two {
			r, err := row(l.L)
			if err != nil {
				return err
			}
			r.ThetaPP, r.ThetaMM, r.ThetaPM = certNum(l.Theta[0]), certNum(l.Theta[1]), certNum(l.Theta[2])
		}
		return nil
	}
	one, err := a.IterateNTK(f.cb.f, f.cw.f, lam.float(), f.k1.f, ratF(theta1(f, lam, f.k1.r)), f.layers, step)
	if err != nil {
		return err
	}
	for _, l := range one {
		if seqs != nil {
			seqs.add("Theta", l.L, l.Theta)
		}
		if !shownLayer(l.L, f) {
			continue
		}
		r, err := row(l.L)
		if err != nil {
			return err
		}
		r.Theta = certFloat("Θ", l.Theta, l.ThetaErr, f.float64Digits())
	}
	if in == nil {
		return nil
	}
	var th [3]float64
	for i, k := range in.exact {
		th[i] = ratF(theta1(f, lam, k))
	}
	two, err := a.IterateNTKTwo(f.cb.f, f.cw.f, lam.float(), [3]float64{in.kpp, in.kmm, in.kpm}, th, f.layers, f.every)
	if err != nil {
		return err
	}
	rep.ntkColumns = append(rep.ntkColumns, "Theta_pp", "Theta_mm", "Theta_pm")
	for _, l := range two {
		r, err := row(l.L)
		if err != nil {
			return err
		}
		r.ThetaPP = certFloat("Θ₊₊", l.Theta[0], l.ThetaErr[0], f.float64Digits())
		r.ThetaMM = certFloat("Θ₋₋", l.Theta[1], l.ThetaErr[1], f.float64Digits())
		r.ThetaPM = certFloat("Θ₊₋", l.Theta[2], l.ThetaErr[2], f.float64Digits())
	}
	return nil
}

// depthNTKColumns are the NTK columns of the report's rows.
func depthNTKColumns(r *depthReport) []string { return r.ntkColumns }

// depthNTKPrediction is the large-depth prediction of Θ at the critical
// point pred (--ntk; asymptotics.NTKPrediction).
func depthNTKPrediction(e calc.Expr, f *depthFlags, pred asymptotics.Prediction) (asymptotics.Series, bool) {
	if !f.ntk {
		return asymptotics.Series{}, false
	}
	lam := depthLambda(f)
	s, ok, err := asymptotics.NTKPrediction(e, pred, f.cb.f, f.cw.f, f.k1.f, lam.b.f, lam.w.f)
	return s, ok && err == nil
}
