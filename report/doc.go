// Package report turns critcalc's results into appendix material: tables
// in Markdown, LaTeX (booktabs), CSV and JSON, and the settings of the
// figures that package report/figure draws.
//
// A Table is a view of package results, never a second computation: the
// PDLT table (PDLTTable) shows what recursions.Analyze and AnalyzeDigits
// find for each activation (class, K*, (C_b, C_W), a₁ or ã₁, stability,
// depth exponents); the Joudaki–Hofmann table (JoudakiTable) shows
// hermite.KernelMap and its Theorem 1 analysis beside the values printed
// in their Table S.1, flagging the printed values that the recomputation
// contradicts; ExponentsTable lists the depth exponents of PDLT chapter 5
// by universality class and FiniteWidthTable the 1/n coefficients of the
// four-point vertex and the NLO metric, with the corrected renormalized
// G{1} coefficient; DHGTable shows the critical lines and points of package
// apjn per architecture, and BetaTable the log-Gaussian β of package
// loggauss beside the exact finite-width moments.
//
// Every number cell carries its count of significant digits, which the
// builders choose from the accuracy of the source: float64 results at
// most 12 digits (ã₁, which cancels up to five digits, at most 9),
// certified high-precision results with exactly the digits two working
// precisions agree on. The renderers print a cell as it was built, so the
// four formats show the same digits, and the output is deterministic.
//
// The figures' defaults and sizes (SaveOptions, PhaseRange,
// APJNFigureCurves, …) are here and the drawing is in report/figure, so
// that a program that only checks a figure's flags, or draws nothing, does
// not link gonum/plot, whose fonts are parsed when a program starts.
package report
