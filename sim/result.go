package sim

import (
	"errors"
	"fmt"
	"math"
)

// Estimate is a Monte-Carlo estimate with its standard error.
type Estimate struct {
	Value, StdErr float64
}

// Result holds the per-layer statistics of a run and the per-network scalars.
type Result struct {
	// Config is the configuration that was run (defaults not filled in).
	Config Config
	// Shortcut reports that the norm-only shortcut of the exact sampler ran.
	Shortcut bool
	layers   []*moments
	logGain  []float64
	logOut   []float64
	logGrad  []float64
}

// Depth returns L.
func (r *Result) Depth() int { return r.Config.depth() }

func (r *Result) checkLayer(l int) error {
	if l < 1 || l > r.Depth() {
		return fmt.Errorf("sim: layer %d out of range 1 … %d", l, r.Depth())
	}
	return nil
}

// pairIndex is the statistic index of the kernel pair (a, b).
func (r *Result) pairIndex(a, b int) (int, error) {
	m := r.Config.recorded()
	if a > b {
		a, b = b, a
	}
	if a < 0 || b >= m {
		return 0, fmt.Errorf("sim: inputs %d, %d out of range (kernels of %d inputs recorded)", a, b, m)
	}
	return a*m - a*(a-1)/2 + (b - a), nil
}

// Kernel returns the estimate of E[K̂_ab^(l)], K̂_ab = z(x_a)·z(x_b)/n_l,
// the metric K_ab^(l) + G{1}_ab/n + O(1/n²) (inputs counted from 0).
func (r *Result) Kernel(l, a, b int) (Estimate, error) {
	if err := r.checkLayer(l); err != nil {
		return Estimate{}, err
	}
	j, err := r.pairIndex(a, b)
	if err != nil {
		return Estimate{}, err
	}
	m := r.layers[l-1]
	return Estimate{m.mean[j], math.Sqrt(m.variance(j) / m.n)}, nil
}

// Vertex returns the four-point vertex V^(l) of input 0 from the spread of
// the per-network kernels K̂ = ‖z‖²/n_l. For Gaussian weights the law of z^(l)
// is invariant under rotations of the n_l neurons, so E[z_i²z_j²] − G² ≡
// V/n_{l−1} (i ≠ j) and E[z_i⁴] = 3E[z_i²z_j²] exactly; hence
//
//	Var K̂ = 2G²/n_l + (V/n_{l−1})(1 + 2/n_l),  G = E K̂,
//
// and V = n_{l−1}(s² − 2(K̄² − s²/M)/n_l)/(1 + 2/n_l), with the standard
// error from the delta method (fourth and third sample moments).
func (r *Result) Vertex(l int) (Estimate, error) {
	if err := r.checkLayer(l); err != nil {
		return Estimate{}, err
	}
	if l == 1 {
		return Estimate{}, errors.New("sim: the vertex of layer 1 is 0 by construction")
	}
	acc := r.layers[l-1]
	M := acc.n
	nl := float64(r.Config.Widths[l])
	nf := float64(r.Config.Widths[l-1])
	s2 := acc.variance(0)
	mean := acc.mean[0]
	den := 1 + 2/nl
	v := nf * (s2 - 2*(mean*mean-s2/M)/nl) / den
	dS := nf * (1 + 2/(nl*M)) / den
	dMean := -4 * nf * mean / (nl * den)
	m2 := acc.c2[0] / M
	m3 := acc.m3[0] / M
	m4 := acc.m4[0] / M
	varS2 := (m4 - m2*m2) / M
	varMean := m2 / M
	cov := m3 / M
	se2 := dS*dS*varS2 + dMean*dMean*varMean + 2*dS*dMean*cov
	return Estimate{v, math.Sqrt(math.Max(se2, 0))}, nil
}

// Correlation returns ρ^(l) = K̄_01/√(K̄_00 K̄_11) of inputs 0 and 1, with
// its delta-method standard error.
func (r *Result) Correlation(l int) (Estimate, error) {
	if err := r.checkLayer(l); err != nil {
		return Estimate{}, err
	}
	if len(r.Config.Inputs) < 2 {
		return Estimate{}, errors.New("sim: a correlation needs two inputs")
	}
	i00, _ := r.pairIndex(0, 0)
	i01, _ := r.pairIndex(0, 1)
	i11, _ := r.pairIndex(1, 1)
	acc := r.layers[l-1]
	k00, k01, k11 := acc.mean[i00], acc.mean[i01], acc.mean[i11]
	if !(k00 > 0 && k11 > 0) {
		return Estimate{}, fmt.Errorf("sim: layer %d kernel vanishes, no correlation", l)
	}
	rho := k01 / math.Sqrt(k00*k11)
	idx := []int{i00, i01, i11}
	g := []float64{-rho / (2 * k00), 1 / math.Sqrt(k00*k11), -rho / (2 * k11)}
	se2 := 0.0
	for p := range 3 {
		for q := range 3 {
			se2 += g[p] * g[q] * acc.covariance(idx[p], idx[q])
		}
	}
	return Estimate{rho, math.Sqrt(math.Max(se2, 0) / acc.n)}, nil
}

// APJN returns the averaged partial Jacobian norm 𝒥^{l0,l} =
// E‖∂z^(l)/∂z^(l0)‖_F²/n_l (He, Doshi, Gromov), from the Hutchinson/JVP
// estimator ‖J u‖²/n_l with u ~ N(0, I), or exactly per network with
// Config.Tangents = ExactJacobian.
func (r *Result) APJN(l int) (Estimate, error) {
	if err := r.checkLayer(l); err != nil {
		return Estimate{}, err
	}
	if r.Config.tangentCount() == 0 {
		return Estimate{}, errors.New("sim: no tangent vectors were tracked (Config.Tangents)")
	}
	if l < r.Config.jacobianFrom() {
		return Estimate{}, fmt.Errorf("sim: APJN starts at layer l0 = %d, asked for %d", r.Config.jacobianFrom(), l)
	}
	acc := r.layers[l-1]
	j := acc.d - 1
	if r.Config.LocalJacobians {
		j--
	}
	return Estimate{acc.mean[j], math.Sqrt(acc.variance(j) / acc.n)}, nil
}

// LocalAPJN returns the one-layer APJN 𝒥^{l,l+1}, 1 ≤ l < L, from a fresh
// Hutchinson vector at layer l (Config.LocalJacobians).
func (r *Result) LocalAPJN(l int) (Estimate, error) {
	if !r.Config.LocalJacobians {
		return Estimate{}, errors.New("sim: one-layer APJNs were not measured (Config.LocalJacobians)")
	}
	if l < 1 || l >= r.Depth() {
		return Estimate{}, fmt.Errorf("sim: one-layer APJN 𝒥^{l,l+1} needs 1 ≤ l < %d, got %d", r.Depth(), l)
	}
	acc := r.layers[l]
	j := acc.d - 1
	return Estimate{acc.mean[j], math.Sqrt(acc.variance(j) / acc.n)}, nil
}

// SampleMoments are the mean and variance of a per-network scalar with
// their standard errors.
type SampleMoments struct {
	Mean, Var Estimate
}

// MomentsOf returns the sample mean and variance of xs (summed in index
// order) with their standard errors √(s²/M) and √((m₄ − m₂²)/M); what
// names the quantity in the error for a value that is not finite.
func MomentsOf(xs []float64, what string) (SampleMoments, error) {
	M := float64(len(xs))
	sum := 0.0
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return SampleMoments{}, fmt.Errorf("sim: %s is not finite in some network (its output vanished)", what)
		}
		sum += x
	}
	mean := sum / M
	var m2, m4 float64
	for _, x := range xs {
		d := (x - mean) * (x - mean)
		m2 += d
		m4 += d * d
	}
	s2 := m2 / (M - 1)
	m2 /= M
	m4 /= M
	return SampleMoments{
		Mean: Estimate{mean, math.Sqrt(s2 / M)},
		Var:  Estimate{s2, math.Sqrt(math.Max(m4-m2*m2, 0) / M)},
	}, nil
}

// LogGain returns the moments of G = ln[(‖z^(L)‖²/n_L)/(‖x_0‖²/n_0)] over the
// networks (the log-Gaussian notes' G when C_W1 = 1).
func (r *Result) LogGain() (SampleMoments, error) { return MomentsOf(r.logGain, "G") }

// LogOut returns the moments of ln‖z_out‖² of input 0 (needs a readout).
func (r *Result) LogOut() (SampleMoments, error) {
	if r.Config.Readout == 0 {
		return SampleMoments{}, errors.New("sim: no readout layer (Config.Readout)")
	}
	return MomentsOf(r.logOut, "ln‖z_out‖²")
}

// LogGradOut returns the moments of the input-output gradient norm
// ln‖(∂z_out/∂x)u_1‖² of input 0 (needs InputJacobian and a readout).
func (r *Result) LogGradOut() (SampleMoments, error) {
	if r.Config.Readout == 0 || !r.Config.InputJacobian {
		return SampleMoments{}, errors.New("sim: gradient norms need a readout and input Jacobians (Config.InputJacobian)")
	}
	return MomentsOf(r.logGrad, "ln‖∂z_out/∂x u‖²")
}

// LogOutSamples returns the per-network values of ln‖z_out‖² (nil without a
// readout).
func (r *Result) LogOutSamples() []float64 {
	if r.Config.Readout == 0 {
		return nil
	}
	return append([]float64(nil), r.logOut...)
}
