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

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/internal/kernel"
	"github.com/vaesgo/vaes/backends/vaes256"
	"github.com/vaesgo/vaes/backends/vaes512"
	"github.com/vaesgo/vaes/ghash"
)

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
// Available is false, and then the kernels run vaes512's models on vec's
// emulation.
func Width() int { return width }

// Expand fills ks from a 16-, 24- or 32-byte key, with aesni's model of
// the key expansion (AESKEYGENASSIST and AESIMC).
func Expand(ks *aesround.Schedule, key []byte) {
	switch len(key) {
	case 16, 24, 32:
	default:
		panic(name + ": invalid key length")
	}
	aesni.Models.Expand(ks, key)
}

// EncryptBlocks encrypts the len(src)/16 whole blocks of src into dst with
// the expanded key ks. It panics if len(src) is not a multiple of 16 or dst
// is shorter than src.
func EncryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	switch width {
	case w128:
		aesni.Models.EncryptBlocks(ks, dst, src)
	case w256:
		vaes256.Models.EncryptBlocks(ks, dst, src)
	default:
		vaes512.Models.EncryptBlocks(ks, dst, src)
	}
}

// DecryptBlocks decrypts the len(src)/16 whole blocks of src into dst with
// the expanded key ks. It panics like EncryptBlocks.
func DecryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	switch width {
	case w128:
		aesni.Models.DecryptBlocks(ks, dst, src)
	case w256:
		vaes256.Models.DecryptBlocks(ks, dst, src)
	default:
		vaes512.Models.DecryptBlocks(ks, dst, src)
	}
}

// EncryptBlock encrypts one block with aesni's one-block model; dst and
// src may be the same block.
func EncryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	kernel.CheckSchedule(name, ks)
	aesni.Models.EncryptBlock(ks, dst, src)
}

// DecryptBlock decrypts one block with aesni's one-block model; dst and
// src may be the same block.
func DecryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	kernel.CheckSchedule(name, ks)
	aesni.Models.DecryptBlock(ks, dst, src)
}

// CTR32 XORs src with the keystream of GCM's counter mode into dst: the
// counter is the last four bytes of ctr, big-endian, and wraps without
// carrying. It panics if dst is shorter than src.
func CTR32(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	switch width {
	case w128:
		aesni.Models.CTR32(ks, ctr, dst, src)
	case w256:
		vaes256.Models.CTR32(ks, ctr, dst, src)
	default:
		vaes512.Models.CTR32(ks, ctr, dst, src)
	}
}

// CTR128 is CTR32 with the whole of ctr as a 128-bit big-endian counter.
func CTR128(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	switch width {
	case w128:
		aesni.Models.CTR128(ks, ctr, dst, src)
	case w256:
		vaes256.Models.CTR128(ks, ctr, dst, src)
	default:
		vaes512.Models.CTR128(ks, ctr, dst, src)
	}
}

// GHASHInit fills t from the hash key h = E_K(0^128) in the layout of the
// models in use.
func GHASHInit(t *ghash.Table, h *[16]byte) {
	switch width {
	case w128:
		aesni.Models.GHASHInit(t, h)
	case w256:
		vaes256.Models.GHASHInit(t, h)
	default:
		vaes512.Models.GHASHInit(t, h)
	}
}

// GHASH absorbs data into the running GHASH value y, the last partial
// block padded with zeros. t must have been filled by GHASHInit.
func GHASH(t *ghash.Table, y *[16]byte, data []byte) {
	switch width {
	case w128:
		aesni.Models.GHASH(t, y, data)
	case w256:
		vaes256.Models.GHASH(t, y, data)
	default:
		vaes512.Models.GHASH(t, y, data)
	}
}

// Seal is CTR32(ks, ctr, dst, src) followed by GHASH(t, y, dst[:len(src)]),
// in one pass. It panics if dst is shorter than src.
func Seal(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	switch width {
	case w128:
		aesni.Models.Seal(ks, t, ctr, y, dst, src)
	case w256:
		vaes256.Models.Seal(ks, t, ctr, y, dst, src)
	default:
		vaes512.Models.Seal(ks, t, ctr, y, dst, src)
	}
}

// Open is GHASH(t, y, src) followed by CTR32(ks, ctr, dst, src), in one
// pass; src and dst may be the same slice. It panics if dst is shorter
// than src.
func Open(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	switch width {
	case w128:
		aesni.Models.Open(ks, t, ctr, y, dst, src)
	case w256:
		vaes256.Models.Open(ks, t, ctr, y, dst, src)
	default:
		vaes512.Models.Open(ks, t, ctr, y, dst, src)
	}
}

// SealPublic is Seal for a public counter block (GCM with a 12-byte
// nonce), as in the assembly backends.
func SealPublic(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	switch width {
	case w128:
		aesni.Models.SealPublic(ks, t, ctr, y, dst, src)
	case w256:
		vaes256.Models.SealPublic(ks, t, ctr, y, dst, src)
	default:
		vaes512.Models.SealPublic(ks, t, ctr, y, dst, src)
	}
}

// OpenPublic is Open for a public counter block, as SealPublic is Seal.
func OpenPublic(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	switch width {
	case w128:
		aesni.Models.OpenPublic(ks, t, ctr, y, dst, src)
	case w256:
		vaes256.Models.OpenPublic(ks, t, ctr, y, dst, src)
	default:
		vaes512.Models.OpenPublic(ks, t, ctr, y, dst, src)
	}
}

// CBCEncrypt encrypts the len(src)/16 whole blocks of src into dst in
// cipher block chaining mode, carrying the chaining value in iv, with
// aesni's serial model. dst and src may be the same slice.
func CBCEncrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	aesni.Models.CBCEncrypt(ks, iv, dst, src)
}

// CBCDecrypt decrypts the len(src)/16 whole blocks of src into dst in
// cipher block chaining mode; on return iv holds the last ciphertext
// block. dst and src may be the same slice.
func CBCDecrypt(ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	switch width {
	case w128:
		aesni.Models.CBCDecrypt(ks, iv, dst, src)
	case w256:
		vaes256.Models.CBCDecrypt(ks, iv, dst, src)
	default:
		vaes512.Models.CBCDecrypt(ks, iv, dst, src)
	}
}

// XTSEncrypt encrypts the len(src)/16 whole blocks of src into dst in XTS
// mode with the expanded data key ks: block j is E(P_j ^ T_j) ^ T_j, where
// T_0 is the encrypted tweak in tweak and T_(j+1) is T_j·α in GF(2^128).
// On return tweak holds the tweak of the block after src's last. dst and
// src may be the same slice. It panics if len(src) is not a multiple of 16
// or dst is shorter than src.
//
// vaes512's models run it on ZMM registers; at the narrower widths
// aesni's, on XMM registers: vaes256's XTS model allocates (batches of a
// variable width in slices), and the generic backend's runs on vec's
// 512-bit types, which this build compiles to AVX-512 instructions that a
// CPU without AVX-512 cannot execute.
func XTSEncrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	if width == w512 {
		vaes512.Models.XTSEncrypt(ks, tweak, dst, src)
		return
	}
	aesni.Models.XTSEncrypt(ks, tweak, dst, src)
}

// XTSDecrypt decrypts as XTSEncrypt encrypts, with ks's inverse cipher:
// block j is D(C_j ^ T_j) ^ T_j. It panics like XTSEncrypt.
func XTSDecrypt(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	if width == w512 {
		vaes512.Models.XTSDecrypt(ks, tweak, dst, src)
		return
	}
	aesni.Models.XTSDecrypt(ks, tweak, dst, src)
}
