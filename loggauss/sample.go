package loggauss

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"critcalc/calc"
	"critcalc/sim/philox"
)

// maxSamples bounds the number of sampled networks: the sample index fills
// the high 32 bits of a Philox stream number.
const maxSamples = 1 << 32

// factorLaw is the law of one factor of the product representation: the
// hidden layer ℓ < d contributes ln(scale·(a₊²χ²_K + a₋²χ²_{n−K})),
// K ~ Binomial(n, ½); the last one (plain) ln(χ²_n/n).
type factorLaw struct {
	n           int
	scale       float64 // C_W/n for hidden factors, 1/n for the last
	ap2, am2    float64 // a₊², a₋²
	plain       bool    // ln(χ²_n/n): the last hidden layer ‖g^d‖²/n
	needsActive bool    // a₋ = 0 or a₊ = 0: resample the all-inactive event
}

// reluLaws returns the factor laws of a ReLU network with C_W = 2 and the
// given hidden widths [n₀ … n_d].
func reluLaws(widths []int) []factorLaw {
	return scaleInvLaws(widths, 1, 0)
}

// scaleInvLaws returns the factor laws for σ = a₊z (z ≥ 0), a₋z (z < 0) at
// C_W = 1/A₂.
func scaleInvLaws(widths []int, ap, am float64) []factorLaw {
	d := len(widths) - 1
	ap2, am2 := ap*ap, am*am
	cw := 2 / (ap2 + am2)
	laws := make([]factorLaw, d+1)
	for l, n := range widths[:d] {
		laws[l] = factorLaw{n: n, scale: cw / float64(n), ap2: ap2, am2: am2, needsActive: ap2 == 0 || am2 == 0}
	}
	laws[d] = factorLaw{n: widths[d], scale: 1 / float64(widths[d]), plain: true}
	return laws
}

// draw returns one draw of the factor's logarithm.
func (f factorLaw) draw(r *philox.Stream) float64 {
	if f.plain || f.ap2 == f.am2 {
		return math.Log(f.scale * f.ap2OrOne() * r.ChiSquared(f.n))
	}
	k := r.BinomialHalf(f.n)
	for f.needsActive && ((f.ap2 == 0 && k == f.n) || (f.am2 == 0 && k == 0)) {
		k = r.BinomialHalf(f.n)
	}
	t := 0.0
	if k > 0 && f.ap2 != 0 {
		t += f.ap2 * r.ChiSquared(k)
	}
	if k < f.n && f.am2 != 0 {
		t += f.am2 * r.ChiSquared(f.n-k)
	}
	return math.Log(f.scale * t)
}

func (f factorLaw) ap2OrOne() float64 {
	if f.plain {
		return 1
	}
	return f.ap2
}

// SampleG returns nets independent draws of G for a ReLU network with
// C_W = 2 and d hidden layers of width n, from the product representation
// G = ln(χ²_n/n) + Σ_{ℓ<d} ln((2/n)χ²_{K_ℓ}), K_ℓ ~ Binomial(n, ½)
// conditioned on K_ℓ ≥ 1 (the excluded zero event, see the package
// comment). The factor of layer ℓ of sample i uses the Philox stream
// (i<<32 | ℓ) of seed, so the result does not depend on the number of
// cores, and sample i is the same for any nets > i.
func SampleG(n, d, nets int, seed uint64) ([]float64, error) {
	if err := checkND(n, d); err != nil {
		return nil, fmt.Errorf("loggauss: sample G: %w", err)
	}
	return sampleLaws(reluLaws(equalWidths(n, d)), nets, seed)
}

// SampleGWidths is SampleG for hidden widths [n₀ … n_d] (BetaWidths'
// convention).
func SampleGWidths(widths []int, nets int, seed uint64) ([]float64, error) {
	if err := checkWidths(widths); err != nil {
		return nil, fmt.Errorf("loggauss: sample G: %w", err)
	}
	return sampleLaws(reluLaws(widths), nets, seed)
}

// SampleGScaleInvariant is SampleG for a scale-invariant σ at
// C_W = 1/A₂: the hidden factors are (C_W/n)(a₊²χ²_K + a₋²χ²_{n−K}) with
// independent χ² parts given K ~ Binomial(n, ½).
func SampleGScaleInvariant(n, d int, sigma calc.Expr, nets int, seed uint64) ([]float64, error) {
	if err := checkND(n, d); err != nil {
		return nil, fmt.Errorf("loggauss: sample G: %w", err)
	}
	si, err := scaleInvariantOf(sigma)
	if err != nil {
		return nil, err
	}
	return sampleLaws(scaleInvLaws(equalWidths(n, d), si.APlus.Float64(), si.AMinus.Float64()), nets, seed)
}

// equalWidths returns d + 1 copies of n.
func equalWidths(n, d int) []int {
	w := make([]int, d+1)
	for i := range w {
		w[i] = n
	}
	return w
}

// sampleLaws draws nets samples of Σ factors, in parallel over samples;
// each sample's terms are summed in layer order.
func sampleLaws(laws []factorLaw, nets int, seed uint64) ([]float64, error) {
	if nets < 1 || nets > maxSamples {
		return nil, fmt.Errorf("loggauss: sample G: number of networks %d must be in [1, 2^32]", nets)
	}
	if uint64(len(laws)) >= 1<<32-1 {
		return nil, fmt.Errorf("loggauss: sample G: depth %d exceeds the stream layout (< 2^32 − 2)", len(laws)-1)
	}
	out := make([]float64, nets)
	parallelSamples(nets, func(i int) {
		g := 0.0
		for l, f := range laws {
			g += f.draw(newReader(seed, layerStream(i, l)))
		}
		out[i] = g
	})
	return out, nil
}

// parallelSamples calls f(i) for i in [0, nets) on GOMAXPROCS workers;
// f must only write state owned by sample i.
func parallelSamples(nets int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), nets)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < nets; i += workers {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// SampleLogOutput returns nets draws of ln‖z_out‖² = G + ln χ²_{n_out} +
// ln(‖x‖²/n_in) for the ReLU network of SampleG (same G for the same
// seed); the χ²_{n_out} of sample i uses Philox stream (i<<32 | d+1).
func SampleLogOutput(n, d, nOut int, xScale float64, nets int, seed uint64) ([]float64, error) {
	if nOut < 1 {
		return nil, fmt.Errorf("loggauss: sample output: n_out = %d must be ≥ 1", nOut)
	}
	if !(xScale > 0) || math.IsInf(xScale, 1) {
		return nil, fmt.Errorf("loggauss: sample output: ‖x‖²/n_in = %g must be positive and finite", xScale)
	}
	g, err := SampleG(n, d, nets, seed)
	if err != nil {
		return nil, err
	}
	shift := math.Log(xScale)
	parallelSamples(nets, func(i int) {
		g[i] += shift + math.Log(newReader(seed, layerStream(i, d+1)).ChiSquared(nOut))
	})
	return g, nil
}
