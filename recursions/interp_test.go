package recursions

import (
	"math"
	"math/rand/v2"
	"testing"

	"critcalc/hermite/quadrature"
)

// TestLayerTableAgreesWithQuadrature builds the cells of several
// activations over K from 2^-18 to 2^8 and compares each interpolated
// average, at points between the interpolation points, with the
// quadrature there: they must agree within three times the quadrature's
// own error bound (or 1e-15 of the value), the accuracy the table claims.
// For σ analytic on the real line every cell must build.
func TestLayerTableAgreesWithQuadrature(t *testing.T) {
	tests := []struct {
		sigma    string
		allBuild bool
	}{
		{"tanh(x)", true},
		{"gelu(x)", true},
		{"swish(x)", true},
		{"erf(x)", true},
		{"elu(x)", false},
		{"softsign(x)", false},
	}
	for _, tt := range tests {
		a := mustNew(t, tt.sigma)
		d, err := a.depthAverages()
		if err != nil {
			t.Fatal(err)
		}
		tab := newLayerTable(d, math.MaxInt, nil)
		for c := -9; c < 4; c++ {
			cell := &layerTableCell{}
			tab.build(cell, c)
			if cell.failed {
				if tt.allBuild {
					t.Errorf("%s: cell %d (K from %g) did not build", tt.sigma, c, layerTableK(c, -1))
				}
				continue
			}
			tab.cells[c], tab.lastC, tab.last = cell, c, cell
			for _, x := range []float64{-0.99, -0.71, -0.3, 0.013, 0.42, 0.77, 0.995} {
				K := layerTableK(c, x)
				want, bound, err := d.bounded(K)
				if err != nil {
					t.Fatal(err)
				}
				got, gotBound, err := tab.step(K, 1)
				if err != nil {
					t.Fatal(err)
				}
				g, w, b, gb := got.averages(), want.averages(), bound.averages(), gotBound.averages()
				for i := range g {
					if tol := 3 * max(b[i], 1e-15*math.Abs(w[i])); !(math.Abs(g[i]-w[i]) <= tol) {
						t.Errorf("%s K = %g: average %d interpolated %.17g, quadrature %.17g ± %.2g", tt.sigma, K, i, g[i], w[i], b[i])
					}
					// The interpolant's bound and the quadrature's cover
					// their distance (the check run of Iterate moves an
					// interpolated average by the former).
					if !(math.Abs(g[i]-w[i]) <= gb[i]+b[i]) {
						t.Errorf("%s K = %g: average %d interpolated %.17g ± %.2g, quadrature %.17g ± %.2g: the bounds do not meet", tt.sigma, K, i, g[i], gb[i], w[i], b[i])
					}
				}
			}
		}
	}
}

// TestIterateTableMatchesQuadrature runs Iterate, whose layers come from
// the table once a cell is built, against the same recursions with the
// quadrature at every layer: 3000 layers of tanh at criticality (K from 1
// to 1.7e-4), GELU at its K* > 0 critical point and softsign (kinked).
// Float64 rounding of the averages, an ulp at a layer, accumulates to
// about ℓ ulps in K near criticality (χ∥ → 1), so they must agree to 1e-11.
func TestIterateTableMatchesQuadrature(t *testing.T) {
	tests := []struct {
		sigma      string
		cb, cw, k1 float64
	}{
		{"tanh(x)", 0, 1, 1},
		{"gelu(x)", 0.172922390756, 1.98305825744, 1},
		{"softsign(x)", 0, 1, 1},
	}
	const L = 3000
	for _, tt := range tests {
		a := mustNew(t, tt.sigma)
		got, err := a.Iterate(tt.cb, tt.cw, tt.k1, L, L, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := a.depthAverages()
		if err != nil {
			t.Fatal(err)
		}
		K, V, G := tt.k1, 0.0, 0.0
		for l := 1; l < L; l++ {
			st, _, err := d.step(K, tt.cw)
			if err != nil {
				t.Fatal(err)
			}
			K, V, G = tt.cb+tt.cw*st.g, st.chiPar*st.chiPar*V+tt.cw*tt.cw*(st.s4-st.g*st.g), st.chiPar*G+st.jOver8K2*V
		}
		l := got[len(got)-1]
		for _, c := range []struct {
			name      string
			got, want float64
		}{{"K", l.K, K}, {"V", l.V, V}, {"G1", l.G1, G}} {
			if rel := math.Abs(c.got/c.want - 1); !(rel <= 1e-11) {
				t.Errorf("%s ℓ = %d: %s table %.17g, quadrature %.17g (rel %.2g)", tt.sigma, L, c.name, c.got, c.want, rel)
			}
		}
	}
}

// TestLayerTableCoordinate checks that the cell and coordinate of K map
// back to K, that a cell starts at x = −1 on a power of 4, and that K
// that is not a positive normal number has no cell.
func TestLayerTableCoordinate(t *testing.T) {
	for _, K := range []float64{1e-300, 3.7e-9, 1.0 / 3, 0.25, 1, 1.5, 4, 17, 6.02e23} {
		c, x, ok := layerTableCoordinate(K)
		if !ok || x < -1 || x >= 1 {
			t.Fatalf("K = %g: cell %d, x = %g, ok = %v", K, c, x, ok)
		}
		if back := layerTableK(c, x); math.Abs(back/K-1) > 4e-16 {
			t.Errorf("K = %g: cell %d x = %.17g maps back to %.17g", K, c, x, back)
		}
	}
	for c := -5; c <= 5; c++ {
		K := math.Ldexp(1, 2*c)
		if cc, x, _ := layerTableCoordinate(K); cc != c || x != -1 {
			t.Errorf("K = 4^%d: cell %d, x = %g; want cell %d, x = -1", c, cc, x, c)
		}
	}
	for _, K := range []float64{0, -1, 1e-320, math.Inf(1), math.NaN()} {
		if _, _, ok := layerTableCoordinate(K); ok {
			t.Errorf("K = %g has a cell", K)
		}
	}
}

// TestLobattoCoefficients interpolates e^x (degree 16: truncation error
// below 1e-19 on [−1, 1], so rounding is all that is left) and the nearly
// constant 1 + 10⁻³x², which the transform must keep to about an ulp.
func TestLobattoCoefficients(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    func(float64) float64
		n    int
		tol  float64
	}{
		{"exp", math.Exp, 16, 1e-15},
		{"1+1e-3x²", func(x float64) float64 { return 1 + 1e-3*x*x }, 64, 3e-16},
	} {
		vals := make([]float64, tt.n+1)
		for j := range vals {
			vals[j] = tt.f(lobattoPoint(j, tt.n))
		}
		c := lobattoCoefficients(vals, 1)
		for i := 0; i <= 200; i++ {
			x := -1 + float64(i)/100
			if err := math.Abs(clenshaw(c, x) - tt.f(x)); err > tt.tol*math.Abs(tt.f(x)) {
				t.Errorf("%s at %g: interpolant off by %.2g", tt.name, x, err)
			}
		}
		kept, dropped := chopNoise(c, 1e-16)
		if tt.name == "1+1e-3x²" && (len(kept) != 3 || dropped > 1e-15) {
			t.Errorf("%s: kept %d coefficients, dropped %.2g; want 3", tt.name, len(kept), dropped)
		}
	}
}

// TestClenshawMany checks that the four-at-a-time recurrence gives every
// point the very value of clenshaw, for lengths that leave each remainder
// of four points, and coefficient counts down to one.
func TestClenshawMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, nc := range []int{1, 2, 3, 17, 82} {
		c := make([]float64, nc)
		for k := range c {
			c[k] = rng.NormFloat64() * math.Pow(2, -float64(k))
		}
		for _, n := range []int{0, 1, 4, 7, 10} {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = 2*rng.Float64() - 1
			}
			out := make([]float64, n)
			clenshawMany(out, c, xs)
			for i, x := range xs {
				if want := clenshaw(c, x); math.Float64bits(out[i]) != math.Float64bits(want) {
					t.Fatalf("%d coefficients, point %d of %d: %v, clenshaw %v", nc, i, n, out[i], want)
				}
			}
		}
	}
}

// TestClenshawRows checks that the five series evaluated side by side give,
// bit for bit, what clenshaw gives for each alone, for series of unequal
// lengths (the shorter ones padded with zero rows) and points of both
// signs, 0 and ±1 included.
func TestClenshawRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, lens := range [][layerTableAverages]int{{1, 1, 1, 1, 1}, {65, 3, 40, 1, 17}, {2, 65, 65, 64, 9}} {
		var cs [layerTableAverages][]float64
		for i, n := range lens {
			cs[i] = make([]float64, n)
			for k := range cs[i] {
				cs[i][k] = rng.NormFloat64() * math.Pow(2, -float64(k)/2)
			}
		}
		rows := coefficientRows(cs)
		for _, x := range []float64{-1, -0.7, -1e-300, 0, 0.3, 1, 2*rng.Float64() - 1} {
			got := clenshawRows(rows, x)
			for i, c := range cs {
				if want := clenshaw(c, x); math.Float64bits(got[i]) != math.Float64bits(want) {
					t.Fatalf("lengths %v, series %d at x = %g: %v, clenshaw %v", lens, i, x, got[i], want)
				}
			}
		}
	}
}

// lobattoSums4, four coefficients together, equals lobattoSum, one at a
// time, bit for bit, for every group of four coefficients of degrees 2 to
// 128 (the last group running past the degree), on deviations of mixed
// sign and size; and lobattoSum is the transform's sum, checked against
// cosines computed at each term.
func TestLobattoSums4(t *testing.T) {
	for _, m := range []int{2, 3, 4, 5, 8, 32, 33, 64, 128} {
		dev := make([]float64, m+1)
		for j := range dev {
			dev[j] = math.Exp(math.Sin(3*float64(j))) - 1.2 + 1e-3*float64(j*j)
		}
		cos := make([]float64, 2*m)
		for i := range cos {
			cos[i] = math.Cos(float64(i) * math.Pi / float64(m))
		}
		for k := 0; k <= m; k += 4 {
			var got [4]float64
			lobattoSums4(got[:], dev, cos, k)
			for i, g := range got {
				if want := lobattoSum(dev, cos, k+i); math.Float64bits(g) != math.Float64bits(want) {
					t.Fatalf("m %d: c_%d = %v together, %v alone", m, k+i, g, want)
				}
			}
		}
		for k := 0; k <= m; k++ {
			var s quadrature.CompensatedSum
			for j, d := range dev {
				s.Add(d * math.Cos(float64(j*k%(2*m))*math.Pi/float64(m)))
			}
			if got, want := lobattoSum(dev, cos, k), 2*s.Value()/float64(m); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("m %d: c_%d = %v, the transform's sum %v", m, k, got, want)
			}
		}
	}
}

func BenchmarkLobattoCoefficients(b *testing.B) {
	vals := make([]float64, 129)
	for j := range vals {
		vals[j] = math.Exp(math.Sin(3 * float64(j)))
	}
	for b.Loop() {
		lobattoCoefficients(vals, 1)
	}
}
