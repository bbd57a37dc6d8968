package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/big"
	"time"

	"critcalc/calc"
	"critcalc/recursions"
)

func init() {
	commands = append(commands, &command{
		name:    "kernel",
		usage:   "EXPR --cb X --cw Y --layers L --inputs FILE [--ntk [--lambda-b X --lambda-w Y]] [--every k] [--format text|json|csv|npy] [--json] [--digits D]",
		summary: "NNGP kernel and neural tangent kernel matrices of N inputs through a deep MLP",
		detail: `Reads N input vectors x_i of dimension n₀ (--inputs FILE: a .npy file of a
2-D float64 or float32 array, or a text file with one vector a line, numbers
separated by commas or spaces) and iterates their N×N kernel from
K^(1)_ij = C_b + C_W x_i·x_j/n₀ by K'_ij = C_b + C_W⟨σ(u)σ(v)⟩ (5.1), and with
--ntk the neural tangent kernel from Θ^(1)_ij = λ_b + λ_W x_i·x_j/n₀ by
Θ'_ij = λ_b + λ_W⟨σ(u)σ(v)⟩ + C_W⟨σ'(u)σ'(v)⟩Θ_ij (PDLT (8.63)); λ_b and λ_W
default to C_b and C_W (the NTK parameterization, Θ^(1) = K^(1)).

It prints the matrices of layer L, or of every k-th layer and L with
--every k. A scale-invariant σ has exact arc-cosine forms; a smooth σ uses
Mehler's Hermite series of each distinct diagonal value with a bounded
tail, through a table of the map in ρ when the inputs have equal norms
(|x_i|² equal to a relative 1e-12); another σ needs a two-dimensional
integral per pair and layer. Every entry carries an error estimate and is
printed with the digits it certifies (at most --digits D: default 9, at
most 12, the float64 limit of every command). With --digits D from 13 to
60 each pair is iterated in high precision twice (as depth --inputs
--digits does), for a few inputs only; the inputs are then exact (the
decimals of a text file, the float64 values of a .npy file).

--format json writes {"layers": [{"l", "nngp", "ntk"}]} with the matrices
as arrays of rows; csv one row of a matrix a line; npy one float64 array
of shape (rows, kernels, N, N), kernel 0 the NNGP and 1 the NTK, each
entry rounded to its certified digits.`,
		flags: func(fs *flag.FlagSet) any { return defineKernelFlags(fs) },
		run:   runKernel,
	})
}

type kernelFlags struct {
	cb, cw           *exactFlag
	lambdaB, lambdaW *exactFlag
	layers, every    int
	inputs, format   string
	json, ntk        bool
	digits           int
}

func defineKernelFlags(fs *flag.FlagSet) *kernelFlags {
	f := &kernelFlags{cb: newRequiredFlag(), cw: newRequiredFlag(), lambdaB: newRequiredFlag(), lambdaW: newRequiredFlag()}
	fs.Var(f.cb, "cb", "bias variance `C_b` ≥ 0 (required)")
	fs.Var(f.cw, "cw", "weight variance `C_W` > 0 (required)")
	fs.IntVar(&f.layers, "layers", 0, "the last layer `L` (1 to 100000, required)")
	fs.StringVar(&f.inputs, "inputs", "", "input vectors `FILE` (.npy, or one vector a line; required)")
	fs.BoolVar(&f.ntk, "ntk", false, "add the neural tangent kernel Θ")
	fs.Var(f.lambdaB, "lambda-b", "bias learning rate `λ_b` of the NTK (default C_b)")
	fs.Var(f.lambdaW, "lambda-w", "weight learning rate `λ_W` of the NTK (default C_W)")
	fs.IntVar(&f.every, "every", 0, "print every `k`-th layer and L (default: L only)")
	fs.StringVar(&f.format, "format", "text", "output `format`: text, json, csv or npy")
	fs.BoolVar(&f.json, "json", false, "write JSON (--format json)")
	fs.IntVar(&f.digits, "digits", depthDigits, float64OrHighUsage("", ""))
	return f
}

// kernelQuadCost is the estimated time of the two two-dimensional
// integrals of one pair and layer (ELU: about 2 ms).
const kernelQuadCost = 2 * time.Millisecond

// kernelMaxLayers bounds --layers.
const kernelMaxLayers = 100000

func runKernel(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, src, err := parseCommandLine(c, args, stderr, defineKernelFlags)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if f.json {
		if f.format != "text" && f.format != "json" {
			return usageError(c, stderr, fmt.Errorf("--json and --format %s exclude each other", f.format))
		}
		f.format = "json"
	}
	switch {
	case !(f.cb.f >= 0):
		return usageError(c, stderr, fmt.Errorf("--cb must be given and ≥ 0, got %s", f.cb))
	case !(f.cw.f > 0):
		return usageError(c, stderr, fmt.Errorf("--cw must be given and > 0, got %s", f.cw))
	case f.layers < 1 || f.layers > kernelMaxLayers:
		return usageError(c, stderr, fmt.Errorf("--layers must be between 1 and %d, got %d", kernelMaxLayers, f.layers))
	case f.every < 0:
		return usageError(c, stderr, fmt.Errorf("--every must be ≥ 1, got %d", f.every))
	case f.inputs == "":
		return usageError(c, stderr, fmt.Errorf("--inputs FILE is required"))
	case f.format != "text" && f.format != "json" && f.format != "csv" && f.format != "npy":
		return usageError(c, stderr, fmt.Errorf("--format must be text, json, csv or npy, got %q", f.format))
	case f.digits < 1 || f.digits > calc.MaxDigits:
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d, got %d", calc.MaxDigits, f.digits))
	case !f.ntk && (f.lambdaB.r != nil || f.lambdaW.r != nil):
		return usageError(c, stderr, fmt.Errorf("--lambda-b and --lambda-w go with --ntk"))
	case f.lambdaB.r != nil && f.lambdaB.r.Sign() < 0 || f.lambdaW.r != nil && f.lambdaW.r.Sign() < 0:
		return usageError(c, stderr, fmt.Errorf("--lambda-b and --lambda-w are learning rates, ≥ 0; got %s, %s", f.lambdaB, f.lambdaW))
	}
	if f.every == 0 {
		f.every = f.layers
	}
	in, err := readKernelInputs(f.inputs)
	if err != nil {
		return usageError(c, stderr, err)
	}
	n := len(in.rows)
	e, err := parseActivation(c.name, src, stderr)
	if err != nil {
		return exitError
	}
	if f.digits > calc.Float64Digits {
		pairs := n * (n + 1) / 2
		// A scale-invariant σ: a pair is the closed arc-cosine form, and a
		// distinct diagonal value's averages are those at K = 1 scaled
		// (recursions.IterateNTKDigits), far below the kinked σ's cost
		// charged here (kernel relu, 3 inputs, 1000 layers at 30 digits:
		// 1.45 s).
		per, worst := depthDigitsLayerCost(f.digits, false), false
		if si, err := recursions.IsScaleInvariant(e); err == nil && !si {
			per, worst = twoInputDigitsLayerCost(f.digits), true
		}
		if err := checkTwoInputDigitsCost(f.digits, pairs, f.layers, per, worst); err != nil {
			return usageError(c, stderr, fmt.Errorf("%d inputs: %w", n, err))
		}
	}
	a, err := recursions.New(e)
	if err != nil {
		commandError(stderr, c.name, err)
		return exitError
	}
	if f.digits <= calc.Float64Digits && n > 1 && f.layers > 1 {
		quad, err := a.PairQuadrature()
		if err != nil {
			commandError(stderr, c.name, err)
			return exitError
		}
		pairs := n * (n - 1) / 2
		if cost := time.Duration(pairs*(f.layers-1)) * kernelQuadCost; quad && cost > depthDigitsBudget {
			return usageError(c, stderr, fmt.Errorf("%s has kinks and is not scale-invariant: its two-input averages are two-dimensional integrals, about %v a pair and layer, and %d pairs × %d layers would take about %s (the limit is about %s)",
				e, kernelQuadCost, pairs, f.layers-1, roughDuration(cost), roughDuration(depthDigitsBudget)))
		}
	}
	lam := ntkLambda{b: f.cb, w: f.cw}
	if f.lambdaB.r != nil {
		lam.b = f.lambdaB
	}
	if f.lambdaW.r != nil {
		lam.w = f.lambdaW
	}
	hdr := kernelHeader{expr: e.String(), cb: f.cb.String(), cw: f.cw.String(), n: n, n0: len(in.rows[0]),
		digits: min(f.digits, calc.Float64Digits), rows: kernelRows(f.layers, f.every)}
	if f.ntk {
		hdr.lambdaB, hdr.lambdaW = lam.b.String(), lam.w.String()
	}
	if f.digits > calc.Float64Digits {
		hdr.digits = f.digits
	}
	bw := bufio.NewWriterSize(stdout, 1<<20)
	w := newKernelWriter(f.format, bw, hdr)
	if f.digits > calc.Float64Digits {
		err = runKernelDigits(a, f, lam, in, w)
	} else {
		err = runKernelFloat(a, f, lam, in, w)
	}
	if err == nil {
		err = w.end()
	}
	if ferr := bw.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	if err != nil {
		commandError(stderr, c.name, err)
		return exitError
	}
	return exitOK
}

// kernelRows is the number of layers reported: every k-th and L.
func kernelRows(L, every int) int {
	r := L / every
	if L%every != 0 {
		r++
	}
	return r
}

// runKernelFloat iterates the matrices in float64 (recursions.IterateKernels)
// and writes the reported layers.
func runKernelFloat(a *recursions.Activation, f *kernelFlags, lam ntkLambda, in *kernelInputs, w kernelWriter) error {
	k0, k0Err := in.gram()
	n := len(in.rows)
	start := &recursions.KernelMatrices{N: n, K: make([]float64, n*n), KErr: make([]float64, n*n)}
	var l *recursions.Lambda
	if f.ntk {
		l = &recursions.Lambda{B: lam.b.f, W: lam.w.f}
		start.Theta, start.ThetaErr = make([]float64, n*n), make([]float64, n*n)
	}
	const u = 0x1p-53
	for i, x := range k0 {
		start.K[i] = f.cb.f + f.cw.f*x
		start.KErr[i] = f.cw.f*k0Err[i] + 2*u*(f.cb.f+f.cw.f*abs(x))
		if l != nil {
			start.Theta[i] = l.B + l.W*x
			start.ThetaErr[i] = abs(l.W)*k0Err[i] + 2*u*(abs(l.B)+abs(l.W*x))
		}
	}
	d := min(f.digits, calc.Float64Digits)
	return a.IterateKernels(f.cb.f, f.cw.f, l, start, f.layers, f.every, func(m *recursions.KernelMatrices) error {
		lay := kernelLayer{l: m.L, n: n, nngp: make([]string, n*n)}
		certTexts(lay.nngp, m.K, m.KErr, d)
		if m.Theta != nil {
			lay.ntk = make([]string, n*n)
			certTexts(lay.ntk, m.Theta, m.ThetaErr, d)
		}
		return w.layer(&lay)
	})
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// runKernelDigits iterates every pair of inputs in high precision
// (recursions.IterateNTKTwoDigits; one input alone by IterateNTKDigits)
// from the exact first-layer kernel and writes the reported layers.
func runKernelDigits(a *recursions.Activation, f *kernelFlags, lam ntkLambda, in *kernelInputs, w kernelWriter) error {
	k0 := in.gramExact()
	n := len(in.rows)
	lr := lam.rat()
	k1 := func(x *big.Rat) *big.Rat { r := new(big.Rat).Mul(f.cw.r, x); return r.Add(r, f.cb.r) }
	t1 := func(x *big.Rat) *big.Rat { r := new(big.Rat).Mul(lr.W, x); return r.Add(r, lr.B) }
	rows := kernelRows(f.layers, f.every)
	layers := make([]kernelLayer, rows)
	for r := range layers {
		layers[r] = kernelLayer{l: min((r+1)*f.every, f.layers), n: n, nngp: make([]string, n*n)}
		if f.ntk {
			layers[r].ntk = make([]string, n*n)
		}
	}
	put := func(r, i, j int, k, t calc.Certified) {
		lay := &layers[r]
		lay.nngp[i*n+j], lay.nngp[j*n+i] = certNum(k).text(), certNum(k).text()
		if lay.ntk != nil {
			lay.ntk[i*n+j], lay.ntk[j*n+i] = certNum(t).text(), certNum(t).text()
		}
	}
	for i := range n {
		one, err := a.IterateNTKDigits(f.cb.r, f.cw.r, lr, k1(k0[i][i]), t1(k0[i][i]), f.layers, f.every, f.digits)
		if err != nil {
			return fmt.Errorf("input %d: %w", i+1, err)
		}
		for r, l := range one {
			put(r, i, i, l.K, l.Theta)
		}
		for j := i + 1; j < n; j++ {
			k := [3]*big.Rat{k1(k0[i][i]), k1(k0[j][j]), k1(k0[i][j])}
			t := [3]*big.Rat{t1(k0[i][i]), t1(k0[j][j]), t1(k0[i][j])}
			two, err := a.IterateNTKTwoDigits(f.cb.r, f.cw.r, lr, k, t, f.layers, f.every, f.digits)
			if err != nil {
				return fmt.Errorf("inputs %d and %d: %w", i+1, j+1, err)
			}
			for r, l := range two {
				put(r, i, j, l.K[2], l.Theta[2])
			}
		}
	}
	for r := range layers {
		if err := w.layer(&layers[r]); err != nil {
			return err
		}
	}
	return nil
}
