package main

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"testing"
	"time"
)

// TestJSONRoundTrip writes a report and reads it back as plain JSON,
// checking the fields a reader relies on.
func TestJSONRoundTrip(t *testing.T) {
	tb := fakeTable(op("seal"), 128, []int{16, 1350}, []string{reference, "aesni", "generic"}, []float64{2, 4, 0})
	rep := &report{
		Command:  []string{"vaesbench", "-json", "x.json"},
		Started:  time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Versions: versions{Go: "go1.26.8", Module: "github.com/vaesgo/vaes", OpenSSL: "OpenSSL 3.0.19 27 Jan 2026"},
		Machine:  machine{Model: "Test CPU", Features: []feature{{"aes", true}, {"vaes", false}}, ClockHz: 2e9},
		Backends: backendList{Available: []string{"aesni", "generic"}, Dispatch: "aesni"},
		Method:   method{Reference: reference, Rounds: 3, SliceMS: 25, AAD: 13},
		Tables:   jsonTables([]*table{tb}, 2e9),
	}
	var buf bytes.Buffer
	if err := writeJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Command  []string
		Versions struct{ Go, OpenSSL string }
		Machine  struct {
			Model    string
			Features []struct {
				Name string
				Has  bool
			}
			ClockHz float64 `json:"clock_hz"`
		}
		Backends struct{ Dispatch string }
		Method   struct{ Rounds int }
		Tables   []struct {
			Operation string
			KeyBits   int `json:"key_bits"`
			Results   []struct {
				Contender     string
				Backend       string
				Bytes         int
				RoundsNS      []float64 `json:"rounds_ns"`
				MedianNS      float64   `json:"median_ns"`
				GBps          float64   `json:"gb_per_s"`
				CyclesPerByte float64   `json:"cycles_per_byte"`
				VsReference   float64   `json:"vs_reference"`
				Error         string
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if got.Machine.Model != "Test CPU" || len(got.Machine.Features) != 2 || !got.Machine.Features[0].Has ||
		got.Machine.ClockHz != 2e9 || got.Backends.Dispatch != "aesni" || got.Method.Rounds != 3 ||
		got.Versions.OpenSSL == "" || len(got.Command) != 3 {
		t.Errorf("header fields lost: %+v", got)
	}
	if len(got.Tables) != 1 || got.Tables[0].Operation != "seal" || got.Tables[0].KeyBits != 128 {
		t.Fatalf("tables: %+v", got.Tables)
	}
	res := got.Tables[0].Results
	if len(res) != 2*3 {
		t.Fatalf("%d results, want one per contender per size", len(res))
	}
	for _, r := range res {
		switch r.Contender {
		case "generic":
			if r.Error == "" || r.RoundsNS != nil || r.MedianNS != 0 {
				t.Errorf("failed contender written with figures: %+v", r)
			}
			continue
		case "aesni":
			if r.Backend != "aesni" {
				t.Errorf("aesni's registry name missing: %+v", r)
			}
			if math.Abs(r.VsReference-2) > 1e-3 {
				t.Errorf("aesni at twice the reference's speed written as %v", r.VsReference)
			}
		}
		if len(r.RoundsNS) != 3 {
			t.Errorf("%s at %d: %d rounds, want all 3", r.Contender, r.Bytes, len(r.RoundsNS))
		}
		if m := median(slices.Sorted(slices.Values(r.RoundsNS))); r.MedianNS != m {
			t.Errorf("%s at %d: median %v is not the middle round of %v", r.Contender, r.Bytes, r.MedianNS, r.RoundsNS)
		}
		if want := float64(r.Bytes) / r.MedianNS; math.Abs(r.GBps-want) > 1e-3 {
			t.Errorf("%s at %d: %v GB/s, want %v", r.Contender, r.Bytes, r.GBps, want)
		}
		if want := r.MedianNS * 2 / float64(r.Bytes); math.Abs(r.CyclesPerByte-want) > 1e-3 {
			t.Errorf("%s at %d: %v cycles/byte at 2 GHz, want %v", r.Contender, r.Bytes, r.CyclesPerByte, want)
		}
	}
}
