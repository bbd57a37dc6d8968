package figure_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"critcalc/report"
	"critcalc/report/figure"
)

// ExampleFigure_WriteData draws AutoInit's tuning of a ReLU layer from
// σ_w = 1 for three updates, saves it as PDF at 3 × 2 in, and prints the
// plotted series as CSV. At a quarter of the one-step rate the first update
// moves s = √𝒥 a quarter of the way to 1 under either loss:
// √2·(√½ + (1 − √½)/4) = 1.10355. The rows are those of
//
//	python3 -c "import math; s0=math.sqrt(.5)
//	for jll in (1,0):
//	  e=.25*((s0-1)*s0/math.log(.5) if jll else 1/(s0*(1+s0))); s=s0; r=[s]
//	  for t in range(3): s-=e*(math.log(s*s)/s if jll else s*(s*s-1)); r.append(s)
//	  print(['%.6g'%(math.sqrt(2)*x) for x in r])"
func ExampleFigure_WriteData() {
	f, err := figure.AutoInitFigure([]float64{1}, 3)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "critcalc-figure")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	o := report.DefaultSaveOptions
	o.Width, o.Height = 3, 2
	if err := figure.SaveWith(f, filepath.Join(dir, "autoinit.pdf"), o); err != nil {
		log.Fatal(err)
	}
	if err := f.WriteData(os.Stdout); err != nil {
		log.Fatal(err)
	}
	fmt.Println(f.Title.Text)
	// Output:
	// update,JLL sigma_w(0)=1,JSL sigma_w(0)=1
	// 0,1,1
	// 1,1.10355,1.10355
	// 2,1.17071,1.19294
	// 3,1.21894,1.2642
	// AutoInit tuning of a ReLU layer (σ_{b} is not tuned)
}

func ExampleDepthFigure() {
	acts, err := report.ParseActivations([]string{"tanh"})
	if err != nil {
		log.Fatal(err)
	}
	p, err := figure.DepthFigure(acts[0], 0.5, 30)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "critcalc-figure")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := figure.Save(p, dir+"/depth.svg"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.Title.Text)
	// Output:
	// Depth convergence of tanh (case 1, α = 0.935)
}
