package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	rpt "critcalc/report"
)

func init() {
	commands = append(commands, &command{
		name:    "table",
		usage:   "NAME [--format md|latex|csv|json] [--act EXPR]… [--digits D]",
		summary: "appendix tables: pdlt, joudaki, exponents, finite-width (Markdown, LaTeX, CSV, JSON)",
		detail: `Tables are views of critcalc's results, written in Markdown (default), LaTeX
(booktabs), CSV or JSON (numbers as JSON numbers with their digits):

  pdlt          per critical point: class, K*, (C_b, C_W), a₁ or ã₁, stability
                and depth exponents (Principles of Deep Learning Theory, ch. 5)
  joudaki       Table S.1 of Joudaki & Hofmann recomputed (C, α, ρ*, κ(ρ*),
                κ(0), κ'(0), κ'(1), κ'(ρ*), case) beside the printed values,
                each printed value marked "agrees" or "wrong"
  exponents     depth exponents p₀, p∥, p⊥, p_V, p₁ by universality class
  finite-width  V/(nK²) coefficient, c_W{1}, and the NLO metric G{1}, bare and
                renormalized (recomputed, and as printed in (5.143))

--act EXPR (repeatable) replaces the default activations: the activations of
PDLT chapter 5 (pdlt, exponents, finite-width) or the rows of Table S.1
(joudaki). --digits D (default 6) bounds the significant digits; float64
values show at most 12 (ã₁ at most 9), and pdlt and exponents compute
certified values above 12 (up to 60). Figures are drawn by 'critcalc figure'.`,
		flags: func(fs *flag.FlagSet) any { return defineTableFlags(fs) },
		run:   runTable,
	})
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ", ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

type tableFlags struct {
	format string
	acts   stringList
	digits int
}

func defineTableFlags(fs *flag.FlagSet) *tableFlags {
	f := &tableFlags{}
	fs.StringVar(&f.format, "format", "md", "output `format`: md, latex, csv or json")
	fs.Var(&f.acts, "act", "activation `EXPR` (repeatable; replaces the default list)")
	fs.IntVar(&f.digits, "digits", rpt.DefaultDigits, "significant digits `D` (1 to 12; pdlt and exponents up to 60)")
	return f
}

// parseName parses the flags of c and its one positional argument, the
// name of a table or figure.
func parseName[F any](c *command, args []string, stderr io.Writer, define func(*flag.FlagSet) F, names []string) (F, *flag.FlagSet, string, error) {
	fs := newFlagSet(c, stderr)
	f := define(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return f, fs, "", err
	}
	if len(pos) != 1 {
		return f, fs, "", fmt.Errorf("want one name (%s), got %d arguments", strings.Join(names, ", "), len(pos))
	}
	for _, n := range names {
		if pos[0] == n {
			return f, fs, n, nil
		}
	}
	return f, fs, "", fmt.Errorf("unknown name %q (want %s)", pos[0], strings.Join(names, ", "))
}

// parseActivations parses --act expressions, reporting a syntax error with
// a caret.
func parseActivations(srcs []string, stderr io.Writer) ([]rpt.Activation, error) {
	var acts []rpt.Activation
	for _, s := range srcs {
		e, err := parseExpr(s, stderr)
		if err != nil {
			return nil, err
		}
		acts = append(acts, rpt.Activation{Label: s, Sigma: e})
	}
	return acts, nil
}

func runTable(c *command, args []string, stdout, stderr io.Writer) int {
	f, _, name, err := parseName(c, args, stderr, defineTableFlags, rpt.TableNames)
	if err != nil {
		return usageError(c, stderr, err)
	}
	format, err := rpt.ParseFormat(f.format)
	if err != nil {
		return usageError(c, stderr, err)
	}
	if max := rpt.MaxDigits(name); f.digits < 1 || f.digits > max {
		return usageError(c, stderr, fmt.Errorf("--digits must be between 1 and %d for table %s, got %d", max, name, f.digits))
	}
	acts, err := parseActivations(f.acts, stderr)
	if err != nil {
		return exitError
	}
	t, err := rpt.BuildTable(name, acts, f.digits)
	if err != nil {
		errorf(stderr, "table %s: %v", name, err)
		return exitError
	}
	if err := rpt.Write(stdout, t, format); err != nil {
		errorf(stderr, "table %s: %v", name, err)
		return exitError
	}
	return exitOK
}
