// Package kernels is the one way from a backend to its kernels: a function
// per operation that switches on the backend's ID and calls that backend's
// exported kernel. The root package, the tests, the fuzz targets,
// cmd/ctcheck and cmd/vaesbench all call these functions, so what they run
// and measure is what production runs.
//
// It also holds the order of kernel calls that makes one GCM message
// (GCM.Seal and GCM.Open), written once, and the standard library calls of
// the stdlib backend.
//
// The kernels are reached through a switch rather than through function
// values in a table: a call through a function value makes its pointer
// arguments escape to the heap, so every Seal, Open and XORKeyStream would
// allocate. A direct call lets escape analysis see that the kernels keep
// nothing.
//
// Every function panics on misuse as the backend's kernel does, with the
// backend's name first ("vaes512: output smaller than input"). The stdlib
// backend has no kernels of its own; where the root package needs kernels
// on it (short tags, SealPieces, Sealer and Opener), it runs the generic
// ones, so the switches send it there too.
//
// The switches are generated, with the archsimd backend's kernels
// (backends/archsimd), by ./gen from one table of operations: each row
// gives an operation's name, parameters and doc comments, which kernel
// each backend runs for it, and what archsimd checks first. A new kernel
// is one row in that table (internal/kernels/gen/ops.go), run go generate
// here, plus its model and its generator in each backend (backends/_asm).
// What the table does not express is written by hand: EncryptTwo (here),
// MulAlpha (xts.go), the GCM call sequence (gcm.go) and the stdlib
// backend's calls (std*.go).
//
//go:generate go run ./gen
package kernels

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/internal/impl"
)

// EncryptTwo encrypts the two blocks of b in place, for SealPieces' tag
// mask and last block. On vaes512 it calls aesni's blocks kernel, which
// keeps the work on XMM registers: vaes512's runs two blocks on a ZMM
// register, which in a call this short cost more than it saves on Intel's
// Xeon, and one call of aesni's costs less than two of its one-block
// kernel (docs/notes.md). The other backends' kernels do two blocks on
// registers of their own width.
func EncryptTwo(be *impl.Backend, ks *aesround.Schedule, b *[32]byte) {
	if be.ID == impl.VAES512 && be.AESNI {
		aesni.EncryptBlocks(ks, b[:], b[:])
		return
	}
	EncryptBlocks(be, ks, b[:], b[:])
}
