package cli

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"critcalc/recursions"
)

// kernelInputs are the input vectors of `critcalc kernel`: N rows of
// dimension n₀, as float64 and, for a CSV file, as the decimal texts that
// denote them exactly.
type kernelInputs struct {
	rows  [][]float64
	texts [][]string // nil for .npy, whose float64 values are exact
}

// Limits of the input file.
const (
	maxInputFileBytes = 1 << 30
	maxInputDim       = 1 << 20
	maxInputValues    = 1 << 27
)

// readKernelInputs reads the input vectors of path: a .npy file (by its
// magic string) of float64 or float32 in a 2-D array, or a text file of
// one vector a line, its numbers separated by commas or white space (blank
// lines and lines starting with # are skipped).
func readKernelInputs(path string) (*kernelInputs, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--inputs: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxInputFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("--inputs %s: %w", path, err)
	}
	if len(data) > maxInputFileBytes {
		return nil, fmt.Errorf("--inputs %s: the file is larger than %d bytes", path, maxInputFileBytes)
	}
	var in *kernelInputs
	if bytes.HasPrefix(data, []byte("\x93NUMPY")) {
		in, err = parseNpy(data)
	} else {
		in, err = parseInputText(data)
	}
	if err != nil {
		return nil, fmt.Errorf("--inputs %s: %w", path, err)
	}
	switch n := len(in.rows); {
	case n == 0:
		return nil, fmt.Errorf("--inputs %s: no input vectors", path)
	case n > recursions.MaxKernelInputs:
		return nil, fmt.Errorf("--inputs %s: %d input vectors, more than the %d that critcalc kernel takes", path, n, recursions.MaxKernelInputs)
	case len(in.rows[0]) == 0:
		return nil, fmt.Errorf("--inputs %s: the vectors have no entries", path)
	}
	for i, r := range in.rows {
		if s := dot(r, r); s == 0 {
			return nil, fmt.Errorf("--inputs %s: input %d is the zero vector, whose kernel K^(0) = 0 leaves K^(1) = C_b", path, i+1)
		} else if math.IsInf(s, 0) {
			return nil, fmt.Errorf("--inputs %s: the squared norm of input %d overflows float64", path, i+1)
		}
	}
	return in, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, x := range a {
		s += x * b[i]
	}
	return s
}

// parseInputText parses one vector a line.
func parseInputText(data []byte) (*kernelInputs, error) {
	in := &kernelInputs{}
	values := 0
	for ln, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var fields []string
		if strings.Contains(line, ",") {
			fields = strings.Split(line, ",")
		} else {
			fields = strings.Fields(line)
		}
		if len(in.rows) > 0 && len(fields) != len(in.rows[0]) {
			return nil, fmt.Errorf("line %d has %d numbers, the first vector %d (rows must have equal lengths)", ln+1, len(fields), len(in.rows[0]))
		}
		if len(fields) > maxInputDim {
			return nil, fmt.Errorf("line %d has %d numbers, more than %d", ln+1, len(fields), maxInputDim)
		}
		if values += len(fields); values > maxInputValues {
			return nil, fmt.Errorf("more than %d numbers", maxInputValues)
		}
		if len(in.rows) >= recursions.MaxKernelInputs {
			return nil, fmt.Errorf("more than the %d input vectors that critcalc kernel takes", recursions.MaxKernelInputs)
		}
		row := make([]float64, len(fields))
		for j, fd := range fields {
			fd = strings.TrimSpace(fd)
			x, err := strconv.ParseFloat(fd, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("line %d, number %d: %q is not a finite float64 number", ln+1, j+1, fd)
			}
			row[j] = x
			fields[j] = fd
		}
		in.rows = append(in.rows, row)
		in.texts = append(in.texts, fields)
	}
	return in, nil
}

// npyHeader holds the expressions that match the fields of a .npy header
// dictionary.
type npyHeader struct{ descr, fortran, shape *regexp.Regexp }

// npyFields returns the npyHeader, compiled on first use rather than at
// every start.
var npyFields = sync.OnceValue(func() npyHeader {
	return npyHeader{
		descr:   regexp.MustCompile(`'descr'\s*:\s*'([^']*)'`),
		fortran: regexp.MustCompile(`'fortran_order'\s*:\s*(True|False)`),
		shape:   regexp.MustCompile(`'shape'\s*:\s*\(\s*(\d+)\s*,\s*(\d+)\s*,?\s*\)`),
	}
})

// parseNpy parses a .npy file (format versions 1 to 3) holding a 2-D array
// of little-endian float64 ('<f8') or float32 ('<f4'), one input vector a
// row.
func parseNpy(data []byte) (*kernelInputs, error) {
	if len(data) < 10 {
		return nil, errors.New("a truncated .npy header")
	}
	var hlen, off int
	switch data[6] {
	case 1:
		hlen, off = int(binary.LittleEndian.Uint16(data[8:10])), 10
	case 2, 3:
		if len(data) < 12 {
			return nil, errors.New("a truncated .npy header")
		}
		hlen, off = int(binary.LittleEndian.Uint32(data[8:12])), 12
	default:
		return nil, fmt.Errorf(".npy format version %d is not known", data[6])
	}
	if off+hlen > len(data) {
		return nil, errors.New("a truncated .npy header")
	}
	h := string(data[off : off+hlen])
	body := data[off+hlen:]
	re := npyFields()
	d, fo, sh := re.descr.FindStringSubmatch(h), re.fortran.FindStringSubmatch(h), re.shape.FindStringSubmatch(h)
	if d == nil || fo == nil {
		return nil, fmt.Errorf("a .npy header without descr or fortran_order: %q", h)
	}
	if sh == nil {
		return nil, fmt.Errorf(".npy: the array must be 2-D (N inputs × n₀), the header says %q", h)
	}
	size := 0
	switch d[1] {
	case "<f8":
		size = 8
	case "<f4":
		size = 4
	default:
		return nil, fmt.Errorf(".npy: the data type %q is not little-endian float64 ('<f8') or float32 ('<f4')", d[1])
	}
	n, err1 := strconv.Atoi(sh[1])
	n0, err2 := strconv.Atoi(sh[2])
	switch {
	case err1 != nil || err2 != nil:
		return nil, fmt.Errorf(".npy: a shape %q out of range", sh[0])
	case n > recursions.MaxKernelInputs:
		return nil, fmt.Errorf("%d input vectors, more than the %d that critcalc kernel takes", n, recursions.MaxKernelInputs)
	case n0 > maxInputDim || n*n0 > maxInputValues:
		return nil, fmt.Errorf(".npy: the shape (%d, %d) has more numbers than %d, or rows longer than %d", n, n0, maxInputValues, maxInputDim)
	case len(body) < n*n0*size:
		return nil, fmt.Errorf(".npy: %d bytes of data, the shape (%d, %d) needs %d", len(body), n, n0, n*n0*size)
	}
	in := &kernelInputs{rows: make([][]float64, n)}
	for i := range n {
		in.rows[i] = make([]float64, n0)
		for j := range n0 {
			k := i*n0 + j
			if fo[1] == "True" {
				k = j*n + i
			}
			var x float64
			if size == 8 {
				x = math.Float64frombits(binary.LittleEndian.Uint64(body[8*k:]))
			} else {
				x = float64(math.Float32frombits(binary.LittleEndian.Uint32(body[4*k:])))
			}
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf(".npy: the entry (%d, %d) is %g, not a finite number", i, j, x)
			}
			in.rows[i][j] = x
		}
	}
	return in, nil
}

// gram returns K^(0)_ij = x_i·x_j/n₀ in float64 with a bound on each
// entry's rounding error (γ_{n₀+1}·Σ_k |x_ik x_jk|/n₀).
func (in *kernelInputs) gram() (k0, k0Err []float64) {
	n, n0 := len(in.rows), len(in.rows[0])
	k0, k0Err = make([]float64, n*n), make([]float64, n*n)
	gamma := float64(n0+2) * 0x1p-53 / (1 - float64(n0+2)*0x1p-53)
	rows := make(chan int, n)
	for i := range n {
		rows <- i
	}
	close(rows)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rows {
				in.gramRow(i, k0, k0Err, gamma)
			}
		}()
	}
	wg.Wait()
	return k0, k0Err
}

// gramRow fills the entries (i, j ≥ i) and (j, i) of gram's matrices.
func (in *kernelInputs) gramRow(i int, k0, k0Err []float64, gamma float64) {
	n, n0 := len(in.rows), len(in.rows[0])
	{
		a := in.rows[i]
		for j := i; j < n; j++ {
			b := in.rows[j]
			s, sa := 0.0, 0.0
			for k, x := range a {
				p := x * b[k]
				s += p
				sa += math.Abs(p)
			}
			k0[i*n+j], k0Err[i*n+j] = s/float64(n0), gamma*sa/float64(n0)
			k0[j*n+i], k0Err[j*n+i] = k0[i*n+j], k0Err[i*n+j]
		}
	}
}

// gramExact returns K^(0)_ij = x_i·x_j/n₀ exactly, from the decimal texts
// of a CSV file or the float64 values of a .npy one.
func (in *kernelInputs) gramExact() [][]*big.Rat {
	n, n0 := len(in.rows), len(in.rows[0])
	xs := make([][]*big.Rat, n)
	for i := range n {
		xs[i] = make([]*big.Rat, n0)
		for k := range n0 {
			r := new(big.Rat)
			if in.texts != nil {
				if _, ok := r.SetString(in.texts[i][k]); !ok {
					r.SetFloat64(in.rows[i][k])
				}
			} else {
				r.SetFloat64(in.rows[i][k])
			}
			xs[i][k] = r
		}
	}
	out := make([][]*big.Rat, n)
	for i := range n {
		out[i] = make([]*big.Rat, n)
	}
	den := big.NewRat(int64(n0), 1)
	for i := range n {
		for j := i; j < n; j++ {
			s := new(big.Rat)
			for k := range n0 {
				s.Add(s, new(big.Rat).Mul(xs[i][k], xs[j][k]))
			}
			s.Quo(s, den)
			out[i][j], out[j][i] = s, s
		}
	}
	return out
}
