package report

import (
	"fmt"

	"critcalc/calc"
)

// Activation is an activation function with the label a table shows for it.
type Activation struct {
	Label string
	Sigma calc.Expr
}

// ParseActivations parses activation expressions; each is labelled with
// its text as given.
func ParseActivations(srcs []string) ([]Activation, error) {
	out := make([]Activation, 0, len(srcs))
	for _, s := range srcs {
		e, err := calc.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("activation %q: %w", s, err)
		}
		out = append(out, Activation{Label: s, Sigma: e})
	}
	return out, nil
}

// MustActivations returns the activations of label, expression pairs; it
// panics on an expression that does not parse, so it is for expressions
// written in the program.
func MustActivations(pairs ...string) []Activation {
	out := make([]Activation, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, Activation{Label: pairs[i], Sigma: calc.MustParse(pairs[i+1])})
	}
	return out
}

// PDLTActivations returns the activations that chapter 5 of Principles of
// Deep Learning Theory treats: the linear and the scale-invariant ones
// (ReLU, leaky ReLU with slope 0.2 below 0, §5.2.1), the K* = 0 class
// (tanh, sin, and erf, §5.3.3), the activations without criticality
// (sigmoid, softplus, the monomials z² and z³, §5.3.2) and the half-stable
// SWISH and GELU (§5.3.4).
func PDLTActivations() []Activation {
	return MustActivations(
		"linear", "x",
		"relu", "relu",
		"leaky relu (a₋ = 0.2)", "leaky_relu(x, 0.2)",
		"tanh", "tanh",
		"sin", "sin",
		"erf", "erf",
		"sigmoid", "sigmoid",
		"softplus", "softplus",
		"z²", "x^2",
		"z³", "x^3",
		"swish", "swish",
		"gelu", "gelu",
	)
}

// JoudakiActivations returns the rows of Table S.1 of Joudaki & Hofmann
// in the printed order, with CELU (α = 1) computed as ELU (α = 1), which
// it equals.
func JoudakiActivations() []Activation {
	return MustActivations(
		"tanh", "tanh",
		"SeLU", "selu",
		"ReLU", "relu",
		"sigmoid", "sigmoid",
		"exp", "exp(x)",
		"GELU", "gelu",
		"CELU", "elu(x, 1)",
		"ELU", "elu(x, 1)",
	)
}
