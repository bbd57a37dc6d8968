package codegen

import (
	"fmt"
	"strings"
)

// Prelude returns the definitions of the device helpers that generated
// functions of precision p call (cc_sigmoid, cc_max, …; cc_sigmoidf, … for
// Float32). Include it once per module, before the generated functions.
func Prelude(p Precision) string {
	lit := func(v float64) string { s, _ := p.Literal(v); return s }
	repl := strings.NewReplacer("{T}", p.CType(), "{F}", p.Suffix(),
		"{0}", lit(0), "{½}", lit(0.5), "{1}", lit(1), "{-1}", lit(-1))
	var b strings.Builder
	fmt.Fprintf(&b, "// Helpers with the formulas of calc's float64 kernels, in %s.\n", p.CType())
	for _, h := range helpers {
		params := make([]string, len(h.params))
		for i, q := range h.params {
			params[i] = p.CType() + " " + q
		}
		fmt.Fprintf(&b, "static __device__ %s %s%s(%s) { return %s; }\n",
			p.CType(), h.name, p.Suffix(), strings.Join(params, ", "), repl.Replace(h.body))
	}
	return b.String()
}
