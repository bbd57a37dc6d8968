// Package testlevel chooses how much of the test suite runs.
//
// The default `go test ./...` runs a representative part of every slow
// test: one case of each kind a check distinguishes, at sizes that keep
// the whole suite near a minute and a half on two cores. The rest (the
// full grids, the highest precisions, the long Monte-Carlo runs) runs
// with CRITCALC_EXHAUSTIVE=1 in the environment, as continuous
// integration does after the default run:
//
//	CRITCALC_EXHAUSTIVE=1 go test ./...
package testlevel
