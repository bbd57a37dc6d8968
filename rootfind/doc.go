// Package rootfind finds roots of scalar functions of one variable:
// Brent's method on a bracket, for the solvers of packages recursions and
// apjn.
package rootfind
