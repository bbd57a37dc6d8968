package calc

import (
	"fmt"
	"sync"
)

// MultiProgram evaluates several expressions at the same points with one
// register program: a subexpression they share — tanh(x) in tanh(x)²,
// x·tanh(x)·sech(x)² and tanh(x)⁴ — is computed once per point, and so is
// the e^−|u| of functions of the same |u| in different expressions
// (shareExp). Each output agrees bit for bit with the expression's own
// Program, unless the set shares an e^−|u| that the expression alone does
// not: tanh(x)² beside sech(x) reads tanh(x) from e^−|x|, within a couple
// of ulps of math.Tanh. A MultiProgram is safe for concurrent use.
type MultiProgram struct {
	p    *Program
	outs []multiOut
	pool sync.Pool // *[]float64 block scratch
}

// multiOut is where one output of a MultiProgram is found after a block
// has run: a register (0 is x itself) or a constant.
type multiOut struct {
	reg     int32
	isConst bool
	k       float64
}

// CompileMany compiles the expressions es (at least one, none the zero
// Expr) into one program.
func CompileMany(es ...Expr) *MultiProgram {
	if len(es) == 0 {
		panic("calc: CompileMany of no expressions")
	}
	var nodes []Expr
	index := map[Expr]int{}
	pinned := make([]int, len(es))
	for _, e := range es {
		if !e.IsValid() {
			panic("calc: CompileMany of the zero Expr")
		}
	}
	for i, f := range floatForms(es...) {
		for _, n := range f.Nodes() {
			if _, ok := index[n]; !ok {
				index[n] = len(nodes)
				nodes = append(nodes, n)
			}
		}
		pinned[i] = index[f]
	}
	p, outs := compileNodes(nodes, pinned)
	return &MultiProgram{p: p, outs: outs}
}

// Len returns the number of outputs.
func (m *MultiProgram) Len() int { return len(m.outs) }

// EvalSlices sets dsts[i][j] to output i at xs[j]; every dsts[i] must have
// the length of xs.
func (m *MultiProgram) EvalSlices(dsts [][]float64, xs []float64) {
	if len(dsts) != len(m.outs) {
		panic(fmt.Sprintf("calc: EvalSlices: %d destinations for %d outputs", len(dsts), len(m.outs)))
	}
	for i, d := range dsts {
		if len(d) != len(xs) {
			panic(fmt.Sprintf("calc: EvalSlices: len(dsts[%d]) = %d, len(xs) = %d", i, len(d), len(xs)))
		}
	}
	sp, _ := m.pool.Get().(*[]float64)
	if sp == nil {
		s := make([]float64, max(m.p.nregs-1, 0)*blockLen)
		sp = &s
	}
	for start := 0; start < len(xs); start += blockLen {
		end := min(start+blockLen, len(xs))
		bl := block{scratch: *sp, x: xs[start:end], result: -1}
		if len(m.p.code) > 0 {
			m.p.runBlock(bl)
		}
		for i, o := range m.outs {
			d := dsts[i][start:end]
			if o.isConst {
				for j := range d {
					d[j] = o.k
				}
				continue
			}
			copy(d, bl.reg(o.reg))
		}
	}
	m.pool.Put(sp)
}
