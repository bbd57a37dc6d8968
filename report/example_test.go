package report_test

import (
	"fmt"
	"log"
	"os"

	"critcalc/report"
)

func ExamplePDLTTable() {
	acts, err := report.ParseActivations([]string{"tanh", "gelu"})
	if err != nil {
		log.Fatal(err)
	}
	t, err := report.PDLTTable(acts, 8)
	if err != nil {
		log.Fatal(err)
	}
	if err := report.Write(os.Stdout, t, report.CSV); err != nil {
		log.Fatal(err)
	}
	// Output:
	// activation,class,K_star,C_b,C_W,a1,a3_2,stability,p0,p_par,p_perp,p_V
	// tanh,K*=0,0,0,1,-2,,stable,1,2,1,1
	// gelu,K*=0,0,0,4,1.9098593,,unstable,,,,
	// gelu,half-stable,3.5615528,0.17292239,1.9830583,-0.00014362642,,"half-stable (attracts K > K*, repels K < K*)",1,,,
}

func ExampleJoudakiTable() {
	acts, err := report.ParseActivations([]string{"relu"})
	if err != nil {
		log.Fatal(err)
	}
	t, err := report.JoudakiTable(acts, 4)
	if err != nil {
		log.Fatal(err)
	}
	if err := report.Write(os.Stdout, t, report.CSV); err != nil {
		log.Fatal(err)
	}
	// Output:
	// activation,expression,quantity,recomputed,printed,status
	// relu,relu(x),C,0.7071,0.71,agrees
	// relu,relu(x),α,0.1817,0.95,wrong
	// relu,relu(x),ρ*,1,1.00,agrees
	// relu,relu(x),κ(ρ*),1,1.00,agrees
	// relu,relu(x),κ(0),0.3183,0.32,agrees
	// relu,relu(x),κ′(0),0.5,0.50,agrees
	// relu,relu(x),κ′(1),1,0.95,wrong
	// relu,relu(x),κ′(ρ*),1,0.95,wrong
	// relu,relu(x),case,3,2,wrong
}

func ExampleWrite() {
	t := &report.Table{
		Name:    "demo",
		Title:   "Critical weight variance",
		Columns: []report.Column{{Key: "activation", Header: "σ"}, {Key: "C_W", Header: "C_W"}},
		Rows: [][]report.Cell{
			{report.TextCell("relu"), report.FloatCell(2, 6)},
			{report.TextCell("erf"), report.FloatCell(0.7853981633974483, 6)},
		},
	}
	for _, f := range []report.Format{report.Markdown, report.JSON} {
		if err := report.Write(os.Stdout, t, f); err != nil {
			log.Fatal(err)
		}
		fmt.Println()
	}
	// Output:
	// **Critical weight variance**
	//
	// | σ    |     C\_W |
	// | ---- | -------: |
	// | relu |        2 |
	// | erf  | 0.785398 |
	//
	// {
	//   "name": "demo",
	//   "title": "Critical weight variance",
	//   "columns": [
	//     {"key": "activation", "header": "σ", "note": ""},
	//     {"key": "C_W", "header": "C_W", "note": ""}
	//   ],
	//   "rows": [
	//     {"activation": "relu", "C_W": 2},
	//     {"activation": "erf", "C_W": 0.785398}
	//   ],
	//   "footnotes": []
	// }
}
