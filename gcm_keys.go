package vaes

import (
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// A GCM builds its backend's whole table of H powers when it is made.
//
// Building the table only after a key had proved long-lived (starting new
// keys on the aesni kernels' smaller table, and publishing the wide one
// atomically after a few long calls) was built and measured, and it did not
// pay: the VAES backends' GHASHInit took 0.7 (vaes512, 32 powers) and 1.0
// (vaes256, 16 powers) times as long as aesni's of 8 powers (aesni now
// builds 16, in 1.25 times that), the wide kernels are as fast as aesni's or faster at
// every size from 16 bytes up, and one 512-byte table in the key's
// allocation is cheaper than a second allocation later. What a one-message
// key does pay for is the size of its allocation (see gcmKey), so that is
// what is kept small: NewGCM and one Seal of 384 bytes or 1 KiB take
// 0.72-0.92 of crypto/aes's time on every assembly backend.

// kernels is the backend and GHASH table a message runs on, and whether
// its counter is public (see gcmSeal).
type kernels struct {
	b      *impl.Backend
	t      *ghash.Table
	public bool
}

// kernels returns the kernels for a message under nonce (on the stdlib
// backend, preparing the key material the first time).
func (g *GCM) kernels(nonce []byte) kernels {
	if g.prepare != nil {
		g.once.Do(g.prepare)
	}
	return kernels{g.b, &g.key.table, len(nonce) == gcmStandardNonceSize}
}
