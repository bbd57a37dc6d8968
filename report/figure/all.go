package figure

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"critcalc/apjn"
	"critcalc/report"
)

// AppendixFigure is one figure of the appendix: its file stem, what it
// shows, the arguments of `critcalc figure` that draw it (without the
// output flag) and the function that draws it.
type AppendixFigure struct {
	Name  string
	What  string
	Args  []string
	Build func() (*Figure, error)
}

// AppendixFigures returns the figures of the appendix, each a figure of the
// papers critcalc implements at its default settings.
func AppendixFigures() []AppendixFigure {
	act := func(s string) report.Activation { return report.MustActivations(s, s)[0] }
	phase := func(name, a string, arch apjn.Arch, mu float64, what string) AppendixFigure {
		args := []string{"phase", "--act", a, "--arch", arch.String()}
		if mu != 0 {
			args = append(args, "--mu", fmt.Sprint(mu))
		}
		return AppendixFigure{Name: name, What: what, Args: args, Build: func() (*Figure, error) {
			return PhaseFigure(act(a), arch, mu, report.DefaultPhaseRange)
		}}
	}
	return []AppendixFigure{
		{"ratio", "the criticality ratio (5.73) of tanh, sigmoid, softplus, SWISH and GELU against K (PDLT Figs 5.1–5.3)",
			[]string{"ratio"}, func() (*Figure, error) { return RatioFigure(report.RatioFigureActivations(), 20, 400) }},
		{"kernel-map", "the normalized kernel map κ(ρ) of GELU with the cobweb of ρ_ℓ from ρ₀ = 0.5 (Joudaki–Hofmann Figs S.1–S.2)",
			[]string{"kernel-map", "--act", "gelu"}, func() (*Figure, error) { return KernelMapFigure(act("gelu"), 0.5, 30) }},
		{"depth-gelu", "|ρ_ℓ − ρ*| of GELU against depth with Theorem 1's bound (Joudaki–Hofmann Figs S.1–S.2)",
			[]string{"depth", "--act", "gelu"}, func() (*Figure, error) { return DepthFigure(act("gelu"), 0.5, 30) }},
		{"depth-tanh", "|ρ_ℓ − ρ*| of tanh against depth with Theorem 1's bound (Joudaki–Hofmann Figs S.1–S.2)",
			[]string{"depth", "--act", "tanh", "--depth", "200"}, func() (*Figure, error) { return DepthFigure(act("tanh"), 0.5, 200) }},
		phase("phase-vanilla", "erf", apjn.Vanilla, 0, "χ_𝒥* of an erf MLP over (σ_w², σ_b²) with its critical line (DHG Fig. 2, vanilla)"),
		phase("phase-ln-pre", "erf", apjn.LNPre, 0, "χ_𝒥* of an erf MLP with LayerNorm on preactivations, with its critical line (DHG Fig. 2, LayerNorm)"),
		phase("phase-ln-post", "relu", apjn.LNPost, 0, "χ_𝒥* of a ReLU MLP with LayerNorm on activations, with its critical line σ_b² = σ_w²/(π − 1) (DHG eq 111)"),
		phase("phase-res", "erf", apjn.Res, 0.5, "χ_𝒥* of an erf residual network, μ = 0.5, with its critical line (DHG Fig. 2, residual)"),
		phase("phase-bn", "relu", apjn.BN, 0, "χ_𝒥* of a ReLU MLP with BatchNorm on preactivations: π/(π − 1) everywhere, chaotic (AutoInit eq 38, Fig. 2)"),
		{"apjn", "the APJN 𝒥^{1,ℓ} of erf, ReLU and GELU at their critical points against depth, with fitted power laws (DHG Fig. 1)",
			[]string{"apjn"}, func() (*Figure, error) { return APJNFigure(report.APJNFigureCurves(), apjn.Vanilla, 0, 1000) }},
		{"lognorm", "the density of ln‖z_out‖² of ReLU networks at d = 1, 10, 100 against 2¹⁵ sampled networks (log-Gaussian notes §1.1)",
			[]string{"lognorm"}, func() (*Figure, error) {
				return LogNormFigure(report.BetaWidth, report.BetaOutputs, report.BetaDepths, report.LogNormSamples, report.LogNormSeed)
			}},
		{"autoinit", "AutoInit's tuning of σ_w in a ReLU layer under JLL and JSL (AutoInit §2.1, eqs 17 and 41)",
			[]string{"autoinit"}, func() (*Figure, error) {
				return AutoInitFigure(report.AutoInitFigureStarts, report.AutoInitFigureSteps)
			}},
		{"autoinit-phase", "AutoInit's tuning of (σ_w, σ_b) of tanh networks on their phase diagram: simulated networks of width 32 and depth 4 (AutoInit Algorithm 2, JLL)",
			[]string{"autoinit-phase"}, func() (*Figure, error) {
				return AutoInitPhaseFigure(act("tanh"), report.AutoInitPhaseStarts, report.DefaultAutoInitRun, report.DefaultPhaseRange)
			}},
	}
}

// ManifestEntry is one file of the appendix.
type ManifestEntry struct {
	File    string `json:"file"`
	Kind    string `json:"kind"`
	What    string `json:"what"`
	Command string `json:"command"`
}

// Manifest lists the files WriteAppendix wrote.
type Manifest struct {
	Files []ManifestEntry `json:"files"`
}

// WriteAppendix writes every appendix figure to dir as PDF and PNG (with o)
// with its plotted series as NAME-data.csv (Figure.WriteData), and every table (TableNames, default activations, DefaultDigits) in
// every format, then ManifestFile: for each file its name, kind ("figure
// pdf", "figure png", "figure data", "table md", …), what it shows and the command that
// regenerates it. The work runs on GOMAXPROCS goroutines; the manifest
// lists the files in the order of AppendixFigures and TableNames.
func WriteAppendix(dir string, o report.SaveOptions) (*Manifest, error) {
	return writeAppendix(dir, AppendixFigures(), report.TableNames, o)
}

// writeAppendix is WriteAppendix for the figures figs and the tables
// tables.
func writeAppendix(dir string, figs []AppendixFigure, tables []string, o report.SaveOptions) (*Manifest, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("appendix: %w", err)
	}
	jobs := len(figs) + len(tables)
	entries := make([][]ManifestEntry, jobs)
	errs := make([]error, jobs)
	// Workers take the jobs from a queue: the figures last to first (the
	// simulated AutoInit figure, the longest, at once), then the tables.
	queue := make(chan int, jobs)
	for i := len(figs) - 1; i >= 0; i-- {
		queue <- i
	}
	for i := len(figs); i < jobs; i++ {
		queue <- i
	}
	close(queue)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range queue {
				if i < len(figs) {
					entries[i], errs[i] = writeAppendixFigure(dir, figs[i], o)
				} else {
					entries[i], errs[i] = writeAppendixTable(dir, tables[i-len(figs)])
				}
			}
		}()
	}
	wg.Wait()
	m := &Manifest{}
	for i := range jobs {
		if errs[i] != nil {
			return nil, fmt.Errorf("appendix: %w", errs[i])
		}
		m.Files = append(m.Files, entries[i]...)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("appendix: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, report.ManifestFile), append(b, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("appendix: %w", err)
	}
	return m, nil
}

// sizeArgs are the flags that reproduce o, or nothing for the defaults.
func sizeArgs(o report.SaveOptions, png bool) []string {
	var args []string
	if o.Width != report.FigureWidth || o.Height != report.FigureHeight {
		in := func(l float64) string {
			return strconv.FormatFloat(math.Round(l*1e6)/1e6, 'g', -1, 64)
		}
		args = append(args, "--size", in(o.Width)+"x"+in(o.Height))
	}
	if png && o.DPI != report.DefaultDPI {
		args = append(args, "--dpi", fmt.Sprint(o.DPI))
	}
	return args
}

func writeAppendixFigure(dir string, a AppendixFigure, o report.SaveOptions) ([]ManifestEntry, error) {
	f, err := a.Build()
	if err != nil {
		return nil, fmt.Errorf("figure %s: %w", a.Name, err)
	}
	var out []ManifestEntry
	for _, ext := range []string{".pdf", ".png"} {
		file := a.Name + ext
		if err := SaveWith(f, filepath.Join(dir, file), o); err != nil {
			return nil, err
		}
		args := append(append([]string{"critcalc", "figure"}, a.Args...), sizeArgs(o, ext == ".png")...)
		args = append(args, "--"+ext[1:], file)
		out = append(out, ManifestEntry{File: file, Kind: "figure " + ext[1:], What: a.What, Command: strings.Join(args, " ")})
	}
	file := a.Name + "-data.csv"
	var b bytes.Buffer
	if err := f.WriteData(&b); err != nil {
		return nil, fmt.Errorf("figure %s: %w", a.Name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, file), b.Bytes(), 0o644); err != nil {
		return nil, fmt.Errorf("figure %s: %w", a.Name, err)
	}
	args := append(append([]string{"critcalc", "figure"}, a.Args...), "--data", file)
	out = append(out, ManifestEntry{File: file, Kind: "figure data", What: "the plotted series of " + a.What, Command: strings.Join(args, " ")})
	return out, nil
}

// tableExt is the file extension of each table format.
var tableExt = map[report.Format]string{report.Markdown: ".md", report.LaTeX: ".tex", report.CSV: ".csv", report.JSON: ".json"}

func writeAppendixTable(dir, name string) ([]ManifestEntry, error) {
	tab, err := report.BuildTable(name, nil, report.DefaultDigits)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", name, err)
	}
	var out []ManifestEntry
	for _, f := range report.Formats {
		var b bytes.Buffer
		if err := report.Write(&b, tab, f); err != nil {
			return nil, fmt.Errorf("table %s: %w", name, err)
		}
		file := name + tableExt[f]
		if err := os.WriteFile(filepath.Join(dir, file), b.Bytes(), 0o644); err != nil {
			return nil, fmt.Errorf("table %s: %w", name, err)
		}
		out = append(out, ManifestEntry{File: file, Kind: "table " + string(f), What: tab.Title,
			Command: fmt.Sprintf("critcalc table %s --format %s > %s", name, f, file)})
	}
	return out, nil
}
