package loggauss

import "math"

// sampleStats holds the sample mean and variance of a Monte-Carlo sample
// with their standard errors: √(v/N) for the mean and √((m₄ − v²)/N)
// (m₄ the fourth central moment) for the variance.
type sampleStats struct {
	mean, vari, seMean, seVar float64
}

func statsOf(x []float64) sampleStats {
	n := float64(len(x))
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= n
	var m2, m4 float64
	for _, v := range x {
		d := (v - m) * (v - m)
		m2 += d
		m4 += d * d
	}
	m4 /= n
	vari := m2 / (n - 1)
	return sampleStats{m, vari, math.Sqrt(vari / n), math.Sqrt(math.Max(m4-vari*vari, 0) / n)}
}

// zScores returns (sample − theory)/SE for the mean and the variance.
func (s sampleStats) zScores(m Moments) (zMean, zVar float64) {
	return (s.mean - m.MeanG) / s.seMean, (s.vari - m.VarG) / s.seVar
}
