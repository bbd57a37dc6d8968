package codegen

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"critcalc/calc"
	"critcalc/sim/philox"
)

// hostShim lets a host C++ compiler read the CUDA source: the CUDA
// qualifiers become nothing (shared memory becomes static), the thread
// indices become globals, and __umulhi is the high word of the 64-bit
// product. Kernels that do not synchronize can then be run one thread
// after another.
const hostShim = `#include <math.h>
#include <stdio.h>
#define __device__
#define __global__
#define __shared__ static
struct cc_dim3 { unsigned int x, y, z; };
static cc_dim3 threadIdx, blockIdx, blockDim, gridDim;
static void __syncthreads(void) {}
static unsigned int __umulhi(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a * b) >> 32); }
`

func gxx(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("g++")
	if err != nil {
		t.Skip("no g++ on this host")
	}
	return path
}

// The whole module, for several activations, is valid C++ to g++ with the
// host shim (NVRTC itself needs a GPU host; see package gpu's tests).
func TestModuleSyntax(t *testing.T) {
	cxx := gxx(t)
	dir := t.TempDir()
	for i, s := range []string{"tanh", "gelu", "selu", "mish", "x^3 + sign(x)*sqrt(abs(x))"} {
		src, err := Module(calc.MustParse(s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		for j, c := range src {
			if c > 127 {
				t.Fatalf("%s: non-ASCII %q at byte %d", s, c, j)
			}
		}
		file := filepath.Join(dir, fmt.Sprintf("m%d.cpp", i))
		if err := os.WriteFile(file, []byte(hostShim+src), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(cxx, "-std=c++17", "-fsyntax-only", file).CombinedOutput(); err != nil {
			t.Errorf("%s: g++ -fsyntax-only: %v\n%s", s, err, out)
		}
	}
}

// philoxCases are (seed, stream, index) triples, with every word of the
// counter and key in use.
var philoxCases = [][3]uint64{
	{0, 0, 0}, {42, 7, 0}, {42, 7, 1}, {1, 2, 3}, {0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff},
	{0x243f6a8885a308d3, 0x13198a2e03707344, 0xa4093822299f31d0}, {12345, 1 << 40, 1<<33 + 5},
}

// The CUDA Philox source, compiled by g++ and run on the host, gives the
// blocks and uniforms of sim/philox bit for bit, and the same normals to
// within the accuracy of the two math libraries (glibc's log and sincos
// against Go's, each within 1–2 ulp: 8 ulp of |z| allowed). The fill
// kernel, run thread by thread over a grid of 2 blocks of 3 threads
// (so the grid-stride loop wraps), writes scale·z_i at every i < n with
// z_i variate i of the stream, for an odd n, and adds it in add mode.
func TestPhiloxSourceMatchesGo(t *testing.T) {
	cxx := gxx(t)
	var main strings.Builder
	main.WriteString("int main(void) {\n")
	for _, c := range philoxCases {
		fmt.Fprintf(&main, "\t{ cc_u32x4 b = cc_philox_block(%dull, %dull, %dull); double z0, z1; cc_normals(%dull, %dull, %dull, &z0, &z1);\n", c[0], c[1], c[2], c[0], c[1], c[2])
		main.WriteString("\t  printf(\"block %u %u %u %u %a %a %a %a\\n\", b.w[0], b.w[1], b.w[2], b.w[3], cc_uniform53(b.w[0], b.w[1]), cc_uniform53(b.w[2], b.w[3]), z0, z1); }\n")
	}
	const n, seed, stream, scale = 11, 99, 5, 0.75
	fmt.Fprintf(&main, `	double w[%d];
	for (int i = 0; i < %d; ++i) w[i] = i;
	gridDim.x = 2; blockDim.x = 3;
	for (int add = 0; add < 2; ++add)
	for (unsigned int b = 0; b < gridDim.x; ++b) for (unsigned int t = 0; t < blockDim.x; ++t) {
		blockIdx.x = b; threadIdx.x = t;
		cc_fill_normal_f64(w, %d, %d, %d, %v, add);
	}
	for (int i = 0; i < %d; ++i) printf("fill %%d %%a\n", i, w[i]);
	return 0;
}
`, n, n, n, seed, stream, scale, n)
	src, err := Module(calc.MustParse("tanh"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file, bin := filepath.Join(dir, "philox.cpp"), filepath.Join(dir, "philox")
	if err := os.WriteFile(file, []byte(hostShim+src+main.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// -ffp-contract=off: no fused multiply-adds, as NVRTC with --fmad=false.
	if out, err := exec.Command(cxx, "-std=c++17", "-O1", "-ffp-contract=off", "-o", bin, file, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("g++: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	closeNormal := func(got, want float64) bool { return math.Abs(got-want) <= 8*0x1p-52*math.Abs(want) }
	sc := bufio.NewScanner(bytes.NewReader(out))
	nBlocks, nFill := 0, 0
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch f[0] {
		case "block":
			c := philoxCases[nBlocks]
			nBlocks++
			want := philox.BlockAt(c[0], c[1], c[2])
			for i := range 4 {
				if got, _ := strconv.ParseUint(f[1+i], 10, 32); uint32(got) != want[i] {
					t.Errorf("block %v word %d = %#x, want %#x", c, i, got, want[i])
				}
			}
			u0, u1 := philox.Uniforms(c[0], c[1], c[2])
			z0, z1 := philox.Normals(c[0], c[1], c[2])
			if g := parseHex(t, f[5]); g != u0 {
				t.Errorf("%v: u0 = %v, want %v", c, g, u0)
			}
			if g := parseHex(t, f[6]); g != u1 {
				t.Errorf("%v: u1 = %v, want %v", c, g, u1)
			}
			if g := parseHex(t, f[7]); !closeNormal(g, z0) {
				t.Errorf("%v: z0 = %v, want %v", c, g, z0)
			}
			if g := parseHex(t, f[8]); !closeNormal(g, z1) {
				t.Errorf("%v: z1 = %v, want %v", c, g, z1)
			}
		case "fill":
			i, _ := strconv.Atoi(f[1])
			nFill++
			z0, z1 := philox.Normals(seed, stream, uint64(i/2))
			z := z0
			if i%2 == 1 {
				z = z1
			}
			// Written once (scale·z), then added to once.
			if g, want := parseHex(t, f[2]), scale*z+scale*z; !closeNormal(g, want) {
				t.Errorf("fill[%d] = %v, want %v", i, g, want)
			}
		}
	}
	if nBlocks != len(philoxCases) || nFill != n {
		t.Errorf("read %d blocks and %d fill values, want %d and %d:\n%s", nBlocks, nFill, len(philoxCases), n, out)
	}
}

func parseHex(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return v
}

// The constants and round structure of the CUDA Philox are those of
// sim/philox (Random123's Philox4x32 multipliers and Weyl constants).
func TestPhiloxSourceConstants(t *testing.T) {
	for _, want := range []string{
		"#define CC_PHILOX_M0 0xD2511F53u", "#define CC_PHILOX_M1 0xCD9E8D57u",
		"#define CC_PHILOX_W0 0x9E3779B9u", "#define CC_PHILOX_W1 0xBB67AE85u",
		fmt.Sprintf("#define CC_PHILOX_ROUNDS %d", philox.Rounds),
		"n.w[0] = hi1 ^ c.w[1] ^ k0;", "n.w[1] = lo1;", "n.w[2] = hi0 ^ c.w[3] ^ k1;", "n.w[3] = lo0;",
		"sincos(CC_TWO_PI * u1, &s, &c);", "sqrt(-2.0 * log(u0))",
	} {
		if !strings.Contains(PhiloxSource, want) {
			t.Errorf("PhiloxSource lacks %q", want)
		}
	}
	if strings.Contains(PhiloxSource, "sincospi") {
		t.Errorf("PhiloxSource uses sincospi, not the arithmetic of sim/philox")
	}
	consts := []struct {
		name string
		want float64
	}{{"CC_TWO_M53", 0x1p-53}, {"CC_TWO_PI", 2 * math.Pi}}
	for _, c := range consts {
		i := strings.Index(PhiloxSource, "#define "+c.name+" ")
		if i < 0 {
			t.Fatalf("no %s", c.name)
		}
		line := strings.Fields(PhiloxSource[i:])[2]
		if v, err := strconv.ParseFloat(line, 64); err != nil || v != c.want {
			t.Errorf("%s = %s (%v), want %v", c.name, line, v, c.want)
		}
	}
}
