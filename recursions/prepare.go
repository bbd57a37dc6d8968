package recursions

import "critcalc/calc"

// Prepared is an activation whose analysis has begun: from Prepare on,
// ScaleInvariantOf and, for a σ that is not scale-invariant, New and the
// preparation of every average it would otherwise leave to first use run
// in the background, so that a caller's own checks of σ (the act command's
// count of the sign changes of σ') run beside them. That work computes no
// Gaussian average (Taylor expansions at 0, kinks, compilation), so a
// Prepared that is never analysed costs only that. The averages of the
// root scans are prepared first: the scans start on them while the others
// are prepared.
type Prepared struct {
	sigma calc.Expr
	ready chan struct{} // closed when si … scanErr are set
	done  chan struct{} // closed when restErr is set

	si      ScaleInvariant
	isSI    bool
	siErr   error // of ScaleInvariantOf
	a       *Activation
	scanErr error // of New or of preparing the scan averages
	restErr error // of preparing the other averages
}

// Prepare starts preparing the analysis of σ.
func Prepare(sigma calc.Expr) *Prepared {
	p := &Prepared{sigma: sigma, ready: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		a := p.prepareScans()
		close(p.ready)
		if a != nil {
			// The analysis uses every average: they are prepared here,
			// beside the scans.
			p.restErr = a.prepareAll()
		}
	}()
	return p
}

// prepareScans sets what ready promises and returns the activation whose
// other averages are still to be prepared (nil when there is none).
func (p *Prepared) prepareScans() *Activation {
	p.si, p.isSI, p.siErr = ScaleInvariantOf(p.sigma, scanDigits)
	if p.siErr != nil || p.isSI {
		return nil
	}
	a, err := New(p.sigma)
	if err == nil {
		_, err = a.scanAverages()
	}
	if err != nil {
		p.scanErr = err
		return nil
	}
	p.a = a
	return a
}

// waitScans returns when the scan averages are prepared (or failed).
func (p *Prepared) waitScans() { <-p.ready }

// wait returns when the preparation has ended.
func (p *Prepared) wait() { <-p.done }
