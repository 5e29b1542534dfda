package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLowest holds the comparison's reader to its contract: the round tag
// dropped, each key's lowest min kept, keys in first-seen order, and other
// lines ignored.
func TestLowest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.txt")
	text := "R1 vaes512/Seal/AES-128/16 min 47.5 p5 47.9 p50 49.0\n" +
		"R1 vaes512/Open/AES-128/16 min 43.0 p5 43.2 p50 44.0\n" +
		"not a measurement\n" +
		"R2 vaes512/Seal/AES-128/16 min 46.9 p5 47.0 p50 48.1\n" +
		"R2 vaes512/Open/AES-128/16 min 44.1 p5 44.2 p50 45.0\n"
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	m, keys, err := lowest(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"vaes512/Seal/AES-128/16", "vaes512/Open/AES-128/16"}
	if len(keys) != 2 || keys[0] != want[0] || keys[1] != want[1] {
		t.Fatalf("keys %q, want %q", keys, want)
	}
	if m[want[0]] != 46.9 || m[want[1]] != 43.0 {
		t.Fatalf("lowest %v, want 46.9 and 43.0", m)
	}
}

// TestMeasureLine checks that one measurement with every option runs and
// prints one line per operation that lowest can read back.
func TestMeasureLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = f
	measure(16, 64, 20, options{routed: true, fresh: true, cbc: true, pieces: true, std: true})
	os.Stdout = stdout
	f.Close()
	m, keys, err := lowest(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Seal", "Open", "CTR", "RoutedSeal", "RoutedOpen", "RoutedCTR",
		"PiecesSeal", "FreshSeal", "CBCEncrypt", "CBCDecrypt", "StdCBCEncrypt", "StdCBCDecrypt",
		"StdSeal", "StdOpen", "StdCTR", "StdFreshSeal"}
	if len(keys) != len(want) {
		t.Fatalf("keys %q", keys)
	}
	for i, k := range keys {
		if k != want[i]+"/AES-128/64" {
			t.Fatalf("keys %q, want %q first", keys, want)
		}
	}
	for k, v := range m {
		if v <= 0 {
			t.Errorf("%s: time %v", k, v)
		}
	}
}
