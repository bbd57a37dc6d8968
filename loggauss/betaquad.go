package loggauss

import (
	"fmt"
	"math"
)

// betaLogMoments returns E[h(B)] and E[h(B)²] for B ~ Beta(p, q) (p, q > 0)
// and h(b) = ln(c₀ + c₁b), c₀ ≥ 0, c₀ + c₁ ≥ 0 (h may be singular at an
// end, as ln b or ln(1 − b)), by the tanh-sinh rule
// b = 1/(1 + e^{−π sinh t}) (|t| ≤ 4.5), where the density's endpoint
// powers b^{p−1}(1−b)^{q−1} are taken in logarithms. The step starts below
// half the spread of the density in t and is halved until both moments
// and the total weight change by less than 1e−14 + 1e−15·|ln B(p, q)| (absolute; h is O(1));
// an error reports non-convergence.
func betaLogMoments(p, q, c0, c1 float64) (e1, e2 float64, err error) {
	lnB := lbeta(p, q)
	const tmax = 4.5
	eval := func(t float64) (w, hv float64) {
		u := math.Pi * math.Sinh(t)
		// ln b = −ln(1+e^{−u}), ln(1−b) = −ln(1+e^{u}), accurate at both ends.
		var lb, l1b float64
		if u > 0 {
			lb = -math.Log1p(math.Exp(-u))
			l1b = -u + lb
		} else {
			l1b = -math.Log1p(math.Exp(u))
			lb = u + l1b
		}
		// db/dt = b(1−b)·π cosh t.
		w = math.Exp(p*lb+q*l1b-lnB) * math.Pi * math.Cosh(t)
		// c₀ + c₁b, written so that it is accurate near b = 0 and b = 1.
		x := c0 + c1*math.Exp(lb)
		if c1 < 0 {
			x = (c0 + c1) - c1*math.Exp(l1b)
		}
		hv = math.Log(x)
		return w, hv
	}
	// The logit L = ln(B/(1−B)) = π sinh t has mean ψ(p) − ψ(q) and
	// standard deviation σ_L = √(ψ′(p) + ψ′(q)); its tails decay at least
	// like e^{−min(p,q)|L−μ|} (log-F law) and its core is Gaussian-like, so
	// beyond 12σ_L + 40/min(p, q) from μ the density is below e^{−40} of its
	// peak. Nodes lie on t_c + kh within that range (clipped to
	// |t| ≤ tmax), with a first step of about σ_t/2 (where the trapezoid
	// error e^{−2π²(σ_t/h)²} is already ~1e−34; the next level confirms it).
	mu := Digamma(p) - Digamma(q)
	sd := math.Sqrt(Trigamma(p) + Trigamma(q))
	half := 12*sd + 40/math.Min(p, q)
	tlo := math.Max(-tmax, math.Asinh((mu-half)/math.Pi))
	thi := math.Min(tmax, math.Asinh((mu+half)/math.Pi))
	tc := math.Asinh(mu / math.Pi)
	h := 0.125
	for h > sd/math.Cosh(tc)/math.Pi/2 {
		h /= 2
	}
	// Each weight carries a rounding error of about |ln B(p, q)|·1e−16
	// (from the exponent p ln b + q ln(1−b) − ln B), which bounds how well
	// successive levels can agree.
	tol := 1e-14 + 1e-15*math.Abs(lnB)
	var s0, s1, s2 float64
	// Level 0: all nodes t_c + k·h; later levels add the odd multiples of h/2.
	for k := int(math.Floor((tlo - tc) / h)); k <= int(math.Ceil((thi-tc)/h)); k++ {
		w, hv := eval(tc + float64(k)*h)
		s0, s1, s2 = s0+w, s1+w*hv, s2+w*hv*hv
	}
	prev := [3]float64{s0 * h, s1 * h, s2 * h}
	for level := 1; level <= 12; level++ {
		h /= 2
		for k := int(math.Floor((tlo - tc) / h)); k <= int(math.Ceil((thi-tc)/h)); k++ {
			if k%2 == 0 {
				continue
			}
			w, hv := eval(tc + float64(k)*h)
			s0, s1, s2 = s0+w, s1+w*hv, s2+w*hv*hv
		}
		cur := [3]float64{s0 * h, s1 * h, s2 * h}
		if math.Abs(cur[0]-prev[0]) < tol && math.Abs(cur[1]-prev[1]) < tol &&
			math.Abs(cur[2]-prev[2]) < tol*math.Max(1, math.Abs(cur[2])) {
			// The total weight is 1 up to the rounding of p ln b + q ln(1−b)
			// − ln B(p, q) (~|ln B|·1e−16), which the ratios below cancel.
			if math.Abs(cur[0]-1) > 1e-9 {
				return 0, 0, fmt.Errorf("beta(%g, %g) density integrates to %.15g", p, q, cur[0])
			}
			return cur[1] / cur[0], cur[2] / cur[0], nil
		}
		prev = cur
	}
	return 0, 0, fmt.Errorf("beta(%g, %g) log-moment quadrature did not converge", p, q)
}

// lbeta returns ln B(p, q).
func lbeta(p, q float64) float64 {
	a, _ := math.Lgamma(p)
	b, _ := math.Lgamma(q)
	c, _ := math.Lgamma(p + q)
	return a + b - c
}
