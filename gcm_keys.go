package vaes

import (
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// Key powers are prepared only when they pay.
//
// The wide backends' GHASH reads a table of H^1..H^16 (or more) in the
// layout their loops want; computing it costs about as much as sealing a
// few hundred bytes, which a key used for one message never earns back. So
// a new GCM on vaes512 or vaes256 starts on the aesni kernels, whose table
// holds only H^1..H^8 and is cheap to build, and counts its long calls.
// After promoteAfter of them (or at once, for a call of bigCall bytes or
// more, which pays for the table by itself) it builds the wide table once
// and publishes it with an atomic store; every call after that runs on the
// wide backend.
//
// The count uses a plain atomic load and store, not a locked add: two
// goroutines that race may both store the same count, which only delays the
// table by a call. Two that both reach the limit may both build the table;
// the second store replaces the first with an identical table. Both are
// harmless, and neither costs a locked instruction on every call.
const (
	// longCall is the length from which a call counts towards the wide
	// table: from here on the wide kernels beat aesni's clearly.
	longCall = 256

	// bigCall is the length from which one call pays for the wide table on
	// its own: it is built at once, whatever the count.
	bigCall = 2048

	// promoteAfter is how many long calls a key makes on the narrow table
	// before the wide one is built. Building it costs about what the wide
	// kernels save on two calls of 1 KiB; four keeps one-message keys and
	// short-lived keys off it, and costs a long-lived key nothing it would
	// notice.
	promoteAfter = 4
)

// kernels is the backend and GHASH table one call runs on.
type kernels struct {
	b *impl.Backend
	t *ghash.Table
}

// narrowFor returns the backend whose table serves a new key's first calls
// on backend b: aesni for the VAES backends (every CPU with VAES has AES-NI,
// but check), and b itself for every other.
func narrowFor(b *impl.Backend) *impl.Backend {
	if (b.ID == impl.VAES512 || b.ID == impl.VAES256) && backendAESNI.Available {
		return backendAESNI
	}
	return b
}

// initHashKey prepares the GHASH tables for the hash key: the narrow
// table now, and, when the narrow backend is the backend itself, that same
// table as the wide one.
func (g *GCM) initHashKey() {
	g.nb = narrowFor(g.b)
	ghashInit(g.nb, &g.key.narrow, &g.key.h)
	if g.nb == g.b {
		g.wide.Store(&g.key.narrow)
	}
}

// pick returns the kernels for a call of n bytes (n < 0: a streamed
// message of unknown length, which counts as long).
func (g *GCM) pick(n int) kernels {
	if g.prepare != nil {
		g.once.Do(g.prepare)
	}
	if t := g.wide.Load(); t != nil {
		return kernels{g.b, t}
	}
	if n >= longCall || n < 0 {
		calls := g.longCalls.Load() + 1
		g.longCalls.Store(calls)
		if calls >= promoteAfter || n >= bigCall {
			t := new(ghash.Table)
			ghashInit(g.b, t, &g.key.h)
			g.wide.Store(t)
			return kernels{g.b, t}
		}
	}
	return kernels{g.nb, &g.key.narrow}
}
