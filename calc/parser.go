package calc

import (
	"fmt"
	"strings"
)

// Limits on the input, so that no text can exhaust the parser.
const (
	MaxInputLen = 10000 // characters
	MaxDepth    = 500   // nesting of parentheses, calls and operators
)

// Parse parses an activation written as text and returns its normalized
// expression. A bare function name is the whole activation: "gelu" means
// gelu(x). Errors are *SyntaxError values that point at the column.
func Parse(src string) (Expr, error) {
	syn, err := ParseSyntax(src)
	if err != nil {
		return Expr{}, err
	}
	return Lower(src, syn)
}

// MustParse is Parse for expressions known to be valid; it panics on error.
// It is meant for tests and package-level values.
func MustParse(src string) Expr {
	e, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return e
}

// ParseSyntax parses src into a syntax tree without normalizing it.
func ParseSyntax(src string) (*Syntax, error) {
	if n := len([]rune(src)); n > MaxInputLen {
		return nil, &SyntaxError{src, 0, fmt.Sprintf("expression is %d characters long; the limit is %d", n, MaxInputLen)}
	}
	if strings.TrimSpace(src) == "" {
		return nil, &SyntaxError{src, 0, "empty expression"}
	}
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	// A bare function name is the activation itself.
	if len(toks) == 2 && toks[0].kind == tokIdent {
		if f := lookupFunc(toks[0].text); f != nil && !f.isConst && f.MinArgs == 1 {
			x := &Syntax{Kind: SynName, Pos: toks[0].pos, Text: "x"}
			return &Syntax{Kind: SynCall, Pos: toks[0].pos, Text: toks[0].text, Args: []*Syntax{x}}, nil
		}
	}
	p := &parser{src: src, toks: toks}
	s, err := p.expr(0)
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.errAt(t.pos, fmt.Sprintf("unexpected %s after a complete expression (missing operator?)", describe(t)))
	}
	return s, nil
}

type parser struct {
	src   string
	toks  []token
	i     int
	depth int
}

func (p *parser) peek() token { return p.toks[p.i] }

// next consumes a token; the end-of-input token is never passed.
func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

func (p *parser) errAt(pos int, msg string) error { return &SyntaxError{p.src, pos, msg} }

func describe(t token) string {
	switch t.kind {
	case tokNum, tokIdent:
		return fmt.Sprintf("%s %q", t.kind, t.text)
	}
	return t.kind.String()
}

// Binding powers: sums < products < unary minus < powers. Powers are
// right-associative and bind tighter than unary minus, so -x^2 = -(x^2) and
// 2^3^2 = 2^9.
const (
	bpSum   = 10
	bpProd  = 20
	bpUnary = 30
	bpPow   = 40
)

func infixPower(k tokenKind) (left, right int, ok bool) {
	switch k {
	case tokPlus, tokMinus:
		return bpSum, bpSum + 1, true
	case tokStar, tokSlash:
		return bpProd, bpProd + 1, true
	case tokPow:
		return bpPow, bpPow, true // right-associative
	}
	return 0, 0, false
}

func (p *parser) expr(minBP int) (*Syntax, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > MaxDepth {
		return nil, p.errAt(p.peek().pos, fmt.Sprintf("expression nested deeper than %d levels", MaxDepth))
	}
	lhs, err := p.prefix()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		left, right, ok := infixPower(t.kind)
		if !ok || left < minBP {
			return lhs, nil
		}
		p.next()
		rhs, err := p.expr(right)
		if err != nil {
			return nil, err
		}
		op := t.text
		if t.kind == tokPow {
			op = "^"
		}
		lhs = &Syntax{Kind: SynBinary, Pos: t.pos, Text: op, Args: []*Syntax{lhs, rhs}}
	}
}

func (p *parser) prefix() (*Syntax, error) {
	t := p.next()
	switch t.kind {
	case tokNum:
		return &Syntax{Kind: SynNum, Pos: t.pos, Text: t.text}, nil
	case tokMinus, tokPlus:
		arg, err := p.expr(bpUnary)
		if err != nil {
			return nil, err
		}
		return &Syntax{Kind: SynUnary, Pos: t.pos, Text: t.text, Args: []*Syntax{arg}}, nil
	case tokLParen:
		inner, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		if c := p.next(); c.kind != tokRParen {
			return nil, p.errAt(c.pos, fmt.Sprintf("expected ')' to close the '(' at column %d, found %s", colOf(p.src, t.pos), describe(c)))
		}
		return inner, nil
	case tokIdent:
		if p.peek().kind == tokLParen {
			return p.call(t)
		}
		return &Syntax{Kind: SynName, Pos: t.pos, Text: t.text}, nil
	case tokEOF:
		return nil, p.errAt(t.pos, "unexpected end of input: an operand is missing")
	case tokRParen:
		return nil, p.errAt(t.pos, "unexpected ')': an operand is missing or the parentheses are unbalanced")
	}
	return nil, p.errAt(t.pos, fmt.Sprintf("unexpected %s where an operand should be", describe(t)))
}

func (p *parser) call(name token) (*Syntax, error) {
	open := p.next() // '('
	s := &Syntax{Kind: SynCall, Pos: name.pos, Text: name.text}
	if p.peek().kind == tokRParen {
		p.next()
		return s, nil
	}
	for {
		arg, err := p.expr(0)
		if err != nil {
			return nil, err
		}
		s.Args = append(s.Args, arg)
		switch c := p.next(); c.kind {
		case tokComma:
			continue
		case tokRParen:
			return s, nil
		default:
			return nil, p.errAt(c.pos, fmt.Sprintf("expected ',' or ')' in the call of %s opened at column %d, found %s", name.text, colOf(p.src, open.pos), describe(c)))
		}
	}
}

func colOf(src string, pos int) int { return (&SyntaxError{Input: src, Pos: pos}).Column() }
