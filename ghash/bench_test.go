package ghash

import (
	"crypto/aes"
	"crypto/cipher"
	"strconv"
	"testing"
)

var sinkU64 uint64

func BenchmarkClmul64(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	var s uint64
	for i := 0; i < b.N; i++ {
		hi, lo := Clmul64(x+uint64(i), y)
		s ^= hi ^ lo
	}
	sinkU64 = s
}

func BenchmarkMulKey(b *testing.B) {
	a := Element{Hi: 0x0123456789abcdef, Lo: 0xfedcba9876543210}
	k := MulX(Element{Hi: 0x66e94bd4ef8a2c3b, Lo: 0x884cfa59ca342b2e})
	for i := 0; i < b.N; i++ {
		a = MulKey(a, k)
	}
	sinkU64 = a.Hi ^ a.Lo
}

const benchLen = 16 << 10

var benchH = [16]byte{0x66, 0xe9, 0x4b, 0xd4, 0xef, 0x8a, 0x2c, 0x3b, 0x88, 0x4c, 0xfa, 0x59, 0xca, 0x34, 0x2b, 0x2e}

func BenchmarkUpdate(b *testing.B) {
	data := make([]byte, benchLen)
	h := FromBlock(&benchH)
	var y [16]byte
	b.SetBytes(benchLen)
	for i := 0; i < b.N; i++ {
		Update(h, &y, data)
	}
}

func BenchmarkUpdateTable(b *testing.B) {
	data := make([]byte, benchLen)
	var tab Table
	InitTable(&tab, &benchH, MaxPowers)
	for _, n := range []int{1, 4, 8, 16} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			var y [16]byte
			b.SetBytes(benchLen)
			for i := 0; i < b.N; i++ {
				UpdateTable(&tab, n, &y, data)
			}
		})
	}
}

// BenchmarkStdlibGHASH is the reference point: crypto/cipher's GCM sealing
// an empty message with 16 KiB of additional data, which is GHASH alone
// (with PCLMULQDQ where the CPU has it, table-driven otherwise).
func BenchmarkStdlibGHASH(b *testing.B) {
	blk, _ := aes.NewCipher(make([]byte, 16))
	aead, _ := cipher.NewGCM(blk)
	ad := make([]byte, benchLen)
	nonce := make([]byte, 12)
	out := make([]byte, 0, 16)
	b.SetBytes(benchLen)
	for i := 0; i < b.N; i++ {
		aead.Seal(out, nonce, nil, ad)
	}
}
