package vaes_test

import (
	"fmt"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// BenchmarkSealPieces seals a TLS 1.3 record, n bytes of payload and a
// one-byte content type, three ways on every backend: SealPieces
// ("Pieces"), Seal of the same n+1 bytes already in one buffer ("Seal"),
// and copying both into one buffer and then calling Seal ("CopySeal").
func BenchmarkSealPieces(b *testing.B) {
	for _, be := range impl.All() {
		if !be.Available {
			continue
		}
		for _, n := range []int{256, 1350, 16384} {
			restore := impl.Select(be)
			g, _ := vaes.NewGCM(make([]byte, 16))
			restore()
			nonce := make([]byte, 12)
			payload := make([]byte, n)
			contentType := []byte{23}
			whole := make([]byte, n+1)
			out := make([]byte, 0, n+1+16)
			pieces := [][]byte{payload, contentType}
			name := fmt.Sprintf("%s/AES-128/%d+1", be.Name, n)
			b.Run("Pieces/"+name, func(b *testing.B) {
				b.SetBytes(int64(n + 1))
				b.ReportAllocs()
				for b.Loop() {
					g.SealPieces(out, nonce, pieces, benchAAD)
				}
			})
			b.Run("Seal/"+name, func(b *testing.B) {
				b.SetBytes(int64(n + 1))
				b.ReportAllocs()
				for b.Loop() {
					g.Seal(out, nonce, whole, benchAAD)
				}
			})
			b.Run("CopySeal/"+name, func(b *testing.B) {
				b.SetBytes(int64(n + 1))
				b.ReportAllocs()
				for b.Loop() {
					buf := append(append(whole[:0], payload...), contentType...)
					g.Seal(out, nonce, buf, benchAAD)
				}
			})
		}
	}
}

// BenchmarkSealer seals a 64 KiB message in 16 KiB chunks with a Sealer
// ("Chunks") and in one Seal ("Seal"), on every backend.
func BenchmarkSealer(b *testing.B) {
	const total, chunk = 64 << 10, 16 << 10
	for _, be := range impl.All() {
		if !be.Available {
			continue
		}
		restore := impl.Select(be)
		g, _ := vaes.NewGCM(make([]byte, 16))
		restore()
		nonce := make([]byte, 12)
		msg := make([]byte, total)
		out := make([]byte, 0, total+16)
		b.Run("Chunks/"+be.Name+"/AES-128/16384", func(b *testing.B) {
			b.SetBytes(total)
			b.ReportAllocs()
			for b.Loop() {
				s := g.NewSealer(nonce, benchAAD)
				o := out[:0]
				for i := 0; i < total; i += chunk {
					o = s.Encrypt(o, msg[i:i+chunk])
				}
				s.Tag(o)
			}
		})
		b.Run("Seal/"+be.Name+"/AES-128/16384", func(b *testing.B) {
			b.SetBytes(total)
			b.ReportAllocs()
			for b.Loop() {
				g.Seal(out, nonce, msg, benchAAD)
			}
		})
	}
}
