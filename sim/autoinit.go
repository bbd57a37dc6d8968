package sim

import (
	"errors"
	"fmt"
	"math"
)

// Loss is an AutoInit loss of the one-layer APJNs 𝒥^{l,l+1}.
type Loss int

// AutoInit losses (He, Doshi, Gromov, "AutoInit", eq. 12 and App. C).
const (
	// JLL is the Jacobian log loss ½Σ_l [log 𝒥^{l,l+1}]².
	JLL Loss = iota
	// JSL is the Jacobian square loss ½Σ_l (𝒥^{l,l+1} − 1)².
	JSL
)

// String returns "jll" or "jsl".
func (l Loss) String() string {
	if l == JSL {
		return "jsl"
	}
	return "jll"
}

func (l Loss) value(js []float64) float64 {
	s := 0.0
	for _, j := range js {
		d := j - 1
		if l == JLL {
			d = math.Log(j)
		}
		s += d * d / 2
	}
	return s
}

// AutoInit is Algorithm 2 of AutoInit (SGD on auxiliary scalars) run on
// simulated networks.
type AutoInit struct {
	// Net is the network: Net.CW = σ_w² and Net.Cb = σ_b² are the base
	// hyperparameters (the same in every layer); Net.Nets networks are
	// sampled per step, with seed Net.Seed + t at step t.
	Net Config
	// Loss is JLL or JSL.
	Loss Loss
	// Steps T ≥ 1 and learning rate η > 0; the loop also stops when the
	// loss falls below Tol.
	Steps int
	LR    float64
	Tol   float64
}

// AutoInitResult is the outcome of AutoInit.
type AutoInitResult struct {
	// AW[l−1] and AB[l−1] are the auxiliary scalars a_W^(l), a_b^(l) after
	// the last step; SigmaW and SigmaB the tuned σ_w·a_W and σ_b·a_b.
	AW, AB, SigmaW, SigmaB []float64
	// Loss[t] is the loss at step t (before its update); J the one-layer
	// APJNs 𝒥^{l,l+1}, l = 1 … L−1, measured at the final scalars.
	Loss []float64
	J    []Estimate
	// Steps is the number of updates made.
	Steps int
}

// RunAutoInit tunes per-layer scalars a_W^(l), a_b^(l) (initialized to 1)
// multiplying the weights and biases of layer l by SGD on the loss of the
// one-layer APJNs 𝒥^{l,l+1} (l = 1 … L−1), each measured on Net.Nets
// simulated networks by the JVP estimator (AutoInit eq. 7). The gradient
// is a central difference in each scalar (relative step 10⁻⁴) with common
// random numbers: the same seed, hence the same draws, for every
// evaluation of a step, so that it is the pathwise derivative of the
// sampled loss. Scalars a_b are tuned only when σ_b > 0 (with σ_b = 0 they
// receive no gradient, AutoInit §2).
func RunAutoInit(a AutoInit) (*AutoInitResult, error) {
	c := a.Net
	switch {
	case a.Steps < 0 || a.Steps > 100000:
		return nil, fmt.Errorf("sim: AutoInit steps must be between 0 and 100000, got %d", a.Steps)
	case !(a.LR > 0) || !finite(a.LR):
		return nil, fmt.Errorf("sim: AutoInit learning rate must be finite and > 0, got %g", a.LR)
	case a.Tol < 0 || !finite(a.Tol):
		return nil, fmt.Errorf("sim: AutoInit tolerance must be finite and ≥ 0, got %g", a.Tol)
	case len(c.Widths) < 3:
		return nil, errors.New("sim: AutoInit needs depth L ≥ 2 (one-layer APJNs 𝒥^{l,l+1}, l < L)")
	case c.LayerCW != nil || c.LayerCb != nil:
		return nil, errors.New("sim: AutoInit sets the per-layer variances itself")
	}
	L := len(c.Widths) - 1
	c.LocalJacobians = true
	c.Tangents = 0
	c.FirstCW = 0
	if err := c.Validate(); err != nil {
		return nil, err
	}
	sw, sb := math.Sqrt(c.CW), math.Sqrt(c.Cb)
	aw, ab := ones(L), ones(L)
	tuneB := sb > 0
	measure := func(aw, ab []float64, seed uint64) ([]Estimate, error) {
		n := c
		n.Seed = seed
		n.LayerCW, n.LayerCb = make([]float64, L), make([]float64, L)
		for l := range L {
			n.LayerCW[l] = sw * sw * aw[l] * aw[l]
			n.LayerCb[l] = sb * sb * ab[l] * ab[l]
		}
		r, err := Run(n)
		if err != nil {
			return nil, err
		}
		js := make([]Estimate, L-1)
		for l := 1; l < L; l++ {
			if js[l-1], err = r.LocalAPJN(l); err != nil {
				return nil, err
			}
			if v := js[l-1].Value; math.IsNaN(v) {
				return nil, fmt.Errorf("sim: AutoInit: the measured 𝒥^{%d,%d} is not a number: the activation %s is not finite at some preactivation of the simulated networks (undefined for part of the line?)", l, l+1, c.Sigma)
			} else if !(v > 0) || !finite(v) {
				return nil, fmt.Errorf("sim: AutoInit: the measured 𝒥^{%d,%d} = %g cannot be tuned (it must be finite and > 0)", l, l+1, v)
			}
		}
		return js, nil
	}
	loss := func(aw, ab []float64, seed uint64) (float64, error) {
		js, err := measure(aw, ab, seed)
		if err != nil {
			return 0, err
		}
		return a.Loss.value(values(js)), nil
	}
	res := &AutoInitResult{}
	const h = 1e-4
	gw, gb := make([]float64, L), make([]float64, L)
	for t := 0; t < a.Steps; t++ {
		seed := c.Seed + uint64(t)
		f, err := loss(aw, ab, seed)
		if err != nil {
			return nil, err
		}
		res.Loss = append(res.Loss, f)
		if f < a.Tol {
			break
		}
		for _, p := range []struct {
			a, g []float64
			on   bool
		}{{aw, gw, true}, {ab, gb, tuneB}} {
			for l := range L {
				p.g[l] = 0
				if !p.on {
					continue
				}
				x := p.a[l]
				p.a[l] = x * (1 + h)
				fp, err := loss(aw, ab, seed)
				if err != nil {
					return nil, err
				}
				p.a[l] = x * (1 - h)
				fm, err := loss(aw, ab, seed)
				if err != nil {
					return nil, err
				}
				p.a[l] = x
				p.g[l] = (fp - fm) / (2 * h * x)
			}
		}
		for l := range L {
			aw[l] -= a.LR * gw[l]
			ab[l] -= a.LR * gb[l]
			if !(aw[l] > 0) {
				return nil, fmt.Errorf("sim: AutoInit step %d: a_W of layer %d became %g ≤ 0 (learning rate too large)", t, l+1, aw[l])
			}
		}
		res.Steps++
	}
	js, err := measure(aw, ab, c.Seed+uint64(a.Steps))
	if err != nil {
		return nil, err
	}
	res.J = js
	res.AW, res.AB = aw, ab
	for l := range L {
		res.SigmaW = append(res.SigmaW, sw*aw[l])
		res.SigmaB = append(res.SigmaB, sb*math.Abs(ab[l]))
	}
	return res, nil
}

func ones(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = 1
	}
	return s
}

func values(es []Estimate) []float64 {
	v := make([]float64, len(es))
	for i, e := range es {
		v[i] = e.Value
	}
	return v
}
