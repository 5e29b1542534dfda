package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestXTSOps runs the XTS operations on golang.org/x/crypto/xts (the
// crypto/aes row) and every backend this CPU can run, as the command does:
// every output must agree and every contender must be timed, at sizes
// rounded down to whole blocks; decryption must give the pattern back.
func TestXTSOps(t *testing.T) {
	cs, _, err := pickContenders("")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"xts-enc", "xts-dec"} {
		rows := runOperation(op(name), cs, pattern(16, 1), []int{16, 520, 4096}, 1, time.Millisecond, nil)
		for k, want := range []int{16, 512, 4096} {
			r := rows[k]
			if r.size != want {
				t.Errorf("%s: measured at %d bytes, want %d", name, r.size, want)
			}
			for i, c := range cs {
				if r.wrong[i] != nil || r.stats[i].median <= 0 {
					t.Errorf("%s, %d bytes, %s: %v, %v ns", name, r.size, c.name, r.wrong[i], r.stats[i].median)
				}
			}
		}
	}
	for _, keyBits := range []int{128, 256} {
		key := pattern(keyBits/8, 1)
		_, ct, err := setupXTS(false)(contender{name: reference}, key, 512)
		if err != nil {
			t.Fatal(err)
		}
		_, pt, err := setupXTS(true)(contender{name: reference}, key, 512)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pt, pattern(512, 3)) || bytes.Equal(ct, pattern(512, 3)) {
			t.Errorf("AES-%d: the XTS setups do not encrypt the pattern and decrypt it back", keyBits)
		}
	}
	if _, _, err := setupXTS(false)(cs[len(cs)-1], pattern(16, 1), 0); err == nil {
		t.Error("XTS of 0 bytes set up without an error")
	}
}

// TestXTSNotDefault checks that -ops leaves XTS out unless asked, and
// takes it when asked.
func TestXTSNotDefault(t *testing.T) {
	if slices.ContainsFunc(defaultOperationNames(), func(n string) bool { return strings.HasPrefix(n, "xts") }) {
		t.Errorf("default operations %v include XTS", defaultOperationNames())
	}
	ops, err := parseOps("xts-enc,xts-dec")
	if err != nil || len(ops) != 2 || !isXTS(ops[0]) || !isXTS(ops[1]) {
		t.Errorf("parseOps(xts-enc,xts-dec) = %v, %v", ops, err)
	}
}

// TestXTSSpeedArgs checks the arguments of openssl's XTS timing.
func TestXTSSpeedArgs(t *testing.T) {
	o := &openssl{}
	if got, want := strings.Join(o.xtsSpeedArgs(128, 4096, false), " "), "speed -mr -seconds 1 -bytes 4096 -evp aes-128-xts"; got != want {
		t.Errorf("encryption: %q, want %q", got, want)
	}
	if got, want := strings.Join(o.xtsSpeedArgs(256, 512, true), " "), "speed -mr -seconds 1 -bytes 512 -decrypt -evp aes-256-xts"; got != want {
		t.Errorf("decryption: %q, want %q", got, want)
	}
}
