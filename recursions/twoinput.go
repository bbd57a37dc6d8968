package recursions

import (
	"fmt"
	"math"

	"critcalc/hermite"
)

// TwoLayer is one layer of the exact two-input kernel of inputs x₊ and x₋:
// K₊₊, K₋₋, K₊₋, the correlation ρ = K₊₋/√(K₊₊K₋₋) and the polar angle
// ψ = arccos ρ (PDLT (5.146)).
type TwoLayer struct {
	L             int
	Kpp, Kmm, Kpm float64
	Rho, Psi      float64
	// PsiErr estimates the absolute error of Psi: the rounding of the
	// arc-cosine recursion (ℓ units of 4·10⁻¹⁶ relative) for a
	// scale-invariant σ, and otherwise the summed errors δρ of the layers'
	// Gaussian integrals carried through ψ = arccos ρ (δρ/sin ψ, or √(2δρ)
	// when ψ is smaller than that).
	PsiErr float64
}

// psiErr is the error of arccos ρ for an error dRho of ρ.
func psiErr(psi, dRho float64) float64 {
	if s := math.Sin(psi); s > math.Sqrt(2*dRho) {
		return dRho / s
	}
	return math.Sqrt(2 * dRho)
}

// IterateTwo runs the nonperturbative two-input recursion (5.1)
//
//	K'_αβ = C_b + C_W⟨σ(z_α)σ(z_β)⟩_K,  α, β ∈ {+, −},
//
// from K^(1) = [[kpp, kpm], [kpm, kmm]] and returns the layers ℓ = every,
// 2·every, … up to L (and L itself). The diagonal entries follow the
// single-input map. For a scale-invariant σ the off-diagonal average is
// the exact arc-cosine form √(K₊₊K₋₋)[A₂cos ψ + (a₊ − a₋)²(sin ψ − ψ cos ψ)/(2π)]
// (5.159)–(5.160), and ψ is iterated through 1 − cos ψ without cancellation
// (so ψ ~ 1/ℓ stays accurate to ℓ ≫ 10⁸); otherwise ψ = arccos ρ is
// accurate to about 1e-8 in absolute terms as ρ → 1. For σ and σ' without
// kinks the average is Mehler's series with the Hermite moments of each
// diagonal entry from Gauss–Hermite rules (hermite.GHSeries: microseconds
// a layer; once a diagonal converges, interpolated in √K between a few
// variances evaluated near it, hermite.GHAnchors), where its error bound
// meets the goal of the quadrature; then,
// for equal diagonal entries with 1 − ρ ≤ 0.01, the expansion at ρ = 1 of
// priceSeries, with a bound on its rest; and otherwise a two-dimensional
// Gaussian integral (hermite.Expect2: about a millisecond a layer for a
// piecewise polynomial σ or one with exponential pieces, whose inner
// expectations are closed forms, several for other σ with kinks).
func (a *Activation) IterateTwo(cb, cw, kpp, kmm, kpm float64, L, every int) ([]TwoLayer, error) {
	return a.iterateTwo(cb, cw, kpp, kmm, kpm, L, every, 0, true)
}

// IterateTwoChecked is IterateTwo run twice side by side, the second time
// with every Gaussian average moved by checkPerturb of itself (see
// IterateChecked), the off-diagonal one by its error bound where that is
// larger (hermite.Value.Moved: the bound of a quadrature or a series is
// relative to √(⟨σ²⟩⟨σ²⟩), so an average far below that scale is known to
// fewer digits than perturb of itself would show): a caller keeps the
// digits on which the two agree. (The arc-cosine map of a scale-invariant σ is closed-form: its
// check run is the same iteration.)
func (a *Activation) IterateTwoChecked(cb, cw, kpp, kmm, kpm float64, L, every int) (layers, check []TwoLayer, err error) {
	return checkedRuns(func(p float64) ([]TwoLayer, error) { return a.iterateTwo(cb, cw, kpp, kmm, kpm, L, every, p, true) })
}

// iterateTwo is IterateTwo with the diagonal averages moved by perturb of
// themselves and the off-diagonal one by hermite.Value.Moved (equal diagonals
// stay equal), and without Mehler's series unless series is set.
func (a *Activation) iterateTwo(cb, cw, kpp, kmm, kpm float64, L, every int, perturb float64, series bool) ([]TwoLayer, error) {
	switch {
	case L < 1:
		return nil, fmt.Errorf("recursions: IterateTwo needs L ≥ 1, got %d", L)
	case every < 1:
		return nil, fmt.Errorf("recursions: IterateTwo needs every ≥ 1, got %d", every)
	case !(kpp > 0) || !(kmm > 0):
		return nil, fmt.Errorf("recursions: IterateTwo needs K₊₊, K₋₋ > 0, got %g, %g", kpp, kmm)
	case !(math.Abs(kpm) <= hermite.SqrtProduct(kpp, kmm)):
		return nil, fmt.Errorf("recursions: the input kernel is not positive semidefinite: |K₊₋| = %g > √(K₊₊K₋₋) = %g", math.Abs(kpm), hermite.SqrtProduct(kpp, kmm))
	}
	si, ok, err := a.scaleInvariant()
	if err != nil {
		return nil, err
	}
	if ok {
		return iterateAngle(si, cb, cw, kpp, kmm, kpm, L, every), nil
	}
	out := make([]TwoLayer, 0, L/every+1)
	p, m, x := kpp, kmm, kpm
	dRho := 0x1p-52 // the input's correlation, rounded
	var gh *ghInputs
	if series {
		if gh, err = newGHInputs(a); err != nil {
			return nil, err
		}
		defer gh.release()
	}
	diag := &recentG{a: a}
	var quad kernelMemo[hermite.Value] // ⟨σ(z₊)σ(z₋)⟩ by (K₊₊, K₋₋, ρ)
	var price *priceSeries
	priceTried := false
	for l := 1; ; l++ {
		rho := max(-1, min(1, x/hermite.SqrtProduct(p, m)))
		if l%every == 0 || l == L {
			psi := math.Acos(rho)
			out = append(out, TwoLayer{L: l, Kpp: p, Kmm: m, Kpm: x, Rho: rho, Psi: psi, PsiErr: psiErr(psi, dRho)})
		}
		if l == L {
			return out, nil
		}
		var v hermite.Value
		var gp, gm float64
		done, sqDone := false, false
		if gh != nil {
			// The series' rules give ⟨σ²⟩ at both diagonal values too.
			v, gp, gm, done, sqDone = gh.expect(p, m, rho)
		}
		if !sqDone {
			if gp, err = diag.at(p); err != nil {
				return out, fmt.Errorf("recursions: layer %d: %w", l, err)
			}
			if gm, err = diag.at(m); err != nil {
				return out, fmt.Errorf("recursions: layer %d: %w", l, err)
			}
		}
		if !done && p == m && 1-rho <= priceMaxGap {
			// Equal variances near ρ = 1: the expansion at ρ = 1.
			// (Where it cannot be made or evaluated, Expect2 answers.)
			if !priceTried {
				priceTried = true
				price, _ = newPriceSeries(a.Sigma)
			}
			if price != nil {
				v, done, _ = price.at(p, rho*p)
			}
		}
		if !done {
			v, err = quad.get([3]float64{p, m, rho}, func() (hermite.Value, error) {
				return hermite.Expect2(a.Sigma, a.Sigma, hermite.Cov{K11: p, K12: rho * hermite.SqrtProduct(p, m), K22: m})
			})
			if err != nil {
				return out, fmt.Errorf("recursions: layer %d: ⟨σ(z₊)σ(z₋)⟩: %w", l, err)
			}
		}
		p, m, x = cb+cw*gp*(1+perturb), cb+cw*gm*(1+perturb), cb+cw*v.Moved(-perturb)
		if !(p > 0) || !(m > 0) {
			return out, fmt.Errorf("recursions: layer %d: the kernel is no longer positive", l+1)
		}
		// Each layer adds its integral's error and ~1e-14 of the diagonal
		// to ρ; the sum bounds what the map carries on (|dρ'/dρ| ≤ 1 near
		// ρ = 1 at or below criticality).
		dRho += cw*v.AbsErr/hermite.SqrtProduct(p, m) + 1e-14
	}
}

// iterateAngle is IterateTwo for σ = a₊z (z ≥ 0), a₋z (z < 0).
func iterateAngle(si ScaleInvariant, cb, cw, kpp, kmm, kpm float64, L, every int) []TwoLayer {
	ap, am, A2 := si.APlus.Float64(), si.AMinus.Float64(), si.A2.Float64()
	c := (ap - am) * (ap - am) / (2 * math.Pi)
	pw := cw * A2
	p, m := kpp, kmm
	// oneMinusCos is 1 − cos ψ, the variable iterated.
	oneMinusCos := 1 - kpm/hermite.SqrtProduct(kpp, kmm)
	out := make([]TwoLayer, 0, L/every+1)
	for l := 1; ; l++ {
		oneMinusCos = max(0, min(2, oneMinusCos))
		psi := 2 * math.Asin(math.Sqrt(oneMinusCos/2))
		s := hermite.SqrtProduct(p, m)
		if l%every == 0 || l == L {
			out = append(out, TwoLayer{L: l, Kpp: p, Kmm: m, Kpm: s * (1 - oneMinusCos), Rho: 1 - oneMinusCos, Psi: psi,
				PsiErr: float64(l) * 4e-16 * psi})
		}
		if l == L {
			return out
		}
		p1, m1 := cb+pw*p, cb+pw*m
		s1 := hermite.SqrtProduct(p1, m1)
		// √(K₊₊'K₋₋') − C_b − C_W A₂√(K₊₊K₋₋) = C_b·C_W A₂(√K₊₊ − √K₋₋)²/(√(K₊₊'K₋₋') + C_b + C_W A₂√(K₊₊K₋₋))
		d := math.Sqrt(p) - math.Sqrt(m)
		num := cb * pw * d * d / (s1 + cb + pw*s)
		// A₂ − F(ψ) = A₂(1 − cos ψ) − c(sin ψ − ψ cos ψ)
		num += cw * s * (A2*oneMinusCos - c*hermite.SinMinusPsiCos(psi))
		oneMinusCos = num / s1
		p, m = p1, m1
	}
}

// recentG is g(K) = ⟨σ²⟩_K of the last few diagonal values: the two of a
// layer are often equal, and a diagonal at its fixed point repeats.
type recentG struct {
	a    *Activation
	K, g [ghKept]float64
	n    int
}

func (r *recentG) at(K float64) (float64, error) {
	for i := range min(r.n, ghKept) {
		if r.K[i] == K {
			return r.g[i], nil
		}
	}
	g, err := r.a.G(K)
	if err != nil {
		return 0, err
	}
	r.K[r.n%ghKept], r.g[r.n%ghKept] = K, g
	r.n++
	return g, nil
}
