package calc

import (
	"fmt"
	"math"
	"strings"
	"sync"
)

// Program is e compiled for fast float64 evaluation. A Program is immutable
// and safe for concurrent use: scratch space is per call (on the stack for
// small programs) or taken from a sync.Pool.
//
// Compilation walks the distinct nodes of the expression in topological
// order, so every shared subexpression is computed once, and emits a linear
// list of instructions over a register file. Subexpressions that do not
// depend on x are folded into constants, constant operands become immediate
// operands of the instructions, and registers are reused once their value
// is no longer needed. Named activations (gelu, swish, …) call their stable
// float64 kernels; they are not expanded. tanh(softplus(u)) and
// sech(softplus(u)) are fused into one kernel each (fuse), and the
// functions of e^−|u| (tanh, sech, cosh, sinh, sigmoid, softplus, swish,
// mish and the fused kernels) that read the same |u| compute e^−|u| once
// per point (shareExp).
//
// The results are bit-for-bit those of EvalFloat on that form, NaN payloads
// aside; it agrees with the functions evaluated one by one to within a few
// ulps. Small integer powers are computed by multiplication in the same
// order as math.Pow and fall back to math.Pow whenever an intermediate
// could leave the range of normal floats, so they too agree exactly.
type Program struct {
	code     []instr
	nregs    int     // registers: 0 is x, 1 … nregs−1 are scratch, nregs is the result
	isConst  bool    // the expression does not depend on x
	constant float64 // its value when isConst
	isVar    bool    // the expression is x itself

	// scalarPool holds *[]float64 register files for Eval on programs too
	// large for the stack; blockPool holds *[]float64 block scratch for
	// EvalSlice.
	scalarPool sync.Pool
	blockPool  sync.Pool
}

// opcode is the operation of one instruction. The suffix K marks an
// immediate constant operand: opSubK is a − k, opKSub is k − a.
type opcode uint8

const (
	opNeg    opcode = iota // −a
	opAdd                  // a + b
	opSub                  // a − b
	opMul                  // a · b
	opDiv                  // a / b
	opPow                  // a ^ b (powFloat)
	opAddK                 // a + k
	opSubK                 // a − k
	opKSub                 // k − a
	opMulK                 // k · a
	opDivK                 // a / k
	opKDiv                 // k / a
	opPowK                 // a ^ k (math.Pow; k is not 2 and not a small integer)
	opKPow                 // k ^ a (powFloat)
	opSquare               // a · a, the exponent 2
	opCube                 // a ^ 3
	opPowInt               // a ^ n for a small integer n ∉ {0, 1, 2, 3}
	opCall1                // f1(a)
	opCall2                // f2(a, b)
	opCall2K               // f2(a, k)
	opCallK2               // f2(k, a): the register operand is the second argument
	opShared               // a kernel of the shared exponential (loop), inlined in runBlock: f1(a) or f2(a, b)
)

// instr is one instruction: dst = op(a, b) where a and b are registers and
// k, n, f1, f2 are the immediate operands its opcode uses.
type instr struct {
	op     opcode
	aPrev  bool // operand a is the result of the previous instruction
	bPrev  bool // operand b is the result of the previous instruction
	dst    int32
	a, b   int32
	n      int32
	k      float64
	f1     func(float64) float64
	f2     func(a, b float64) float64
	loop   sharedLoop // of opShared
	source Expr       // the node this instruction computes, for String
}

// maxPowInt bounds the integer exponents computed by multiplication.
const maxPowInt = 64

// blockLen is the number of points EvalSlice processes per instruction.
const blockLen = 256

// smallStackRegs and stackRegs are the sizes of the register files Eval
// keeps on the stack; larger programs take theirs from a pool.
const (
	smallStackRegs = 8
	stackRegs      = 32
)

// operand is what pass 1 of Compile knows of a node: whether it is a
// constant, and which.
type operand struct {
	isConst bool
	k       float64
}

// Compile compiles e for fast float64 evaluation. It panics if e is the
// zero Expr.
func Compile(e Expr) *Program {
	if !e.IsValid() {
		panic("calc: Compile of the zero Expr")
	}
	nodes := floatForms(e)[0].Nodes()
	p, _ := compileNodes(nodes, nil)
	return p
}

// floatForms returns the expressions es in the form the float64 programs
// compute them: fused (fuse), and with the functions of e^−|u| that share
// an |u| reading one exponential (shareExp).
func floatForms(es ...Expr) []Expr {
	fs := make([]Expr, len(es))
	for i, e := range es {
		fs[i] = fuse(e, nil)
	}
	return shareExp(fs)
}

// compileNodes compiles the nodes (in topological order). Without pinned
// outputs the last node is the result, written to the result register; with
// them, each pinned node keeps its register to the end of the program and
// no result register is used. It returns the program and, for the pinned
// nodes, their registers (0 for x) or their constant values.
func compileNodes(nodes []Expr, pinned []int) (*Program, []multiOut) {
	p := &Program{}

	// Pass 1: fold the constant nodes and choose an instruction for every
	// node that depends on x, with operands named by node index.
	type pending struct {
		ins   instr
		node  int // index in nodes
		aNode int // operand node indices, −1 when immediate or absent
		bNode int
	}
	index := make(map[Expr]int, len(nodes))
	vals := make([]operand, len(nodes))
	var prog []pending
	for i, n := range nodes {
		index[n] = i
		args := n.Args()
		allConst := true
		for _, a := range args {
			allConst = allConst && vals[index[a]].isConst
		}
		switch {
		case n.Op() == OpVar:
			continue
		case allConst:
			ks := make([]float64, len(args))
			for j, a := range args {
				ks[j] = vals[index[a]].k
			}
			vals[i] = operand{isConst: true, k: foldNode(n, ks)}
			continue
		}
		ins, aNode, bNode := selectInstr(n, args, index, vals)
		prog = append(prog, pending{ins: ins, node: i, aNode: aNode, bNode: bNode})
	}

	if pinned == nil {
		last := vals[len(nodes)-1]
		switch {
		case last.isConst:
			p.isConst, p.constant = true, last.k
			return p, nil
		case len(prog) == 0:
			p.isVar = true
			return p, nil
		}
	}

	// Pass 2: the last instruction reading each node's register.
	lastUse := make([]int, len(nodes))
	for i := range lastUse {
		lastUse[i] = -1
	}
	for j, pd := range prog {
		for _, a := range [2]int{pd.aNode, pd.bNode} {
			if a >= 0 {
				lastUse[a] = j
			}
		}
	}
	for _, o := range pinned {
		lastUse[o] = len(prog) // read after the last instruction
	}

	// Pass 3: allocate registers, reusing those whose value is dead. The
	// input x (register 0) is never written; the result gets its own
	// register so that EvalSlice can write it straight into dst.
	var free []int32
	next := int32(1)
	reg := make([]int32, len(nodes)) // register of each x-dependent node
	regOf := func(node int) int32 {
		if node < 0 || nodes[node].Op() == OpVar {
			return 0
		}
		return reg[node]
	}
	p.code = make([]instr, len(prog))
	for j, pd := range prog {
		ins := pd.ins
		if pd.aNode >= 0 {
			ins.a = regOf(pd.aNode)
		}
		if pd.bNode >= 0 {
			ins.b = regOf(pd.bNode)
		}
		// Free the operands that die here before choosing dst: every
		// instruction reads a[i] and b[i] before it writes dst[i].
		for _, a := range distinctOperands(pd.aNode, pd.bNode) {
			if a >= 0 && lastUse[a] == j && nodes[a].Op() != OpVar {
				free = append(free, reg[a])
			}
		}
		if j == len(prog)-1 && pinned == nil {
			ins.dst = -1 // patched below to the result register
		} else if len(free) > 0 {
			ins.dst = free[len(free)-1]
			free = free[:len(free)-1]
		} else {
			ins.dst = next
			next++
		}
		reg[pd.node] = ins.dst
		p.code[j] = ins
	}
	p.nregs = int(next)
	if pinned == nil {
		p.code[len(p.code)-1].dst = int32(p.nregs)
	}
	for j := 1; j < len(p.code); j++ {
		ins, prev := &p.code[j], p.code[j-1].dst
		ins.aPrev = prog[j].aNode >= 0 && ins.a == prev
		ins.bPrev = prog[j].bNode >= 0 && ins.b == prev
	}
	outs := make([]multiOut, len(pinned))
	for i, o := range pinned {
		switch {
		case vals[o].isConst:
			outs[i] = multiOut{isConst: true, k: vals[o].k}
		default:
			outs[i] = multiOut{reg: regOf(o)}
		}
	}
	return p, outs
}

// selectInstr chooses the instruction for the x-dependent node n and returns
// the node indices of its register operands (−1 for none).
func selectInstr(n Expr, args []Expr, index map[Expr]int, vals []operand) (ins instr, aNode, bNode int) {
	ins.source = n
	aNode, bNode = -1, -1
	var a, b operand
	if len(args) > 0 {
		aNode = index[args[0]]
		a = vals[aNode]
	}
	if len(args) > 1 {
		bNode = index[args[1]]
		b = vals[bNode]
	}
	// withK sets the immediate from whichever operand is constant and
	// drops that operand.
	withK := func(op opcode, k float64, constIsA bool) {
		ins.op, ins.k = op, k
		if constIsA {
			aNode, bNode = bNode, -1
		} else {
			bNode = -1
		}
	}
	switch n.Op() {
	case OpNeg:
		ins.op = opNeg
	case OpAdd, OpSub, OpMul, OpDiv:
		rr, rk, kr := arithShapes(n.Op())
		switch {
		case a.isConst:
			withK(kr, a.k, true)
		case b.isConst:
			withK(rk, b.k, false)
		default:
			ins.op = rr
		}
	case OpPow:
		switch {
		case a.isConst:
			withK(opKPow, a.k, true)
		case b.isConst && b.k == 2:
			ins.op, bNode = opSquare, -1
		case b.isConst && b.k == 3:
			ins.op, bNode = opCube, -1
		case b.isConst && b.k == math.Trunc(b.k) && math.Abs(b.k) <= maxPowInt && b.k != 0 && b.k != 1:
			ins.op, ins.n, bNode = opPowInt, int32(b.k), -1
		case b.isConst:
			withK(opPowK, b.k, false)
		default:
			ins.op = opPow
		}
	case OpCall:
		f := n.Func()
		switch {
		case f.f1 == nil && f.f2 == nil:
			panic("calc: no float64 kernel for " + f.Name)
		case f.loop == loopNegExp:
			ins.op, ins.f1, ins.loop = opShared, f.f1, f.loop
		case f.f2 == nil:
			ins.op, ins.f1 = opCall1, f.f1
		case a.isConst:
			ins.f2 = f.f2
			withK(opCallK2, a.k, true)
		case b.isConst:
			ins.f2 = f.f2
			withK(opCall2K, b.k, false)
		case f.loop != loopNone:
			ins.op, ins.f2, ins.loop = opShared, f.f2, f.loop
		default:
			ins.op, ins.f2 = opCall2, f.f2
		}
	default:
		panic(fmt.Sprintf("calc: cannot compile node kind %d", n.Op()))
	}
	return ins, aNode, bNode
}

// arithShapes returns the opcodes of an arithmetic operator for two
// register operands, a constant second operand, and a constant first
// operand.
func arithShapes(op Op) (rr, rk, kr opcode) {
	switch op {
	case OpAdd:
		return opAdd, opAddK, opAddK
	case OpSub:
		return opSub, opSubK, opKSub
	case OpMul:
		return opMul, opMulK, opMulK
	}
	return opDiv, opDivK, opKDiv
}

// distinctOperands returns the operand node indices a and b, b left out
// when it is the same node as a.
func distinctOperands(a, b int) []int {
	if a == b {
		return []int{a}
	}
	return []int{a, b}
}

// foldNode evaluates a node whose operands are the constants ks, with the
// operations of EvalFloat.
func foldNode(n Expr, ks []float64) float64 {
	switch n.Op() {
	case OpNum:
		r, _ := n.Rat()
		v, _ := r.Float64()
		return v
	case OpConst:
		return constFloat(n.Func())
	case OpNeg:
		return -ks[0]
	case OpAdd:
		return ks[0] + ks[1]
	case OpSub:
		return ks[0] - ks[1]
	case OpMul:
		return ks[0] * ks[1]
	case OpDiv:
		return ks[0] / ks[1]
	case OpPow:
		return powFloat(ks[0], ks[1])
	case OpCall:
		if f := n.Func(); f.f2 != nil {
			return f.f2(ks[0], ks[1])
		}
		return n.Func().f1(ks[0])
	}
	panic(fmt.Sprintf("calc: cannot fold node kind %d", n.Op()))
}

// powInt is x^n for an integer n with 0 < |n| ≤ maxPowInt. It multiplies
// successive squares of x by the bits of |n|, in the order math.Pow uses,
// and inverts for n < 0. When the result (and so, since powers are monotone
// in |x|, every factor that went into it) is a normal float, the products
// round exactly as those of math.Pow, whose work is the same on a scaled
// significand; otherwise it returns math.Pow itself.
func powInt(x float64, n int32) float64 {
	m := n
	if m < 0 {
		m = -m
	}
	acc, sq := 1.0, x
	for {
		if m&1 == 1 {
			acc *= sq
		}
		m >>= 1
		if m == 0 {
			break
		}
		sq *= sq
	}
	if !IsNormal(acc) {
		return math.Pow(x, float64(n))
	}
	if n < 0 {
		if acc = 1 / acc; !IsNormal(acc) {
			return math.Pow(x, float64(n))
		}
	}
	return acc
}

// IsNormal reports whether v is a finite, nonzero, non-subnormal float64:
// one whose rounding is relative.
func IsNormal(v float64) bool {
	v = math.Abs(v)
	return v >= 0x1p-1022 && v <= math.MaxFloat64
}

// Len returns the number of instructions of p, one per distinct node of the
// expression that depends on x.
func (p *Program) Len() int { return len(p.code) }

// String lists the instructions of p, one a line, for diagnostics.
func (p *Program) String() string {
	switch {
	case p.isConst:
		return fmt.Sprintf("const %v\n", p.constant)
	case p.isVar:
		return "x\n"
	}
	var b strings.Builder
	for _, ins := range p.code {
		fmt.Fprintf(&b, "r%d = %-8s r%d r%d k=%v n=%d ; %s\n", ins.dst, ins.op, ins.a, ins.b, ins.k, ins.n, ins.source)
	}
	return b.String()
}

// String returns the mnemonic of op.
func (op opcode) String() string {
	names := [...]string{"neg", "add", "sub", "mul", "div", "pow", "addk", "subk", "ksub", "mulk", "divk", "kdiv",
		"powk", "kpow", "square", "cube", "powint", "call1", "call2", "call2k", "callk2", "shared"}
	if int(op) < len(names) {
		return names[op]
	}
	return fmt.Sprintf("op%d", op)
}

// Eval returns the value of the compiled expression at x. It does not
// allocate: the register file is on the stack, or for programs of more
// than stackRegs registers taken from a pool, which allocates only when
// it is empty.
func (p *Program) Eval(x float64) float64 {
	switch {
	case p.isConst:
		return p.constant
	case p.isVar:
		return x
	}
	// Two stack sizes, so that small programs do not pay for clearing a
	// large register file on every call.
	if p.nregs+1 <= smallStackRegs {
		var regs [smallStackRegs]float64
		return p.run(regs[:p.nregs+1], x)
	}
	if p.nregs+1 <= stackRegs {
		var regs [stackRegs]float64
		return p.run(regs[:p.nregs+1], x)
	}
	rp, _ := p.scalarPool.Get().(*[]float64)
	if rp == nil {
		regs := make([]float64, p.nregs+1)
		rp = &regs
	}
	v := p.run(*rp, x)
	p.scalarPool.Put(rp)
	return v
}

// run executes the program on one point with the register file regs.
func (p *Program) run(regs []float64, x float64) float64 {
	regs[0] = x
	code := p.code
	// acc is the result of the previous instruction: reading it from acc
	// instead of regs keeps the chain of dependent operations out of
	// memory.
	acc := x
	for i := range code {
		ins := &code[i]
		a := regs[ins.a]
		if ins.aPrev {
			a = acc
		}
		var v float64
		switch ins.op {
		case opNeg:
			v = -a
		case opAdd:
			v = a + p.operandB(regs, ins, acc)
		case opSub:
			v = a - p.operandB(regs, ins, acc)
		case opMul:
			v = a * p.operandB(regs, ins, acc)
		case opDiv:
			v = a / p.operandB(regs, ins, acc)
		case opPow:
			v = powFloat(a, p.operandB(regs, ins, acc))
		case opAddK:
			v = a + ins.k
		case opSubK:
			v = a - ins.k
		case opKSub:
			v = ins.k - a
		case opMulK:
			v = ins.k * a
		case opDivK:
			v = a / ins.k
		case opKDiv:
			v = ins.k / a
		case opPowK:
			v = math.Pow(a, ins.k)
		case opKPow:
			v = powFloat(ins.k, a)
		case opSquare:
			v = a * a
		case opCube:
			if v = a * (a * a); !IsNormal(v) {
				v = math.Pow(a, 3)
			}
		case opPowInt:
			v = powInt(a, ins.n)
		case opCall1:
			v = ins.f1(a)
		case opCall2:
			v = ins.f2(a, p.operandB(regs, ins, acc))
		case opShared:
			if ins.f2 == nil {
				v = ins.f1(a)
			} else {
				v = ins.f2(a, p.operandB(regs, ins, acc))
			}
		case opCall2K:
			v = ins.f2(a, ins.k)
		case opCallK2:
			v = ins.f2(ins.k, a)
		}
		regs[ins.dst] = v
		acc = v
	}
	return acc
}

// operandB returns the second operand of ins.
func (p *Program) operandB(regs []float64, ins *instr, acc float64) float64 {
	if ins.bPrev {
		return acc
	}
	return regs[ins.b]
}

// EvalSlice sets dst[i] to the value of the compiled expression at xs[i].
// Like the copy-style APIs of the standard library it requires
// len(dst) == len(xs) and panics otherwise. dst may be xs itself (the
// evaluation is then in place) but must not otherwise overlap it. It does
// not allocate once its scratch space has been pooled.
//
// The points are processed in blocks: each instruction runs over the whole
// block before the next starts, so the cost of interpreting an instruction
// is shared by the points of the block.
func (p *Program) EvalSlice(dst, xs []float64) {
	if len(dst) != len(xs) {
		panic(fmt.Sprintf("calc: EvalSlice: len(dst) = %d, len(xs) = %d", len(dst), len(xs)))
	}
	switch {
	case p.isConst:
		for i := range dst {
			dst[i] = p.constant
		}
		return
	case p.isVar:
		copy(dst, xs)
		return
	}
	sp, _ := p.blockPool.Get().(*[]float64)
	if sp == nil {
		s := make([]float64, (p.nregs-1)*blockLen)
		sp = &s
	}
	for start := 0; start < len(xs); start += blockLen {
		end := min(start+blockLen, len(xs))
		p.runBlock(block{scratch: *sp, x: xs[start:end], out: dst[start:end], result: int32(p.nregs)})
	}
	p.blockPool.Put(sp)
}

// block is the register file of one EvalSlice block: register 0 is the
// input, the result register is the output, and the others are slices of
// scratch, blockLen apart.
type block struct {
	scratch []float64
	x, out  []float64
	result  int32
}

// reg returns the values of register r for the points of the block.
func (bl *block) reg(r int32) []float64 {
	switch r {
	case 0:
		return bl.x
	case bl.result:
		return bl.out
	}
	off := int(r-1) * blockLen
	return bl.scratch[off : off+len(bl.x)]
}

// runBlock executes the program on the points of one block, one
// instruction at a time over all of them.
func (p *Program) runBlock(bl block) {
	for i := range p.code {
		ins := &p.code[i]
		d := bl.reg(ins.dst)
		a := bl.reg(ins.a)[:len(d)]
		k := ins.k
		switch ins.op {
		case opNeg:
			for j := range d {
				d[j] = -a[j]
			}
		case opAdd:
			b := bl.reg(ins.b)[:len(d)]
			for j := range d {
				d[j] = a[j] + b[j]
			}
		case opSub:
			b := bl.reg(ins.b)[:len(d)]
			for j := range d {
				d[j] = a[j] - b[j]
			}
		case opMul:
			b := bl.reg(ins.b)[:len(d)]
			for j := range d {
				d[j] = a[j] * b[j]
			}
		case opDiv:
			b := bl.reg(ins.b)[:len(d)]
			for j := range d {
				d[j] = a[j] / b[j]
			}
		case opPow:
			b := bl.reg(ins.b)[:len(d)]
			for j := range d {
				d[j] = powFloat(a[j], b[j])
			}
		case opAddK:
			for j := range d {
				d[j] = a[j] + k
			}
		case opSubK:
			for j := range d {
				d[j] = a[j] - k
			}
		case opKSub:
			for j := range d {
				d[j] = k - a[j]
			}
		case opMulK:
			for j := range d {
				d[j] = k * a[j]
			}
		case opDivK:
			for j := range d {
				d[j] = a[j] / k
			}
		case opKDiv:
			for j := range d {
				d[j] = k / a[j]
			}
		case opPowK:
			for j := range d {
				d[j] = math.Pow(a[j], k)
			}
		case opKPow:
			for j := range d {
				d[j] = powFloat(k, a[j])
			}
		case opSquare:
			for j := range d {
				d[j] = a[j] * a[j]
			}
		case opCube:
			for j := range d {
				v := a[j] * (a[j] * a[j])
				if !IsNormal(v) {
					v = math.Pow(a[j], 3)
				}
				d[j] = v
			}
		case opPowInt:
			n := ins.n
			for j := range d {
				d[j] = powInt(a[j], n)
			}
		case opCall1:
			f := ins.f1
			for j := range d {
				d[j] = f(a[j])
			}
		case opCall2:
			f := ins.f2
			b := bl.reg(ins.b)[:len(d)]
			for j := range d {
				d[j] = f(a[j], b[j])
			}
		case opCall2K:
			f := ins.f2
			for j := range d {
				d[j] = f(a[j], k)
			}
		case opCallK2:
			f := ins.f2
			for j := range d {
				d[j] = f(k, a[j])
			}
		case opShared:
			var b []float64
			if ins.f2 != nil {
				b = bl.reg(ins.b)
			}
			runSharedLoop(ins.loop, d, a, b)
		}
	}
}
