package main

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vaesgo/vaes/internal/tsc"
)

// clock is the rate that cycles per byte are counted at, and where it came
// from.
type clock struct {
	hz     float64 // 0 when unknown
	source string  // how hz was found, for the report
}

// findClock returns the time stamp counter's rate, measured against the
// wall clock, where the CPU has one (amd64), or else the "cpu MHz" that
// /proc/cpuinfo reports. The TSC ticks at the processor's nominal
// frequency whatever its cores run at, which is how cycle counts for
// cryptography are usually quoted; a core in turbo runs more cycles per
// tick.
func findClock() clock {
	if hz := measureTSC(); hz > 0 {
		return clock{hz, "TSC rate, measured against the wall clock"}
	}
	if mhz := cpuinfoMHz(); mhz > 0 {
		return clock{mhz * 1e6, `"cpu MHz" in /proc/cpuinfo`}
	}
	return clock{}
}

// measureTSC counts time stamp counter ticks over three stretches of 15ms
// of wall-clock time and returns the median rate in Hz, or 0 where there is
// no counter or the rate is implausible.
func measureTSC() float64 {
	if !tsc.Available {
		return 0
	}
	var rates []float64
	for range 3 {
		t0, c0 := time.Now(), tsc.Read()
		for time.Since(t0) < 15*time.Millisecond {
		}
		c1, t1 := tsc.Read(), time.Now()
		rates = append(rates, float64(c1-c0)/t1.Sub(t0).Seconds())
	}
	slices.Sort(rates)
	if hz := rates[1]; hz > 1e8 && hz < 2e10 {
		return hz
	}
	return 0
}

// cpuinfoMHz returns the first "cpu MHz" figure in /proc/cpuinfo, or 0.
func cpuinfoMHz() float64 {
	v, _ := cpuinfoField("cpu MHz")
	mhz, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return 0
	}
	return mhz
}

// cpuinfoField returns the value of the first line of /proc/cpuinfo whose
// key is one of keys.
func cpuinfoField(keys ...string) (string, bool) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "", false
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		key, value, ok := strings.Cut(s.Text(), ":")
		if ok && slices.Contains(keys, strings.TrimSpace(key)) {
			return strings.TrimSpace(value), true
		}
	}
	return "", false
}
