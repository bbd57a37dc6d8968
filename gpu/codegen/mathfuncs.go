package codegen

import (
	"fmt"

	"critcalc/calc"
)

// cFuncs maps each calc primitive to its double-precision C function; the
// float variant appends the suffix "f". Functions that CUDA's math library
// does not have are device helpers defined in Prelude.
var cFuncs = map[calc.FuncID]string{
	calc.FnExp:      "exp",
	calc.FnExpm1:    "expm1",
	calc.FnLog:      "log",
	calc.FnLog1p:    "log1p",
	calc.FnSqrt:     "sqrt",
	calc.FnAbs:      "fabs",
	calc.FnTanh:     "tanh",
	calc.FnSinh:     "sinh",
	calc.FnCosh:     "cosh",
	calc.FnSin:      "sin",
	calc.FnCos:      "cos",
	calc.FnAtan:     "atan",
	calc.FnErf:      "erf",
	calc.FnErfc:     "erfc",
	calc.FnSign:     "cc_sign",
	calc.FnStep:     "cc_step",
	calc.FnMax:      "cc_max",
	calc.FnMin:      "cc_min",
	calc.FnSech:     "cc_sech",
	calc.FnSigmoid:  "cc_sigmoid",
	calc.FnSoftplus: "cc_softplus",
}

// cFunc returns the C function for f at precision p, or an error naming f
// when it has no C form (named activations must be expanded first).
func cFunc(f *calc.Func, p Precision) (string, error) {
	name, ok := cFuncs[f.ID]
	if !ok {
		return "", fmt.Errorf("codegen: function %s has no CUDA form", f.Name)
	}
	return name + p.Suffix(), nil
}

// helpers are the device helpers, each one return expression in the
// parameters a (and b), with the formulas of calc's float64 kernels: the
// NaN-propagating conventions of sign, step, max and min, and the stable
// branches of sigmoid and softplus. Prelude replaces the placeholders of
// each body with the literals and function suffix of its precision.
var helpers = []struct {
	name   string
	params []string
	body   string // {F}: math function suffix; {0} {½} {1} {-1}: literals
}{
	{"cc_sign", []string{"a"}, "a > {0} ? {1} : (a < {0} ? {-1} : a)"},
	{"cc_step", []string{"a"}, "a > {0} ? {1} : (a < {0} ? {0} : (a == {0} ? {½} : a))"},
	{"cc_max", []string{"a", "b"}, "a > b ? a : (b > a ? b : a + b - b)"},
	{"cc_min", []string{"a", "b"}, "a < b ? a : (b < a ? b : a + b - b)"},
	{"cc_sech", []string{"a"}, "{1} / cosh{F}(a)"},
	{"cc_sigmoid", []string{"a"}, "a >= {0} ? {1} / ({1} + exp{F}(-a)) : exp{F}(a) / ({1} + exp{F}(a))"},
	{"cc_softplus", []string{"a"}, "a > {0} ? a + log1p{F}(exp{F}(-a)) : log1p{F}(exp{F}(a))"},
}
