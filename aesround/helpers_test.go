package aesround

import (
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

func newRand(t testing.TB) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(len(t.Name())), 0x5eed))
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// blocksOf splits b into 16-byte blocks.
func blocksOf(b []byte) []block {
	out := make([]block, len(b)/16)
	for i := range out {
		out[i] = block(b[16*i:])
	}
	return out
}
