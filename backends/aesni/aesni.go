package aesni

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/internal/kernel"
	"github.com/vaesgo/vaes/ghash"
)

// name starts every panic message of the kernels.
const name = "aesni"

// Expand fills ks from a 16-, 24- or 32-byte key exactly as
// aesround.Expand does, with AESKEYGENASSIST and AESIMC instead of
// arithmetic on bit slices. It panics on any other key length.
func Expand(ks *aesround.Schedule, key []byte) {
	switch len(key) {
	case 16, 24, 32:
	default:
		panic(name + ": invalid key length")
	}
	*ks = aesround.Schedule{Rounds: len(key)/4 + 6}
	expandKey(&ks.Enc, &ks.Dec, key)
}

// EncryptBlocks encrypts the len(src)/16 whole blocks of src into dst
// (impl.Backend.EncryptBlocks). It panics if len(src) is not a multiple of
// 16 or dst is shorter than src.
func EncryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	encryptBlocks(&ks.Enc, ks.Rounds, dst, src)
}

// DecryptBlocks decrypts the len(src)/16 whole blocks of src into dst
// (impl.Backend.DecryptBlocks). It panics like EncryptBlocks.
func DecryptBlocks(ks *aesround.Schedule, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckBlocks(name, dst, src)
	decryptBlocks(&ks.Dec, ks.Rounds, dst, src)
}

// EncryptBlock encrypts the block src into dst: EncryptBlocks of exactly
// one block, with nothing left to check, for cipher.Block's Encrypt. dst and
// src may be the same block.
func EncryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	kernel.CheckSchedule(name, ks)
	encryptBlock(&ks.Enc, ks.Rounds, dst, src)
}

// DecryptBlock decrypts the block src into dst, as EncryptBlock encrypts.
func DecryptBlock(ks *aesround.Schedule, dst, src *[16]byte) {
	kernel.CheckSchedule(name, ks)
	decryptBlock(&ks.Dec, ks.Rounds, dst, src)
}

// CTR32 XORs src with the keystream of GCM's counter mode into dst
// (impl.Backend.CTR32): the counter is the last four bytes of ctr,
// big-endian, and wraps without carrying. It panics if dst is shorter than
// src.
func CTR32(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	ctr32(&ks.Enc, ks.Rounds, ctr, dst, src)
}

// CTR128 is CTR32 with the whole of ctr as a 128-bit big-endian counter
// (impl.Backend.CTR128).
//
// The kernel ctr64 steps only the low 64 bits, which wrap once in 2^64
// blocks; CTR128 splits the call at that block and carries into the high
// 64 bits itself, so the assembly needs no carry logic.
func CTR128(ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	for len(src) > 0 {
		n, lo := kernel.SplitCTR128(ctr, len(src))
		ctr64(&ks.Enc, ks.Rounds, ctr, dst[:n], src[:n])
		kernel.CarryCTR128(ctr, lo)
		dst, src = dst[n:], src[n:]
	}
}

// GHASHInit fills t from the hash key h = E_K(0^128) (impl.Backend.GHASHInit):
// the key forms of H^1..H^16 in slots 0..15 and their half sums in slots
// 16..31, the layout of ghash.InitTable(t, h, 16).
func GHASHInit(t *ghash.Table, h *[16]byte) {
	ghashInit((*[32][16]byte)(t), h)
}

// GHASH absorbs data into the running GHASH value y (impl.Backend.GHASH),
// the last partial block padded with zeros. t must have been filled by
// GHASHInit.
func GHASH(t *ghash.Table, y *[16]byte, data []byte) {
	ghashUpdate((*[32][16]byte)(t), y, data)
}

// Seal is CTR32(ks, ctr, dst, src) followed by GHASH(t, y, dst[:len(src)]),
// in one pass (impl.Backend.Seal). It panics if dst is shorter than src.
func Seal(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	seal(&ks.Enc, ks.Rounds, (*[32][16]byte)(t), ctr, y, dst, src)
}

// Open is GHASH(t, y, src) followed by CTR32(ks, ctr, dst, src), in one
// pass (impl.Backend.Open); src and dst may be the same slice. It panics if
// dst is shorter than src.
func Open(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte) {
	kernel.CheckSchedule(name, ks)
	kernel.CheckLength(name, dst, src)
	open(&ks.Enc, ks.Rounds, (*[32][16]byte)(t), ctr, y, dst, src)
}
