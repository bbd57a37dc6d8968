package calc

import (
	"fmt"
	"unicode/utf8"
)

type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokNum
	tokIdent
	tokPlus
	tokMinus
	tokStar
	tokSlash
	tokPow // ^ or **
	tokLParen
	tokRParen
	tokComma
)

func (k tokenKind) String() string {
	return [...]string{"end of input", "number", "name", "'+'", "'-'", "'*'", "'/'", "'^'", "'('", "')'", "','"}[k]
}

type token struct {
	kind tokenKind
	pos  int    // byte offset
	text string // source text of the token
}

// lex splits src into tokens. Whitespace separates tokens and is otherwise
// ignored.
func lex(src string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case isDigit(c) || c == '.':
			j, err := scanNumber(src, i)
			if err != nil {
				return nil, err
			}
			toks = append(toks, token{tokNum, i, src[i:j]})
			i = j
		case isLetter(c):
			j := i
			for j < len(src) && (isLetter(src[j]) || isDigit(src[j])) {
				j++
			}
			toks = append(toks, token{tokIdent, i, src[i:j]})
			i = j
		case c == '*' && i+1 < len(src) && src[i+1] == '*':
			toks = append(toks, token{tokPow, i, "**"})
			i += 2
		case c >= utf8.RuneSelf:
			// The typeset forms the README writes: − (U+2212) for '-',
			// · × ⋅ for '*', and π for pi.
			r, n := utf8.DecodeRuneInString(src[i:])
			switch r {
			case '−':
				toks = append(toks, token{tokMinus, i, "-"})
			case '·', '×', '⋅':
				toks = append(toks, token{tokStar, i, "*"})
			case 'π':
				if i+n < len(src) && (isLetter(src[i+n]) || isDigit(src[i+n])) {
					return nil, &SyntaxError{src, i, "unexpected character 'π' before a name or number (a product needs '*', as in π*x)"}
				}
				toks = append(toks, token{tokIdent, i, "pi"})
			default:
				return nil, &SyntaxError{src, i, fmt.Sprintf("unexpected character %q", r)}
			}
			i += n
		default:
			k, ok := map[byte]tokenKind{'+': tokPlus, '-': tokMinus, '*': tokStar, '/': tokSlash,
				'^': tokPow, '(': tokLParen, ')': tokRParen, ',': tokComma}[c]
			if !ok {
				r, _ := utf8.DecodeRuneInString(src[i:])
				return nil, &SyntaxError{src, i, fmt.Sprintf("unexpected character %q", r)}
			}
			toks = append(toks, token{k, i, string(c)})
			i++
		}
	}
	return append(toks, token{tokEOF, len(src), ""}), nil
}

// scanNumber returns the end of the decimal number starting at i:
// digits, an optional fraction, an optional exponent.
func scanNumber(src string, i int) (int, error) {
	start := i
	digits := 0
	for i < len(src) && isDigit(src[i]) {
		i++
		digits++
	}
	if i < len(src) && src[i] == '.' {
		i++
		for i < len(src) && isDigit(src[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, &SyntaxError{src, start, "malformed number: '.' without digits"}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j >= len(src) || !isDigit(src[j]) {
			return 0, &SyntaxError{src, start, fmt.Sprintf("malformed number %q: exponent without digits", src[start:j])}
		}
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		i = j
	}
	if i < len(src) && (src[i] == '.' || isLetter(src[i])) {
		hint := " (a product needs '*', as in 2*x)"
		if src[i] == '.' {
			hint = ""
		}
		j := i
		for j < len(src) && (isDigit(src[j]) || isLetter(src[j]) || src[j] == '.') {
			j++
		}
		return 0, &SyntaxError{src, start, fmt.Sprintf("malformed number %q%s", src[start:j], hint)}
	}
	return i, nil
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
