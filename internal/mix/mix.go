// Package mix is mixed GCM traffic for benchmarks: a fixed sequence of
// messages whose sizes are shaped like a server's TLS and QUIC records,
// sealed, and every other one opened again, optionally with a call into
// an application's stand-in code (package appcode) between messages, so
// that the kernels do not own the instruction cache. cmd/vaesbench
// (-ops mix) and the root package's BenchmarkMix run it.
package mix

import (
	"crypto/cipher"
	"errors"

	"github.com/vaesgo/vaes/internal/appcode"
)

// Messages is the length of the sequence.
const Messages = 512

// Shape says what the sizes are, for reports.
const Shape = "512 messages: 40% of 16-128 bytes, 30% of 1200-1400, 30% of 4-16 KiB, in a fixed order; every other one sealed and opened, the rest sealed; 13 bytes of additional data"

// Sizes returns the message sizes, the same on every call: 40% uniform
// in 16..128 bytes, 30% in 1200..1400, 30% in 4096..16384, in an order
// drawn from a fixed xorshift sequence.
func Sizes() []int {
	sizes := make([]int, Messages)
	x := uint64(0x2545F4914F6CDD1D)
	next := func(n int) int {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return int(x % uint64(n))
	}
	for i := range sizes {
		switch c := next(10); {
		case c < 4:
			sizes[i] = 16 + next(128-16+1)
		case c < 7:
			sizes[i] = 1200 + next(1400-1200+1)
		default:
			sizes[i] = 4096 + next(16384-4096+1)
		}
	}
	return sizes
}

// Traffic runs the sequence on one AEAD.
type Traffic struct {
	aead              cipher.AEAD
	sizes             []int
	nonce, aad, plain []byte
	sealed, opened    []byte
	// App is what appcode.Run returned last, kept so that its calls
	// cannot be left out.
	App uint64
}

// New returns the traffic for aead, whose nonces are 12 bytes.
func New(aead cipher.AEAD) *Traffic {
	t := &Traffic{aead: aead, sizes: Sizes(), nonce: make([]byte, aead.NonceSize()), aad: make([]byte, 13)}
	t.plain = make([]byte, 16384)
	for i := range t.plain {
		t.plain[i] = byte(i * 7)
	}
	t.sealed = make([]byte, 0, 16384+aead.Overhead())
	t.opened = make([]byte, 0, 16384)
	return t
}

// errOpen is Run's error when a message it sealed does not open.
var errOpen = errors.New("mix: a sealed message did not open")

// Run seals every message of the sequence and opens every other one, with
// a call to appcode.Run before each message if app is set.
func (t *Traffic) Run(app bool) error {
	for i, n := range t.sizes {
		if app {
			t.App = appcode.Run(t.App + uint64(n))
		}
		t.nonce[0] = byte(i)
		t.sealed = t.aead.Seal(t.sealed[:0], t.nonce, t.plain[:n], t.aad)
		if i%2 == 0 {
			var err error
			if t.opened, err = t.aead.Open(t.opened[:0], t.nonce, t.sealed, t.aad); err != nil {
				return errOpen
			}
		}
	}
	return nil
}

// AppOnly makes Run's calls to appcode.Run alone, for their time to be
// subtracted from Run's.
func (t *Traffic) AppOnly() {
	for _, n := range t.sizes {
		t.App = appcode.Run(t.App + uint64(n))
	}
}
