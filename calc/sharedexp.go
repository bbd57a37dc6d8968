package calc

// Which calls share an exponential. Both the float64 programs
// (sharedfloat.go) and the arbitrary-precision plans (bigplan.go) compute
// e^−|u| once per point for an argument |u| that two or more distinct
// x-dependent calls of functions of e^−|u| read; u and −u count as the
// same |u|.

// expArgument returns u with its negations removed: the node whose
// magnitude |u| the exponential e^−|u| is of.
func expArgument(u Expr) Expr {
	for u.Op() == OpNeg {
		u = u.Arg(0)
	}
	return u
}

// sharedExpArguments returns the arguments (expArgument of the argument)
// that two or more of the distinct calls cs read.
func sharedExpArguments(cs []Expr) map[Expr]bool {
	readers := map[Expr]int{}
	shared := map[Expr]bool{}
	for _, c := range cs {
		u := expArgument(c.Arg(0))
		readers[u]++
		if readers[u] >= 2 {
			shared[u] = true
		}
	}
	return shared
}
