package sim

import (
	"fmt"
	"math"
	"reflect"
	"testing"

	"critcalc/calc"
)

func equalWidths(n0, n, L int) []int {
	w := []int{n0}
	for range L {
		w = append(w, n)
	}
	return w
}

func mustRun(t *testing.T, c Config) *Result {
	t.Helper()
	r, err := Run(c)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// zAgree fails when two independent estimates differ by more than zTol
// combined standard errors.
func zAgree(t *testing.T, what string, a, b Estimate) {
	t.Helper()
	if a.Value == b.Value {
		return
	}
	se := math.Hypot(a.StdErr, b.StdErr)
	if z := (a.Value - b.Value) / se; !(math.Abs(z) <= zTol) {
		t.Errorf("%s: %.6g ± %.2g vs %.6g ± %.2g (z = %.2f)", what, a.Value, a.StdErr, b.Value, b.StdErr, z)
	}
}

// estimates collects every per-layer estimate of a run.
func estimates(t *testing.T, r *Result) map[string]Estimate {
	t.Helper()
	out := map[string]Estimate{}
	m := min(len(r.Config.Inputs), RecordedInputs)
	for l := 1; l <= r.Depth(); l++ {
		for a := range m {
			for b := a; b < m; b++ {
				e, err := r.Kernel(l, a, b)
				if err != nil {
					t.Fatal(err)
				}
				out[fmt.Sprintf("K%d%d(%d)", a, b, l)] = e
			}
		}
		if l > 1 {
			if e, err := r.Vertex(l); err == nil {
				out[fmt.Sprintf("V(%d)", l)] = e
			}
		}
		if m > 1 {
			e, _ := r.Correlation(l)
			out[fmt.Sprintf("rho(%d)", l)] = e
		}
		if e, err := r.APJN(l); err == nil {
			out[fmt.Sprintf("J(%d)", l)] = e
		}
		if e, err := r.LocalAPJN(l); err == nil {
			out[fmt.Sprintf("J(%d,%d)", l, l+1)] = e
		}
	}
	if g, err := r.LogGradOut(); err == nil {
		out["mean ln|J_out u|^2"], out["var ln|J_out u|^2"] = g.Mean, g.Var
	}
	if g, err := r.LogOut(); err == nil {
		out["mean ln|z_out|^2"], out["var ln|z_out|^2"] = g.Mean, g.Var
	}
	return out
}

// TestSamplersAgree runs the exact Gaussian-conditional sampler and the
// explicit-weight sampler (float64 and float32) on the same networks and
// checks that every estimate agrees within the combined standard errors.
func TestSamplersAgree(t *testing.T) {
	xs, err := DefaultInputs(12, 2, 1, 0.4, 3)
	if err != nil {
		t.Fatal(err)
	}
	bn, err := EquicorrelatedInputs(12, 8, 1, 0.3, 3)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cfg  Config
	}{
		{"tanh with bias, APJN", Config{Sigma: calc.MustParse("tanh"), Cb: 0.2, CW: 1.3, Widths: []int{12, 30, 40, 30, 30}, Inputs: xs, Tangents: 1, LocalJacobians: true}},
		{"gelu, exact Jacobian from l0 = 2", Config{Sigma: calc.MustParse("gelu"), Cb: 0.1, CW: 2, Widths: []int{12, 16, 16, 16}, Inputs: xs[:1], Tangents: ExactJacobian, JacobianFrom: 2}},
		{"relu residual α = 0.6, λ = 0.8", Config{Sigma: calc.MustParse("relu"), CW: 2, Widths: []int{12, 24, 24, 24, 24}, Inputs: xs, Alpha: 0.6, Lambda: 0.8, Tangents: 1, LocalJacobians: true}},
		{"erf pre-LayerNorm", Config{Sigma: calc.MustParse("erf"), Cb: 0.05, CW: 1.5, Widths: []int{12, 20, 20, 20}, Inputs: xs, LayerNorm: PreLN, Tangents: 1, LocalJacobians: true}},
		{"relu BatchNorm over 8 inputs, μ = 0.5", Config{Sigma: calc.MustParse("relu"), Cb: 0.1, CW: 2, Widths: []int{12, 20, 20, 20}, Inputs: bn, LayerNorm: PreBN, Alpha: 0.5, Lambda: 1}},
		{"elu, input Jacobian and readout", Config{Sigma: calc.MustParse("elu"), CW: 1.5, Widths: []int{12, 20, 20}, Inputs: xs, InputJacobian: true, Tangents: 2, Readout: 4}},
		{"sigmoid, per-layer C_W and C_b", Config{Sigma: calc.MustParse("sigmoid"), Widths: []int{12, 20, 20, 20}, Inputs: xs, LayerCW: []float64{1, 3, 5}, LayerCb: []float64{0.1, 0, 0.3}, LocalJacobians: true}},
		{"swish post-LayerNorm ε = 1e-3", Config{Sigma: calc.MustParse("swish"), CW: 1.8, Widths: []int{12, 20, 20, 20}, Inputs: xs, LayerNorm: PostLN, Epsilon: 1e-3, Tangents: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.cfg
			c.Nets, c.Seed = 3000, 1
			exact := estimates(t, mustRun(t, c))
			for _, f32 := range []bool{false, true} {
				c.Mode, c.Float32, c.Seed = Explicit, f32, 2
				r := mustRun(t, c)
				expl := estimates(t, r)
				for k, e := range exact {
					zAgree(t, fmt.Sprintf("float32=%v %s", f32, k), e, expl[k])
				}
			}
		})
	}
}

// TestShortcutMatchesPlain checks the norm-only shortcut of the exact
// sampler against the plain exact sampler (log-Gaussian set-up, leaky ReLU
// included so that a₋ ≠ 0 is exercised).
func TestShortcutMatchesPlain(t *testing.T) {
	x, _ := DefaultInputs(10, 1, 1, 0, 1)
	for _, act := range []string{"relu", "max(x, 0.3*x)"} {
		c := Config{Sigma: calc.MustParse(act), CW: 2, FirstCW: 1, Widths: equalWidths(10, 40, 6), Inputs: x, Readout: 10, Nets: 4000, Seed: 4}
		short := mustRun(t, c)
		c.NoShortcut, c.Seed = true, 5
		plain := mustRun(t, c)
		if !short.Shortcut || plain.Shortcut {
			t.Fatalf("%s: shortcut used %v / %v", act, short.Shortcut, plain.Shortcut)
		}
		for k, e := range estimates(t, short) {
			zAgree(t, act+" "+k, e, estimates(t, plain)[k])
		}
		for _, f := range []func(*Result) (SampleMoments, error){(*Result).LogGain, (*Result).LogOut} {
			a, _ := f(short)
			b, _ := f(plain)
			zAgree(t, act+" mean", a.Mean, b.Mean)
			zAgree(t, act+" variance", a.Var, b.Var)
		}
	}
}

// TestReproducibleAcrossWorkers checks that the numbers do not depend on
// the number of goroutines, bit for bit: 300 networks (5 blocks: teams of
// one worker, and at 16 workers teams of three and four sharing a block),
// 50 networks (one block shared by the team), and ReLU networks of one
// input drawn by the norm shortcut.
func TestReproducibleAcrossWorkers(t *testing.T) {
	xs, _ := DefaultInputs(8, 2, 1, 0.2, 9)
	x1, _ := DefaultInputs(8, 1, 1, 0, 9)
	tanh := Config{Sigma: calc.MustParse("tanh"), Cb: 0.1, CW: 1.2, Widths: []int{8, 16, 16, 16}, Inputs: xs, Tangents: 1, Readout: 3, Seed: 8}
	exact300, explicit300, exact50 := tanh, tanh, tanh
	exact300.Nets, explicit300.Nets, explicit300.Mode, exact50.Nets = 300, 300, Explicit, 50
	short := Config{Sigma: calc.MustParse("relu"), CW: 2, Widths: []int{8, 16, 16, 16}, Inputs: x1, Readout: 3, Nets: 150, Seed: 8}
	for name, c := range map[string]Config{"exact, 300": exact300, "explicit, 300": explicit300, "exact, 50": exact50, "shortcut, 150": short} {
		var first map[string]Estimate
		var firstG []float64
		for _, w := range []int{1, 2, 5, 16} {
			c.Workers = w
			r := mustRun(t, c)
			e := estimates(t, r)
			if first == nil {
				first, firstG = e, r.LogOutSamples()
				continue
			}
			if !reflect.DeepEqual(e, first) || !reflect.DeepEqual(r.LogOutSamples(), firstG) {
				t.Errorf("%s: %d workers changed the result", name, w)
			}
		}
	}
}

// TestReLUKernelAtCriticality checks E[K̂^(l)] = K^(1) at every layer for
// ReLU at C_W = 2, C_b = 0, which holds exactly at any width (E‖σ(z)‖² =
// ½E‖z‖² for a sign-symmetric z), and the vertex against PDLT (5.120),
// V^(l) = (l − 1)(3A₄/A₂² − 1)K² = 5(l − 1)K², whose 1/n corrections are
// O(l/n) relative (here l/n ≤ 1/50); it also checks that a wrong
// theory, K = 1.05·K^(1), is rejected.
func TestReLUKernelAtCriticality(t *testing.T) {
	x, _ := DefaultInputs(20, 1, 1, 0, 2)
	c := Config{Sigma: calc.MustParse("relu"), CW: 2, Widths: equalWidths(20, 400, 8), Inputs: x, Nets: 20000, Seed: 6}
	r := mustRun(t, c)
	k1 := 2.0
	for l := 1; l <= 8; l++ {
		k, _ := r.Kernel(l, 0, 0)
		if z := (k.Value - k1) / k.StdErr; math.Abs(z) > zTol {
			t.Errorf("K(%d) = %v ± %v, want %v", l, k.Value, k.StdErr, k1)
		}
		if z := (k.Value - 1.05*k1) / k.StdErr; math.Abs(z) < 10 {
			t.Errorf("K(%d) = %v ± %v does not reject the wrong value %v", l, k.Value, k.StdErr, 1.05*k1)
		}
		if l == 1 {
			continue
		}
		v, _ := r.Vertex(l)
		want := 5 * float64(l-1) * k1 * k1
		if z := (v.Value - want) / v.StdErr; math.Abs(z) > zTol {
			t.Errorf("V(%d) = %v ± %v, want %v", l, v.Value, v.StdErr, want)
		}
	}
}

// TestUniformWeights checks that uniform weights of the same variance give
// the same kernels and APJN as Gaussian ones within error: at infinite
// width only the weights' variance enters, as the sums over a layer make
// the preactivations Gaussian. Sigmoid networks at C_b = 1, C_W = 0.5
// have preactivations dominated by the bias, which no sum averages: with
// uniform biases (as the law once applied to them too) the APJN of layer
// 3 was 0.93 of its Gaussian value at any width, 7 standard errors here.
func TestUniformWeights(t *testing.T) {
	x, _ := DefaultInputs(64, 1, 1, 0, 2)
	c := Config{Sigma: calc.MustParse("sigmoid"), Cb: 1, CW: 0.5, Widths: equalWidths(64, 128, 3), Inputs: x, Tangents: 1, Nets: 1000, Seed: 1, Mode: Explicit}
	g := estimates(t, mustRun(t, c))
	c.Law, c.Seed = Uniform, 2
	u := estimates(t, mustRun(t, c))
	for _, k := range []string{"K00(1)", "K00(2)", "K00(3)", "J(2)", "J(3)"} {
		zAgree(t, k, g[k], u[k])
	}
}

// TestLayerNormJVP checks the LayerNorm directional derivative against a
// central difference.
func TestLayerNormJVP(t *testing.T) {
	z := []float64{0.3, -1.2, 2.0, 0.7, -0.1}
	dir := []float64{1, 0.5, -0.3, 0.2, -1}
	for _, eps := range []float64{0, 0.1} {
		u := make([]float64, 5)
		layerNorm(u, z, eps)
		got := make([]float64, 5)
		layerNormJVP(got, u, z, dir, eps)
		const h = 1e-6
		zp, zm := make([]float64, 5), make([]float64, 5)
		for i := range z {
			zp[i], zm[i] = z[i]+h*dir[i], z[i]-h*dir[i]
		}
		up, um := make([]float64, 5), make([]float64, 5)
		layerNorm(up, zp, eps)
		layerNorm(um, zm, eps)
		for i := range got {
			if fd := (up[i] - um[i]) / (2 * h); math.Abs(fd-got[i]) > 1e-8 {
				t.Errorf("ε = %v, component %d: JVP %v, difference quotient %v", eps, i, got[i], fd)
			}
		}
	}
}

// TestConfigErrors checks that bad configurations are errors.
func TestConfigErrors(t *testing.T) {
	x, _ := DefaultInputs(4, 1, 1, 0, 1)
	ok := Config{Sigma: calc.MustParse("relu"), CW: 2, Widths: []int{4, 8, 8}, Inputs: x, Nets: 10}
	tests := []struct {
		name string
		edit func(c *Config)
	}{
		{"no activation", func(c *Config) { c.Sigma = calc.Expr{} }},
		{"negative C_b", func(c *Config) { c.Cb = -1 }},
		{"zero C_W", func(c *Config) { c.CW = 0 }},
		{"one width", func(c *Config) { c.Widths = []int{4} }},
		{"zero width", func(c *Config) { c.Widths = []int{4, 0, 8} }},
		{"one network", func(c *Config) { c.Nets = 1 }},
		{"uniform exact", func(c *Config) { c.Law = Uniform }},
		{"float32 exact", func(c *Config) { c.Float32 = true }},
		{"input length", func(c *Config) { c.Inputs = [][]float64{{1, 2}} }},
		{"residual widths", func(c *Config) { c.Widths = []int{4, 8, 9}; c.Alpha = 1 }},
		{"APJN layer", func(c *Config) { c.Tangents = 1; c.JacobianFrom = 3 }},
	}
	if _, err := Run(ok); err != nil {
		t.Fatalf("valid configuration: %v", err)
	}
	for _, tt := range tests {
		c := ok
		tt.edit(&c)
		if _, err := Run(c); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
