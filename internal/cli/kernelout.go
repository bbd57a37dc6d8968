package cli

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"critcalc/calc"
)

// kernelHeader is what `critcalc kernel` writes before the matrices.
type kernelHeader struct {
	expr, cb, cw     string
	lambdaB, lambdaW string // "" without --ntk
	n, n0            int
	digits           int
	rows             int // the number of layers reported
}

// kernelLayer is one reported layer: the N×N matrices as printed texts
// (row-major; ntk nil without --ntk).
type kernelLayer struct {
	l, n      int
	nngp, ntk []string
}

// kernelWriter writes the layers of `critcalc kernel` in one format.
type kernelWriter interface {
	layer(*kernelLayer) error
	end() error
}

func newKernelWriter(format string, w *bufio.Writer, h kernelHeader) kernelWriter {
	switch format {
	case "json":
		return &kernelJSON{w: w, h: h}
	case "csv":
		return &kernelCSV{w: w, h: h}
	case "npy":
		return &kernelNpy{w: w, h: h}
	}
	return &kernelText{w: w, h: h}
}

// text returns n as it is printed ("" for a missing value).
func (n jsonNum) text() string { return string(n) }

// certTexts sets dst[i] to v[i] written with the digits its absolute error
// bound e[i] certifies, at most d (calc.FromFloat64Text).
func certTexts(dst []string, v, e []float64, d int) {
	for i := range v {
		dst[i] = calc.FromFloat64Text(v[i], e[i], d)
	}
}

// kernelText writes the matrices as aligned text.
type kernelText struct {
	w       *bufio.Writer
	h       kernelHeader
	started bool
}

func (k *kernelText) layer(l *kernelLayer) error {
	if !k.started {
		k.started = true
		fmt.Fprintf(k.w, "activation  %s   C_b = %s  C_W = %s", k.h.expr, k.h.cb, k.h.cw)
		if k.h.lambdaB != "" {
			fmt.Fprintf(k.w, "  λ_b = %s  λ_W = %s", k.h.lambdaB, k.h.lambdaW)
		}
		plural := "s"
		if k.h.n == 1 {
			plural = ""
		}
		fmt.Fprintf(k.w, "\n%d input%s of dimension %d\n", k.h.n, plural, k.h.n0)
	}
	k.matrix(l, "NNGP kernel K", l.nngp)
	if l.ntk != nil {
		k.matrix(l, "neural tangent kernel Θ", l.ntk)
	}
	return nil
}

func (k *kernelText) matrix(l *kernelLayer, name string, m []string) {
	fmt.Fprintf(k.w, "\nlayer %d  %s\n", l.l, name)
	width := 1
	for _, s := range m {
		width = max(width, len(orMissing(jsonNum(s))))
	}
	for i := range l.n {
		for j := range l.n {
			s := orMissing(jsonNum(m[i*l.n+j]))
			fmt.Fprintf(k.w, "  %*s", width, s)
		}
		k.w.WriteByte('\n')
	}
}

func (k *kernelText) end() error { return nil }

// kernelJSON writes {"expression", …, "layers": [{"l", "nngp", "ntk"}]}.
type kernelJSON struct {
	w       *bufio.Writer
	h       kernelHeader
	started bool
}

func (k *kernelJSON) begin() {
	k.started = true
	str := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	fmt.Fprintf(k.w, "{\n  \"expression\": %s,\n  \"C_b\": %s,\n  \"C_W\": %s,\n", str(k.h.expr), k.h.cb, k.h.cw)
	if k.h.lambdaB != "" {
		fmt.Fprintf(k.w, "  \"lambda_b\": %s,\n  \"lambda_W\": %s,\n", k.h.lambdaB, k.h.lambdaW)
	}
	fmt.Fprintf(k.w, "  \"inputs\": %d,\n  \"input_dim\": %d,\n  \"digits\": %d,\n  \"layers\": [", k.h.n, k.h.n0, k.h.digits)
}

func (k *kernelJSON) layer(l *kernelLayer) error {
	sep := ","
	if !k.started {
		k.begin()
		sep = ""
	}
	fmt.Fprintf(k.w, "%s\n    {\"l\": %d, \"nngp\": ", sep, l.l)
	k.matrix(l.n, l.nngp)
	if l.ntk != nil {
		k.w.WriteString(", \"ntk\": ")
		k.matrix(l.n, l.ntk)
	}
	k.w.WriteString("}")
	return nil
}

func (k *kernelJSON) matrix(n int, m []string) {
	k.w.WriteByte('[')
	for i := range n {
		if i > 0 {
			k.w.WriteString(", ")
		}
		k.w.WriteByte('[')
		for j := range n {
			if j > 0 {
				k.w.WriteString(", ")
			}
			if s := m[i*n+j]; s != "" {
				k.w.WriteString(s)
			} else {
				k.w.WriteString("null")
			}
		}
		k.w.WriteByte(']')
	}
	k.w.WriteByte(']')
}

func (k *kernelJSON) end() error {
	if !k.started {
		k.begin()
	}
	k.w.WriteString("\n  ]\n}\n")
	return nil
}

// kernelCSV writes one row of a matrix a line: l, kernel (nngp or ntk), i,
// and the N entries (empty for a missing value).
type kernelCSV struct {
	w       *bufio.Writer
	h       kernelHeader
	started bool
}

func (k *kernelCSV) layer(l *kernelLayer) error {
	if !k.started {
		k.started = true
		k.w.WriteString("l,kernel,i")
		for j := range l.n {
			fmt.Fprintf(k.w, ",%d", j)
		}
		k.w.WriteByte('\n')
	}
	for _, m := range []struct {
		name string
		v    []string
	}{{"nngp", l.nngp}, {"ntk", l.ntk}} {
		if m.v == nil {
			continue
		}
		for i := range l.n {
			fmt.Fprintf(k.w, "%d,%s,%d", l.l, m.name, i)
			for j := range l.n {
				k.w.WriteByte(',')
				k.w.WriteString(m.v[i*l.n+j])
			}
			k.w.WriteByte('\n')
		}
	}
	return nil
}

func (k *kernelCSV) end() error { return nil }

// kernelNpy writes one .npy array (version 1.0, little-endian float64) of
// shape (rows, kernels, N, N): kernel 0 is the NNGP, 1 the NTK; each entry
// is its printed value (rounded to its certified digits), NaN where none is
// certified.
type kernelNpy struct {
	w       *bufio.Writer
	h       kernelHeader
	started bool
}

func (k *kernelNpy) layer(l *kernelLayer) error {
	kernels := 1
	if l.ntk != nil {
		kernels = 2
	}
	if !k.started {
		k.started = true
		dict := fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d, %d, %d), }", k.h.rows, kernels, l.n, l.n)
		// Magic, version 1.0, header length; the header padded with
		// spaces and a newline to a multiple of 64 bytes.
		pad := 64 - (10+len(dict)+1)%64
		dict += strings.Repeat(" ", pad%64) + "\n"
		k.w.WriteString("\x93NUMPY\x01\x00")
		binary.Write(k.w, binary.LittleEndian, uint16(len(dict)))
		k.w.WriteString(dict)
	}
	var buf [8]byte
	for _, m := range [][]string{l.nngp, l.ntk}[:kernels] {
		for _, s := range m {
			x := math.NaN()
			if s != "" {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return fmt.Errorf("npy: %q: %w", s, err)
				}
				x = v
			}
			binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
			k.w.Write(buf[:])
		}
	}
	return nil
}

func (k *kernelNpy) end() error { return nil }
