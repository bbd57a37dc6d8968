module critcalc

go 1.26

require (
	github.com/Knetic/govaluate v3.0.0+incompatible
	gonum.org/v1/gonum v0.17.0
)
