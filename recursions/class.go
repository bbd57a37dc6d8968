package recursions

import "strings"

// Class is a universality class of critical behaviour (PDLT §5.3 and
// §5.4; the kinked-linear class of ELU-like activations).
type Class int

// The classes. ClassSemiCritical is not a class of a critical point but
// the large-depth behaviour of a scale-invariant σ at C_W = 1/A₂ with
// C_b > 0 (PDLT §5.3.1), which asymptotics predicts beside the others.
const (
	ClassNone Class = iota
	ClassScaleInvariant
	ClassKZero
	ClassKinkedLinear
	ClassHalfStable
	ClassSemiCritical
)

var classNames = [...]string{
	ClassNone:           "none",
	ClassScaleInvariant: "scale-invariant",
	ClassKZero:          "K*=0",
	ClassKinkedLinear:   "kinked-linear",
	ClassHalfStable:     "half-stable",
	ClassSemiCritical:   "semi-critical",
}

// String returns the class's name as critcalc prints it ("scale-invariant",
// "K*=0", "kinked-linear", "half-stable", "semi-critical", "none").
func (c Class) String() string {
	if c < 0 || int(c) >= len(classNames) {
		return "unknown"
	}
	return classNames[c]
}

// Classes is the set of classes of an activation's physical critical
// points, in the order Analyze finds them.
type Classes []Class

// String joins the class names with "+" ("K*=0+half-stable"); an empty
// set is "none".
func (cs Classes) String() string {
	if len(cs) == 0 {
		return ClassNone.String()
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, "+")
}

// Has reports whether c is one of the classes.
func (cs Classes) Has(c Class) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// Stability is how a fixed or critical point of the kernel map attracts
// or repels nearby kernels.
type Stability int

// The stabilities: |χ∥| < 1, |χ∥| > 1, and for χ∥ = 1 the sign of the
// curvature ã₁ (PDLT §5.4); Marginal when that vanishes too.
const (
	Marginal Stability = iota
	Stable
	Unstable
	// HalfStableFromBelow attracts K < K* and repels K > K* (ã₁ > 0).
	HalfStableFromBelow
	// HalfStableFromAbove attracts K > K* and repels K < K* (ã₁ < 0).
	HalfStableFromAbove
	// MarginalLine is the line of fixed points of a scale-invariant σ at
	// its critical point (PDLT (5.66)).
	MarginalLine
)

var stabilityNames = [...]string{
	Marginal:            "marginal",
	Stable:              "stable",
	Unstable:            "unstable",
	HalfStableFromBelow: "half-stable (attracts K < K*, repels K > K*)",
	HalfStableFromAbove: "half-stable (attracts K > K*, repels K < K*)",
	MarginalLine:        "marginal (line of fixed points)",
}

// String returns the stability as critcalc prints it.
func (s Stability) String() string {
	if s < 0 || int(s) >= len(stabilityNames) {
		return "unknown"
	}
	return stabilityNames[s]
}

// HalfStable reports whether s is one of the two half-stable kinds.
func (s Stability) HalfStable() bool {
	return s == HalfStableFromBelow || s == HalfStableFromAbove
}
