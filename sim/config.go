package sim

import (
	"errors"
	"fmt"
	"math"

	"critcalc/calc"
)

// Law is the distribution of the weights (biases are Gaussian).
type Law int

// Weight laws; both have zero mean and the variance of the layer.
const (
	Gaussian Law = iota
	Uniform
)

// String returns "gaussian" or "uniform".
func (l Law) String() string {
	if l == Uniform {
		return "uniform"
	}
	return "gaussian"
}

// Mode selects the sampler.
type Mode int

// Samplers (see the package documentation).
const (
	Exact Mode = iota
	Explicit
)

// String returns "exact" or "explicit".
func (m Mode) String() string {
	if m == Explicit {
		return "explicit"
	}
	return "exact"
}

// Norm places a LayerNorm or a BatchNorm (with unit gain and zero shift) in
// each hidden layer.
type Norm int

// Normalization placements.
const (
	NoNorm Norm = iota
	PreLN       // φ(z) = σ(LN(z)), LN over the neurons of one input
	PostLN      // φ(z) = LN(σ(z))
	// PreBN is φ(z_a) = σ(BN(z)_a), BN standardizing each neuron over the
	// batch of all inputs (AutoInit eq. 21–22, "Pre-BN").
	PreBN
)

// String returns "none", "ln-pre", "ln-post" or "bn".
func (n Norm) String() string {
	switch n {
	case PreLN:
		return "ln-pre"
	case PostLN:
		return "ln-post"
	case PreBN:
		return "bn"
	}
	return "none"
}

// Config describes the networks to sample and what to measure.
type Config struct {
	// Sigma is the activation.
	Sigma calc.Expr
	// Cb and CW are the bias and weight variances C_b, C_W (fan-in
	// normalized: Var W_ij = C_W/n_{ℓ−1}).
	Cb, CW float64
	// FirstCW is C_W of the first layer (0: CW).
	FirstCW float64
	// Widths holds n_0 (the input dimension) … n_L: L = len(Widths) − 1.
	Widths []int
	// Inputs are the inputs x_a (each of length n_0); at most MaxInputs.
	Inputs [][]float64
	// Law is the weights' distribution. Biases are Gaussian whatever the
	// law: a bias is one draw, not a sum that the central limit theorem
	// makes Gaussian, so uniform biases would make the preactivations
	// non-Gaussian at any width, outside the theory (sigmoid at C_b = 1,
	// C_W = 0.5: the APJN 0.95 of its Gaussian value a layer).
	Law Law
	// Mode is the sampler; Exact needs Gaussian weights.
	Mode Mode
	// Float32 makes the explicit sampler store weights and vectors in
	// float32 and multiply with blas32 (activations are still evaluated in
	// float64).
	Float32 bool
	// Alpha and Lambda are the residual weights: z' = αz + λ(b + Wφ(z)).
	// Both zero means a plain MLP (α = 0, λ = 1). The skip needs equal
	// widths n_{ℓ−1} = n_ℓ and is used from layer 2 on.
	Alpha, Lambda float64
	// LayerNorm places a LayerNorm before or after σ, or a BatchNorm before
	// σ over the batch of all inputs; Epsilon is its ε.
	LayerNorm Norm
	Epsilon   float64
	// Tangents is the number of Hutchinson tangent vectors for the APJN
	// 𝒥^{l0,l}; ExactJacobian tracks the whole Jacobian (n_{l0} basis
	// vectors); 0 measures no APJN.
	Tangents int
	// JacobianFrom is l0 ≥ 1, the layer whose preactivations the APJN
	// differentiates by (0: 1).
	JacobianFrom int
	// InputJacobian starts the tangent vectors at the input (l0 = 0):
	// APJN(l) is then 𝒥^{0,l} = E‖(∂z^(l)/∂x)u‖²/n_l, and with a readout
	// Result.LogGradOut gives ln‖(∂z_out/∂x)u_1‖², the input-output gradient
	// norm (u_1 = e_1 with ExactJacobian). JacobianFrom must be 0.
	InputJacobian bool
	// Readout is n_out, the width of a linear readout without bias (0: none),
	// and ReadoutCW its C_W (0: 1).
	Readout   int
	ReadoutCW float64
	// LayerCW and LayerCb, when not nil, give C_W and C_b of each layer
	// ℓ = 1 … L (index ℓ−1), overriding CW, FirstCW and Cb (AutoInit tunes
	// them layer by layer).
	LayerCW, LayerCb []float64
	// LocalJacobians measures the one-layer APJN 𝒥^{ℓ,ℓ+1} of every layer
	// with a fresh Hutchinson vector u_ℓ ~ N(0, I) at layer ℓ (variate i of
	// stream(k, ℓ, KindLocal)), as AutoInit's JVP estimator (eq. 7).
	LocalJacobians bool
	// NoShortcut disables the norm-only shortcut of the exact sampler.
	NoShortcut bool
	// Nets is the number of networks M ≥ 2; Seed keys the generator.
	Nets int
	Seed uint64
	// Workers is the number of goroutines (0: GOMAXPROCS). It does not
	// change the result.
	Workers int
	// Progress, if not nil, is called with the number of networks done so
	// far and Nets, from any goroutine, after each block.
	Progress func(done, total int)
}

// ExactJacobian as Config.Tangents tracks the full Jacobian.
const ExactJacobian = -1

// MaxInputs is the largest number of inputs tracked at once (a BatchNorm
// batch). Kernels are recorded for the first RecordedInputs of them.
const MaxInputs = 1024

// RecordedInputs is the number of inputs whose kernels are recorded.
const RecordedInputs = 2

func (c *Config) recorded() int { return min(len(c.Inputs), RecordedInputs) }

// BlockSize is the number of networks reduced together; blocks are merged
// in order, so results do not depend on the number of workers.
const BlockSize = 64

func (c *Config) depth() int { return len(c.Widths) - 1 }

func (c *Config) firstCW() float64 {
	if c.FirstCW == 0 {
		return c.CW
	}
	return c.FirstCW
}

// layerCW returns C_W of layer l ≥ 1.
func (c *Config) layerCW(l int) float64 {
	switch {
	case c.LayerCW != nil:
		return c.LayerCW[l-1]
	case l == 1:
		return c.firstCW()
	}
	return c.CW
}

// layerCb returns C_b of layer l ≥ 1.
func (c *Config) layerCb(l int) float64 {
	if c.LayerCb != nil {
		return c.LayerCb[l-1]
	}
	return c.Cb
}

func (c *Config) readoutCW() float64 {
	if c.ReadoutCW == 0 {
		return 1
	}
	return c.ReadoutCW
}

// residual reports the skip and branch weights (α, λ).
func (c *Config) residual() (alpha, lambda float64) {
	if c.Alpha == 0 && c.Lambda == 0 {
		return 0, 1
	}
	return c.Alpha, c.Lambda
}

func (c *Config) jacobianFrom() int {
	if c.InputJacobian {
		return 0
	}
	if c.JacobianFrom == 0 {
		return 1
	}
	return c.JacobianFrom
}

// tangentCount is the number of tracked tangent vectors.
func (c *Config) tangentCount() int {
	if c.Tangents == ExactJacobian {
		return c.Widths[c.jacobianFrom()]
	}
	return c.Tangents
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Validate reports the first problem of c.
func (c *Config) Validate() error {
	switch {
	case !c.Sigma.IsValid():
		return errors.New("sim: no activation")
	case !(c.Cb >= 0) || !finite(c.Cb):
		return fmt.Errorf("sim: C_b must be finite and ≥ 0, got %g", c.Cb)
	case c.LayerCW == nil && (!(c.CW > 0) || !finite(c.CW)):
		return fmt.Errorf("sim: C_W must be finite and > 0, got %g", c.CW)
	case c.FirstCW < 0 || !finite(c.FirstCW):
		return fmt.Errorf("sim: first-layer C_W must be finite and > 0, got %g", c.FirstCW)
	case len(c.Widths) < 2:
		return fmt.Errorf("sim: need widths n_0 … n_L with L ≥ 1, got %d widths", len(c.Widths))
	case c.depth() > MaxLayers:
		return fmt.Errorf("sim: at most %d layers, got %d", MaxLayers, c.depth())
	case len(c.Inputs) < 1 || len(c.Inputs) > MaxInputs:
		return fmt.Errorf("sim: need 1 to %d inputs, got %d", MaxInputs, len(c.Inputs))
	case c.Nets < 2 || c.Nets > MaxNets:
		return fmt.Errorf("sim: need 2 to 2⁴⁰ networks, got %d", c.Nets)
	case c.Mode == Exact && c.Law != Gaussian:
		return errors.New("sim: the exact sampler needs Gaussian weights (use the explicit sampler for other laws)")
	case c.Float32 && c.Mode != Explicit:
		return errors.New("sim: float32 applies to the explicit sampler only")
	case !finite(c.Alpha) || !finite(c.Lambda):
		return errors.New("sim: residual weights must be finite")
	case c.Epsilon < 0 || !finite(c.Epsilon):
		return fmt.Errorf("sim: LayerNorm ε must be finite and ≥ 0, got %g", c.Epsilon)
	case c.Tangents < ExactJacobian:
		return fmt.Errorf("sim: tangents must be ≥ 0 or ExactJacobian, got %d", c.Tangents)
	case c.JacobianFrom < 0 || c.JacobianFrom > c.depth():
		return fmt.Errorf("sim: APJN layer l0 must be in 1 … %d, got %d", c.depth(), c.JacobianFrom)
	case c.InputJacobian && (c.JacobianFrom != 0 || c.Tangents == 0):
		return errors.New("sim: input Jacobians need tangent vectors and no JacobianFrom")
	case c.Readout < 0 || c.ReadoutCW < 0 || !finite(c.ReadoutCW):
		return errors.New("sim: readout width and C_W must be ≥ 0")
	case c.Workers < 0:
		return fmt.Errorf("sim: workers must be ≥ 0, got %d", c.Workers)
	}
	if c.LayerCW != nil && len(c.LayerCW) != c.depth() || c.LayerCb != nil && len(c.LayerCb) != c.depth() {
		return fmt.Errorf("sim: per-layer C_W and C_b need %d values", c.depth())
	}
	for l := range c.LayerCW {
		if !(c.LayerCW[l] > 0) || !finite(c.LayerCW[l]) {
			return fmt.Errorf("sim: C_W of layer %d must be finite and > 0, got %g", l+1, c.LayerCW[l])
		}
	}
	for l := range c.LayerCb {
		if !(c.LayerCb[l] >= 0) || !finite(c.LayerCb[l]) {
			return fmt.Errorf("sim: C_b of layer %d must be finite and ≥ 0, got %g", l+1, c.LayerCb[l])
		}
	}
	for l, n := range c.Widths {
		if n < 1 {
			return fmt.Errorf("sim: width n_%d must be ≥ 1, got %d", l, n)
		}
	}
	for a, x := range c.Inputs {
		if len(x) != c.Widths[0] {
			return fmt.Errorf("sim: input %d has length %d, want n_0 = %d", a, len(x), c.Widths[0])
		}
		for _, v := range x {
			if !finite(v) {
				return fmt.Errorf("sim: input %d is not finite", a)
			}
		}
	}
	if alpha, _ := c.residual(); alpha != 0 {
		for l := 2; l <= c.depth(); l++ {
			if c.Widths[l] != c.Widths[l-1] {
				return fmt.Errorf("sim: a residual network needs equal hidden widths, n_%d = %d ≠ n_%d = %d", l-1, c.Widths[l-1], l, c.Widths[l])
			}
		}
	}
	if c.LayerNorm == PreBN && (len(c.Inputs) < 2 || c.tangentCount() != 0 || c.LocalJacobians) {
		return errors.New("sim: BatchNorm needs a batch of at least 2 inputs and no tangent vectors (its APJN is not implemented)")
	}
	if (c.LayerNorm == PreLN || c.LayerNorm == PostLN) && c.Epsilon == 0 {
		for l := 1; l < c.depth(); l++ {
			if c.Widths[l] < 2 {
				return fmt.Errorf("sim: LayerNorm with ε = 0 needs widths ≥ 2, n_%d = %d", l, c.Widths[l])
			}
		}
	}
	m := len(c.Inputs) + c.tangentCount()
	if c.Mode == Exact && m > 4096 {
		return fmt.Errorf("sim: %d tracked vectors is too many for the exact sampler", m)
	}
	return nil
}

// EquicorrelatedInputs returns m inputs of dimension n0 > m with
// ‖x_a‖²/n0 = q and x_a·x_b/n0 = ρq for a ≠ b, 0 ≤ ρ ≤ 1: x_a = √ρ·c +
// √(1−ρ)·y_a with c, y_1 … y_m orthogonal (Gram–Schmidt on draws from
// stream(0, 0, KindInput)) and of squared norm q·n0. A batch like this keeps
// its structure through the kernel map, which is what BatchNorm's theory
// needs.
func EquicorrelatedInputs(n0, m int, q, rho float64, seed uint64) ([][]float64, error) {
	if m < 1 || m > MaxInputs || n0 <= m {
		return nil, fmt.Errorf("sim: equicorrelated inputs need 1 … %d inputs and n0 > m, got m = %d, n0 = %d", MaxInputs, m, n0)
	}
	if !(q > 0) || !finite(q) || !(rho >= 0 && rho <= 1) {
		return nil, fmt.Errorf("sim: equicorrelated inputs need q > 0 and 0 ≤ ρ ≤ 1, got q = %g, ρ = %g", q, rho)
	}
	raw := make([]float64, n0*(m+1))
	fillNormal(raw, seed, Stream(0, 0, KindInput), 1)
	vs := make([][]float64, m+1)
	for a := range vs {
		v := raw[a*n0 : (a+1)*n0 : (a+1)*n0]
		for b := range a {
			d := dot(v, vs[b]) / dot(vs[b], vs[b])
			for i := range v {
				v[i] -= d * vs[b][i]
			}
		}
		f := math.Sqrt(q * float64(n0) / dot(v, v))
		for i := range v {
			v[i] *= f
		}
		vs[a] = v
	}
	xs := make([][]float64, m)
	sc, sy := math.Sqrt(rho), math.Sqrt(1-rho)
	for a := range xs {
		xs[a] = make([]float64, n0)
		for i := range xs[a] {
			xs[a][i] = sc*vs[0][i] + sy*vs[a+1][i]
		}
	}
	return xs, nil
}

// DefaultInputs returns m inputs of dimension n0 drawn from the seed
// (stream(0, 0, KindInput)), scaled to ‖x_a‖²/n0 = q, the second and later
// ones at correlation rho with the first: x_a = ρ·x_1 + √(1−ρ²)·y_a with y_a
// orthogonal to x_1 and of the same norm. For m ≥ 3 the y_a are not
// orthogonalized against each other.
func DefaultInputs(n0, m int, q, rho float64, seed uint64) ([][]float64, error) {
	if n0 < 1 || m < 1 || m > MaxInputs {
		return nil, fmt.Errorf("sim: default inputs need n0 ≥ 1 and 1 … %d inputs", MaxInputs)
	}
	if !(q > 0) || !finite(q) || !(rho >= -1 && rho <= 1) {
		return nil, fmt.Errorf("sim: default inputs need q > 0 and −1 ≤ ρ ≤ 1, got q = %g, ρ = %g", q, rho)
	}
	if m > 1 && n0 < 2 && rho*rho != 1 {
		return nil, errors.New("sim: correlated inputs need n0 ≥ 2")
	}
	raw := make([]float64, n0*m)
	fillNormal(raw, seed, Stream(0, 0, KindInput), 1)
	xs := make([][]float64, m)
	scaleTo := func(v []float64) {
		s := 0.0
		for _, x := range v {
			s += x * x
		}
		f := math.Sqrt(q * float64(n0) / s)
		for i := range v {
			v[i] *= f
		}
	}
	xs[0] = raw[:n0:n0]
	scaleTo(xs[0])
	for a := 1; a < m; a++ {
		y := raw[a*n0 : (a+1)*n0 : (a+1)*n0]
		if rho*rho == 1 {
			for i := range y {
				y[i] = rho * xs[0][i]
			}
			xs[a] = y
			continue
		}
		dot := 0.0
		for i := range y {
			dot += y[i] * xs[0][i]
		}
		f := dot / (q * float64(n0))
		for i := range y {
			y[i] -= f * xs[0][i]
		}
		scaleTo(y)
		s := math.Sqrt(1 - rho*rho)
		for i := range y {
			y[i] = rho*xs[0][i] + s*y[i]
		}
		xs[a] = y
	}
	return xs, nil
}
