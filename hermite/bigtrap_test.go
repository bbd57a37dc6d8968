package hermite

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"critcalc/calc"
	"critcalc/calc/bigmath"
	"critcalc/internal/testlevel"
)

// trapSet returns the integrands σ², σ'², zσσ', σ²z⁴ and σ⁴ of sigma.
func trapSet(t *testing.T, sigma string) []*integrand {
	t.Helper()
	s := calc.MustParse(sigma)
	d := calc.Derivative(s, 1)
	z := calc.Var()
	s2 := calc.Mul(s, s)
	ins, err := newIntegrands(s2, calc.Mul(d, d), calc.Mul(z, calc.Mul(s, d)), calc.Mul(s2, calc.Mul(calc.Mul(z, z), calc.Mul(z, z))), calc.Mul(s2, s2))
	if err != nil {
		t.Fatal(err)
	}
	return ins
}

// TestTrapezoidMatchesPanels checks the trapezoidal path against the
// Gauss–Legendre panels, each certified to half a unit in the last of
// digits digits of the scale E|F|: the two must agree to 10^−digits of it,
// and the trapezoidal path must be the one taken for these smooth
// integrands.
func TestTrapezoidMatchesPanels(t *testing.T) {
	type tc struct {
		sigma  string
		K      string
		digits int
	}
	tests := []tc{
		{"tanh", "1", 40}, {"tanh", "0.0312", 30}, {"tanh", "1/3000", 60},
		{"gelu", "1", 30}, {"gelu", "0.05", 45}, {"swish", "1.7", 30},
		{"mish", "0.3", 30}, {"erf(x)", "2", 25}, {"softplus", "0.8", 30},
	}
	if testlevel.IsExhaustive() {
		for _, s := range []string{"tanh", "gelu", "swish", "mish", "erf(x)", "softplus", "sigmoid(x)", "sin(x)"} {
			for _, K := range []string{"1/100000", "0.003", "0.2", "1", "4", "9.5"} {
				for _, d := range []int{15, 30, 60} {
					tests = append(tests, tc{s, K, d})
				}
			}
		}
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/K=%s/%d", tt.sigma, tt.K, tt.digits), func(t *testing.T) {
			K, ok := new(big.Rat).SetString(tt.K)
			if !ok {
				t.Fatal(tt.K)
			}
			q := newBigQuad(trapSet(t, tt.sigma))
			Kf, _ := K.Float64()
			prec := workingBits(tt.digits)
			r, ok := q.trapezoid(K, Kf, tt.digits, tt.digits, 0)
			if !ok {
				t.Fatal("the trapezoidal path did not converge")
			}
			want, _, err := q.panelsAt(K, Kf, tt.digits, 0, prec)
			if err != nil {
				t.Fatal(err)
			}
			tol := new(big.Float).SetFloat64(1)
			for i, w := range want {
				d := new(big.Float).Sub(r.sums[i], w)
				d.Abs(d)
				// Both are within 10^−(digits+2) E|F| of the integral.
				lim := tol.SetFloat64(r.scales[i] * pow10(-tt.digits))
				if d.Cmp(lim) > 0 {
					t.Errorf("⟨%s⟩: trapezoidal %s, panels %s (scale %.3g)", q.ins[i].expr, r.sums[i].Text('e', tt.digits), w.Text('e', tt.digits), r.scales[i])
				}
			}
		})
	}
}

// TestTrapezoidWideOperands checks the trapezoidal sums where the
// mantissas are wider than schoolbookWords, so that trapSums multiplies
// them with big.Int: σ = e^x at 240 digits, against the closed forms
// E[e^(2z)] = e^(2K), E[z·e^(2z)] = 2K·e^(2K),
// E[z⁴e^(2z)] = (3K² + 24K³ + 16K⁴)·e^(2K) and E[e^(4z)] = e^(8K).
func TestTrapezoidWideOperands(t *testing.T) {
	const digits = 240
	if prec := workingBits(digits); int(prec) <= schoolbookWords*wordBits {
		t.Fatalf("%d bits do not take the big.Int products", prec)
	}
	K := big.NewRat(1, 4)
	Kf, _ := K.Float64()
	q := newBigQuad(trapSet(t, "exp(x)"))
	prec := workingBits(digits)
	r, ok := q.trapezoid(K, Kf, digits, digits, 0)
	if !ok {
		t.Fatal("the trapezoidal path did not converge")
	}
	wp := prec + 64
	k := new(big.Float).SetPrec(wp).SetRat(K)
	num := func(v float64) *big.Float { return new(big.Float).SetPrec(wp).SetFloat64(v) }
	e2K := bigmath.Exp(wp, new(big.Float).SetPrec(wp).Mul(num(2), k))
	k2 := new(big.Float).SetPrec(wp).Mul(k, k)
	poly := new(big.Float).SetPrec(wp).Mul(num(3), k2)                                  // 3K²
	poly.Add(poly, new(big.Float).SetPrec(wp).Mul(num(24), new(big.Float).Mul(k2, k)))  // + 24K³
	poly.Add(poly, new(big.Float).SetPrec(wp).Mul(num(16), new(big.Float).Mul(k2, k2))) // + 16K⁴
	want := []*big.Float{
		e2K, // σ²
		e2K, // σ'²
		new(big.Float).SetPrec(wp).Mul(new(big.Float).Mul(num(2), k), e2K), // zσσ'
		new(big.Float).SetPrec(wp).Mul(poly, e2K),                          // σ²z⁴
		bigmath.Exp(wp, new(big.Float).SetPrec(wp).Mul(num(8), k)),         // σ⁴
	}
	for i, w := range want {
		d := new(big.Float).SetPrec(wp).Sub(r.sums[i], w)
		d.Quo(d.Abs(d), w)
		if rel, _ := d.Float64(); !(rel <= pow10(-digits)) {
			t.Errorf("⟨%s⟩: relative error %.3g, beyond 1e-%d", q.ins[i].expr, rel, digits)
		}
	}
}

// pow10 returns 10^e.
func pow10(e int) float64 {
	v := 1.0
	for ; e < 0; e++ {
		v /= 10
	}
	for ; e > 0; e-- {
		v *= 10
	}
	return v
}

// gridPoints returns the number of points whose values q's grid of
// precision vprec holds.
func gridPoints(q *bigQuad, vprec uint) int {
	g := q.trapGrids.grid(vprec)
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.pts)
}

// TestTrapezoidReusesNodes checks that a second expectation at a nearby K
// (the next layer of a depth iteration) evaluates the integrands at few
// new points, and none at a K equal in float64 (a late Newton step).
func TestTrapezoidReusesNodes(t *testing.T) {
	q := newBigQuad(trapSet(t, "tanh"))
	const digits = 30
	points := func() int { return gridPoints(q, workingBits(digits)) }
	K1 := big.NewRat(31, 1000)
	if _, err := q.at(K1, digits); err != nil {
		t.Fatal(err)
	}
	n1 := points()
	K2, _ := new(big.Rat).SetString("0.0310000000000000000000000001")
	if _, err := q.at(K2, digits); err != nil {
		t.Fatal(err)
	}
	if n2 := points(); n2 != n1 {
		t.Errorf("K = 0.031(1 + 3·10^−27): %d new points, want 0", n2-n1)
	}
	start := time.Now()
	if _, err := q.at(big.NewRat(30, 1000), digits); err != nil {
		t.Fatal(err)
	}
	if n3 := points(); n3 != n1 {
		t.Errorf("K = 0.030 after 0.031: %d new points, want 0", n3-n1)
	}
	t.Logf("K = 0.030 after 0.031: %v", time.Since(start))
}

// TestAtDigitsSharingDeterministic runs two working precisions side by
// side on one set of averages, as a high-precision depth iteration does,
// and checks that every value is the one the same calls give one after
// the other on a fresh set (the shared nodes are evaluated once, whoever
// evaluates them), and within 10^−digits of AtDigits.
func TestAtDigitsSharingDeterministic(t *testing.T) {
	sigma := calc.MustParse("gelu")
	d := calc.Derivative(sigma, 1)
	fs := []calc.Expr{calc.Mul(sigma, sigma), calc.Mul(d, d), calc.Mul(calc.Var(), calc.Mul(sigma, d))}
	Ks := []*big.Rat{big.NewRat(1, 1), big.NewRat(3, 10), big.NewRat(2, 25), big.NewRat(1, 50)}
	const lo, hi = 20, 30
	run := func(m *Many, digits int) [][]*big.Float {
		var out [][]*big.Float
		for _, K := range Ks {
			v, err := m.AtDigitsSharing(K, digits, hi)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	shared, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	var side [2][][]*big.Float
	done := make(chan int)
	for i, digits := range []int{lo, hi} {
		go func() { side[i] = run(shared, digits); done <- i }()
	}
	<-done
	<-done
	fresh, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := NewMany(fs...)
	if err != nil {
		t.Fatal(err)
	}
	for i, digits := range []int{lo, hi} {
		seq := run(fresh, digits)
		for k, K := range Ks {
			want, err := plain.AtDigits(K, digits)
			if err != nil {
				t.Fatal(err)
			}
			for j := range seq[k] {
				if side[i][k][j].Cmp(seq[k][j]) != 0 {
					t.Errorf("%d digits, K = %s, ⟨%s⟩: side by side %s, one after the other %s", digits, K.RatString(), fs[j], side[i][k][j].Text('e', 40), seq[k][j].Text('e', 40))
				}
				diff := new(big.Float).Sub(seq[k][j], want[j])
				diff.Quo(diff.Abs(diff), new(big.Float).Abs(want[j]))
				if r, _ := diff.Float64(); r > pow10(-digits) {
					t.Errorf("%d digits, K = %s, ⟨%s⟩: sharing %s, AtDigits %s", digits, K.RatString(), fs[j], seq[k][j].Text('e', digits), want[j].Text('e', digits))
				}
			}
		}
	}
}

// TestAtDigitsSharingOnePartition checks that a call at fewer digits that
// shares its nodes with later ones takes its trapezoidal step's bound from
// the float64 partition for the shared digits, so that the calls compute
// one partition, not one for each number of digits.
func TestAtDigitsSharingOnePartition(t *testing.T) {
	sigma := calc.MustParse("mish")
	d := calc.Derivative(sigma, 1)
	m, err := NewMany(calc.Mul(d, d), calc.Mul(calc.Var(), calc.Mul(sigma, d)))
	if err != nil {
		t.Fatal(err)
	}
	K := big.NewRat(167, 100)
	for _, digits := range []int{34, 48, 48} {
		if _, err := m.AtDigitsSharing(K, digits, 48); err != nil {
			t.Fatal(err)
		}
	}
	q := m.bigQuad()
	q.widthMu.Lock()
	defer q.widthMu.Unlock()
	if len(q.widths) != 1 {
		t.Errorf("%d partitions, want 1: %v", len(q.widths), q.widths)
	}
	for key := range q.widths {
		if key.digits != 48 {
			t.Errorf("a partition for %d digits, want only 48", key.digits)
		}
	}
}

// TestNewGridValues checks the split of a value into mantissa and
// exponent, which must give the value back exactly, and its absolute
// value in float64 (absOfMantissa, or Float64 beyond ±2^1000) against
// big.Float.Float64: on random values at several precisions, on values
// halfway between two float64 (ties to even, both ways) or just off
// halfway, and at the edges of the range.
func TestNewGridValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var tmp gridScratch
	check := func(v *big.Float) {
		t.Helper()
		g := newGridValues([]*big.Float{v}, &tmp)
		want, _ := v.Float64()
		if g.abs[0] != math.Abs(want) {
			t.Fatalf("%s: %v, Float64 %v", v.Text('p', 0), g.abs[0], math.Abs(want))
		}
		back := new(big.Float).SetInt(g.mant[0])
		back.SetMantExp(back, g.exp[0])
		if back.Cmp(v) != 0 {
			t.Fatalf("%s: mantissa %s, exponent %d", v.Text('p', 0), g.mant[0], g.exp[0])
		}
	}
	for i := range 20000 {
		prec := []uint{60, 64, 128, 200, 333}[i%5]
		v := new(big.Float).SetPrec(prec).SetFloat64(rng.NormFloat64())
		v.Add(v, new(big.Float).SetPrec(prec).SetFloat64(rng.NormFloat64()*math.Pow(2, -60-float64(rng.IntN(60)))))
		v.SetMantExp(v, rng.IntN(2400)-1200)
		check(v)
	}
	for _, x := range []float64{1, 1.5, 0x1.fffffffffffffp0, math.MaxFloat64, math.SmallestNonzeroFloat64, 0x1p-1022} {
		for _, d := range []float64{0.5, -0.5} { // half an ulp of x's 53 bits either way
			for _, off := range []float64{0, 1, -1} { // and just beyond or short of it
				// The bit that breaks the tie lies in the word that
				// holds the lowest of the top 64 bits, or further down.
				for _, pb := range [][2]int{{120, 110}, {333, 70}, {333, 110}, {333, 300}} {
					prec, below := uint(pb[0]), pb[1]
					v := new(big.Float).SetPrec(prec).SetFloat64(x)
					e := v.MantExp(nil)
					ulp := new(big.Float).SetMantExp(big.NewFloat(d), e-53)
					ulp.SetPrec(prec) // SetMantExp takes the precision of its mantissa
					ulp.Add(ulp, new(big.Float).SetMantExp(big.NewFloat(off), e-below))
					check(v.Add(v, ulp))
				}
			}
		}
	}
	check(new(big.Float))
	check(new(big.Float).SetPrec(200).SetInt64(-3))
}

// TestTrapezoidStartsAtStep checks the steps the trapezoidal sums keep:
// a call whose sums converged only on a finer grid than the first (mish
// at 48 digits, whose step from the Gaussian and the feature width is one
// halving short) keeps that step, a later call at a nearby K agrees with a
// fresh quadrature to the digits asked for, and a call starts on the step
// kept (at 34 digits, told of a finer step than it needs, it fills that
// grid's nodes and its values agree with the coarser grid's).
func TestTrapezoidStartsAtStep(t *testing.T) {
	const digits = 48
	q := newBigQuad(trapSet(t, "mish"))
	K1, _ := new(big.Rat).SetString("1.67016913247809")
	if _, err := q.at(K1, digits); err != nil {
		t.Fatal(err)
	}
	vprec := workingBits(digits)
	key := trapStepKey{kc: kClass(1.67016913247809), digits: digits, vprec: vprec}
	m, ok := q.trapSteps.get(key)
	if !ok {
		t.Fatalf("no level kept for %+v", key)
	}
	if _, err := q.at(K1, 34); err != nil {
		t.Fatal(err)
	}
	m34, ok := q.trapSteps.get(trapStepKey{kc: key.kc, digits: 34, vprec: workingBits(34)})
	if !ok || m34 >= m {
		t.Errorf("levels %d at 34 digits (kept: %v), %d at %d: the test wants the finer one later", m34, ok, m, digits)
	}
	K2, _ := new(big.Rat).SetString("1.670169132478096731")
	got, err := q.at(K2, digits)
	if err != nil {
		t.Fatal(err)
	}
	if m2, _ := q.trapSteps.get(key); m2 != m {
		t.Errorf("level %d after the second call, %d after the first", m2, m)
	}
	want, err := newBigQuad(trapSet(t, "mish")).at(K2, digits)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if !agreeDigits(got[i], want[i], digits, 0) {
			t.Errorf("integrand %d: %s, a fresh quadrature gives %s", i, got[i].Text('g', digits+2), want[i].Text('g', digits+2))
		}
	}

	// A step kept is where the next call starts: at 34 digits, where the
	// first grid converges, a quadrature told of the finer one fills its
	// nodes too, and its values agree with the coarser grid's.
	key34 := trapStepKey{kc: key.kc, digits: 34, vprec: workingBits(34)}
	points := func(q *bigQuad) int { return gridPoints(q, key34.vprec) }
	coarse, fine := newBigQuad(trapSet(t, "mish")), newBigQuad(trapSet(t, "mish"))
	fine.trapSteps.put(key34, m34+1)
	vc, err := coarse.at(K1, 34)
	if err != nil {
		t.Fatal(err)
	}
	vf, err := fine.at(K1, 34)
	if err != nil {
		t.Fatal(err)
	}
	if nc, nf := points(coarse), points(fine); !(nf > nc) {
		t.Errorf("%d nodes starting at the kept step, %d from the first: want more", nf, nc)
	}
	for i := range vc {
		if !agreeDigits(vf[i], vc[i], 34, 0) {
			t.Errorf("integrand %d at 34 digits: %s on the finer grid, %s on the first", i, vf[i].Text('g', 36), vc[i].Text('g', 36))
		}
	}
}

// TestGridKey checks that distinct grid points have distinct keys, for
// numerators and exponents of either sign up to the limits the keys keep
// apart.
func TestGridKey(t *testing.T) {
	seen := map[gridKey]gridPoint{}
	for _, num := range []int64{0, 1, -1, 3, -3, 8191, -8191, 1<<47 - 1, -(1<<47 - 1)} {
		for _, exp := range []int{0, 1, -1, 40, -40, 1<<15 - 1, -(1<<15 - 1)} {
			p := gridPoint{num, exp}
			if q, ok := seen[p.key()]; ok && q != p {
				t.Fatalf("%v and %v share the key %#x", p, q, p.key())
			}
			seen[p.key()] = p
		}
	}
}

// TestTrapezoidSkipsShortGrids checks the estimates the trapezoidal sums
// keep across digits: after a call for 34 digits at K (mish near K*,
// whose 34-digit grid is one halving short at 48 digits), the estimate
// kept for that grid is above twice the 48-digit tolerance, so that a
// 48-digit call at K starts one grid finer; and its values are bit for bit
// those of a fresh 48-digit quadrature, which finds the coarser grid
// short by itself. At another K the estimate does not stand.
func TestTrapezoidSkipsShortGrids(t *testing.T) {
	const lo, hi = 34, 48
	K, _ := new(big.Rat).SetString("1.67016913247809")
	Kf, _ := K.Float64()
	q := newBigQuad(trapSet(t, "mish"))
	if _, err := q.atSharing(K, lo, hi); err != nil {
		t.Fatal(err)
	}
	vprec := workingBits(hi)
	key := trapStepKey{kc: kClass(Kf), digits: lo, vprec: vprec}
	m, ok := q.trapSteps.get(key)
	if !ok {
		t.Fatalf("no step kept for %+v", key)
	}
	est, ok := q.trapSteps.estimate(key, m, Kf)
	if tol := pow10(-(hi + 2)); !ok || !(est > 2*tol) {
		t.Fatalf("estimate %.3g (kept: %v) on the %d-digit grid 2^−%d, against twice the %d-digit tolerance %.3g: the test wants it short", est, ok, lo, m, hi, 2*tol)
	}
	if _, ok := q.trapSteps.estimate(key, m, Kf*(1+1e-6)); ok {
		t.Error("the estimate stands at another K")
	}
	got, err := q.at(K, hi)
	if err != nil {
		t.Fatal(err)
	}
	want, err := newBigQuad(trapSet(t, "mish")).at(K, hi)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i].Cmp(want[i]) != 0 {
			t.Errorf("integrand %d: %s after the %d-digit call, %s fresh", i, got[i].Text('g', hi+4), lo, want[i].Text('g', hi+4))
		}
	}
}
