package calc

import (
	"fmt"
	"strings"
)

// Lower turns a syntax tree parsed from src into a normalized expression,
// resolving names and checking the number of arguments of each call.
func Lower(src string, s *Syntax) (Expr, error) {
	l := lowerer{src: src}
	return l.lower(s)
}

type lowerer struct{ src string }

func (l *lowerer) errAt(pos int, format string, args ...any) error {
	return &SyntaxError{l.src, pos, fmt.Sprintf(format, args...)}
}

func (l *lowerer) lower(s *Syntax) (Expr, error) {
	switch s.Kind {
	case SynNum:
		r, err := parseDecimal(s.Text)
		if err != nil {
			return Expr{}, l.errAt(s.Pos, "%v", err)
		}
		return Num(r), nil
	case SynName:
		return l.name(s)
	case SynCall:
		return l.call(s)
	}
	args := make([]Expr, len(s.Args))
	for i, a := range s.Args {
		e, err := l.lower(a)
		if err != nil {
			return Expr{}, err
		}
		args[i] = e
	}
	if s.Kind == SynUnary {
		if s.Text == "-" {
			return Neg(args[0]), nil
		}
		return args[0], nil
	}
	a, b := args[0], args[1]
	switch s.Text {
	case "+":
		return Add(a, b), nil
	case "-":
		return Sub(a, b), nil
	case "*":
		return Mul(a, b), nil
	case "/":
		if b.isNum(0) {
			return Expr{}, l.errAt(s.Pos, "division by zero: the denominator %s is identically 0", b)
		}
		return Div(a, b), nil
	}
	if r, ok := b.Rat(); ok && r.Sign() < 0 && a.isNum(0) {
		return Expr{}, l.errAt(s.Pos, "0 raised to the negative power %s", b)
	}
	return Pow(a, b), nil
}

func (l *lowerer) name(s *Syntax) (Expr, error) {
	switch s.Text {
	case "x", "z":
		return Var(), nil
	}
	if c, ok := Const(s.Text); ok {
		return c, nil
	}
	if f := lookupFunc(s.Text); f != nil {
		return Expr{}, l.errAt(s.Pos, "%s is a function: call it as %s(x)", s.Text, s.Text)
	}
	if len(s.Text) == 1 {
		return Expr{}, l.errAt(s.Pos, "unknown variable %q: the variable is x (or z)", s.Text)
	}
	return Expr{}, l.errAt(s.Pos, "unknown name %q%s", s.Text, suggestion(s.Text))
}

func (l *lowerer) call(s *Syntax) (Expr, error) {
	f := lookupFunc(s.Text)
	if f == nil {
		return Expr{}, l.errAt(s.Pos, "unknown function %q%s", s.Text, suggestion(s.Text))
	}
	if f.isConst {
		return Expr{}, l.errAt(s.Pos, "%s is a constant, not a function", s.Text)
	}
	if n := len(s.Args); n < f.MinArgs || n > f.MaxArgs {
		return Expr{}, l.errAt(s.Pos, "%s takes %s, got %d", f.Name, arity(f), n)
	}
	args := make([]Expr, len(s.Args))
	for i, a := range s.Args {
		e, err := l.lower(a)
		if err != nil {
			return Expr{}, err
		}
		args[i] = e
	}
	if f.ID == FnPow {
		if r, ok := args[1].Rat(); ok && r.Sign() < 0 && args[0].isNum(0) {
			return Expr{}, l.errAt(s.Pos, "0 raised to the negative power %s", args[1])
		}
	}
	return Call(f, args...), nil
}

func arity(f *Func) string {
	plural := func(n int) string {
		if n == 1 {
			return "1 argument"
		}
		return fmt.Sprintf("%d arguments", n)
	}
	if f.MinArgs == f.MaxArgs {
		return plural(f.MinArgs)
	}
	return fmt.Sprintf("%d or %s", f.MinArgs, plural(f.MaxArgs))
}

// suggestion returns " (did you mean NAME?)" for the closest known name,
// or "" when nothing is close.
func suggestion(name string) string {
	best, bestD := "", 1<<30
	lname := strings.ToLower(name)
	for _, n := range names() {
		if d := editDistance(lname, n); d < bestD {
			best, bestD = n, d
		}
	}
	if bestD <= max(1, len(name)/3) || strings.HasPrefix(best, lname) && len(lname) >= 3 {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}

// editDistance is the optimal-string-alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours count 1.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
