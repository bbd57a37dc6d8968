package report

import "critcalc/asymptotics"

// exponentCells are the cells of p₀, p∥, p⊥, p_V, p₁ bare and p₁
// renormalized of x (asymptotics.ExponentsOf), empty where PDLT gives none.
func exponentCells(x asymptotics.Exponents) []Cell {
	return []Cell{CertifiedCell(x.P0), CertifiedCell(x.PPar), CertifiedCell(x.PPerp), CertifiedCell(x.PV),
		CertifiedCell(x.P1Bare), CertifiedCell(x.P1Ren)}
}

// scalingLawCell is p_V − 2p₀ of x (−1 for the classes of (5.128)–(5.129)),
// empty when either is missing.
func scalingLawCell(x asymptotics.Exponents) Cell {
	if d, ok := x.ScalingLaw(); ok {
		return IntCell(int(d))
	}
	return Cell{}
}
