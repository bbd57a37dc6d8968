package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"critcalc/report/figure"
)

// runCLI runs one command line in-process, drawing its figures as
// critcalc-figure does (TestFigureRunsProgram covers critcalc, which runs
// that program instead).
func runCLI(args ...string) (code int, stdout, stderr string) {
	return runWith(figure.Write, args...)
}

// runWith runs one command line in-process with the drawer draw.
func runWith(draw Drawer, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Run(args, os.Stdin, &out, &errb, draw)
	return code, out.String(), errb.String()
}

func TestCLIExitCodes(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // substring
	}{
		{"no arguments", nil, exitUsage, "usage: critcalc COMMAND"},
		{"unknown command", []string{"exp"}, exitUsage, `unknown command "exp" (did you mean expr?)`},
		{"help", []string{"help"}, exitOK, ""},
		{"help expr", []string{"help", "expr"}, exitOK, ""},
		{"help functions", []string{"help", "functions"}, exitOK, ""},
		{"help unknown", []string{"help", "nope"}, exitUsage, "unknown command"},
		{"version", []string{"--version"}, exitOK, ""},
		{"expr -h", []string{"expr", "-h"}, exitOK, ""},
		{"expr ok", []string{"expr", "tanh"}, exitOK, ""},
		{"expr no argument", []string{"expr"}, exitUsage, "want one expression"},
		{"expr two arguments", []string{"expr", "x", "x"}, exitUsage, "want one expression"},
		{"expr syntax error", []string{"expr", "x + tanhh(x)"}, exitError, "column 5: unknown function \"tanhh\" (did you mean tanh?)\n  x + tanhh(x)\n      ^"},
		{"expr empty", []string{"expr", ""}, exitError, "empty expression"},
		{"expr bad digits", []string{"expr", "x", "--digits", "0"}, exitUsage, "--digits must be between 1 and 1000"},
		{"expr digits not a number", []string{"expr", "x", "--digits", "many"}, exitUsage, "invalid value"},
		{"expr bad taylor", []string{"expr", "x", "--taylor", "500"}, exitUsage, "--taylor must be between"},
		{"expr bad point", []string{"expr", "x", "--at", "1,y"}, exitUsage, `"y" is not a number`},
		{"expr unknown flag", []string{"expr", "x", "--fast"}, exitUsage, "unknown flag --fast"},
		{"expr flag without value", []string{"expr", "x", "--at"}, exitUsage, "needs a value"},
		{"expr domain error", []string{"expr", "log(x)", "--at", "-1"}, exitError, "cannot evaluate log(x) at x = -1"},
		{"expr division by zero at a point", []string{"expr", "1/x", "--at", "0", "--taylor", "-1"}, exitError, "division by zero"},
		{"expr leading minus expression", []string{"expr", "-x^2", "--at", "2"}, exitOK, ""},
		{"expr after --", []string{"expr", "--at", "2", "--", "-x"}, exitOK, ""},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and stderr containing %q", tt.name, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestExprJSONKeys pins the JSON interface of `critcalc expr`.
func TestExprJSONKeys(t *testing.T) {
	code, out, stderr := runCLI("expr", "relu", "--json", "--at", "-1,0.5", "--taylor", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"expression", "derivatives", "kinks", "values", "taylor_at", "taylor", "taylor_below", "taylor_above", "digits"} {
		if _, ok := got[k]; !ok {
			t.Errorf("key %q missing from %s", k, out)
		}
	}
	var rep struct {
		Expression  string
		Derivatives []string
		Kinks       []struct {
			X, Order    float64
			Exact       string
			Left, Right [3]float64
		}
		Values []struct{ X, F, D1, D2 float64 }
		Taylor []float64
		Below  []float64 `json:"taylor_below"`
		Above  []float64 `json:"taylor_above"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Expression != "relu(x)" || rep.Derivatives[0] != "step(x)" || rep.Derivatives[1] != "0" {
		t.Errorf("expression/derivatives: %+v", rep)
	}
	if len(rep.Kinks) != 1 || rep.Kinks[0].X != 0 || rep.Kinks[0].Exact != "0" || rep.Kinks[0].Order != 1 ||
		rep.Kinks[0].Left != [3]float64{0, 0, 0} || rep.Kinks[0].Right != [3]float64{0, 1, 0} {
		t.Errorf("kinks: %+v", rep.Kinks)
	}
	if len(rep.Values) != 2 || rep.Values[0] != (struct{ X, F, D1, D2 float64 }{-1, 0, 0, 0}) ||
		rep.Values[1] != (struct{ X, F, D1, D2 float64 }{0.5, 0.5, 1, 0}) {
		t.Errorf("values: %+v", rep.Values)
	}
	if rep.Taylor != nil || len(rep.Below) != 4 || len(rep.Above) != 4 || rep.Above[1] != 1 || rep.Below[1] != 0 {
		t.Errorf("taylor at the kink: %v / %v / %v", rep.Taylor, rep.Below, rep.Above)
	}
}

// TestExprBranchPoint checks `critcalc expr` at a branch point, where
// σ = |x|^1.5 has no one-sided power series: the kink is marked branch
// (order −1, no one-sided values), σ″ at 0 (unbounded, |x|^(−1/2)) is
// missing, and the Taylor coefficients there are replaced by no_series.
func TestExprBranchPoint(t *testing.T) {
	code, out, stderr := runCLI("expr", "abs(x)^1.5", "--json", "--at", "0,4")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Kinks []struct {
			X, Order    float64
			Exact       string
			Left, Right []float64
			Branch      bool
		}
		Values   []struct{ X, F, D1, D2 *float64 }
		Taylor   []float64
		NoSeries string `json:"no_series"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Kinks) != 1 || rep.Kinks[0].X != 0 || rep.Kinks[0].Exact != "0" || rep.Kinks[0].Order != -1 ||
		!rep.Kinks[0].Branch || rep.Kinks[0].Left != nil || rep.Kinks[0].Right != nil {
		t.Errorf("kinks: %+v", rep.Kinks)
	}
	// At 4: σ = 8, σ' = 1.5·2 = 3, σ'' = 0.75/2 = 0.375.
	if len(rep.Values) != 2 || *rep.Values[0].F != 0 || *rep.Values[0].D1 != 0 || rep.Values[0].D2 != nil ||
		*rep.Values[1].F != 8 || *rep.Values[1].D1 != 3 || *rep.Values[1].D2 != 0.375 {
		t.Errorf("values: %s", out)
	}
	if rep.Taylor != nil || !strings.Contains(rep.NoSeries, "no power series at x = 0") {
		t.Errorf("taylor %v, no_series %q", rep.Taylor, rep.NoSeries)
	}
	code, text, _ := runCLI("expr", "abs(x)^1.5")
	if code != exitOK || !strings.Contains(text, "kink        x = 0: branch point") || !strings.Contains(text, "Taylor coefficients: none, no power series") {
		t.Errorf("text output:\n%s", text)
	}
}

// TestExprDigits checks that --digits reaches the JSON numbers (as numbers,
// not strings) and that they are right.
func TestExprDigits(t *testing.T) {
	code, out, stderr := runCLI("expr", "erf(x)", "--json", "--at", "1", "--digits", "30", "--taylor", "3")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep struct {
		Values []map[string]json.Number
		Taylor []json.Number
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	// erf(1) to 30 digits (Abramowitz & Stegun table 7.1 gives 0.84270 07929 49714 86934 12206 35083).
	if got := string(rep.Values[0]["f"]); got != "0.842700792949714869341220635083" {
		t.Errorf("erf(1) = %s", got)
	}
	// erf'(1) = 2/√π·e^{−1} = 0.41510749742059470334026824944133… (bc -l, scale=50)
	if got := string(rep.Values[0]["d1"]); got != "0.415107497420594703340268249441" {
		t.Errorf("erf'(1) = %s", got)
	}
	// Taylor of erf at 0: 2/√π (x − x³/3 + …): c1 = 1.128379167095512573896158903122, c2 = 0.
	if got := []string{string(rep.Taylor[0]), string(rep.Taylor[1]), string(rep.Taylor[2])}; got[0] != "0" || got[1] != "1.12837916709551257389615890312" || got[2] != "0" {
		t.Errorf("taylor = %v", got)
	}
}

func TestExprText(t *testing.T) {
	code, out, _ := runCLI("expr", "x/(1+exp(-x))", "--at", "-800,0")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"expression  x*sigmoid(x)", "kinks       none", "Taylor coefficients"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// `critcalc CMD -h`, `critcalc CMD --help` and `critcalc help CMD` print
// the same one help on stdout, with every flag of the command, and exit 0;
// no flag shows a default it does not have.
func TestHelpListsFlags(t *testing.T) {
	for _, c := range commands {
		if c.flags == nil {
			continue
		}
		_, want, _ := runCLI("help", c.name)
		for _, args := range [][]string{{c.name, "-h"}, {c.name, "--help"}, {c.name, "x", "-help"}} {
			code, out, stderr := runCLI(args...)
			if code != exitOK || stderr != "" || out != want || !strings.Contains(out, "usage: critcalc "+c.name) || !strings.Contains(out, "\n  -") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0 and the help of help %s", args, code, out, stderr, c.name)
			}
		}
		for _, bad := range []string{"(default NaN)", "(default -1)", "(required) (default"} {
			if strings.Contains(want, bad) {
				t.Errorf("help %s shows %q:\n%s", c.name, bad, want)
			}
		}
		_, flagPart, _ := strings.Cut(want, "\nflags:\n")
		for _, line := range strings.Split(flagPart, "\n") {
			if strings.Count(line, "(default") > 1 {
				t.Errorf("help %s states a default twice: %q", c.name, line)
			}
		}
	}
	_, out, _ := runCLI("help", "act")
	for _, f := range []string{"-cb X", "-cw Y", "-at K"} {
		i := strings.Index(out, "  "+f+"\n")
		if i < 0 {
			t.Fatalf("help act lacks %s:\n%s", f, out)
		}
		if line, _, _ := strings.Cut(out[i+len(f)+3:], "\n  -"); strings.Contains(line, "(default") {
			t.Errorf("help act shows a default for %s: %q", f, line)
		}
	}
}

// TestJSONNotHTMLEscaped checks that JSON output keeps '<' and '>' as
// they are (sigmoid's reason says "… < 0"), not as \u003c.
func TestJSONNotHTMLEscaped(t *testing.T) {
	code, out, stderr := runCLI("act", "sigmoid", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(out, `\u003c`) || !strings.Contains(out, "< 0") {
		t.Errorf("JSON escapes HTML or lacks the reason:\n%s", out)
	}
}

// TestDigitsRange checks that --digits has one range, 1 to calc.MaxDigits,
// and one message in every command that certifies digits.
func TestDigitsRange(t *testing.T) {
	for _, args := range [][]string{
		{"act", "tanh"},
		{"hermite", "tanh"},
		{"depth", "tanh", "--cb", "0", "--cw", "1", "--layers", "2"},
		{"phase", "tanh", "--sw2", "1", "--sb2", "0"},
	} {
		for _, d := range []string{"0", "61"} {
			code, _, stderr := runCLI(append(args, "--digits", d)...)
			if code != exitUsage || !strings.Contains(stderr, "--digits must be between 1 and 60, got "+d) {
				t.Errorf("%v --digits %s: exit %d, %q", args, d, code, stderr)
			}
		}
	}
}
