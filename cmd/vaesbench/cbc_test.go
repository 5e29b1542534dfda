package main

import (
	"bytes"
	"crypto/aes"
	"crypto/subtle"
	"slices"
	"strings"
	"testing"
	"time"
)

// cbcByHand encrypts src in CBC mode from iv one block at a time with the
// block cipher alone, independently of crypto/cipher's modes.
func cbcByHand(t *testing.T, key, iv, src []byte) []byte {
	block, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(src))
	prev := iv
	for i := 0; i < len(src); i += 16 {
		subtle.XORBytes(out[i:i+16], src[i:i+16], prev)
		block.Encrypt(out[i:i+16], out[i:i+16])
		prev = out[i : i+16]
	}
	return out
}

// TestCBCOps runs the CBC operations on crypto/aes and every backend this
// CPU can run, as the command does: every output must agree with
// crypto/aes's and every contender must be timed, at sizes rounded down
// to whole blocks.
func TestCBCOps(t *testing.T) {
	cs, _, err := pickContenders("")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cbc-enc", "cbc-dec"} {
		rows := runOperation(op(name), cs, pattern(16, 1), []int{16, 1350, 16384}, 1, time.Millisecond, nil)
		for k, want := range []int{16, 1344, 16384} {
			r := rows[k]
			if r.size != want {
				t.Errorf("%s: size %d measured as %d, want %d", name, []int{16, 1350, 16384}[k], r.size, want)
			}
			for i, c := range cs {
				if r.wrong[i] != nil || r.stats[i].median <= 0 {
					t.Errorf("%s, %d bytes, %s: %v, %v ns", name, r.size, c.name, r.wrong[i], r.stats[i].median)
				}
			}
		}
	}
}

// TestCBCSetup checks what the CBC setups give to compare: two chained
// calls of CBC over the pattern, by encryption, and the pattern back from
// its encryption, by decryption.
func TestCBCSetup(t *testing.T) {
	for _, keyBits := range []int{128, 256} {
		key, iv := pattern(keyBits/8, 1), pattern(16, 4)
		for _, size := range []int{16, 1344} {
			src := pattern(size, 3)
			_, enc, err := op("cbc-enc").setup(contender{name: reference}, key, size)
			if err != nil {
				t.Fatal(err)
			}
			first := cbcByHand(t, key, iv, src)
			second := cbcByHand(t, key, first[size-16:], src)
			if !bytes.Equal(enc, append(slices.Clone(first), second...)) {
				t.Errorf("AES-%d, %d bytes: encryption's output is not two chained CBC calls", keyBits, size)
			}

			_, dec, err := op("cbc-dec").setup(contender{name: reference}, key, size)
			if err != nil {
				t.Fatal(err)
			}
			if len(dec) != 2*size || !bytes.Equal(dec[:size], src) {
				t.Errorf("AES-%d, %d bytes: decryption's first call does not give the pattern back", keyBits, size)
			}
			if bytes.Equal(dec[size:], dec[:size]) {
				t.Errorf("AES-%d, %d bytes: decryption's second call started from the IV again", keyBits, size)
			}
		}
	}
}

// TestStdCBCMethod checks the description of crypto/aes's CBC on each
// architecture, and that the CBC tables' titles carry this machine's.
func TestStdCBCMethod(t *testing.T) {
	for _, c := range []struct {
		arch      string
		asm       bool
		want, not string
	}{
		{"amd64", true, "one AES-NI assembly call per block", "Go block cipher"},
		{"arm64", true, "one assembly call per block", "AES-NI"},
		{"ppc64le", true, "one assembly call over the whole buffer", "per block"},
		{"s390x", true, "KMC instruction over the whole buffer", "per block"},
		{"amd64", false, "crypto/aes's Go block cipher per block", "assembly"},
		{"s390x", false, "Go block cipher per block", "KMC"},
		{"riscv64", false, "Go block cipher per block", "assembly"},
	} {
		got := stdCBCMethod(c.arch, c.asm)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("stdCBCMethod(%s, %v) = %q, want %q and no %q", c.arch, c.asm, got, c.want, c.not)
		}
	}
	for _, name := range []string{"cbc-enc", "cbc-dec"} {
		if title := op(name).title; !strings.Contains(title, "(crypto/aes: "+stdCBC+")") {
			t.Errorf("%s's title %q does not say what crypto/aes runs", name, title)
		}
	}
	notes := strings.Join(opNotes([]operation{op("cbc-dec")}), " ")
	if !strings.Contains(notes, stdCBC) || strings.Contains(notes, "EncryptBlocks") {
		t.Errorf("chart notes for cbc-dec: %q", notes)
	}
}
