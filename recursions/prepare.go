package recursions

import "critcalc/calc"

// Prepared is an activation whose analysis has begun: from Prepare on,
// ScaleInvariantOf and, for a σ that is not scale-invariant, New and the
// preparation of every average it would otherwise leave to first use run
// in the background, so that a caller's own checks of σ (the act command's
// count of the sign changes of σ') run beside them. That work computes no
// Gaussian average (Taylor expansions at 0, kinks, compilation), so a
// Prepared that is never analysed costs only that.
type Prepared struct {
	sigma calc.Expr
	done  chan struct{}

	si     ScaleInvariant
	isSI   bool
	siErr  error // of ScaleInvariantOf
	a      *Activation
	newErr error // of New or of preparing an average
}

// Prepare starts preparing the analysis of σ.
func Prepare(sigma calc.Expr) *Prepared {
	p := &Prepared{sigma: sigma, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.si, p.isSI, p.siErr = ScaleInvariantOf(sigma, scanDigits)
		if p.siErr != nil || p.isSI {
			return
		}
		// The analysis uses every average: they are prepared here, beside
		// whatever the caller does meanwhile.
		if p.a, p.newErr = New(sigma); p.newErr == nil {
			if p.newErr = p.a.prepareAll(); p.newErr != nil {
				p.a = nil
			}
		}
	}()
	return p
}

// wait returns when the preparation has ended.
func (p *Prepared) wait() { <-p.done }
