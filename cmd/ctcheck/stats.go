package main

import (
	"fmt"
	"math"
	"slices"
)

// The statistics are dudect's (Reparaz, Balasch and Verbauwhede, "Dude,
// is my code constant time?", 2017): Welch's t-test between the timings
// of two classes of inputs, run on all measurements, on the measurements
// below each of a range of percentiles (cropping the slow tail that
// interrupts and other programs add, which can hide a small difference),
// and as a second-order test on the squared distance of each measurement
// from its class mean (a difference in spread rather than in level),
// which here also runs on two crops. The
// largest |t| of all these counts; dudect's verdicts put the line at 4.5
// ("probably not constant time" above it, "definitely not" above 10).

const (
	// nCrops is the number of percentile crops; crop k keeps the
	// measurements below percentile 1 - 0.5^(10(k+1)/nCrops) of the
	// warm-up batch, from the fastest 7% (k = 0) to all but the slowest
	// 0.1% (k = nCrops-1).
	nCrops = 100

	// enough is how many measurements of each class a test needs before
	// its t counts.
	enough = 10000
)

// cropFraction is the fraction of measurements crop k keeps.
func cropFraction(k int) float64 { return 1 - math.Pow(0.5, 10*float64(k+1)/nCrops) }

// analysis collects the measurements of one experiment.
type analysis struct {
	thresholds [nCrops]uint64 // crop k keeps times below thresholds[k]
	times      [2][]uint64    // by class
}

// newAnalysis sets the crop thresholds from the times of a warm-up batch,
// which is not otherwise used.
func newAnalysis(warmup []uint64) *analysis {
	s := slices.Clone(warmup)
	slices.Sort(s)
	a := new(analysis)
	for k := range a.thresholds {
		a.thresholds[k] = s[min(len(s)-1, int(cropFraction(k)*float64(len(s))))]
	}
	return a
}

// add records one batch: times[i] is the time of a call on an input of
// class classes[i] (0 or 1).
func (a *analysis) add(classes []byte, times []uint64) {
	for i, t := range times {
		a.times[classes[i]] = append(a.times[classes[i]], t)
	}
}

// count returns the number of measurements of the smaller class.
func (a *analysis) count() int { return min(len(a.times[0]), len(a.times[1])) }

// moments are a sample's size, mean and sum of squared deviations.
type moments struct {
	n       int
	mean, q float64
}

// push adds x (Welford's update, which stays accurate when the variance
// is tiny next to the mean, as timings' is).
func (m *moments) push(x float64) {
	m.n++
	d := x - m.mean
	m.mean += d / float64(m.n)
	m.q += d * (x - m.mean)
}

func (m moments) variance() float64 {
	if m.n < 2 {
		return 0
	}
	return m.q / float64(m.n-1)
}

// welch returns Welch's t statistic for the difference of two means, and
// the standard error it divides by.
func welch(a, b moments) tResult {
	se := math.Sqrt(a.variance()/float64(a.n) + b.variance()/float64(b.n))
	r := tResult{se: se, n: [2]int{a.n, b.n}}
	if se != 0 {
		r.t = (a.mean - b.mean) / se
	}
	return r
}

// named returns r with its name set.
func (r tResult) named(name string) tResult {
	r.name = name
	return r
}

// tResult is one t-test's outcome.
type tResult struct {
	name string  // "all", "crop 12 (below p63.1)", "second order"
	t    float64 // Welch's t
	se   float64 // the standard error of the difference of the means
	n    [2]int
}

// secondOrderCrops are the crops the second-order test also runs on,
// besides all measurements: a few interrupts thousands of cycles long
// swamp a difference in spread of a few cycles, as they do not a
// difference in means.
var secondOrderCrops = []int{39, 66} // below p93.8 and p99.0

// results runs every test: all measurements, each crop, and second order
// on all measurements and on the secondOrderCrops.
func (a *analysis) results() []tResult {
	var crops [2][nCrops]moments
	var all [2]moments
	second := make([][2]moments, 1+len(secondOrderCrops))
	for c := range 2 {
		s := slices.Clone(a.times[c])
		slices.Sort(s)
		// s is ascending, so the running moments after the first j
		// values are those of every time below s[j]; snapshot them
		// as each threshold is passed.
		var run moments
		k := 0
		for _, t := range s {
			for k < nCrops && t >= a.thresholds[k] {
				crops[c][k] = run
				k++
			}
			run.push(float64(t))
		}
		for ; k < nCrops; k++ {
			crops[c][k] = run
		}
		all[c] = run
		for _, t := range s {
			d := float64(t) - all[c].mean
			second[0][c].push(d * d)
			for j, k := range secondOrderCrops {
				if t < a.thresholds[k] {
					d := float64(t) - crops[c][k].mean
					second[1+j][c].push(d * d)
				}
			}
		}
	}
	rs := []tResult{welch(all[0], all[1]).named("all")}
	for k := range nCrops {
		rs = append(rs, welch(crops[0][k], crops[1][k]).named(fmt.Sprintf("crop %d (below p%.1f)", k, 100*cropFraction(k))))
	}
	rs = append(rs, welch(second[0][0], second[0][1]).named("second order"))
	for j, k := range secondOrderCrops {
		rs = append(rs, welch(second[1+j][0], second[1+j][1]).named(fmt.Sprintf("second order, crop %d (below p%.1f)", k, 100*cropFraction(k))))
	}
	return rs
}

// medianCrop is the crop that keeps the faster half of the measurements
// (1 - 0.5^(10·10/100) = 0.5).
const medianCrop = 9

// median returns the median time of class 0.
func (a *analysis) median() uint64 {
	s := slices.Clone(a.times[0])
	slices.Sort(s)
	return s[len(s)/2]
}

// worst returns the result with the largest |t| among those with enough
// measurements of each class, and the number of such results.
func worst(rs []tResult) (w tResult, counted int) {
	for _, r := range rs {
		if min(r.n[0], r.n[1]) < enough {
			continue
		}
		counted++
		if counted == 1 || math.Abs(r.t) > math.Abs(w.t) {
			w = r
		}
	}
	return w, counted
}

// verdict is dudect's reading of a largest |t|.
func verdict(t float64) string {
	switch t = math.Abs(t); {
	case t > 10:
		return "LEAK (definitely not constant time)"
	case t > 4.5:
		return "possible leak (probably not constant time)"
	}
	return "no leak detected"
}
