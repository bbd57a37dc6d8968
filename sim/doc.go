// Package sim samples random deep networks at initialization and measures the
// quantities that the infinite-width theory of critcalc predicts: the kernel
// K^(ℓ), the four-point vertex V^(ℓ), the NLO metric G{1}, two-input kernels
// and correlations, the averaged partial Jacobian norm (APJN) 𝒥^{l0,l}, and
// the log-norm G = ln[(‖z^(L)‖²/n_L)/(‖x‖²/n_0)] of the log-Gaussian notes.
//
// # Networks
//
// A network has layers ℓ = 1 … L with widths n_0 (the input) … n_L:
//
//	z^(1)   = b^(1) + W^(1) x,                  W^(1)_ij of variance C_W1/n_0
//	z^(ℓ+1) = α z^(ℓ) + λ (b^(ℓ+1) + W^(ℓ+1) φ(z^(ℓ))),  W of variance C_W/n_ℓ
//
// with b of variance C_b, φ = σ, σ∘LN (pre-LayerNorm), LN∘σ (post) or σ∘BN
// (BatchNorm of every neuron over the batch of all inputs), and (α, λ) = (0,
// 1) for a plain MLP, (μ, 1) for DHG's residual network and α² + λ² = 1 for
// the normalized residual network of the log-Gaussian notes. C_W and C_b
// may differ from layer to layer (Config.LayerCW, LayerCb). An optional
// linear readout z_out = W^out z^(L), of variance C_out/n_L, has no bias.
// Weights and biases are Gaussian or uniform with zero mean and the same
// variance.
//
// # Estimators
//
// Result gives, each with its standard error: the metric E[K̂_ab^(ℓ)] of the
// first two inputs (Kernel), the four-point vertex from the spread of the
// per-network kernels (Vertex), the correlation ρ_ℓ (Correlation), the APJN
// 𝒥^{l0,ℓ} from Jacobian-vector products with Hutchinson vectors or the
// whole Jacobian (APJN), the one-layer 𝒥^{ℓ,ℓ+1} with a fresh vector per
// layer (LocalAPJN), and the moments of G, ln‖z_out‖² and the input-output
// gradient norm ln‖(∂z_out/∂x)u‖² (LogGain, LogOut, LogGradOut).
// RunAutoInit tunes per-layer σ_w, σ_b by AutoInit's Algorithm 2 on
// simulated networks.
//
// # Samplers
//
// Explicit draws every weight matrix and multiplies it into the tracked
// vectors with gonum's BLAS (blas64 or blas32), or with OpenBLAS when built
// with the openblas tag (cgo; GemmBackend says which). Exact uses the fact that,
// for iid Gaussian weights independent of everything before them, the rows of
// W·[v_1 … v_m] given the vectors v_1 … v_m are iid N(0, (C_W/n)·Γ) with Γ
// the Gram matrix v_aᵀv_b; drawing them from a Cholesky factor of Γ costs
// O(n·m²) per layer instead of the O(n²·m) of a matrix product. Because each
// layer's weights are independent of the earlier layers, this gives the joint
// law of all layers exactly: the exact sampler is exact in distribution, not
// an approximation (it is not the same sample as Explicit for a given seed).
//
// With a single input, no tangent vectors, no bias, Gaussian weights, no
// residual or LayerNorm and a scale-invariant σ (σ(z) = a₊z or a₋z, ReLU),
// the exact sampler needs only norms: z^(ℓ) = s·g with g ~ N(0, I), and
// ‖z^(ℓ)‖² = s²(P + N), ‖σ(z^(ℓ))‖² = s²(a₊²P + a₋²N), where, with k ~
// Binomial(n_ℓ, ½) the number of positive entries, P ~ χ²_k and N ~
// χ²_{n_ℓ−k} are independent. This shortcut draws one binomial (as the
// popcount of n_ℓ random bits) and two chi-square variables (Marsaglia–Tsang
// gamma draws) per layer. It is exact in distribution as well, and a test
// checks it against the plain exact sampler. Config.NoShortcut turns it off.
//
// # Random numbers and reproducibility
//
// Every random number comes from the Philox4x32-10 generator of package
// sim/philox, keyed by the seed, on a stream number that is a fixed function
// of the network k, the layer ℓ and the kind of draw:
//
//	stream(k, ℓ, kind) = k·2²⁴ + ℓ·2⁴ + kind
//
// (see the Kind constants; the readout is layer L+1). Weight W[i][j] of layer
// ℓ of network k is variate number i·n_{ℓ−1} + j of stream(k, ℓ, KindWeight);
// normals come in pairs, variates 2t and 2t+1 being philox.Normals(seed,
// stream, t) (uniforms likewise from philox.Uniforms). Bias b_i is variate i
// of stream(k, ℓ, KindBias). The Gaussian-conditional draws of the exact
// sampler for row i and tracked vector a are variate i·m + a of
// stream(k, ℓ, KindConditional).
//
// Networks are grouped in fixed blocks of BlockSize; each block is reduced
// sequentially, in the order of its networks, and the blocks are merged in
// their order (with fewer blocks than workers, the workers share a block's
// networks and its reduction waits for their statistics). The result is
// therefore the same bit for bit for any number of workers (on a given
// architecture: Go may fuse multiply-adds on arm64). The Philox blocks are
// computed by a register-friendly copy of philox.BlockAt that a test checks
// bit for bit against it.
//
// The per-layer work (the product of a layer's weights with the tracked
// vectors, or its Gaussian-conditional equivalent) sits behind a small
// internal interface, where a GPU backend implementing the same Philox
// arithmetic can plug in; this package has only the CPU backends.
package sim
