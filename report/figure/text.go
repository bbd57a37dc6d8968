package figure

import (
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// mathText is the text handler of every figure: plain text in which
// _x and _{…} set a subscript and ^x and ^{…} a superscript (smaller, below
// or above the baseline, nesting allowed; a subscript and a superscript
// that follow each other stack at one position, as in TeX), and \_, \^, \{,
// \}, \\ stand for the characters themselves. gonum/plot's text.Latex would
// do this, but the go-latex version it uses (v0.1.0) cannot render
// subscripts or superscripts (it panics on them), so figures set their
// scripts with this small layout of Liberation glyphs instead.
type mathText struct {
	Fonts *font.Cache
}

var _ text.Handler = mathText{}

// Script sizes and shifts, as fractions of the font size of the text
// around them (TeX's \scriptstyle is about 0.7).
const (
	scriptScale = 0.7
	supRise     = 0.38
	subDrop     = 0.22
)

// mathRun is a piece of text set at one size and baseline.
type mathRun struct {
	text  string
	scale float64 // of the font size
	rise  float64 // baseline shift, in units of the base font size
	// stack: the run starts where the previous script started (a
	// superscript over a subscript).
	stack bool
}

// escapeMath returns s with the characters of mathText's markup escaped,
// for text that comes from the user (an activation as typed).
func escapeMath(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `_`, `\_`, `^`, `\^`, `{`, `\{`, `}`, `\}`)
	return r.Replace(s)
}

// parseMath splits s into runs. A lone _ or ^ at the end, or an unclosed
// brace, is taken as literal text.
func parseMath(s string) []mathRun {
	var runs []mathRun
	parseMathInto(&runs, []rune(s), 1, 0)
	return runs
}

func parseMathInto(runs *[]mathRun, rs []rune, scale, rise float64) {
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			*runs = append(*runs, mathRun{text: cur.String(), scale: scale, rise: rise})
			cur.Reset()
		}
	}
	lastScript := false // the previous item was a script
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
			lastScript = false
		case (c == '_' || c == '^') && i+1 < len(rs):
			arg, next := scriptArg(rs, i+1)
			flush()
			shift := supRise
			if c == '_' {
				shift = -subDrop
			}
			start := len(*runs)
			parseMathInto(runs, arg, scale*scriptScale, rise+shift*scale)
			if lastScript && start < len(*runs) {
				(*runs)[start].stack = true
			}
			lastScript = true
			i = next - 1
		default:
			cur.WriteRune(c)
			lastScript = false
		}
	}
	flush()
}

// scriptArg returns the argument of a script that starts at rs[i]: the
// group {…} (braces balanced, escapes kept) or one rune, and the index
// after it.
func scriptArg(rs []rune, i int) ([]rune, int) {
	if rs[i] != '{' {
		if rs[i] == '\\' && i+1 < len(rs) {
			return rs[i : i+2], i + 2
		}
		return rs[i : i+1], i + 1
	}
	depth := 0
	for j := i; j < len(rs); j++ {
		switch rs[j] {
		case '\\':
			j++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return rs[i+1 : j], j + 1
			}
		}
	}
	return rs[i:], len(rs) // unclosed: literal
}

// placed is a run with its horizontal offset.
type placed struct {
	mathRun
	x vg.Length
}

// layout places the runs of one line and returns them with the line's
// width, height above and depth below the baseline.
func (h mathText) layout(line string, fnt font.Font) (ps []placed, w, ht, dp vg.Length) {
	var stackX, stackEnd vg.Length
	for _, r := range parseMath(line) {
		f := h.face(fnt, r.scale)
		e := f.Extents()
		x := w
		if r.stack {
			x = stackX
		}
		end := x + f.Width(r.text)
		if r.stack {
			end = max(end, stackEnd)
		}
		stackX, stackEnd = x, end
		w = max(w, end)
		rise := vg.Length(r.rise) * fnt.Size
		ht = max(ht, rise+e.Ascent)
		dp = max(dp, e.Descent-rise)
		ps = append(ps, placed{mathRun: r, x: x})
	}
	if len(ps) == 0 {
		e := h.Extents(fnt)
		return nil, 0, e.Ascent, e.Descent
	}
	return ps, w, ht, dp
}

func (h mathText) face(fnt font.Font, scale float64) font.Face {
	size := fnt.Size * vg.Length(scale)
	return h.Fonts.Lookup(fnt, size)
}

// Cache returns the font cache.
func (h mathText) Cache() *font.Cache { return h.Fonts }

// Extents returns the extents of fnt.
func (h mathText) Extents(fnt font.Font) font.Extents {
	f := h.Fonts.Lookup(fnt, fnt.Size)
	return f.Extents()
}

// Lines splits txt into lines.
func (h mathText) Lines(txt string) []string {
	return strings.Split(strings.TrimRight(txt, "\n"), "\n")
}

// Box returns the width, the height above and the depth below the baseline
// of one line of txt, scripts included.
func (h mathText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, width, height, depth = h.layout(txt, fnt)
	return width, height, depth
}

// Draw writes txt with style sty at pt, inside the rectangle that
// sty.Rectangle(txt) gives around pt.
func (h mathText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		defer c.Pop()
		c.Rotate(sty.Rotation)
		sin, cos := sincos(sty.Rotation)
		pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	}
	e := h.Extents(sty.Font)
	lines := h.Lines(txt)
	total := sty.Height(txt)
	linegap := e.Height - e.Ascent - e.Descent
	y := pt.Y + total*vg.Length(sty.YAlign) - (e.Height - e.Ascent) // bottom of the block
	for i := len(lines) - 1; i >= 0; i-- {
		ps, w, ht, dp := h.layout(lines[i], sty.Font)
		base := y + dp
		x0 := pt.X + vg.Length(sty.XAlign)*w
		for _, p := range ps {
			c.FillString(h.face(sty.Font, p.scale), vg.Point{X: x0 + p.x, Y: base + vg.Length(p.rise)*sty.Font.Size}, p.text)
		}
		y += ht + dp + linegap
	}
}
