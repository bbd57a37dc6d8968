package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestTableJSONKeys pins the JSON interface of `critcalc table`: the
// top-level keys, the column keys of every table in order, and the row
// objects carrying exactly those keys.
func TestTableJSONKeys(t *testing.T) {
	want := map[string][]string{
		"pdlt":         {"activation", "class", "K_star", "C_b", "C_W", "a1", "a3_2", "stability", "p0", "p_par", "p_perp", "p_V"},
		"joudaki":      {"activation", "expression", "quantity", "recomputed", "printed", "status"},
		"exponents":    {"class", "activation", "p0", "p_par", "p_perp", "p_V", "p1_bare", "p1_renormalized", "scaling_law"},
		"finite-width": {"activation", "class", "C_W", "vertex", "c_b1", "c_W1", "G1_bare", "G1_renormalized", "G1_renormalized_printed"},
	}
	for name, keys := range want {
		code, stdout, stderr := runCLI("table", name, "--format", "json", "--act", "tanh", "--act", "relu")
		if code != exitOK {
			t.Fatalf("table %s: exit %d: %s", name, code, stderr)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal([]byte(stdout), &top); err != nil {
			t.Fatalf("table %s: %v", name, err)
		}
		var topKeys []string
		for k := range top {
			topKeys = append(topKeys, k)
		}
		if len(topKeys) != 5 || top["name"] == nil || top["title"] == nil || top["columns"] == nil || top["rows"] == nil || top["footnotes"] == nil {
			t.Errorf("table %s: top-level keys %v", name, topKeys)
		}
		var cols []struct{ Key string }
		if err := json.Unmarshal(top["columns"], &cols); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cols {
			got = append(got, c.Key)
		}
		if !reflect.DeepEqual(got, keys) {
			t.Errorf("table %s: columns %v, want %v", name, got, keys)
		}
		var rows []map[string]any
		if err := json.Unmarshal(top["rows"], &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Errorf("table %s: no rows", name)
		}
		for _, r := range rows {
			if len(r) != len(keys) {
				t.Errorf("table %s: row with %d keys, want %d", name, len(r), len(keys))
			}
		}
	}
}

func TestTableFormats(t *testing.T) {
	tests := []struct{ format, start string }{
		{"md", "**Criticality"},
		{"latex", `\begin{table}`},
		{"csv", "activation,class,K_star"},
		{"json", "{\n  \"name\": \"pdlt\""},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCLI("table", "pdlt", "--act", "tanh", "--format", tt.format)
		if code != exitOK || !strings.HasPrefix(stdout, tt.start) {
			t.Errorf("--format %s: exit %d, output %.40q, stderr %s", tt.format, code, stdout, stderr)
		}
	}
}

func TestTableCommandErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"table"}, exitUsage, "want one name"},
		{[]string{"table", "pdlt", "joudaki"}, exitUsage, "want one name"},
		{[]string{"table", "tables"}, exitUsage, `unknown name "tables"`},
		{[]string{"table", "pdlt", "--format", "html"}, exitUsage, "unknown table format"},
		{[]string{"table", "beta", "--digits", "61"}, exitUsage, "between 1 and 60 for table beta"},
		{[]string{"table", "joudaki", "--digits", "61"}, exitUsage, "between 1 and 60 for table joudaki"},
		{[]string{"table", "pdlt", "--digits", "0"}, exitUsage, "between 1 and 60"},
		{[]string{"table", "pdlt", "--act", "tanh(x"}, exitError, "^"},
		{[]string{"table", "joudaki", "--act", "x"}, exitError, "linear"},
		{[]string{"table", "pdlt", "--act", "log(x)"}, exitError, "table pdlt"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

func TestFigureCommand(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "map.png")
	code, stdout, stderr := runCLI("figure", "kernel-map", "--act", "tanh", "--rho0", "0.9", "--depth", "5", "--png", png)
	if code != exitOK || stdout != "wrote "+png+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	b, err := os.ReadFile(png)
	if err != nil || !strings.HasPrefix(string(b), "\x89PNG") {
		t.Errorf("%s is not a PNG (%v)", png, err)
	}
	svg := filepath.Join(dir, "ratio.svg")
	if code, _, stderr := runCLI("figure", "ratio", "--act", "tanh", "--act", "gelu", "--kmax", "5", "--svg", svg); code != exitOK {
		t.Errorf("ratio --svg: exit %d: %s", code, stderr)
	}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"figure", "depth"}, exitUsage, "give one or more of --png FILE"},
		{[]string{"figure", "depth", "--png", "a.png", "--svg", "a.png"}, exitUsage, "does not end in .svg"},
		{[]string{"figure", "depth", "--png", "a.svg"}, exitUsage, "extension"},
		{[]string{"figure", "depth", "--act", "tanh", "--act", "erf", "--png", "a.png"}, exitUsage, "one activation"},
		{[]string{"figure", "depth", "--rho0", "1", "--png", "a.png"}, exitUsage, "--rho0"},
		{[]string{"figure", "ratio", "--kmax", "-1", "--png", "a.png"}, exitUsage, "--kmax"},
		{[]string{"figure", "depth", "--depth", "0", "--png", "a.png"}, exitUsage, "--depth"},
		{[]string{"figure", "cobweb", "--png", "a.png"}, exitUsage, "unknown name"},
		{[]string{"figure", "depth", "--act", "x", "--png", filepath.Join(dir, "x.png")}, exitError, "linear"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// TestTableJSONKeysDHGBeta pins the JSON columns of the dhg and beta
// tables, whose parameters are flags of their own.
func TestTableJSONKeysDHGBeta(t *testing.T) {
	tests := []struct {
		args []string
		keys []string
		rows int
	}{
		{[]string{"table", "dhg", "--format", "json", "--act", "relu", "--sb2", "0", "--mu", "0.5"},
			[]string{"activation", "arch", "mu", "sigma_b2", "sigma_w2", "K_star", "chi_K", "chi_J", "phase", "zeta", "source", "note"}, 6},
		{[]string{"table", "beta", "--format", "json", "--n", "50", "--d", "2", "--d", "3", "--nout", "4"},
			[]string{"n", "d", "beta", "mean_G_theory", "var_G_theory", "mean_G_exact", "var_G_exact", "mean_logout_theory", "var_logout_theory", "mean_logout_exact", "var_logout_exact", "p_zero", "mean_G_sim", "var_G_sim", "var_G_sim_stderr"}, 2},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCLI(tt.args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr)
		}
		var top struct {
			Columns []struct{ Key string }
			Rows    []map[string]any
		}
		if err := json.Unmarshal([]byte(stdout), &top); err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		var got []string
		for _, c := range top.Columns {
			got = append(got, c.Key)
		}
		if !reflect.DeepEqual(got, tt.keys) {
			t.Errorf("%v: columns %v, want %v", tt.args, got, tt.keys)
		}
		if len(top.Rows) != tt.rows {
			t.Errorf("%v: %d rows, want %d", tt.args, len(top.Rows), tt.rows)
		}
		for _, r := range top.Rows {
			if len(r) != len(tt.keys) {
				t.Errorf("%v: row with %d keys, want %d", tt.args, len(r), len(tt.keys))
			}
		}
	}
	// The flags reach the table: β = 2/50 + 5·3/50 = 0.34 for n = 50, d = 3.
	_, stdout, _ := runCLI("table", "beta", "--format", "csv", "--n", "50", "--d", "3")
	if !strings.Contains(stdout, "\n50,3,0.34,") {
		t.Errorf("beta --n 50 --d 3: %q", stdout)
	}
}

// TestTableDHGDefaultOutput pins the default (6-digit) CSV of the README's
// example: the certified values print the digits the float64 table
// printed.
func TestTableDHGDefaultOutput(t *testing.T) {
	code, stdout, stderr := runCLI("table", "dhg", "--act", "erf", "--act", "relu", "--sb2", "0.1", "--mu", "0.5", "--format", "csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	const want = `activation,arch,mu,sigma_b2,sigma_w2,K_star,chi_K,chi_J,phase,zeta,source,note
erf,vanilla,,0.1,1.55212,0.726359,0.407711,1,critical,,Model.CriticalSW2,
erf,ln-pre,,0.1,0.953735,0.543066,0,1,critical,,Model.CriticalSW2,
erf,ln-post,,0.1,0.626359,0.726359,0,1,critical,,Model.CriticalSW2,
erf,res,0.5,0.1,1.23125,0.842276,0.529376,1,critical,,Model.CriticalSW2,
erf,preln-res,0.5,0.1,0.953735,0.724088,0.25,1,critical,,Model.CriticalSW2,
erf,bn,0.5,0.1,,,,,chaotic at both ends,,Model.CriticalSW2,the scan finds no critical point; see note 1
relu,vanilla,,0.1,2,∞,1,1,critical,,"closed form, eq 100",see note 2
relu,ln-pre,,0.1,,,,,ordered at both ends,,Model.CriticalSW2,the scan finds no critical point; see note 1
relu,ln-post,,0.1,0.214159,0.314159,0,1,critical,,Model.CriticalSW2,
relu,res,0.5,0.1,1.5,∞,1,1,critical,,"closed form, eq 115",see note 2
relu,preln-res,0.5,0.1,,,,,ordered at both ends,,Model.CriticalSW2,the scan finds no critical point; see note 1
relu,bn,0.5,0.1,,,,,chaotic at both ends,,Model.CriticalSW2,the scan finds no critical point; see note 1
`
	if stdout != want {
		t.Errorf("got\n%s\nwant\n%s", stdout, want)
	}
}

// TestTableDHGDigits60 asks table dhg for 60 digits: erf's critical σ_w²
// at σ_b² = 0 is π/4 (DHG eq 127) to 60 digits, and ζ = 1 (eq 133).
func TestTableDHGDigits60(t *testing.T) {
	code, stdout, stderr := runCLI("table", "dhg", "--act", "erf", "--sb2", "0", "--mu", "0", "--digits", "60", "--format", "csv")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// π/4 to 60 significant digits (π from its standard decimal expansion).
	const quarterPi = "0.785398163397448309615660845819875721049292349843776455243736"
	want := "erf,vanilla,,0," + quarterPi + ",0,1,1,critical,1,Model.CriticalSW2,"
	if !strings.Contains(stdout, want+"\n") {
		t.Errorf("missing %q in\n%s", want, stdout)
	}
}

// TestTableBetaDigits60 asks table beta for 60 digits: β is exact, and
// the exact E[G] (n = 50, d = 3) has 60 certified digits whose first 30
// are those of --digits 30.
func TestTableBetaDigits60(t *testing.T) {
	cell := func(digits string) []string {
		code, stdout, stderr := runCLI("table", "beta", "--format", "csv", "--n", "50", "--d", "3", "--digits", digits)
		if code != exitOK {
			t.Fatalf("--digits %s: exit %d: %s", digits, code, stderr)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		return strings.Split(lines[1], ",")
	}
	c60, c30 := cell("60"), cell("30")
	if c60[2] != "0.34" {
		t.Errorf("β = %s, want 0.34", c60[2])
	}
	mean60, mean30 := strings.TrimPrefix(c60[5], "-"), strings.TrimPrefix(c30[5], "-")
	if n := len(strings.Trim(strings.ReplaceAll(mean60, ".", ""), "0")); n < 58 || !strings.HasPrefix(mean60, mean30[:len(mean30)-1]) {
		t.Errorf("exact E[G]: 60 digits %s, 30 digits %s", c60[5], c30[5])
	}
}

func TestTableDHGBetaErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"table", "dhg", "--digits", "61"}, exitUsage, "between 1 and 60 for table dhg"},
		{[]string{"table", "dhg", "--sb2", "-1"}, exitUsage, "--sb2 must be finite and ≥ 0"},
		{[]string{"table", "dhg", "--sb2", "x"}, exitUsage, `"x" is not a number`},
		{[]string{"table", "dhg", "--mu", "2"}, exitUsage, "--mu must be in [0, 1]"},
		{[]string{"table", "dhg", "--n", "10"}, exitUsage, "--n is a flag of table beta, not dhg"},
		{[]string{"table", "pdlt", "--sb2", "0.1"}, exitUsage, "--sb2 is a flag of table dhg, not pdlt"},
		{[]string{"table", "beta", "--act", "relu"}, exitUsage, "takes no --act"},
		{[]string{"table", "beta", "--n", "0"}, exitUsage, "--n must be between 1 and 100000"},
		{[]string{"table", "beta", "--d", "-1"}, exitUsage, "--d must be between 0 and 100000"},
		{[]string{"table", "beta", "--d", "1.5"}, exitUsage, `"1.5" is not an integer`},
		{[]string{"table", "beta", "--nout", "0"}, exitUsage, "--nout must be between"},
		{[]string{"table", "beta", "--mu", "0.5"}, exitUsage, "--mu is a flag of table dhg, not beta"},
		{[]string{"table", "dhg", "--act", "exp(x^2)"}, exitError, "table dhg"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

func TestFigureDHGCommands(t *testing.T) {
	dir := t.TempDir()
	ok := [][]string{
		{"figure", "phase", "--act", "relu", "--arch", "res", "--mu", "0.5", "--grid", "6,4", "--sw2-max", "3", "--png", filepath.Join(dir, "phase.png")},
		{"figure", "apjn", "--act", "tanh", "--sw2", "1", "--sb2", "0", "--depth", "50", "--svg", filepath.Join(dir, "apjn.svg")},
		{"figure", "lognorm", "--d", "2", "--samples", "200", "--png", filepath.Join(dir, "lognorm.png")},
	}
	for _, args := range ok {
		code, stdout, stderr := runCLI(args...)
		path := args[len(args)-1]
		if code != exitOK || stdout != "wrote "+path+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
			continue
		}
		if b, err := os.ReadFile(path); err != nil || len(b) < 100 {
			t.Errorf("%s: %v, %d bytes", path, err, len(b))
		}
	}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"figure", "phase", "--arch", "transformer", "--png", "a.png"}, exitUsage, "--arch"},
		{[]string{"figure", "phase", "--mu", "0.5", "--png", "a.png"}, exitUsage, "needs an architecture with a skip"},
		{[]string{"figure", "phase", "--arch", "res", "--mu", "1.5", "--png", "a.png"}, exitUsage, "--mu must be in [0, 1]"},
		{[]string{"figure", "phase", "--grid", "1,5", "--png", "a.png"}, exitUsage, "2 to 400"},
		{[]string{"figure", "phase", "--grid", "a,b", "--png", "a.png"}, exitUsage, "--grid wants NW,NB"},
		{[]string{"figure", "phase", "--sw2-min", "0", "--png", "a.png"}, exitUsage, "σ_w² min"},
		{[]string{"figure", "phase", "--sb2-min", "2", "--png", "a.png"}, exitUsage, "σ_b² min"},
		{[]string{"figure", "phase", "--act", "tanh", "--act", "erf", "--png", "a.png"}, exitUsage, "one activation"},
		{[]string{"figure", "apjn", "--act", "tanh", "--png", "a.png"}, exitUsage, "one --sw2 and one --sb2 per --act"},
		{[]string{"figure", "apjn", "--act", "tanh", "--sw2", "-1", "--sb2", "0", "--png", "a.png"}, exitUsage, "σ_w²"},
		{[]string{"figure", "apjn", "--depth", "1", "--png", "a.png"}, exitUsage, "between 2 and 100000"},
		{[]string{"figure", "apjn", "--grid", "3,3", "--png", "a.png"}, exitUsage, "--grid is a flag of figure phase"},
		{[]string{"figure", "lognorm", "--act", "relu", "--png", "a.png"}, exitUsage, "takes no --act"},
		{[]string{"figure", "lognorm", "--samples", "-1", "--png", "a.png"}, exitUsage, "--samples"},
		{[]string{"figure", "lognorm", "--nout", "0", "--png", "a.png"}, exitUsage, "--nout"},
		{[]string{"figure", "lognorm", "--d", "-2", "--png", "a.png"}, exitUsage, "--d must be"},
		{[]string{"figure", "ratio", "--arch", "res", "--png", "a.png"}, exitUsage, "--arch is a flag of figure phase, apjn, not ratio"},
		{[]string{"figure", "phase", "--act", "exp(x^2)", "--grid", "2,2", "--png", filepath.Join(dir, "e.png")}, exitError, "figure phase"},
	}
	for _, tt := range tests {
		code, _, stderr := runCLI(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.stderr)
		}
	}
}

// Leaky ReLU has χ_𝒥* ≡ 1 under pre-LayerNorm at σ_b² = 0 (every σ_w² is
// critical), and its scale-invariant slope λ = 1 on the critical line
// holds only to rounding at each working precision: the table reports no
// isolated critical point there (it found one in the rounding noise, or
// failed with σ_w² = −93.5, or panicked at μ = 0.5, σ_b² = 0), and the
// res line at μ = 0.5 is the closed form 2(1 − μ²)/(a₊² + a₋²) = 75/52.
func TestTableDHGLeakyReLU(t *testing.T) {
	for _, args := range [][]string{
		{"table", "dhg", "--act", "max(x,0.2*x)", "--format", "csv"},
		{"table", "dhg", "--act", "max(x,0.2*x)", "--mu", "0.5", "--sb2", "0", "--format", "csv", "--digits", "30"},
	} {
		code, out, stderr := runCLI(args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, "preln-res,0.5,0,") && !strings.Contains(line, "critical at both ends") {
				t.Errorf("%v: preln-res at μ = 0.5, σ_b² = 0: %s, want critical at both ends", args, line)
			}
		}
		if len(args) > 6 && !strings.Contains(out, "res,0.5,0,1.44230769230769230769230769231,") {
			t.Errorf("%v: res at μ = 0.5 should have σ_w² = 75/52 to 30 digits:\n%s", args, out)
		}
	}
}
