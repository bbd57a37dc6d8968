package validate

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Check is one theoretical value beside its Monte-Carlo estimate.
type Check struct {
	Quantity  string  // "K", "G1", "V", "rho", "K+-", "APJN", …
	Layer     int     // ℓ
	Theory    float64 // prediction
	Empirical float64 // Monte-Carlo estimate
	StdErr    float64 // its standard error
	Z         float64 // (Empirical − Theory)/StdErr
	Pass      bool    // |Z| ≤ Report.ZCrit
}

// Report is a list of checks with a joint verdict.
type Report struct {
	Checks []Check
	// Alpha is the family-wise level and ZCrit = Φ⁻¹(1 − α/(2N)).
	Alpha, ZCrit float64
	// Pass reports that every check passed.
	Pass bool
}

// DefaultAlpha is the family-wise level of a report.
const DefaultAlpha = 0.01

// newCheck computes the z-score of one check.
func newCheck(q string, l int, theory, emp, se float64) Check {
	c := Check{Quantity: q, Layer: l, Theory: theory, Empirical: emp, StdErr: se}
	switch {
	case emp == theory:
		c.Z = 0
	case se > 0:
		c.Z = (emp - theory) / se
	default:
		c.Z = math.Copysign(math.Inf(1), emp-theory)
	}
	return c
}

// Finish sets ZCrit for the family-wise level alpha and the verdicts.
func (r *Report) Finish(alpha float64) {
	r.Alpha = alpha
	n := max(len(r.Checks), 1)
	r.ZCrit = distuv.UnitNormal.Quantile(1 - alpha/(2*float64(n)))
	r.Pass = true
	for i := range r.Checks {
		c := &r.Checks[i]
		c.Pass = math.Abs(c.Z) <= r.ZCrit
		r.Pass = r.Pass && c.Pass
	}
}
