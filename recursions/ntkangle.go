package recursions

import (
	"math"

	"critcalc/hermite"
)

// iterateNTKAngle is IterateNTKTwo for σ = a₊z (z ≥ 0), a₋z (z < 0): the
// kernel is iterated through 1 − cos ψ as iterateAngle does, so that the
// angle, and with it ⟨σ'(u)σ'(v)⟩ = A₂ − cψ, keeps its relative accuracy
// as ψ → 0 (ReLU at criticality: ψ ~ 3π/ℓ), and
//
//	Θ'₊₋ = λ_b + λ_W√(K₊₊K₋₋)[A₂cos ψ + c(sin ψ − ψ cos ψ)] + C_W(A₂ − cψ)Θ₊₋,
//
// c = (a₊ − a₋)²/(2π). The error estimates are those of iterateAngle for
// ψ (ℓ units of 4·10⁻¹⁶ relative) carried into the averages, and the
// rounding of every layer carried through the recursion.
func iterateNTKAngle(ap, am, cb, cw float64, lam Lambda, k, theta [3]float64, L, every int) []NTKTwoLayer {
	A2 := (ap*ap + am*am) / 2
	c := (ap - am) * (ap - am) / (2 * math.Pi)
	pw := cw * A2
	p, m := k[0], k[1]
	oneMinusCos := 1 - k[2]/hermite.SqrtProduct(k[0], k[1])
	var e [3]ntkEntry
	for i := range e {
		e[i] = ntkEntry{k: k[i], kErr: roundoff * math.Abs(k[i]), t: theta[i], tErr: roundoff * math.Abs(theta[i])}
	}
	out := make([]NTKTwoLayer, 0, L/every+1)
	for l := 1; ; l++ {
		oneMinusCos = max(0, min(2, oneMinusCos))
		psi := 2 * math.Asin(math.Sqrt(oneMinusCos/2))
		s := hermite.SqrtProduct(p, m)
		rho := 1 - oneMinusCos
		e[0].k, e[1].k, e[2].k = p, m, s*rho
		// The relative error of ψ (iterateAngle's estimate) and of the
		// diagonal entries (rounding, ℓ units).
		dPsi := float64(l) * 4e-16 * psi
		e[2].kErr = s * (math.Sin(psi)*dPsi + float64(l)*4*roundoff*math.Abs(rho))
		e[0].kErr, e[1].kErr = float64(l)*2*roundoff*p, float64(l)*2*roundoff*m
		if l%every == 0 || l == L {
			out = append(out, ntkTwoLayer(l, e))
		}
		if l == L {
			return out
		}
		// The averages: f = √(K₊₊K₋₋)[A₂ cos ψ + c(sin ψ − ψ cos ψ)], f1 = A₂ − cψ
		// off the diagonal; A₂K and A₂ on it.
		smc := hermite.SinMinusPsiCos(psi)
		f := [3]float64{A2 * p, A2 * m, s * (A2*rho + c*smc)}
		f1 := [3]float64{A2, A2, A2 - c*psi}
		fErr := [3]float64{A2 * e[0].kErr, A2 * e[1].kErr,
			A2*e[2].kErr + c*s*psi*math.Sin(psi)*dPsi + 4*roundoff*math.Abs(f[2])}
		f1Err := [3]float64{4 * roundoff * A2, 4 * roundoff * A2, c*dPsi + 4*roundoff*(A2+c*psi)}
		for i := range e {
			t := lam.B + lam.W*f[i] + cw*f1[i]*e[i].t
			e[i].tErr = math.Abs(lam.W)*fErr[i] + cw*(f1Err[i]*math.Abs(e[i].t)+math.Abs(f1[i])*e[i].tErr) +
				3*roundoff*(math.Abs(lam.B)+math.Abs(lam.W*f[i])+cw*math.Abs(f1[i]*e[i].t))
			e[i].t = t
		}
		// The kernel through 1 − cos ψ, as iterateAngle.
		p1, m1 := cb+pw*p, cb+pw*m
		s1 := hermite.SqrtProduct(p1, m1)
		d := math.Sqrt(p) - math.Sqrt(m)
		num := cb * pw * d * d / (s1 + cb + pw*s)
		num += cw * s * (A2*oneMinusCos - c*smc)
		oneMinusCos = num / s1
		p, m = p1, m1
	}
}
