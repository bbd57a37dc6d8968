package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// writeLaTeX writes t as a booktabs table (\toprule, \midrule,
// \bottomrule; needs \usepackage{booktabs}) inside a table float with the
// title as caption and the label tab:critcalc-NAME. Numbers are set in
// math mode with ×10^{e} exponents, empty cells as "---", Greek letters and
// symbols as math commands, so that the output compiles with pdflatex; the
// footnotes follow the tabular in \footnotesize.
func writeLaTeX(w io.Writer, t *Table) error {
	bw := bufio.NewWriter(w)
	spec := make([]byte, len(t.Columns))
	for j := range t.Columns {
		spec[j] = 'l'
		if t.numeric(j) {
			spec[j] = 'r'
		}
	}
	fmt.Fprintln(bw, `\begin{table}[htbp]`)
	fmt.Fprintln(bw, `\centering`)
	if t.Title != "" {
		fmt.Fprintf(bw, "\\caption{%s}\n", texText(t.Title))
	}
	if t.Name != "" {
		fmt.Fprintf(bw, "\\label{tab:critcalc-%s}\n", t.Name)
	}
	fmt.Fprintf(bw, "\\begin{tabular}{%s}\n\\toprule\n", spec)
	head := make([]string, len(t.Columns))
	for j, c := range t.Columns {
		head[j] = texText(c.Header)
		if c.TeX != "" {
			head[j] = c.TeX
		}
		if c.Note != "" {
			head[j] += " " + texText("("+c.Note+")")
		}
	}
	fmt.Fprintf(bw, "%s \\\\\n\\midrule\n", strings.Join(head, " & "))
	for _, r := range t.Rows {
		row := make([]string, len(r))
		for j, c := range r {
			switch c.Kind {
			case Empty:
				row[j] = "---"
			case Text, Annotation:
				row[j] = texText(c.S)
			case Number:
				row[j] = texNumber(c.S)
			}
		}
		fmt.Fprintf(bw, "%s \\\\\n", strings.Join(row, " & "))
	}
	fmt.Fprintln(bw, `\bottomrule`)
	fmt.Fprintln(bw, `\end{tabular}`)
	if len(t.Footnotes) > 0 {
		fmt.Fprintln(bw, `\par\smallskip{\footnotesize`)
		for i, n := range t.Footnotes {
			fmt.Fprintf(bw, "%d.~%s\\par\n", i+1, texText(n))
		}
		fmt.Fprintln(bw, `}`)
	}
	fmt.Fprintln(bw, `\end{table}`)
	return bw.Flush()
}

// texNumber sets a number in math mode: "-2.5e-6" → "$-2.5\times10^{-6}$".
func texNumber(s string) string {
	mant, exp, ok := strings.Cut(s, "e")
	if !ok {
		return "$" + s + "$"
	}
	return fmt.Sprintf("$%s\\times10^{%s}$", mant, exp)
}

// texMath holds the LaTeX math-mode form of the symbols critcalc's
// headings, cells and notes use.
var texMath = map[rune]string{
	'α': `\alpha`, 'β': `\beta`, 'γ': `\gamma`, 'δ': `\delta`, 'ε': `\varepsilon`, 'ζ': `\zeta`,
	'κ': `\kappa`, 'λ': `\lambda`, 'μ': `\mu`, 'ξ': `\xi`, 'π': `\pi`, 'ρ': `\rho`, 'σ': `\sigma`,
	'φ': `\varphi`, 'χ': `\chi`, 'ψ': `\psi`, 'Δ': `\Delta`, 'ℓ': `\ell`,
	'∥': `_\parallel`, '⊥': `_\perp`, '′': `'`, '≥': `\geq`, '≤': `\leq`, '≠': `\neq`, '≈': `\approx`,
	'→': `\to`, '∞': `\infty`, '⟨': `\langle`, '⟩': `\rangle`, '√': `\surd`, '·': `\cdot`, '×': `\times`,
	'−': `-`, '∈': `\in`, '±': `\pm`, '≡': `\equiv`, 'ã': `\tilde{a}`,
	'∝': `\propto`, threeHalves: `_{3/2}`, '₀': `_0`, '₁': `_1`, '₂': `_2`, '₃': `_3`, '₄': `_4`, '₅': `_5`, 'ᐟ': `/`,
	'²': `^2`, '³': `^3`, '⁴': `^4`, '*': `^*`, '₋': `_-`, '₊': `_+`, '<': `<`, '>': `>`, '|': `|`,
}

// threeHalves stands for the subscript "₃ᐟ₂" of a₃ᐟ₂ while texText
// works (a private-use rune).
const threeHalves = '\uE000'

// texSpecial holds the text-mode escapes of LaTeX's special characters.
var texSpecial = map[rune]string{
	'\\': `\textbackslash{}`, '&': `\&`, '%': `\%`, '$': `\$`, '#': `\#`, '_': `\_`,
	'{': `\{`, '}': `\}`, '~': `\textasciitilde{}`, '^': `\textasciicircum{}`,
	'—': `---`, '–': `--`, '½': `$\frac12$`, '⅔': `$\frac23$`,
}

// texText escapes s for LaTeX text mode, setting each run of symbols from
// texMath in one math group.
func texText(s string) string {
	var out, math strings.Builder
	s = strings.ReplaceAll(s, "₃ᐟ₂", string(threeHalves))
	flush := func() {
		if math.Len() > 0 {
			out.WriteString("$" + math.String() + "$")
			math.Reset()
		}
	}
	for _, r := range s {
		if m, ok := texMath[r]; ok {
			if math.Len() > 0 && isLetterCmd(m) {
				math.WriteByte(' ')
			}
			if cur := math.String(); strings.HasPrefix(m, "^") && strings.HasSuffix(cur, "^*") {
				// K*² is K^{*2}, not a double superscript.
				math.Reset()
				math.WriteString(cur[:len(cur)-1] + "{*" + m[1:] + "}")
				continue
			}
			math.WriteString(m)
			continue
		}
		flush()
		if e, ok := texSpecial[r]; ok {
			out.WriteString(e)
			continue
		}
		out.WriteRune(r)
	}
	flush()
	return out.String()
}

// isLetterCmd reports whether m starts with a control word, which must be
// kept apart from a preceding control word.
func isLetterCmd(m string) bool { return len(m) > 1 && m[0] == '\\' && m[1] >= 'a' && m[1] <= 'z' }
