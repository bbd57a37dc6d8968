package codegen

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Precision is the floating-point type of generated code.
type Precision int

// The two precisions of generated code.
const (
	Float64 Precision = iota // double
	Float32                  // float
)

// CType returns the C type name: "double" or "float".
func (p Precision) CType() string {
	if p == Float32 {
		return "float"
	}
	return "double"
}

// Suffix returns the suffix that names the float variant of a function
// ("f", as in expf) and "" for double.
func (p Precision) Suffix() string {
	if p == Float32 {
		return "f"
	}
	return ""
}

// String returns "float64" or "float32".
func (p Precision) String() string {
	if p == Float32 {
		return "float32"
	}
	return "float64"
}

// Literal returns v as a C literal of precision p that reads back as
// exactly v (rounded to float32 for Float32): the shortest decimal that
// round-trips, with a decimal point so that it is never an integer, and
// in parentheses when negative. v must be finite in precision p.
func (p Precision) Literal(v float64) (string, error) {
	bits, suffix := 64, ""
	if p == Float32 {
		v, bits, suffix = float64(float32(v)), 32, "f"
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return "", fmt.Errorf("codegen: constant %v is not finite in %s", v, p)
	}
	s := strconv.FormatFloat(v, 'g', -1, bits)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	s += suffix
	if v < 0 || (v == 0 && math.Signbit(v)) {
		s = "(" + s + ")"
	}
	return s, nil
}
