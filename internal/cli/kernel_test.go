package cli

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"critcalc/calc"
)

// writeFile writes data to a file in a test directory.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// npyBytes is a version 1.0 .npy file of a little-endian float64 array.
func npyBytes(shape string, xs []float64) string {
	dict := "{'descr': '<f8', 'fortran_order': False, 'shape': " + shape + ", }"
	dict += strings.Repeat(" ", (64-(10+len(dict)+1)%64)%64) + "\n"
	var b strings.Builder
	b.WriteString("\x93NUMPY\x01\x00")
	binary.Write(&b, binary.LittleEndian, uint16(len(dict)))
	b.WriteString(dict)
	for _, x := range xs {
		binary.Write(&b, binary.LittleEndian, math.Float64bits(x))
	}
	return b.String()
}

// The JSON of `critcalc kernel` has the documented keys; the first layer
// is K^(1) = C_b + C_W x_i·x_j/n₀ and, under the default λ, Θ^(1) = K^(1);
// for ReLU at criticality (C_b = 0, C_W = 2) the diagonal keeps K^(1) and
// the NTK's diagonal grows as ℓ·K^(1) (Θ' = K + Θ); a .npy file of the same
// numbers gives the same digits.
func TestKernelJSON(t *testing.T) {
	csv := writeFile(t, "x.csv", "# three inputs\n1, 0, 0\n0 , 2, 0\n\n0.6,0.8,0\n")
	npy := writeFile(t, "x.npy", npyBytes("(3, 3)", []float64{1, 0, 0, 0, 2, 0, 0.6, 0.8, 0}))
	var outs []string
	for _, in := range []string{csv, npy} {
		code, out, stderr := runCLI("kernel", "relu", "--cb", "0", "--cw", "2", "--layers", "5", "--every", "4",
			"--inputs", in, "--ntk", "--json")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Errorf("CSV and .npy inputs differ:\n%s\n%s", outs[0], outs[1])
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal([]byte(outs[0]), &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"expression", "C_b", "C_W", "lambda_b", "lambda_W", "inputs", "input_dim", "digits", "layers"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	var layers []struct {
		L    int         `json:"l"`
		NNGP [][]float64 `json:"nngp"`
		NTK  [][]float64 `json:"ntk"`
	}
	if err := json.Unmarshal(rep["layers"], &layers); err != nil {
		t.Fatal(err)
	}
	if len(layers) != 2 || layers[0].L != 4 || layers[1].L != 5 {
		t.Fatalf("layers %+v, want 4 and 5", layers)
	}
	k1 := []float64{2.0 / 3, 8.0 / 3, 2.0 / 3} // 2|x|²/3
	for _, l := range layers {
		for i := range 3 {
			if got := l.NNGP[i][i]; math.Abs(got-k1[i]) > 1e-8*k1[i] {
				t.Errorf("layer %d: K_%d%d = %v, want %v", l.L, i, i, got, k1[i])
			}
			if got, want := l.NTK[i][i], float64(l.L)*k1[i]; math.Abs(got-want) > 1e-8*want {
				t.Errorf("layer %d: Θ_%d%d = %v, want %v", l.L, i, i, got, want)
			}
			for j := range 3 {
				if l.NNGP[i][j] != l.NNGP[j][i] || l.NTK[i][j] != l.NTK[j][i] {
					t.Errorf("layer %d: not symmetric at (%d, %d)", l.L, i, j)
				}
			}
		}
	}
	// Inputs 1 and 2 are orthogonal: ψ = π/2 at layer 1, and the
	// arc-cosine map gives K_12 at layer 2 = 2·√(K_11K_22)/(2π).
	code, out, _ := runCLI("kernel", "relu", "--cb", "0", "--cw", "2", "--layers", "2", "--inputs", csv, "--format", "csv")
	want := calc.FormatFloat64(2*math.Sqrt(k1[0]*k1[1])/(2*math.Pi), 9)
	if code != exitOK || !strings.Contains(out, "2,nngp,0,0.666666667,"+want+",") {
		t.Errorf("CSV: exit %d, want K_12 = %s in\n%s", code, want, out)
	}
}

// --digits 30 keeps the float64 digits and prints more.
func TestKernelDigits(t *testing.T) {
	in := writeFile(t, "x.csv", "1,0.5\n-0.3,1.2\n")
	args := []string{"kernel", "erf", "--cb", "0.1", "--cw", "1.5", "--layers", "2", "--inputs", in, "--ntk", "--format", "csv"}
	c1, lo, e1 := runCLI(args...)
	c2, hi, e2 := runCLI(append(args, "--digits", "30")...)
	if c1 != exitOK || c2 != exitOK {
		t.Fatalf("exit %d, %d: %s %s", c1, c2, e1, e2)
	}
	lr, hr := strings.Split(strings.TrimSpace(lo), "\n"), strings.Split(strings.TrimSpace(hi), "\n")
	if len(lr) != 5 || len(hr) != 5 {
		t.Fatalf("rows:\n%s\n%s", lo, hi)
	}
	for r := 1; r < 5; r++ {
		lf, hf := strings.Split(lr[r], ","), strings.Split(hr[r], ",")
		for c := 3; c < len(lf); c++ {
			x, _, err := big.ParseFloat(hf[c], 10, 200, big.ToNearestEven)
			if err != nil || len(strings.TrimLeft(strings.ReplaceAll(hf[c], ".", ""), "-0")) < 28 {
				t.Fatalf("%q: %v", hf[c], err)
			}
			d := len(strings.TrimLeft(strings.ReplaceAll(lf[c], ".", ""), "-0"))
			if got := calc.FormatSignificant(x, d); got != lf[c] {
				t.Errorf("row %d col %d: float64 %s, 30 digits %s", r, c, lf[c], hf[c])
			}
		}
	}
}

func TestKernelBadInput(t *testing.T) {
	ok := writeFile(t, "ok.csv", "1,2\n3,4\n")
	for _, c := range []struct {
		name, data string
		args       []string
	}{
		{"ragged.csv", "1,2,3\n4,5\n", nil},
		{"nan.csv", "1,NaN\n", nil},
		{"inf.csv", "1,2\n3,+Inf\n", nil},
		{"word.csv", "1,x\n", nil},
		{"empty.csv", "\n# nothing\n", nil},
		{"zero.csv", "0,0\n1,1\n", nil},
		{"three.npy", npyBytes("(2, 2, 1)", []float64{1, 2, 3, 4}), nil},
		{"short.npy", npyBytes("(2, 3)", []float64{1, 2, 3, 4}), nil},
		{"nan.npy", npyBytes("(1, 2)", []float64{1, math.NaN()}), nil},
		{"big.csv", strings.Repeat("1\n", 2001), nil},
		{"", "", []string{"--inputs", ok, "--format", "xml"}},
		{"", "", []string{"--inputs", ok, "--lambda-b", "1"}},
		{"", "", []string{"--inputs", ok, "--ntk", "--lambda-b", "-1"}},
		{"", "", []string{"--inputs", ok, "--layers", "0"}},
		{"", "", []string{"--inputs", ok, "--json", "--format", "csv"}},
		{"", "", []string{"--inputs", filepath.Join(t.TempDir(), "missing.csv")}},
	} {
		args := []string{"kernel", "tanh", "--cb", "0", "--cw", "1", "--layers", "2"}
		if c.name != "" {
			args = append(args, "--inputs", writeFile(t, c.name, c.data))
		}
		args = append(args, c.args...)
		code, _, stderr := runCLI(args...)
		if code != exitUsage || !strings.Contains(stderr, "critcalc: kernel:") {
			t.Errorf("%s %v: exit %d, %q", c.name, c.args, code, stderr)
		}
	}
}

// TestKernelReadme runs the example of README's kernel section on the file
// it writes and compares the output with the guide's.
func TestKernelReadme(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const cmd = "critcalc kernel relu --cb 0 --cw 2 --layers 10 --inputs three.csv --ntk\n```\n\n```\n"
	_, after, ok := strings.Cut(string(data), cmd)
	if !ok {
		t.Fatal("README has no kernel example")
	}
	want, _, _ := strings.Cut(after, "```")
	in := writeFile(t, "three.csv", "1,0,0\n0,2,0\n0.6,0.8,0\n")
	code, out, stderr := runCLI("kernel", "relu", "--cb", "0", "--cw", "2", "--layers", "10", "--inputs", in, "--ntk")
	if code != exitOK || out != want {
		t.Errorf("exit %d %s:\n%s\nREADME:\n%s", code, stderr, out, want)
	}
}

// A σ whose two-input averages are integrals per pair is refused up front
// when the estimate is beyond the budget.
func TestKernelTooSlow(t *testing.T) {
	var b strings.Builder
	for i := range 400 {
		b.WriteString(strings.Repeat("1,", 2) + string(rune('1'+i%9)) + "\n")
	}
	in := writeFile(t, "x.csv", b.String())
	code, _, stderr := runCLI("kernel", "elu", "--cb", "0", "--cw", "1", "--layers", "10", "--inputs", in)
	if code != exitUsage || !strings.Contains(stderr, "two-dimensional integrals") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
