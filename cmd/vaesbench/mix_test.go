package main

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

// TestMixFlag checks that -ops takes mix beside the table operations.
func TestMixFlag(t *testing.T) {
	o, err := parseFlags(flag.NewFlagSet("vaesbench", flag.ContinueOnError), []string{"-ops", "seal,mix"})
	if err != nil {
		t.Fatal(err)
	}
	if !o.mix || len(o.ops) != 1 || o.ops[0].name != "seal" {
		t.Errorf("-ops seal,mix: mix %v, ops %v", o.mix, o.ops)
	}
	o, err = parseFlags(flag.NewFlagSet("vaesbench", flag.ContinueOnError), []string{"-ops", "mix"})
	if err != nil || !o.mix || len(o.ops) != 0 {
		t.Errorf("-ops mix: %v, mix %v, ops %v", err, o.mix, o.ops)
	}
}

// TestMeasureMix runs one round of the mixed traffic on crypto/aes and
// the backend dispatch uses, and prints the table.
func TestMeasureMix(t *testing.T) {
	cs, list, err := pickContenders("")
	if err != nil {
		t.Fatal(err)
	}
	var picked []contender
	for _, c := range cs {
		if c.name == reference || c.name == list.Dispatch {
			picked = append(picked, c)
		}
	}
	res := measureMix(picked, 128, 1)
	if len(res) != len(picked) {
		t.Fatalf("%d results for %d contenders", len(res), len(picked))
	}
	for _, r := range res {
		if r.err != nil || !(r.steady > 0) || r.steady > 1e7 {
			t.Errorf("%s: %v, %v ns per message", r.name, r.err, r.steady)
		}
	}
	var out bytes.Buffer
	printMix(&out, res, 128, 1)
	if !strings.Contains(out.String(), "Mixed traffic, AES-128") || !strings.Contains(out.String(), list.Dispatch) {
		t.Errorf("table:\n%s", out.String())
	}
}
