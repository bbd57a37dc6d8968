package figure

import (
	"fmt"
	"io"
	"os"

	"critcalc/calc"
	"critcalc/report"
)

// Write draws the figure req asks for and writes it to req.Images and
// req.Data, reporting each file on stdout ("wrote FILE"); for "all" it
// writes the appendix into req.Dir (WriteAppendix) and reports the count.
// It is the drawer critcalc-figure gives the command line (cli.Drawer).
func Write(req report.FigureRequest, stdout io.Writer) error {
	if req.Name == "all" {
		m, err := WriteAppendix(req.Dir, req.Options)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %d files and %s to %s\n", len(m.Files), report.ManifestFile, req.Dir)
		return nil
	}
	f, err := Draw(req)
	if err != nil {
		return err
	}
	for _, path := range req.Images {
		if err := SaveWith(f, path, req.Options); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "wrote %s\n", path)
	}
	if req.Data == "" {
		return nil
	}
	file, err := os.Create(req.Data)
	if err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	if err := f.WriteData(file); err != nil {
		file.Close()
		return err
	}
	if err := file.Close(); err != nil {
		return fmt.Errorf("--data: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s\n", req.Data)
	return nil
}

// Draw draws the figure req names (any of report.FigureNames but "all")
// with req's settings, an empty list taking the figure's default.
func Draw(req report.FigureRequest) (*Figure, error) {
	one := func(label string) report.Activation {
		if len(req.Acts) == 1 {
			return req.Acts[0]
		}
		return report.Activation{Label: label, Sigma: calc.MustParse(label)}
	}
	switch req.Name {
	case "ratio":
		acts := req.Acts
		if len(acts) == 0 {
			acts = report.RatioFigureActivations()
		}
		return RatioFigure(acts, req.KMax, 400)
	case "kernel-map":
		return KernelMapFigure(one("gelu"), req.Rho0, req.Depth)
	case "depth":
		return DepthFigure(one("gelu"), req.Rho0, req.Depth)
	case "phase":
		return PhaseFigure(one("erf"), req.Arch, req.Mu, req.Range)
	case "apjn":
		curves := req.Curves
		if len(curves) == 0 {
			curves = report.APJNFigureCurves()
		}
		return APJNFigure(curves, req.Arch, req.Mu, req.Depth)
	case "lognorm":
		depths := req.Depths
		if len(depths) == 0 {
			depths = report.BetaDepths
		}
		return LogNormFigure(req.Width, req.Outputs, depths, req.Samples, req.Seed)
	case "autoinit":
		starts := req.Starts
		if len(starts) == 0 {
			starts = report.AutoInitFigureStarts
		}
		return AutoInitFigure(starts, req.Steps)
	case "autoinit-phase":
		return AutoInitPhaseFigure(one("tanh"), report.AutoInitPhaseStarts, report.DefaultAutoInitRun, report.DefaultPhaseRange)
	}
	return nil, fmt.Errorf("no figure named %q", req.Name)
}
