package main

import (
	"encoding/json"
	"io"
)

// report ends a command: the error on stderr (exit 1), or the report as
// JSON or as text.
func report(c *command, stdout, stderr io.Writer, asJSON bool, err error, rep any, text func(io.Writer)) int {
	if err != nil {
		errorf(stderr, "%s: %v", c.name, err)
		return exitError
	}
	if asJSON {
		return writeJSON(stdout, stderr, rep)
	}
	text(stdout)
	return exitOK
}

func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // "C_b < 0" stays readable, not \u003c
	if err := enc.Encode(v); err != nil {
		errorf(stderr, "writing JSON: %v", err)
		return exitError
	}
	return exitOK
}
