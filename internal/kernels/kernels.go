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
package kernels

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/generic"
	"github.com/vaesgo/vaes/backends/vaes256"
	"github.com/vaesgo/vaes/backends/vaes512"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// Expand fills ks from a 16-, 24- or 32-byte key. Backends whose key
// expansion runs on AES-NI (impl.Backend.AESNI) use AESKEYGENASSIST; the
// others aesround's constant-time arithmetic. Both give the same schedule.
func Expand(b *impl.Backend, ks *aesround.Schedule, key []byte) {
	if b.AESNI {
		aesni.Expand(ks, key)
		return
	}
	if b.ID == impl.ArchSIMD {
		archsimdExpand(ks, key)
		return
	}
	aesround.Expand(ks, key)
}

// EncryptBlocks encrypts the len(src)/16 whole blocks of src into dst.
// len(src) must be a multiple of 16 and dst at least as long.
func EncryptBlocks(b *impl.Backend, ks *aesround.Schedule, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.EncryptBlocks(ks, dst, src)
	case impl.VAES256:
		vaes256.EncryptBlocks(ks, dst, src)
	case impl.AESNI:
		aesni.EncryptBlocks(ks, dst, src)
	case impl.ArchSIMD:
		archsimdEncryptBlocks(ks, dst, src)
	default:
		generic.EncryptBlocks(ks, dst, src)
	}
}

// DecryptBlocks decrypts the len(src)/16 whole blocks of src into dst,
// with EncryptBlocks' rules.
func DecryptBlocks(b *impl.Backend, ks *aesround.Schedule, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.DecryptBlocks(ks, dst, src)
	case impl.VAES256:
		vaes256.DecryptBlocks(ks, dst, src)
	case impl.AESNI:
		aesni.DecryptBlocks(ks, dst, src)
	case impl.ArchSIMD:
		archsimdDecryptBlocks(ks, dst, src)
	default:
		generic.DecryptBlocks(ks, dst, src)
	}
}

// EncryptBlock encrypts one block, for cipher.Block's Encrypt. On backends
// with impl.Backend.AESNI it takes aesni's one-block kernel, whose pointer
// arguments and straight-line rounds cost less than the setup of a batched
// kernel; elsewhere EncryptBlocks of one block. dst and src may be the same
// block.
func EncryptBlock(b *impl.Backend, ks *aesround.Schedule, dst, src *[16]byte) {
	if b.AESNI {
		aesni.EncryptBlock(ks, dst, src)
		return
	}
	if b.ID == impl.ArchSIMD {
		archsimdEncryptBlock(ks, dst, src)
		return
	}
	EncryptBlocks(b, ks, dst[:], src[:])
}

// DecryptBlock decrypts one block, as EncryptBlock encrypts.
func DecryptBlock(b *impl.Backend, ks *aesround.Schedule, dst, src *[16]byte) {
	if b.AESNI {
		aesni.DecryptBlock(ks, dst, src)
		return
	}
	if b.ID == impl.ArchSIMD {
		archsimdDecryptBlock(ks, dst, src)
		return
	}
	DecryptBlocks(b, ks, dst[:], src[:])
}

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

// CTR32 XORs src with the keystream E(ctr), E(ctr+1), ... into dst, where
// the counter is the low 32 bits of the block, big-endian, and wraps
// without carrying (GCM's inc32). Any length; a partial last block uses one
// counter value. On return ctr has advanced by ceil(len(src)/16).
func CTR32(b *impl.Backend, ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.CTR32(ks, ctr, dst, src)
	case impl.VAES256:
		vaes256.CTR32(ks, ctr, dst, src)
	case impl.AESNI:
		aesni.CTR32(ks, ctr, dst, src)
	case impl.ArchSIMD:
		archsimdCTR32(ks, ctr, dst, src)
	default:
		generic.CTR32(ks, ctr, dst, src)
	}
}

// CTR128 is CTR32 with the whole block as one 128-bit big-endian counter.
func CTR128(b *impl.Backend, ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.CTR128(ks, ctr, dst, src)
	case impl.VAES256:
		vaes256.CTR128(ks, ctr, dst, src)
	case impl.AESNI:
		aesni.CTR128(ks, ctr, dst, src)
	case impl.ArchSIMD:
		archsimdCTR128(ks, ctr, dst, src)
	default:
		generic.CTR128(ks, ctr, dst, src)
	}
}

// GHASHInit fills t, from the hash key h = E_K(0^128), with whatever the
// backend's GHASH reads: H and its powers, in the backend's own layout.
func GHASHInit(b *impl.Backend, t *ghash.Table, h *[16]byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.GHASHInit(t, h)
	case impl.VAES256:
		vaes256.GHASHInit(t, h)
	case impl.AESNI:
		aesni.GHASHInit(t, h)
	case impl.ArchSIMD:
		archsimdGHASHInit(t, h)
	default:
		generic.GHASHInit(t, h)
	}
}

// GHASH absorbs data into the running GHASH value y (GCM's own block
// form): y = (y ^ X_i)·H for each 16-byte block X_i of data, the last
// partial block padded with zeros. t must have been filled by GHASHInit on
// the same backend.
func GHASH(b *impl.Backend, t *ghash.Table, y *[16]byte, data []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.GHASH(t, y, data)
	case impl.VAES256:
		vaes256.GHASH(t, y, data)
	case impl.AESNI:
		aesni.GHASH(t, y, data)
	case impl.ArchSIMD:
		archsimdGHASH(t, y, data)
	default:
		generic.GHASH(t, y, data)
	}
}

// Seal is CTR32(b, ks, ctr, dst, src) followed by GHASH(b, t, y,
// dst[:len(src)]), done in one pass.
//
// public says whether the counter block is public, as it is in GCM with a
// 12-byte nonce (J0 = nonce || 0^31 || 1). Only then may a kernel branch on
// the counter's value, which the VAES backends' SealPublic and OpenPublic
// do to build counter blocks faster. For any other nonce J0 is GHASH of the
// nonce under the hash key, secret, and public must be false.
func Seal(b *impl.Backend, ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte, public bool) {
	switch b.ID {
	case impl.VAES512:
		if public {
			vaes512.SealPublic(ks, t, ctr, y, dst, src)
		} else {
			vaes512.Seal(ks, t, ctr, y, dst, src)
		}
	case impl.VAES256:
		if public {
			vaes256.SealPublic(ks, t, ctr, y, dst, src)
		} else {
			vaes256.Seal(ks, t, ctr, y, dst, src)
		}
	case impl.AESNI:
		if public {
			aesni.SealPublic(ks, t, ctr, y, dst, src)
		} else {
			aesni.Seal(ks, t, ctr, y, dst, src)
		}
	case impl.ArchSIMD:
		if public {
			archsimdSealPublic(ks, t, ctr, y, dst, src)
		} else {
			archsimdSeal(ks, t, ctr, y, dst, src)
		}
	default:
		generic.Seal(ks, t, ctr, y, dst, src)
	}
}

// Open is GHASH(b, t, y, src) followed by CTR32(b, ks, ctr, dst, src), done
// in one pass; src and dst may be the same slice. public is as for Seal.
func Open(b *impl.Backend, ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte, public bool) {
	switch b.ID {
	case impl.VAES512:
		if public {
			vaes512.OpenPublic(ks, t, ctr, y, dst, src)
		} else {
			vaes512.Open(ks, t, ctr, y, dst, src)
		}
	case impl.VAES256:
		if public {
			vaes256.OpenPublic(ks, t, ctr, y, dst, src)
		} else {
			vaes256.Open(ks, t, ctr, y, dst, src)
		}
	case impl.AESNI:
		if public {
			aesni.OpenPublic(ks, t, ctr, y, dst, src)
		} else {
			aesni.Open(ks, t, ctr, y, dst, src)
		}
	case impl.ArchSIMD:
		if public {
			archsimdOpenPublic(ks, t, ctr, y, dst, src)
		} else {
			archsimdOpen(ks, t, ctr, y, dst, src)
		}
	default:
		generic.Open(ks, t, ctr, y, dst, src)
	}
}

// CBCEncrypt encrypts the len(src)/16 whole blocks of src into dst in
// cipher block chaining mode, carrying the chaining value in iv from one
// call to the next. Each block waits for the one before it, so wider
// registers do not help: on every backend whose CPU has AES-NI
// (impl.Backend.AESNI) it runs aesni's serial kernel, with the round keys
// held in registers for the whole buffer; elsewhere the generic one. dst
// and src may be the same slice.
func CBCEncrypt(b *impl.Backend, ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	if b.AESNI {
		aesni.CBCEncrypt(ks, iv, dst, src)
		return
	}
	if b.ID == impl.ArchSIMD {
		archsimdCBCEncrypt(ks, iv, dst, src)
		return
	}
	generic.CBCEncrypt(ks, iv, dst, src)
}

// CBCDecrypt decrypts the len(src)/16 whole blocks of src into dst in
// cipher block chaining mode, carrying the chaining value in iv from one
// call to the next. Every block depends only on two ciphertext blocks, so
// it runs at each backend's full batch width. dst and src may be the same
// slice.
func CBCDecrypt(b *impl.Backend, ks *aesround.Schedule, iv *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.CBCDecrypt(ks, iv, dst, src)
	case impl.VAES256:
		vaes256.CBCDecrypt(ks, iv, dst, src)
	case impl.AESNI:
		aesni.CBCDecrypt(ks, iv, dst, src)
	case impl.ArchSIMD:
		archsimdCBCDecrypt(ks, iv, dst, src)
	default:
		generic.CBCDecrypt(ks, iv, dst, src)
	}
}
