package calc

// SyntaxKind is the kind of a Syntax node.
type SyntaxKind uint8

// The kinds of syntax nodes.
const (
	SynNum    SyntaxKind = iota // number literal
	SynName                     // x, z or a constant
	SynUnary                    // prefix − or +
	SynBinary                   // + − * / ^
	SynCall                     // name(args)
)

// Syntax is a node of the parse tree: the expression exactly as written,
// with the byte offset of every node in the source.
type Syntax struct {
	Kind SyntaxKind
	Pos  int       // byte offset of the node's first token (of the operator for SynBinary)
	Text string    // literal text, name, or operator ("+", "-", "*", "/", "^")
	Args []*Syntax // operands
}
