package cli

import (
	"fmt"
	"strconv"
	"time"
)

// roughDuration writes an estimated duration to one or two significant
// figures in the largest fitting unit ("3 h", "40 min", "12 s").
func roughDuration(d time.Duration) string {
	s := d.Seconds()
	switch {
	case s >= 2*86400*365:
		return two(s/(86400*365)) + " years"
	case s >= 2*86400:
		return two(s/86400) + " days"
	case s >= 2*3600:
		return two(s/3600) + " h"
	case s >= 2*60:
		return two(s/60) + " min"
	}
	return two(s) + " s"
}

// roughBytes writes an estimated size in bytes to two significant figures.
func roughBytes(b float64) string {
	switch {
	case b >= 1e12:
		return two(b/1e12) + " TB"
	case b >= 1e9:
		return two(b/1e9) + " GB"
	case b >= 1e6:
		return two(b/1e6) + " MB"
	}
	return two(b/1e3) + " kB"
}

// two writes x ≥ 0 with two significant figures, without an exponent
// (150, 28, 3.5, 0.12).
func two(x float64) string {
	if x >= 10 {
		return strconv.FormatFloat(float64(int64(x+0.5)), 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 2, 64)
}

// simBudget is the longest estimated time of a Monte-Carlo run that beta
// --sim, table beta and figure lognorm accept.
const simBudget = 5 * time.Minute

// Estimated cost of simulating one network through one layer (measured on
// a loaded two-core machine): the log-Gaussian samplers of table beta and
// figure lognorm about 0.6 µs whatever the width, beta --sim 0.6 µs plus
// 10 ns a unit of width.
const (
	netLayerCost      = 600 * time.Nanosecond
	netLayerWidthCost = 10 * time.Nanosecond
)

// checkSimCost refuses a simulation of nets networks through layers
// layers in all (summed over the depths run) at perNetLayer each when its
// estimated time exceeds simBudget, with the estimate and the largest
// number of networks that fits in the message, or with fixedNets (a
// command whose number of networks is not a flag) the most layers.
func checkSimCost(what string, nets int, layers int, perNetLayer time.Duration, fixedNets bool) error {
	est := time.Duration(float64(nets) * float64(layers) * float64(perNetLayer))
	if est <= simBudget {
		return nil
	}
	most := int(float64(simBudget) / (float64(layers) * float64(perNetLayer)))
	limit := fmt.Sprintf("%d networks", most)
	switch {
	case fixedNets:
		limit = fmt.Sprintf("%d layers in all", int(float64(simBudget)/(float64(nets)*float64(perNetLayer))))
	case most < 2:
		limit = "2 networks, which this width and depth alone exceed"
	}
	return fmt.Errorf("%s%d networks through %d layers in all would take about %s (about %v a network-layer) and hold about %s of samples; the limit here is %s (about %s)",
		what, nets, layers, roughDuration(est), twoDuration(perNetLayer), roughBytes(16*float64(nets)), limit, roughDuration(simBudget))
}

// twoDuration rounds d to two significant figures (838.8608ms → 840ms).
func twoDuration(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for d/unit >= 100 {
		unit *= 10
	}
	return (d + unit/2) / unit * unit
}
