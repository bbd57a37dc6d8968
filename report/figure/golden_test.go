package figure

import "flag"

// update rewrites the golden images in testdata/ instead of comparing with
// them, as gofmt's -update does: go test ./report/figure -update.
var update = flag.Bool("update", false, "rewrite the golden images in testdata/")
