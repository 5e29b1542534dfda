package kerneltest

import (
	"math/rand/v2"

	"github.com/vaesgo/vaes/aesround"
)

// XTSEncrypt is the row of a kernel that encrypts whole blocks in XTS mode
// (IEEE 1619) with the encryption round keys, given the encrypted tweak of
// its first block, held to a reference on crypto/aes one block at a time;
// the tweak it leaves (that of the block after its last) is the row's
// counter.
func XTSEncrypt(k, m CBCFunc, e func(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte)) Row {
	return xtsRow(false, k, m, e)
}

// XTSDecrypt is XTSEncrypt's row for decryption, with the decryption round
// keys, in place too.
func XTSDecrypt(k, m CBCFunc, e func(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte)) Row {
	return xtsRow(true, k, m, e)
}

// xtsRow is the row of XTSEncrypt or XTSDecrypt. The kernels have the CBC
// kernels' shape, the tweak in the chaining value's place.
func xtsRow(decrypt bool, k, m CBCFunc, e func(ks *aesround.Schedule, tweak *[16]byte, dst, src []byte)) Row {
	s := &spec{
		lengths: func(c *Config) []int { return BlockLengths(c.SweepMax, (c.Long+15)&^15) },
		counter: func(_ *Config, rng *rand.Rand) [16]byte { return [16]byte(RandomBytes(rng, 16)) },
		reference: func(k *Key, s *state, dst, src []byte) {
			for i := 0; i < len(src); i += 16 {
				var x [16]byte
				for j := range x {
					x[j] = src[i+j] ^ s.ctr[j]
				}
				if decrypt {
					k.Block.Decrypt(x[:], x[:])
				} else {
					k.Block.Encrypt(x[:], x[:])
				}
				for j := range x {
					dst[i+j] = x[j] ^ s.ctr[j]
				}
				mulAlpha(&s.ctr)
			}
		},
	}
	r := cbcRow(decrypt, k, m, e)
	r.spec = s
	return r
}

// mulAlpha multiplies an XTS tweak by α, one byte at a time: the 128-bit
// little-endian value shifted left by one, 0x87 folded into byte 0 for the
// bit shifted out.
func mulAlpha(t *[16]byte) {
	carry := t[15] >> 7
	for i := 15; i > 0; i-- {
		t[i] = t[i]<<1 | t[i-1]>>7
	}
	t[0] = t[0]<<1 ^ 0x87*carry
}
