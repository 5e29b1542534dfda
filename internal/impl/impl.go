// Package impl is the registry of backends: the kernel table that dispatch.go
// fills at init, and the switch that tests and cmd/vaesbench use to run the
// same public API on every backend in one process.
package impl

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// Backend is one implementation of the kernels the root package builds its
// modes from. Every kernel panics on misuse (a dst shorter than src, a length
// that is not a whole number of blocks where one is required).
//
// The root package does not call these function values on its hot paths: a
// call through a function value makes every pointer argument escape to the
// heap, so Seal and Open would allocate. It switches on ID and calls the
// kernels directly instead; the function values serve tests and tools that
// want to drive any backend's kernels by name.
type Backend struct {
	ID   ID
	Name string

	// Available reports whether this CPU (and build) can run the backend.
	Available bool

	// Std marks the backend that wraps crypto/aes and crypto/cipher: it has
	// no kernels, the root package builds on the standard library instead.
	Std bool

	// Expand fills ks from a 16-, 24- or 32-byte key, exactly as
	// aesround.Expand does (the assembly backends use AESKEYGENASSIST).
	Expand func(ks *aesround.Schedule, key []byte)

	// EncryptBlocks and DecryptBlocks run the cipher over len(src)/16 whole
	// blocks (len(src) a multiple of 16, len(dst) >= len(src)).
	EncryptBlocks func(ks *aesround.Schedule, dst, src []byte)
	DecryptBlocks func(ks *aesround.Schedule, dst, src []byte)

	// CTR32 XORs src with the keystream E(ctr), E(ctr+1), ... into dst, where
	// the counter is the low 32 bits of the block, big-endian, and wraps
	// without carrying into the nonce (GCM's inc32). Any length; a partial
	// last block uses one counter value. On return ctr has advanced by
	// ceil(len(src)/16).
	CTR32 func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)

	// CTR128 is CTR32 with the whole block as a 128-bit big-endian counter.
	CTR128 func(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte)

	// GHASHInit fills t with whatever this backend's GHASH reads (H and
	// its powers, in its own layout) from the hash key h = E_K(0^128).
	GHASHInit func(t *ghash.Table, h *[16]byte)

	// GHASH absorbs data into the running GHASH value y (GCM's own block
	// form): y = (y ^ X_i) * H for each 16-byte block X_i of data, the last
	// partial block padded with zeros.
	GHASH func(t *ghash.Table, y *[16]byte, data []byte)

	// Seal is CTR32(ks, ctr, dst, src) followed by GHASH(t, y, dst[:len(src)]),
	// done in one pass. Open is GHASH(t, y, src) followed by
	// CTR32(ks, ctr, dst, src), also in one pass; src and dst may be the
	// same slice.
	Seal func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)
	Open func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)
}

// ID names a backend in the root package's kernel switch.
type ID int

// The backends, in no particular order; dispatch.go decides the preference.
const (
	Generic ID = iota
	Stdlib
	AESNI
	VAES256
	VAES512
)

var (
	all    []*Backend
	active *Backend
)

// Register appends b to the list of backends, best first. dispatch.go calls
// it at init, in order of preference.
func Register(b *Backend) { all = append(all, b) }

// All returns every registered backend, best first, available or not.
func All() []*Backend { return all }

// Active returns the backend new ciphers are built on.
func Active() *Backend { return active }

// Select makes b the backend new ciphers are built on, and returns a
// function that restores the previous one. Ciphers already built keep the
// backend they were built with. Select is for tests and benchmarks; it is not
// safe to call concurrently with constructors.
func Select(b *Backend) (restore func()) {
	prev := active
	active = b
	return func() { active = prev }
}

// Lookup returns the registered backend with the given name, or nil.
func Lookup(name string) *Backend {
	for _, b := range all {
		if b.Name == name {
			return b
		}
	}
	return nil
}
