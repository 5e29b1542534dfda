package main

import (
	"errors"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{7}, 7},
		{[]float64{1, 2, 9}, 2},
		{[]float64{1, 2, 4, 100}, 3},
	} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestParseFlags(t *testing.T) {
	sizes, err := parseSizes("16, 1350,16384")
	if err != nil || len(sizes) != 3 || sizes[1] != 1350 {
		t.Errorf("parseSizes: %v, %v", sizes, err)
	}
	for _, bad := range []string{"", "8", "16,x", "-32"} {
		if _, err := parseSizes(bad); err == nil {
			t.Errorf("parseSizes(%q) accepted", bad)
		}
	}
	ops, err := parseOps("ctr,seal")
	if err != nil || len(ops) != 2 || ops[0].name != "ctr" || ops[1].name != "seal" {
		t.Errorf("parseOps: %v", err)
	}
	if _, err := parseOps("seal,gcm"); err == nil {
		t.Error("parseOps accepted an unknown operation")
	}
}

// TestRunOperationChecksOutput checks that a contender whose output differs
// from the reference's, or whose setup fails, is reported and not timed,
// while the others are.
func TestRunOperationChecksOutput(t *testing.T) {
	outputs := map[string][]byte{"ref": {1, 2}, "good": {1, 2}, "bad": {1, 3}}
	op := operation{name: "fake", setup: func(c contender, key []byte, size int) (func(), []byte, error) {
		if c.name == "broken" {
			return nil, nil, errors.New("no such cipher")
		}
		return func() {}, outputs[c.name], nil
	}}
	cs := []contender{{name: "ref"}, {name: "good"}, {name: "bad"}, {name: "broken"}}
	rows := runOperation(op, cs, nil, []int{16}, 1, time.Millisecond)
	r := rows[0]
	if r.wrong[0] != nil || r.wrong[1] != nil {
		t.Errorf("matching contenders reported wrong: %v", r.wrong)
	}
	if r.wrong[2] == nil || r.wrong[3] == nil {
		t.Errorf("mismatching or failing contenders not reported: %v", r.wrong)
	}
	if r.stats[0].median <= 0 || r.stats[1].median <= 0 {
		t.Errorf("matching contenders not timed: %v", r.stats)
	}
	if r.stats[2].median != 0 || r.stats[3].median != 0 {
		t.Errorf("wrong contenders timed: %v", r.stats)
	}
}

func TestMeasureScalesWithWork(t *testing.T) {
	busy := func(d time.Duration) func() {
		return func() {
			for start := time.Now(); time.Since(start) < d; {
			}
		}
	}
	fast := measure(busy(20*time.Microsecond), 10*time.Millisecond)
	slow := measure(busy(200*time.Microsecond), 10*time.Millisecond)
	if fast < 20e3 || slow < 200e3 || slow < 2*fast {
		t.Errorf("measure: %.0f ns for 20µs of work, %.0f ns for 200µs", fast, slow)
	}
}
