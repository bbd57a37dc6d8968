package autoinit

import (
	"fmt"
	"math"
)

// ReLUJacobian is the APJN of a ReLU layer with tuned scalar a_W, 𝒥^{l,l+1}
// = (a_W σ_w)²/2 = a_W²·C_W/2 (AutoInit §2.1; independent of σ_b², so a_b is
// never updated).
func ReLUJacobian(aW, sw2 float64) float64 { return aW * aW * sw2 / 2 }

// Loss selects the Jacobian loss of the ReLU dynamics.
type Loss int

// The losses.
const (
	LogLoss    Loss = iota // JLL, eq 12
	SquareLoss             // JSL
)

// String names the loss.
func (l Loss) String() string {
	if l == SquareLoss {
		return "JSL"
	}
	return "JLL"
}

// Step is one SGD update of a_W with rate eta, written for s = √𝒥:
//
//	JLL (17): s' = s − η σ_w² log(s²)/s
//	JSL (41): s' = s − η σ_w² s(s² − 1)
//
// Every ReLU layer evolves by itself.
func Step(loss Loss, s, sw2, eta float64) float64 {
	if loss == SquareLoss {
		return s - eta*sw2*s*(s*s-1)
	}
	return s - eta*sw2*math.Log(s*s)/s
}

// Bound is the largest rate for which one update from s = √𝒥 ≠ 1 decreases
// |s − 1| (AutoInit eqs 18 and 42):
//
//	JLL: 2(s − 1)s/(σ_w² log s²),   JSL: 2/(σ_w² s(1 + s)).
//
// Bound of JLL at s = 1 is its limit 1/σ_w².
func Bound(loss Loss, s, sw2 float64) float64 { return 2 * OneStep(loss, s*s, sw2) }

// OneStep is the rate with which one update from 𝒥(0) = J0 lands on 𝒥 = 1
// (AutoInit eqs 19 and 43), with s₀ = √J0:
//
//	JLL: (s₀ − 1)s₀/(σ_w² log J0)   (→ 1/(2σ_w²) as J0 → 1),
//	JSL: 1/(σ_w² s₀(1 + s₀)).
func OneStep(loss Loss, J0, sw2 float64) float64 {
	s := math.Sqrt(J0)
	if loss == SquareLoss {
		return 1 / (sw2 * s * (1 + s))
	}
	if math.Abs(s-1) < 1e-6 {
		// (s−1)s/log s² = s/(2(1 − u/2 + u²/3 − …)), u = s − 1.
		u := s - 1
		return s / (2 * (1 - u/2 + u*u/3)) / sw2
	}
	return (s - 1) * s / (sw2 * math.Log(J0))
}

// MaxRate0 is the largest stable rate at t = 0 of a ReLU layer with a_W(0)
// = aW and base variance sw2, AutoInit eqs 20 and 44 with σ_w = √sw2:
//
//	JLL (20): η₀ = (a_Wσ_w − √2)a_W/(σ_w(log[(a_Wσ_w)²] − log 2)),
//	JSL (44): η₀ = 4/(σ_w³ a_W(√2 + a_Wσ_w)).
//
// It equals 2·OneStep at 𝒥(0) = (a_Wσ_w)²/2 (not an "optimal" rate).
func MaxRate0(loss Loss, aW, sw2 float64) (float64, error) {
	sw := math.Sqrt(sw2)
	x := aW * sw
	if !(x > 0) {
		return 0, fmt.Errorf("autoinit: a_W σ_w must be > 0, got %g", x)
	}
	if loss == SquareLoss {
		return 4 / (sw * sw2 * aW * (math.Sqrt2 + x)), nil
	}
	if math.Abs(x-math.Sqrt2) < 1e-6 {
		return 2 * OneStep(LogLoss, x*x/2, sw2), nil
	}
	return (x - math.Sqrt2) * aW / (sw * (math.Log(x*x) - math.Ln2)), nil
}

// Trajectory iterates Step from 𝒥(0) = J0 for steps updates and returns
// 𝒥(t), t = 0…steps.
func Trajectory(loss Loss, J0, sw2, eta float64, steps int) []float64 {
	out := make([]float64, 0, steps+1)
	s := math.Sqrt(J0)
	out = append(out, J0)
	for t := 0; t < steps; t++ {
		s = Step(loss, s, sw2, eta)
		out = append(out, s*s)
	}
	return out
}
