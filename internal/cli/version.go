package cli

import (
	"fmt"
	"io"
	"runtime"
)

// version is critcalc's release version.
const version = "0.1.0"

func writeVersion(w io.Writer) {
	fmt.Fprintf(w, "critcalc %s (%s, %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
