package kernels_test

import (
	"testing"

	_ "github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

func BenchmarkZZParts(b *testing.B) {
	be := impl.Lookup("vaes512")
	var k kernels.GCMKey
	k.Init(be, make([]byte, 16))
	src := make([]byte, 512)
	dst := make([]byte, 512)
	var ctr, y [16]byte
	var two [32]byte
	for _, n := range []int{1, 16, 256, 257} {
		b.Run("Seal"+itoa(n), func(b *testing.B) {
			for b.Loop() {
				kernels.Seal(be, &k.KS, &k.Table, &ctr, &y, dst[:n], src[:n], true)
			}
		})
	}
	for _, n := range []int{13, 16, 32} {
		b.Run("GHASH"+itoa(n), func(b *testing.B) {
			for b.Loop() {
				kernels.GHASH(be, &k.Table, &y, src[:n])
			}
		})
	}
	b.Run("EncryptTwo", func(b *testing.B) {
		for b.Loop() {
			kernels.EncryptTwo(be, &k.KS, &two)
		}
	})
	b.Run("EncryptBlocks16", func(b *testing.B) {
		for b.Loop() {
			kernels.EncryptBlocks(be, &k.KS, two[:16], two[:16])
		}
	})
}

func itoa(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
