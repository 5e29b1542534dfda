package vaes_test

import (
	"crypto/aes"
	"fmt"
	"testing"

	"github.com/vaesgo/vaes"
	"golang.org/x/crypto/xts"
)

// BenchmarkXTSEncrypt and BenchmarkXTSDecrypt time one data unit of 512 or
// 4096 bytes (a disk sector, a file system block) and 4096+5 (ciphertext
// stealing), named <Op>/<backend>/XTS-AES-<bits>/<bytes>. The backend
// "stdlib" is golang.org/x/crypto/xts on crypto/aes, the only XTS Go has,
// so every table carries its own reference; it has no ciphertext stealing,
// so its row at 4101 bytes is missing.
func BenchmarkXTSEncrypt(b *testing.B) { benchXTS(b, false) }
func BenchmarkXTSDecrypt(b *testing.B) { benchXTS(b, true) }

// benchXTSSizes are the data unit lengths of the XTS benchmarks.
var benchXTSSizes = []int{512, 4096, 4096 + 5}

func benchXTS(b *testing.B, decrypt bool) {
	for _, bi := range benchImpls() {
		b.Run(bi.name, func(b *testing.B) {
			for _, ksz := range []int{32, 64} {
				b.Run(fmt.Sprintf("XTS-AES-%d", ksz*4), func(b *testing.B) {
					key := make([]byte, ksz)
					for i := range key {
						key[i] = byte(i)
					}
					run := xtsBenchCall(b, bi, key, decrypt)
					for _, n := range benchXTSSizes {
						if bi.backend == nil && n%16 != 0 {
							continue
						}
						b.Run(fmt.Sprint(n), func(b *testing.B) {
							buf := make([]byte, n)
							b.SetBytes(int64(n))
							b.ReportAllocs()
							sector := uint64(0)
							for b.Loop() {
								run(buf, buf, sector)
								sector++
							}
						})
					}
				})
			}
		})
	}
}

// xtsBenchCall returns the implementation's Encrypt or Decrypt.
func xtsBenchCall(b *testing.B, bi benchImpl, key []byte, decrypt bool) func(dst, src []byte, sector uint64) {
	if bi.backend == nil {
		c, err := xts.NewCipher(aes.NewCipher, key)
		if err != nil {
			b.Fatal(err)
		}
		if decrypt {
			return c.Decrypt
		}
		return c.Encrypt
	}
	defer bi.use()()
	x, err := vaes.NewXTS(key)
	if err != nil {
		b.Fatal(err)
	}
	if decrypt {
		return x.Decrypt
	}
	return x.Encrypt
}
