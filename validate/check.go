package validate

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"critcalc/calc"
)

// Verdict is the outcome of one check.
type Verdict int

const (
	// Pass: |Z| ≤ Report.ZCrit.
	Pass Verdict = iota
	// Fail: |Z| > Report.ZCrit.
	Fail
	// TooFew: the estimator's error bar is not trustworthy at this number
	// of networks (below MinNetsVertex for V); no verdict.
	TooFew
	// NotComputable: the theory, the estimate or its error is not a finite
	// number (overflow, underflow to an undefined ratio, NaN); no verdict.
	NotComputable
)

// String returns "ok", "FAIL", "too few networks" or "not computable".
func (v Verdict) String() string {
	switch v {
	case Pass:
		return "ok"
	case Fail:
		return "FAIL"
	case TooFew:
		return "too few networks"
	}
	return "not computable"
}

// Judged reports whether the check has a verdict (Pass or Fail).
func (v Verdict) Judged() bool { return v == Pass || v == Fail }

// Check is one theoretical value beside its Monte-Carlo estimate.
type Check struct {
	Quantity  string  // "K", "G1", "V", "rho", "K+-", "APJN", …
	Layer     int     // ℓ
	Theory    float64 // prediction
	TheoryErr float64 // its estimated error (0: far below RoundingRel)
	Empirical float64 // Monte-Carlo estimate
	StdErr    float64 // its standard error
	Z         float64 // (Empirical − Theory)/√(StdErr² + TheoryErr² + (RoundingRel·scale)²)
	Verdict   Verdict
	// TheoryDigits is Theory with its certified digits (Theory.Certified;
	// V nil when not one digit is certified), set by SetTheoryDigits.
	TheoryDigits calc.Certified
}

// Passed reports that the check did not fail: Pass, or a check without a
// verdict (too few networks, not computable).
func (c Check) Passed() bool { return c.Verdict != Fail }

// Report is a list of checks with a joint verdict.
type Report struct {
	Checks []Check
	// Alpha is the family-wise level; ZCrit is the two-sided Student-t
	// quantile t_{DOF}(1 − α/(2N)) for the N checks that have a verdict
	// (the Normal quantile when DOF is 0).
	Alpha, ZCrit float64
	// DOF is the degrees of freedom of the error bars: M − 1 for M
	// networks (0: Normal).
	DOF float64
	// Judged is the number of checks with a verdict (N).
	Judged int
	// Pass reports that no check failed.
	Pass bool
}

// DefaultAlpha is the family-wise level of a report.
const DefaultAlpha = 0.01

// MinNetsVertex is the smallest number of networks at which the vertex V
// gets a verdict. V is a variance; the delta-method error of a variance
// from M samples is itself noisy and correlated with the estimate, so its
// z has heavy tails at small M even with Student's t: for tanh networks of
// width 64 (README, "Calibration") V alone FAILs a correct theory in 15% of
// seeds at M = 5, 5% at M = 30, 1% at M = 100 and 0.1–0.5% from M = 300.
const MinNetsVertex = 100

// RoundingRel is the relative accuracy granted to the theory and to the
// floating-point sums of the simulation: it is added to the Monte-Carlo
// error in quadrature, so a simulation that reproduces the theory exactly
// with no spread (a constant activation, ρ = 1) passes instead of giving
// z = ∞.
const RoundingRel = 1e-9

// NewCheck is the check of quantity q at layer l: a theoretical value
// with its estimated error theoryErr beside a Monte-Carlo estimate emp
// with standard error se, with its z-score; the verdict is set by
// Report.Finish, or NotComputable here when a value is not finite or the
// sample has no spread (se = 0) yet differs from the theory beyond
// rounding.
func NewCheck(q string, l int, theory, theoryErr, emp, se float64) Check {
	c := Check{Quantity: q, Layer: l, Theory: theory, TheoryErr: theoryErr, Empirical: emp, StdErr: se}
	if !finite(theory) || !finite(theoryErr) || !finite(emp) || !finite(se) {
		c.Z, c.Verdict = math.NaN(), NotComputable
		return c
	}
	// The accuracy of the theory and of the simulation's sums.
	tol := math.Hypot(RoundingRel*math.Max(math.Abs(theory), math.Abs(emp)), theoryErr)
	err := math.Hypot(se, tol)
	switch {
	case emp == theory:
		c.Z = 0
	case se == 0 && math.Abs(emp-theory) > tol:
		// No spread in the sample, yet a difference beyond rounding: the
		// error bar cannot be estimated from it. This is what underflow
		// gives (tanh at C_W = 1e300: σ'(z) is 0 in every unit of every
		// sampled network, while E[σ'²] is carried by an event of
		// probability 1e-150).
		c.Z, c.Verdict = math.NaN(), NotComputable
	case err > 0:
		c.Z = (emp - theory) / err
	default:
		c.Z = math.Copysign(math.Inf(1), emp-theory)
	}
	return c
}

// SetTheoryDigits sets the checked digits of the theory. Z rests on a
// theory whose error is below the standard error; where not one digit of
// it is checked (d.V nil: the theory computed a second time with its
// Gaussian averages moved by their accuracy does not agree in the first
// digit, as K + G{1}/n of a chaotic swish network whose G{1}/n has grown
// past K), the check gets no verdict (NotComputable).
func (c *Check) SetTheoryDigits(d calc.Certified) {
	c.TheoryDigits = d
	if d.V == nil && c.Verdict.Judged() {
		c.Z, c.Verdict = math.NaN(), NotComputable
	}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Finish sets ZCrit for the family-wise level alpha and the verdicts of
// the checks not already marked TooFew or NotComputable. dof is the
// degrees of freedom of the error bars (M − 1; 0 for the Normal law).
func (r *Report) Finish(alpha, dof float64) {
	r.Alpha, r.DOF = alpha, dof
	n := 0
	for _, c := range r.Checks {
		if c.Verdict.Judged() {
			n++
		}
	}
	r.Judged = n
	p := 1 - alpha/(2*float64(max(n, 1)))
	if dof > 0 {
		r.ZCrit = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: dof}.Quantile(p)
	} else {
		r.ZCrit = distuv.UnitNormal.Quantile(p)
	}
	r.Pass = true
	for i := range r.Checks {
		c := &r.Checks[i]
		if c.Verdict.Judged() {
			c.Verdict = Pass
			if !(math.Abs(c.Z) <= r.ZCrit) {
				c.Verdict = Fail
			}
		}
		r.Pass = r.Pass && c.Passed()
	}
}
