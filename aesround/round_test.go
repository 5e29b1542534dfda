package aesround

import (
	"slices"
	"testing"
)

var roundFuncs = []struct {
	name string
	f    func(state, key []byte)
	ref  func(s, k block) block
}{
	{"EncryptRound", EncryptRound, refAESENC},
	{"EncryptLastRound", EncryptLastRound, refAESENCLAST},
	{"DecryptRound", DecryptRound, refAESDEC},
	{"DecryptLastRound", DecryptLastRound, refAESDECLAST},
}

func TestRoundFunctions(t *testing.T) {
	r := newRand(t)
	for _, rf := range roundFuncs {
		for n := 1; n <= 4; n++ {
			for range 100 {
				state := make([]byte, 16*n)
				key := make([]byte, 16*n)
				fill(r, state)
				fill(r, key)
				in := slices.Clone(state)
				keyCopy := slices.Clone(key)
				rf.f(state, key)
				for j, s := range blocksOf(in) {
					if want := rf.ref(s, block(key[16*j:])); block(state[16*j:]) != want {
						t.Fatalf("%s, %d blocks: block %d of %x = %x, want %x", rf.name, n, j, in, state[16*j:16*j+16], want)
					}
				}
				if !slices.Equal(key, keyCopy) {
					t.Fatalf("%s modified its key", rf.name)
				}
			}
		}
	}
}

// TestRoundInPlaceKey passes the same slice as state and key, as
// AESENC xmm0, xmm0 does.
func TestRoundInPlaceKey(t *testing.T) {
	r := newRand(t)
	for _, rf := range roundFuncs {
		b := make([]byte, 48)
		fill(r, b)
		in := blocksOf(b)
		rf.f(b, b)
		for j, s := range in {
			if want := rf.ref(s, s); block(b[16*j:]) != want {
				t.Errorf("%s(x, x): block %d = %x, want %x", rf.name, j, b[16*j:16*j+16], want)
			}
		}
	}
}

func TestInvMixColumns(t *testing.T) {
	r := newRand(t)
	for n := 1; n <= 4; n++ {
		for range 100 {
			state := make([]byte, 16*n)
			fill(r, state)
			in := blocksOf(state)
			InvMixColumns(state)
			for j, s := range in {
				if want := refInvMixColumns(s); block(state[16*j:]) != want {
					t.Fatalf("InvMixColumns, %d blocks: block %d of %x = %x, want %x", n, j, s, state[16*j:16*j+16], want)
				}
			}
		}
	}
}

func TestKeyGenAssist(t *testing.T) {
	r := newRand(t)
	for i := range 500 {
		var src, dst block
		fill(r, src[:])
		rcon := byte(r.Uint32())
		KeyGenAssist(&dst, &src, rcon)
		if want := refKeyGenAssist(src, rcon); dst != want {
			t.Fatalf("KeyGenAssist(%x, %#02x) = %x, want %x", src, rcon, dst, want)
		}
		if i%2 == 0 { // in place
			KeyGenAssist(&src, &src, rcon)
			if src != dst {
				t.Fatalf("KeyGenAssist in place = %x, want %x", src, dst)
			}
		}
	}
}

// xmm converts a register value written as a 128-bit hexadecimal number, as
// Intel's documentation writes them, to the 16 bytes of the register in
// memory order (byte 0 is the least significant).
func xmm(s string) (b block) {
	h := mustHex(s)
	for i := range b {
		b[i] = h[15-i]
	}
	return
}

// TestIntelWhitePaper runs the examples of Intel's "Advanced Encryption
// Standard (AES) New Instructions Set" white paper (Gueron, rev. 3.0):
// xmm1 = 7b5b5465..., xmm2 = 48692853... for the round instructions, and
// AESKEYGENASSIST on the FIPS 197 AES-128 key with Rcon 1.
func TestIntelWhitePaper(t *testing.T) {
	state, key := xmm("7b5b54657374566563746f725d53475d"), xmm("48692853686179295b477565726f6e5d")
	for _, c := range []struct {
		name string
		f    func(state, key []byte)
		want string
	}{
		{"AESENC", EncryptRound, "a8311c2f9fdba3c58b104b58ded7e595"},
		{"AESENCLAST", EncryptLastRound, "c7fb881e938c5964177ec42553fdc611"},
		{"AESDEC", DecryptRound, "138ac342faea2787b58eb95eb730392a"},
		{"AESDECLAST", DecryptLastRound, "c5a391ef6b317f95d410637b72a593d0"},
	} {
		s := state
		c.f(s[:], key[:])
		if s != xmm(c.want) {
			t.Errorf("%s = %x (memory order), want %s (register)", c.name, s, c.want)
		}
	}

	src, dst := xmm("3c4fcf098815f7aba6d2ae2816157e2b"), block{}
	KeyGenAssist(&dst, &src, 1)
	if want := xmm("01eb848beb848a013424b5e524b5e434"); dst != want {
		t.Errorf("AESKEYGENASSIST = %x, want %x", dst, want)
	}
}

func TestRoundPanics(t *testing.T) {
	for _, rf := range roundFuncs {
		for _, c := range []struct{ s, k int }{{0, 0}, {15, 15}, {17, 17}, {80, 80}, {16, 32}, {32, 16}} {
			if !panics(func() { rf.f(make([]byte, c.s), make([]byte, c.k)) }) {
				t.Errorf("%s with %d-byte state, %d-byte key did not panic", rf.name, c.s, c.k)
			}
		}
	}
	for _, n := range []int{0, 8, 17, 80} {
		if !panics(func() { InvMixColumns(make([]byte, n)) }) {
			t.Errorf("InvMixColumns of %d bytes did not panic", n)
		}
	}
}

func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}
