// Package cli is critcalc's command line: every command, its flags, its
// checks and its output. The programs cmd/critcalc and cmd/critcalc-figure
// run it; only the second passes a Drawer, so that only it links
// gonum/plot (whose initialisation parses twelve fonts at every start).
package cli
