package figure

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"time"
)

// sourceDateEnv names the variable that fixes the creation date written
// into PDF and EPS files, as pdfTeX and Matplotlib honour it: seconds
// since 1970-01-01 UTC (reproducible-builds.org's SOURCE_DATE_EPOCH).
// With it set, the same figure is the same bytes at every run.
const sourceDateEnv = "SOURCE_DATE_EPOCH"

// Creation dates as the PDF and EPS writers set them: PDF's as 14 digits,
// EPS's as Go's time.Time text, monotonic clock reading included.
var (
	pdfDate = regexp.MustCompile(`/(CreationDate|ModDate) \(D:[0-9]{14}`)
	epsDate = regexp.MustCompile(`(?m)^%%CreationDate: .*$`)
)

// lastSourceDate is 9999-12-31 23:59:59 UTC in seconds since 1970: a PDF
// date has four digits for the year, and a later one would not fit the
// 14 digits stampDate overwrites.
const lastSourceDate = 253402300799

// creationDate returns the date to write into a file: the time
// SOURCE_DATE_EPOCH gives, or now.
func creationDate() (time.Time, error) {
	s, ok := os.LookupEnv(sourceDateEnv)
	if !ok || s == "" {
		return time.Now(), nil
	}
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil || sec < 0 || sec > lastSourceDate {
		return time.Time{}, fmt.Errorf("%s=%q is not a whole number of seconds from 1970 to the end of 9999", sourceDateEnv, s)
	}
	return time.Unix(sec, 0), nil
}

// stampDate writes t, in UTC, as the creation and modification dates of
// the PDF or EPS file b (ext ".pdf" or ".eps"; other formats hold no date).
// A PDF's dates keep their length, so that its cross-reference offsets
// stay right; an EPS's date line loses the monotonic clock reading that
// its writer appends.
func stampDate(b []byte, ext string, t time.Time) []byte {
	t = t.UTC()
	switch ext {
	case ".pdf":
		digits := t.Format("20060102150405")
		return pdfDate.ReplaceAllFunc(b, func(m []byte) []byte {
			out := append([]byte(nil), m...)
			copy(out[len(out)-len(digits):], digits)
			return out
		})
	case ".eps":
		line := []byte("%%CreationDate: " + t.Format("2006-01-02 15:04:05 UTC"))
		return epsDate.ReplaceAllLiteral(b, line)
	}
	return b
}
