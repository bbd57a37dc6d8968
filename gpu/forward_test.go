package gpu

import (
	"errors"
	"math"
	"strings"
	"testing"

	"critcalc/calc"
	"critcalc/sim/philox"
)

// unitInput returns x of length n with ‖x‖²/n = 1.
func unitInput(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 1
		if i%3 == 1 {
			x[i] = -1
		}
	}
	return x
}

func TestForwardConfigErrors(t *testing.T) {
	good := func() ForwardConfig {
		return ForwardConfig{Activation: calc.MustParse("tanh"), CW: 1, CB: 0, Widths: []int{3, 4}, Nets: 2, Seed: 1, Input: []float64{1, 2, 3}}
	}
	tests := []struct {
		name   string
		modify func(*ForwardConfig)
		want   string
	}{
		{"no activation", func(c *ForwardConfig) { c.Activation = calc.Expr{} }, "no activation"},
		{"C_W = 0", func(c *ForwardConfig) { c.CW = 0 }, "C_W = 0"},
		{"C_W NaN", func(c *ForwardConfig) { c.CW = math.NaN() }, "C_W = NaN"},
		{"C_b < 0", func(c *ForwardConfig) { c.CB = -1 }, "C_b = -1"},
		{"no layer", func(c *ForwardConfig) { c.Widths = []int{3} }, "at least one layer"},
		{"zero width", func(c *ForwardConfig) { c.Widths = []int{3, 0} }, "n_1 = 0"},
		{"no nets", func(c *ForwardConfig) { c.Nets = 0 }, "nets = 0"},
		{"input length", func(c *ForwardConfig) { c.Input = []float64{1} }, "input of length 1, want n_0 = 3"},
		{"input NaN", func(c *ForwardConfig) { c.Input[1] = math.Inf(1) }, "input[1] = +Inf"},
	}
	for _, tt := range tests {
		cfg := good()
		tt.modify(&cfg)
		for _, run := range []func(ForwardConfig) ([][]float64, error){ForwardReference, ExplicitForward} {
			_, err := run(cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: error = %v, want one containing %q", tt.name, err, tt.want)
			}
		}
	}
	if _, err := ForwardReference(good()); err != nil {
		t.Errorf("valid configuration: %v", err)
	}
}

// The first layer of network k is z_i = Σ_j √(C_W/n_0)·w_{i·n_0+j}·x_j +
// √C_b·b_i, with w_m variate m of WeightStream(k, 1) and b_i variate i of
// BiasStream(k, 1): computed here straight from sim/philox.
func TestForwardReferenceStreams(t *testing.T) {
	cfg := ForwardConfig{Activation: calc.MustParse("tanh"), CW: 1.5, CB: 0.25, Widths: []int{5, 7}, Nets: 3, Seed: 11, Input: []float64{0.3, -1, 2, 0.5, 1.25}}
	out, err := ForwardReference(cfg)
	if err != nil {
		t.Fatal(err)
	}
	n0, n1 := cfg.Widths[0], cfg.Widths[1]
	for k := range cfg.Nets {
		ws, bs := philox.NewStream(cfg.Seed, WeightStream(k, 1)), philox.NewStream(cfg.Seed, BiasStream(k, 1))
		ss := 0.0
		for range n1 {
			z := 0.0
			for j := range n0 {
				z += math.Sqrt(cfg.CW/float64(n0)) * ws.Normal() * cfg.Input[j]
			}
			z += math.Sqrt(cfg.CB) * bs.Normal()
			ss += z * z
		}
		if want := ss / float64(n1); math.Abs(out[k][0]-want) > 1e-14*want {
			t.Errorf("net %d: ‖z¹‖²/n = %v, want %v", k, out[k][0], want)
		}
	}
}

// E‖z^l‖²/n_l obeys exact recursions at any width, for weights and biases
// of zero mean (the layer-l preactivations are conditionally Gaussian and
// symmetric): K¹ = C_b + C_W‖x‖²/n_0 and K^{l+1} = C_b + C_W·A·K^l with
// A = 1 for σ(z) = z and A = 1/2 for ReLU (PDLT eq. (5.67), scale-invariant
// class, here without the infinite-width limit). The mean over 400 networks
// must lie within 5 standard errors (the sample standard deviation over
// √400) of K^l.
func TestForwardReferenceKernelRecursion(t *testing.T) {
	tests := []struct {
		act    string
		cw, cb float64
		a      float64
	}{
		{"x", 0.8, 0.5, 1},
		{"relu", 2, 0.1, 0.5},
	}
	for _, tt := range tests {
		cfg := ForwardConfig{Activation: calc.MustParse(tt.act), CW: tt.cw, CB: tt.cb,
			Widths: []int{16, 32, 32, 32}, Nets: 400, Seed: 2026, Input: unitInput(16)}
		out, err := ForwardReference(cfg)
		if err != nil {
			t.Fatal(err)
		}
		K := tt.cb + tt.cw // ‖x‖²/n_0 = 1
		for l := range len(cfg.Widths) - 1 {
			var m1, m2 float64
			for k := range out {
				m1 += out[k][l]
				m2 += out[k][l] * out[k][l]
			}
			n := float64(len(out))
			mean := m1 / n
			se := math.Sqrt((m2/n - mean*mean) / (n - 1))
			if math.Abs(mean-K) > 5*se {
				t.Errorf("%s layer %d: mean ‖z‖²/n = %.5f ± %.5f, want %.5f", tt.act, l+1, mean, se, K)
			}
			K = tt.cb + tt.cw*tt.a*K
		}
	}
}

// Without a GPU, ExplicitForward reports ErrNoDevice for a valid
// configuration (on a GPU host, TestGPUExplicitForward checks it).
func TestExplicitForwardNoDevice(t *testing.T) {
	d, err := Open()
	if err == nil {
		d.Close()
		t.Skip("a GPU is present")
	}
	if !errors.Is(err, ErrNoDevice) {
		t.Fatalf("Open error %v does not wrap ErrNoDevice", err)
	}
	cfg := ForwardConfig{Activation: calc.MustParse("tanh"), CW: 1, Widths: []int{2, 2}, Nets: 1, Input: []float64{1, 1}}
	if _, err := ExplicitForward(cfg); !errors.Is(err, ErrNoDevice) {
		t.Errorf("ExplicitForward error = %v, want ErrNoDevice", err)
	}
}
