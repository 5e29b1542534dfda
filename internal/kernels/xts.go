package kernels

import (
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/generic"
	"github.com/vaesgo/vaes/backends/vaes256"
	"github.com/vaesgo/vaes/backends/vaes512"
	"github.com/vaesgo/vaes/internal/impl"
)

// XTSEncrypt encrypts the len(src)/16 whole blocks of src into dst in XTS
// mode with the data key ks: tweak holds the encrypted tweak of src's first
// block, and on return that of the block after src's last. len(src) must
// be a multiple of 16 and dst at least as long; dst and src may be the
// same slice. The tweak's encryption and ciphertext stealing are the
// caller's.
func XTSEncrypt(b *impl.Backend, ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.XTSEncrypt(ks, tweak, dst, src)
	case impl.VAES256:
		vaes256.XTSEncrypt(ks, tweak, dst, src)
	case impl.AESNI:
		aesni.XTSEncrypt(ks, tweak, dst, src)
	case impl.ArchSIMD:
		archsimdXTSEncrypt(ks, tweak, dst, src)
	default:
		generic.XTSEncrypt(ks, tweak, dst, src)
	}
}

// XTSDecrypt decrypts as XTSEncrypt encrypts, with ks's inverse cipher.
func XTSDecrypt(b *impl.Backend, ks *aesround.Schedule, tweak *[16]byte, dst, src []byte) {
	switch b.ID {
	case impl.VAES512:
		vaes512.XTSDecrypt(ks, tweak, dst, src)
	case impl.VAES256:
		vaes256.XTSDecrypt(ks, tweak, dst, src)
	case impl.AESNI:
		aesni.XTSDecrypt(ks, tweak, dst, src)
	case impl.ArchSIMD:
		archsimdXTSDecrypt(ks, tweak, dst, src)
	default:
		generic.XTSDecrypt(ks, tweak, dst, src)
	}
}

// MulAlpha multiplies an XTS tweak by α, in constant time.
func MulAlpha(tweak *[16]byte) { generic.MulAlpha(tweak) }
