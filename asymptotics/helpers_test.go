package asymptotics

import (
	"math"
	"testing"

	"critcalc/calc"
	"critcalc/recursions"
)

// activation prepares σ for the recursions.
func activation(t testing.TB, sigma string) *recursions.Activation {
	t.Helper()
	a, err := recursions.New(calc.MustParse(sigma))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// iterated runs recursions.Iterate and returns its sequences (SequencesOf
// with K* = 0).
func iterated(t testing.TB, a *recursions.Activation, cb, cw, k1 float64, L int, ren *recursions.Renormalization) map[string]Sequence {
	t.Helper()
	lay, err := a.Iterate(cb, cw, k1, L, 1, ren)
	if err != nil {
		t.Fatal(err)
	}
	return SequencesOf(lay, 0, ren != nil)
}

// perturbations iterates the bootstrapped two-input recursions
// (5.46)–(5.48) at C_b = 0:
//
//	K' = C_W g(K),  δK[1]' = χ∥(K) δK[1],  δδK[2]' = χ⊥(K) δδK[2] + h(K)(δK[1])²,
//
// for L layers from K⁽¹⁾ = k1, δK[1]⁽¹⁾ = d1, δδK[2]⁽¹⁾ = d2, with χ∥ in the
// cancellation-free form (C_W/K)⟨zσσ'⟩ (5.50). It returns the sequences
// "dK1" and "ddK2".
func perturbations(t testing.TB, a *recursions.Activation, cw, k1, d1, d2 float64, L int) map[string]Sequence {
	t.Helper()
	var s1, s2 Sequence
	K := k1
	for l := 1; l <= L; l++ {
		s1.L, s1.V = append(s1.L, l), append(s1.V, d1)
		s2.L, s2.V = append(s2.L, l), append(s2.V, d2)
		g, err := a.G(K)
		if err != nil {
			t.Fatal(err)
		}
		cpar, err := a.ChiParZ(K, cw)
		if err != nil {
			t.Fatal(err)
		}
		cperp, err := a.ChiPerp(K, cw)
		if err != nil {
			t.Fatal(err)
		}
		h, err := a.H(K, cw)
		if err != nil {
			t.Fatal(err)
		}
		K, d1, d2 = cw*g, cpar*d1, cperp*d2+h*d1*d1
	}
	return map[string]Sequence{"dK1": s1, "ddK2": s2}
}

// anglePsi iterates the exact critical polar-angle map of a
// scale-invariant activation (5.162),
//
//	cos ψ' = cos ψ + ρ(sin ψ − ψ cos ψ),
//
// for L layers from ψ⁽¹⁾ = psi1 and returns ψ, K[0] = K_d(1 + cos ψ)/2 and
// K[2] = K_d(1 − cos ψ)/2 (5.167)–(5.168) with K_d = kd.
func anglePsi(rho, psi1, kd float64, L int) map[string]Sequence {
	var p, k0, k2 Sequence
	psi := psi1
	for l := 1; l <= L; l++ {
		c := math.Cos(psi)
		p.L, p.V = append(p.L, l), append(p.V, psi)
		k0.L, k0.V = append(k0.L, l), append(k0.V, kd*(1+c)/2)
		// 1 − cos ψ = 2 sin²(ψ/2), free of cancellation at small ψ.
		s := math.Sin(psi / 2)
		k2.L, k2.V = append(k2.L, l), append(k2.V, kd*s*s)
		psi = math.Acos(min(1, c+rho*(math.Sin(psi)-psi*c)))
	}
	return map[string]Sequence{"psi": p, "K0": k0, "K2": k2}
}
