package vaes

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/generic"
	"github.com/vaesgo/vaes/backends/vaes256"
	"github.com/vaesgo/vaes/backends/vaes512"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// gcmSeal and gcmOpen take public: whether the counter is public (GCM with
// a 12-byte nonce, where J0 = nonce || 1). Only then may a kernel branch on
// the counter's value, which the VAES backends' *Public kernels do to build
// counter blocks faster; for any other nonce, J0 = GHASH_H(nonce) depends on
// the hash key and must not steer a branch.

// The kernels are called through a switch on the backend's ID rather than
// through impl.Backend's function values: a call through a function value
// makes its pointer arguments escape, and Seal, Open and XORKeyStream would
// allocate on every call.

func expandKey(b *impl.Backend, ks *aesround.Schedule, key []byte) {
	if usesAESNI(b) {
		aesni.Expand(ks, key)
		return
	}
	aesround.Expand(ks, key)
}

func encryptBlocks(b *impl.Backend, ks *aesround.Schedule, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.EncryptBlocks(ks, dst, src)
	case impl.VAES256:
		vaes256.EncryptBlocks(ks, dst, src)
	case impl.AESNI:
		aesni.EncryptBlocks(ks, dst, src)
	default:
		generic.EncryptBlocks(ks, dst, src)
	}
}

// encryptBlock and decryptBlock run one block, for cipher.Block's Encrypt
// and Decrypt: on every assembly backend through aesni's one-block kernel,
// whose pointer arguments and straight-line rounds cost less than the
// setup of a batched kernel (single blocks out of place: 20-33% slower than
// crypto/aes through the batched kernels).
func encryptBlock(b *impl.Backend, ks *aesround.Schedule, dst, src *[16]byte) {
	if usesAESNI(b) {
		aesni.EncryptBlock(ks, dst, src)
		return
	}
	encryptBlocks(b, ks, dst[:], src[:])
}

func decryptBlock(b *impl.Backend, ks *aesround.Schedule, dst, src *[16]byte) {
	if usesAESNI(b) {
		aesni.DecryptBlock(ks, dst, src)
		return
	}
	decryptBlocks(b, ks, dst[:], src[:])
}

// usesAESNI reports whether b's key expansion and single blocks run on
// aesni's kernels: on the aesni, vaes256 and vaes512 backends (the IDs from
// impl.AESNI up). Every CPU with VAES has AES-NI as well, but the VAES
// backends' predicates list only what their own assembly uses: so the
// check, made once.
func usesAESNI(b *impl.Backend) bool { return b.ID >= impl.AESNI && hasAESNI }

var hasAESNI = aesni.Available()

func decryptBlocks(b *impl.Backend, ks *aesround.Schedule, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.DecryptBlocks(ks, dst, src)
	case impl.VAES256:
		vaes256.DecryptBlocks(ks, dst, src)
	case impl.AESNI:
		aesni.DecryptBlocks(ks, dst, src)
	default:
		generic.DecryptBlocks(ks, dst, src)
	}
}

func ctr32(b *impl.Backend, ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.CTR32(ks, ctr, dst, src)
	case impl.VAES256:
		vaes256.CTR32(ks, ctr, dst, src)
	case impl.AESNI:
		aesni.CTR32(ks, ctr, dst, src)
	default:
		generic.CTR32(ks, ctr, dst, src)
	}
}

func ctr128(b *impl.Backend, ks *aesround.Schedule, ctr *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.CTR128(ks, ctr, dst, src)
	case impl.VAES256:
		vaes256.CTR128(ks, ctr, dst, src)
	case impl.AESNI:
		aesni.CTR128(ks, ctr, dst, src)
	default:
		generic.CTR128(ks, ctr, dst, src)
	}
}

func ghashInit(b *impl.Backend, t *ghash.Table, h *[16]byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.GHASHInit(t, h)
	case impl.VAES256:
		vaes256.GHASHInit(t, h)
	case impl.AESNI:
		aesni.GHASHInit(t, h)
	default:
		generic.GHASHInit(t, h)
	}
}

func ghashUpdate(b *impl.Backend, t *ghash.Table, y *[16]byte, data []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.GHASH(t, y, data)
	case impl.VAES256:
		vaes256.GHASH(t, y, data)
	case impl.AESNI:
		aesni.GHASH(t, y, data)
	default:
		generic.GHASH(t, y, data)
	}
}

func gcmSeal(b *impl.Backend, ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte, public bool) {
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
		aesni.Seal(ks, t, ctr, y, dst, src)
	default:
		generic.Seal(ks, t, ctr, y, dst, src)
	}
}

func gcmOpen(b *impl.Backend, ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte, public bool) {
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
		aesni.Open(ks, t, ctr, y, dst, src)
	default:
		generic.Open(ks, t, ctr, y, dst, src)
	}
}
