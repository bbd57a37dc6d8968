package cli

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	rpt "critcalc/report"
)

// figureOutput holds the output flags of `critcalc figure`.
type figureOutput struct {
	png, svg, pdf, eps string
	data               string
	size               string
	dpi                int
	out                string
}

// defineOutputFlags defines the output flags on fs.
func (o *figureOutput) define(fs *flag.FlagSet) {
	fs.StringVar(&o.png, "png", "", "write the figure as PNG to `FILE`")
	fs.StringVar(&o.svg, "svg", "", "write the figure as SVG to `FILE`")
	fs.StringVar(&o.pdf, "pdf", "", "write the figure as PDF (fonts embedded) to `FILE`")
	fs.StringVar(&o.eps, "eps", "", "write the figure as EPS to `FILE`")
	fs.StringVar(&o.data, "data", "", "write the plotted series as CSV to `FILE.csv`")
	fs.StringVar(&o.size, "size", "3.4x2.4", "figure size `WxH` in inches (1 to 20 each)")
	fs.IntVar(&o.dpi, "dpi", rpt.DefaultDPI, "resolution `N` of --png in dots per inch (50 to 1200)")
	fs.StringVar(&o.out, "out", "", "all: the directory `DIR` to write the appendix to")
}

// images returns the image files asked for.
func (o *figureOutput) images() []string {
	var out []string
	for _, f := range []string{o.png, o.svg, o.pdf, o.eps} {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// check validates the output flags of figure name and returns the save
// options.
func (o *figureOutput) check(name string, fs *flag.FlagSet) (rpt.SaveOptions, error) {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	opts := rpt.DefaultSaveOptions
	w, h, err := parseSize(o.size)
	if err != nil {
		return opts, err
	}
	opts.Width, opts.Height, opts.DPI = w, h, o.dpi
	if err := opts.Check(); err != nil {
		return opts, fmt.Errorf("--size %s --dpi %d: %w", o.size, o.dpi, err)
	}
	if name == "all" {
		for _, f := range []string{"png", "svg", "pdf", "eps", "data"} {
			if set[f] {
				return opts, fmt.Errorf("figure all writes PDF and PNG files into --out DIR and takes no --%s", f)
			}
		}
		if o.out == "" {
			return opts, errors.New("figure all wants --out DIR")
		}
		return opts, nil
	}
	if set["out"] {
		return opts, fmt.Errorf("--out is a flag of figure all, not %s (give --png, --svg, --pdf, --eps or --data FILE)", name)
	}
	if len(o.images()) == 0 && o.data == "" {
		return opts, errors.New("give one or more of --png FILE, --svg FILE, --pdf FILE, --eps FILE and --data FILE.csv")
	}
	for _, f := range [][2]string{{o.png, ".png"}, {o.svg, ".svg"}, {o.pdf, ".pdf"}, {o.eps, ".eps"}} {
		if ext := strings.ToLower(filepath.Ext(f[0])); f[0] != "" && ext != f[1] {
			return opts, fmt.Errorf("the file name %q does not end in %s, the extension of its flag", f[0], f[1])
		}
	}
	if o.data != "" && strings.ToLower(filepath.Ext(o.data)) != ".csv" {
		return opts, fmt.Errorf("--data wants a file name ending in .csv, got %q", o.data)
	}
	if set["dpi"] && o.png == "" {
		return opts, errors.New("--dpi sets the resolution of --png FILE and needs it")
	}
	return opts, nil
}

// parseSize reads "WxH" in inches.
func parseSize(s string) (w, h float64, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	wf, err1 := strconv.ParseFloat(strings.TrimSpace(ws), 64)
	hf, err2 := strconv.ParseFloat(strings.TrimSpace(hs), 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("--size wants WxH in inches (such as 3.4x2.4), got %q", s)
	}
	for _, v := range []float64{wf, hf} {
		if !(v >= rpt.MinFigureInches && v <= rpt.MaxFigureInches) {
			return 0, 0, fmt.Errorf("--size %s: each side must be %d to %d inches", s, rpt.MinFigureInches, rpt.MaxFigureInches)
		}
	}
	return wf, hf, nil
}
