// Package archsimd is the backend with no assembly of its own: it runs the
// Go models of the assembly backends, which Go 1.27's simd/archsimd turns
// into vector instructions.
//
// Every assembly kernel of this module has a Go twin, its model, written
// with package vec's lane types. Built with Go 1.27 or later and
// GOEXPERIMENT=simd on amd64, vec's types are one-field structs around
// archsimd's vectors and its operations archsimd's, so the compiler keeps
// the models' values in vector registers and emits VAESENC, VPCLMULQDQ,
// VPSHUFB and the rest where the assembly has them. This package calls
// the widest set of models the CPU runs, through each backend's Models:
//
//   - vaes512's (64 blocks per iteration on ZMM registers) on AVX-512 with
//     VAES and VPCLMULQDQ;
//   - else vaes256's (30 blocks on YMM registers) on AVX2 with VAES;
//   - else aesni's (8 blocks on XMM registers) on AVX2 with AES-NI and
//     PCLMULQDQ.
//
// CBC encryption, serial by definition, and key expansion run aesni's
// models at every width; XTS runs vaes512's, and aesni's where the CPU has
// no VAES on ZMM registers.
//
// The kernels, in archsimd_gen.go, are written by internal/kernels/gen from
// its table of operations, which says for each one what it checks and
// whose models it runs; this file holds the choice of width.
//
// In any other build (another Go version, no experiment, another
// architecture) the models run on vec's emulation: exact, and about a
// hundred times slower than crypto/aes. Available then reports false, so
// dispatch never picks this backend, but its kernels still work, and its
// tests hold them to the standard library.
//
// # Constant time
//
// The models obey the rules of the assembly they mirror: no branch and no
// memory address depends on key, plaintext or tag; loop counts and masks
// come from lengths, and only SealPublic and OpenPublic branch on the
// counter, which GCM with a 12-byte nonce makes public. The archsimd build
// keeps that: each vec operation is one archsimd operation (one
// instruction, or for the few archsimd lacks a fixed sequence whose only
// branches test public shift counts and masks). cmd/ctcheck runs on this
// backend like on the others.
package archsimd

// name starts every panic message of the kernels.
const name = "archsimd"

// The widths whose models this package runs, in bits.
const (
	w128 = 128 // aesni
	w256 = 256 // vaes256
	w512 = 512 // vaes512
)

// width is the register width of the models in use, chosen once from the
// CPU's features (see native_simd.go); 0 when this build or CPU cannot
// run any of them as vector code.
var width = chooseWidth()

// Available reports whether this build and CPU run the models as vector
// instructions: Go 1.27 or later with GOEXPERIMENT=simd on amd64, and a
// CPU with the features of at least aesni's models.
func Available() bool { return width != 0 }

// Width returns the register width in bits of the models the kernels run
// (512 for vaes512's, 256 for vaes256's, 128 for aesni's), or 0 when
// Available is false. At width 0 the kernels run on vec's emulation:
// vaes512's models, except Expand, EncryptBlock, DecryptBlock and
// CBCEncrypt, which run aesni's at every width, and XTS, which runs
// aesni's at every width but 512.
func Width() int { return width }
