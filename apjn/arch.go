package apjn

import (
	"fmt"
	"math"
	"strings"
)

// Arch is an MLP architecture of DHG, or a block of MLP-Mixer (DHG App. H)
// or ResMLP (AutoInit App. D) whose recursions run block by block.
type Arch int

// The architectures.
const (
	Vanilla  Arch = iota // h' = Wφ(h) + b
	LNPre                // h' = Wφ(LN(h)) + b
	LNPost               // h' = W·LN(φ(h)) + b
	Res                  // h' = Wφ(h) + b + μh
	PreLNRes             // h' = Wφ(LN(h)) + b + μh
	BN                   // h' = Wφ(BN(h)) + b + μh, |B| → ∞
	Mixer                // MLP-Mixer block: token- and channel-mixing MLPs, Pre-LN, skip μ (DHG App. H)
	ResMLP               // ResMLP block: patch and channel MLPs, LayerScale 𝓔, skip μ (AutoInit App. D)
)

var archNames = [...]string{"vanilla", "ln-pre", "ln-post", "res", "preln-res", "bn", "mixer", "resmlp"}

// String returns the architecture's name as the command line spells it.
func (a Arch) String() string {
	if a < 0 || int(a) >= len(archNames) {
		return fmt.Sprintf("Arch(%d)", int(a))
	}
	return archNames[a]
}

// HasSkip reports whether the architecture has an identity skip μh.
func (a Arch) HasSkip() bool {
	return a == Res || a == PreLNRes || a == BN || a == Mixer || a == ResMLP
}

// IsBlock reports whether one step of the recursion is a whole MLP-Mixer or
// ResMLP block (two residual sub-blocks) rather than one layer.
func (a Arch) IsBlock() bool { return a == Mixer || a == ResMLP }

// ParseArch reads an architecture name.
func ParseArch(s string) (Arch, error) {
	for i, n := range archNames {
		if s == n {
			return Arch(i), nil
		}
	}
	return 0, fmt.Errorf("apjn: unknown architecture %q (want one of %s)", s, strings.Join(archNames[:], ", "))
}

// Params are the hyperparameters of one layer: the variances C_W = σ_w²
// and C_b = σ_b², and the identity-skip strength μ (DHG eq 1).
type Params struct {
	SW2, SB2 float64 // σ_w², σ_b²
	Mu       float64 // identity-skip strength μ ∈ [0, 1]; 0 without skip
}

// Validate checks p for architecture a.
func (p Params) Validate(a Arch) error {
	switch {
	case !(p.SW2 > 0) || math.IsInf(p.SW2, 0):
		return fmt.Errorf("apjn: σ_w² must be finite and > 0, got %g", p.SW2)
	case !(p.SB2 >= 0) || math.IsInf(p.SB2, 0):
		return fmt.Errorf("apjn: σ_b² must be finite and ≥ 0, got %g", p.SB2)
	case !(p.Mu >= 0 && p.Mu <= 1):
		return fmt.Errorf("apjn: μ must be in [0, 1], got %g", p.Mu)
	case p.Mu != 0 && !a.HasSkip():
		return fmt.Errorf("apjn: architecture %s has no skip connection, μ = %g", a, p.Mu)
	}
	return nil
}
