package conformance

import (
	"bytes"
	"crypto/aes"
	"crypto/subtle"
	"errors"
	"unsafe"
)

// refXTS is the battery's reference as an XTS, with the root package's
// checks, for the battery's run on the standard library (TestStdlib).
type refXTS struct{ ref xtsRef }

func newRefXTS() func(key []byte) (XTS, error) {
	return func(key []byte) (XTS, error) {
		switch len(key) {
		case 32, 48, 64:
		default:
			return nil, aes.KeySizeError(len(key))
		}
		if subtle.ConstantTimeCompare(key[:len(key)/2], key[len(key)/2:]) == 1 {
			return nil, errors.New("equal key halves")
		}
		r, err := xtsRefOf(key)
		return refXTS{r}, err
	}
}

func (x refXTS) crypt(decrypt bool, dst, src []byte, tweak [16]byte) {
	switch {
	case len(src) == 0:
		return // as golang.org/x/crypto/xts: nothing to do
	case len(src) < 16:
		panic(xtsShortInput)
	case len(dst) < len(src):
		panic(xtsShortOutput)
	}
	d, s := uintptr(unsafe.Pointer(unsafe.SliceData(dst))), uintptr(unsafe.Pointer(unsafe.SliceData(src)))
	if d != s && d < s+uintptr(len(src)) && s < d+uintptr(len(src)) {
		panic(xtsOverlap)
	}
	copy(dst, x.ref.crypt(decrypt, tweak, bytes.Clone(src)))
}

func (x refXTS) Encrypt(dst, src []byte, sector uint64) {
	x.crypt(false, dst, src, sectorBytes(sector))
}

func (x refXTS) Decrypt(dst, src []byte, sector uint64) {
	x.crypt(true, dst, src, sectorBytes(sector))
}

func (x refXTS) EncryptTweak(dst, src []byte, tweak [16]byte) { x.crypt(false, dst, src, tweak) }
func (x refXTS) DecryptTweak(dst, src []byte, tweak [16]byte) { x.crypt(true, dst, src, tweak) }

func sectorBytes(sector uint64) [16]byte {
	var t [16]byte
	for i := range 8 {
		t[i] = byte(sector >> (8 * i))
	}
	return t
}
