package vaes_test

import (
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// onEveryBackend runs f once per backend this CPU (and build) can run, with
// GCMs built on that backend.
func onEveryBackend(t *testing.T, f func(t *testing.T)) {
	for _, b := range impl.All() {
		if !b.Available {
			t.Logf("%s: this CPU (or build) cannot run it", b.Name)
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			defer impl.Select(b)()
			f(t)
		})
	}
}

// TestSealPiecesAllocs requires SealPieces and Sealer.Encrypt to allocate
// nothing when dst has room, on every backend. (The conformance battery
// covers their results.)
func TestSealPiecesAllocs(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		g, _ := vaes.NewGCM(make([]byte, 16))
		nonce := make([]byte, 12)
		payload := make([]byte, 1350)
		pieces := [][]byte{payload, {23}}
		out := make([]byte, 0, 1400)
		if n := testing.AllocsPerRun(20, func() { g.SealPieces(out, nonce, pieces, nonce) }); n != 0 {
			t.Errorf("SealPieces: %v allocations per call, want 0", n)
		}
		s := g.NewSealer(nonce, nil)
		if n := testing.AllocsPerRun(20, func() { s.Encrypt(out, payload[:100]) }); n != 0 {
			t.Errorf("Sealer.Encrypt: %v allocations per call, want 0", n)
		}
	})
}
