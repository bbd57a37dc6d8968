package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"critcalc/calc"
)

// NTKConfig describes the networks whose empirical neural tangent kernel
// SampleNTK measures: plain MLPs z^(ℓ) = b^(ℓ) + W^(ℓ)σ(z^(ℓ−1)) (z^(0) the
// input, not passed through σ) with Gaussian weights W_ij ~ N(0, C_W/n_{ℓ−1})
// and biases b_i ~ N(0, C_b), trained with the learning rate λ_b for every
// bias and λ_W/n_{ℓ−1} for every weight of layer ℓ (PDLT §8.0).
type NTKConfig struct {
	Sigma            calc.Expr
	Cb, CW           float64
	LambdaB, LambdaW float64
	// Widths holds n_0 (the input dimension) … n_L.
	Widths []int
	// Inputs are one or two inputs of length n_0.
	Inputs [][]float64
	Nets   int
	Seed   uint64
}

// NTKResult is the empirical NTK of every layer ℓ = 1 … L: Mean[ℓ−1][p]
// and StdErr[ℓ−1][p] over the networks, for the pairs p = (0, 0), (1, 1),
// (0, 1) of the inputs (the first only with one input).
type NTKResult struct {
	Mean, StdErr [][3]float64
	Pairs        int
}

// maxNTKWeights bounds the weights of one network SampleNTK holds.
const maxNTKWeights = 1 << 26

// SampleNTK samples c.Nets networks and measures, for every layer ℓ, the
// neural tangent kernel of the preactivations of that layer contracted
// with a random direction v (Rademacher entries ±1/√n_ℓ, so that
// E[vvᵀ] = I/n_ℓ):
//
//	Θ̂^(ℓ)_αβ = Σ_{m≤ℓ} [λ_b δ^(m)_α·δ^(m)_β + (λ_W/n_{m−1}) (δ^(m)_α·δ^(m)_β)(σ^(m−1)_α·σ^(m−1)_β)],
//
// δ^(m) = ∂(v·z^(ℓ))/∂z^(m) by backpropagation (σ^(0) = x). Its mean over
// v and the networks is the mean NTK (1/n_ℓ)Σ_i E[Ĥ^(ℓ)_{ii;αβ}], which is
// Θ^(ℓ)_αβ of recursions.IterateNTKTwo at infinite width. Network k draws
// from its own generator, keyed by (Seed, k), so the results do not depend
// on the number of processors.
func SampleNTK(c NTKConfig) (*NTKResult, error) {
	L := len(c.Widths) - 1
	switch {
	case L < 1:
		return nil, errors.New("sim: SampleNTK needs at least one layer")
	case len(c.Inputs) < 1 || len(c.Inputs) > 2:
		return nil, fmt.Errorf("sim: SampleNTK takes one or two inputs, got %d", len(c.Inputs))
	case c.Nets < 2:
		return nil, fmt.Errorf("sim: SampleNTK needs at least 2 networks, got %d", c.Nets)
	case !(c.CW > 0) || !(c.Cb >= 0) || !finite(c.LambdaB) || !finite(c.LambdaW):
		return nil, fmt.Errorf("sim: SampleNTK needs C_W > 0, C_b ≥ 0 and finite learning rates")
	}
	weights := 0
	for l := 1; l <= L; l++ {
		if c.Widths[l] < 1 {
			return nil, fmt.Errorf("sim: width of layer %d is %d", l, c.Widths[l])
		}
		weights += c.Widths[l] * c.Widths[l-1]
	}
	if weights > maxNTKWeights {
		return nil, fmt.Errorf("sim: SampleNTK holds the %d weights of a network at once, more than %d", weights, maxNTKWeights)
	}
	for _, x := range c.Inputs {
		if len(x) != c.Widths[0] {
			return nil, fmt.Errorf("sim: an input of length %d, n_0 = %d", len(x), c.Widths[0])
		}
	}
	act, dact := calc.Compile(c.Sigma), calc.Compile(calc.Derivative(c.Sigma, 1))
	pairs := 1
	if len(c.Inputs) == 2 {
		pairs = 3
	}
	per := make([][][3]float64, c.Nets) // per network, per layer
	var wg sync.WaitGroup
	next := make(chan int, c.Nets)
	for k := range c.Nets {
		next <- k
	}
	close(next)
	for range min(c.Nets, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nw := newNTKNet(&c, act, dact)
			for k := range next {
				per[k] = nw.sample(k)
			}
		}()
	}
	wg.Wait()
	res := &NTKResult{Mean: make([][3]float64, L), StdErr: make([][3]float64, L), Pairs: pairs}
	M := float64(c.Nets)
	for l := range L {
		for p := range pairs {
			s := 0.0
			for k := range c.Nets {
				s += per[k][l][p]
			}
			mean := s / M
			v := 0.0
			for k := range c.Nets {
				d := per[k][l][p] - mean
				v += d * d
			}
			res.Mean[l][p], res.StdErr[l][p] = mean, math.Sqrt(v/(M-1)/M)
		}
	}
	return res, nil
}

// ntkNet is one worker's network and scratch.
type ntkNet struct {
	c         *NTKConfig
	act, dact *calc.Program
	w         [][]float64    // w[l] is n_l × n_{l−1}, row-major (l ≥ 1)
	b         [][]float64    // b[l] has n_l entries
	z, s, ds  [2][][]float64 // per input: z^(l), σ(z^(l)) (σ^(0) = x), σ'(z^(l))
	delta     [2][]float64
	tmp       [2][]float64
}

func newNTKNet(c *NTKConfig, act, dact *calc.Program) *ntkNet {
	L := len(c.Widths) - 1
	nw := &ntkNet{c: c, act: act, dact: dact, w: make([][]float64, L+1), b: make([][]float64, L+1)}
	maxN := 0
	for l := 1; l <= L; l++ {
		nw.w[l] = make([]float64, c.Widths[l]*c.Widths[l-1])
		nw.b[l] = make([]float64, c.Widths[l])
	}
	for _, n := range c.Widths {
		maxN = max(maxN, n)
	}
	for a := range c.Inputs {
		nw.z[a], nw.s[a], nw.ds[a] = make([][]float64, L+1), make([][]float64, L+1), make([][]float64, L+1)
		for l := 0; l <= L; l++ {
			nw.z[a][l] = make([]float64, c.Widths[l])
			nw.s[a][l] = make([]float64, c.Widths[l])
			nw.ds[a][l] = make([]float64, c.Widths[l])
		}
		copy(nw.s[a][0], c.Inputs[a])
		nw.delta[a], nw.tmp[a] = make([]float64, maxN), make([]float64, maxN)
	}
	return nw
}

// sample draws network k and returns its Θ̂ of every layer.
func (nw *ntkNet) sample(k int) [][3]float64 {
	c := nw.c
	L := len(c.Widths) - 1
	r := rand.New(rand.NewPCG(c.Seed, uint64(k)))
	for l := 1; l <= L; l++ {
		sw := math.Sqrt(c.CW / float64(c.Widths[l-1]))
		for i := range nw.w[l] {
			nw.w[l][i] = sw * r.NormFloat64()
		}
		sb := math.Sqrt(c.Cb)
		for i := range nw.b[l] {
			nw.b[l][i] = sb * r.NormFloat64()
		}
	}
	// Forward.
	for a := range c.Inputs {
		for l := 1; l <= L; l++ {
			nIn, nOut := c.Widths[l-1], c.Widths[l]
			in, z := nw.s[a][l-1], nw.z[a][l]
			for i := range nOut {
				row := nw.w[l][i*nIn : (i+1)*nIn]
				acc := nw.b[l][i]
				for j, x := range in {
					acc += row[j] * x
				}
				z[i] = acc
			}
			nw.act.EvalSlice(nw.s[a][l], z)
			nw.dact.EvalSlice(nw.ds[a][l], z)
		}
	}
	out := make([][3]float64, L)
	pairs := [][2]int{{0, 0}, {1, 1}, {0, 1}}
	if len(c.Inputs) == 1 {
		pairs = pairs[:1]
	}
	for l := 1; l <= L; l++ {
		// v: Rademacher ±1/√n_ℓ, one per layer and network.
		n := c.Widths[l]
		sv := 1 / math.Sqrt(float64(n))
		for a := range c.Inputs {
			for i := range n {
				if a == 0 {
					if r.IntN(2) == 0 {
						nw.delta[0][i] = sv
					} else {
						nw.delta[0][i] = -sv
					}
				} else {
					nw.delta[1][i] = nw.delta[0][i]
				}
			}
		}
		var theta [3]float64
		for m := l; m >= 1; m-- {
			nm, nIn := c.Widths[m], c.Widths[m-1]
			for p, ab := range pairs {
				dd := dot(nw.delta[ab[0]][:nm], nw.delta[ab[1]][:nm])
				ss := dot(nw.s[ab[0]][m-1], nw.s[ab[1]][m-1])
				theta[p] += c.LambdaB*dd + c.LambdaW/float64(nIn)*dd*ss
			}
			if m == 1 {
				break
			}
			// δ^(m−1) = (W^(m)ᵀ δ^(m)) ⊙ σ'(z^(m−1))
			for a := range c.Inputs {
				t := nw.tmp[a][:nIn]
				clear(t)
				for i := range nm {
					d := nw.delta[a][i]
					row := nw.w[m][i*nIn : (i+1)*nIn]
					for j := range t {
						t[j] += row[j] * d
					}
				}
				for j := range t {
					nw.delta[a][j] = t[j] * nw.ds[a][m-1][j]
				}
			}
		}
		out[l-1] = theta
	}
	return out
}
