package vaes_test

import (
	"crypto/aes"
	"crypto/cipher"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/mix"
)

// BenchmarkMix runs mixed GCM traffic (package mix: 512 messages shaped
// like TLS and QUIC records, AES-128) on every backend and on crypto/aes
// ("stdlib"), alone ("app=none") and with a call into 64 KB of
// straight-line code standing for the application's own before each
// message ("app=64KB"), whose own time "app=only" gives. Per message, the
// kernels' cost inside an application is app=64KB less app=only.
//
//	go test -run '^$' -bench Mix -count 6 . | benchstat -col /app -
func BenchmarkMix(b *testing.B) {
	key := make([]byte, 16)
	aeads := map[string]cipher.AEAD{}
	var names []string
	block, _ := aes.NewCipher(key)
	std, _ := cipher.NewGCM(block)
	aeads["stdlib"], names = std, append(names, "stdlib")
	for _, be := range impl.All() {
		if !be.Available || be.Std {
			continue
		}
		restore := impl.Select(be)
		g, err := vaes.NewGCM(key)
		restore()
		if err != nil {
			b.Fatal(err)
		}
		aeads[be.Name], names = g, append(names, be.Name)
	}
	for _, name := range names {
		t := mix.New(aeads[name])
		for _, app := range []string{"none", "64KB", "only"} {
			b.Run(name+"/app="+app, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					switch app {
					case "only":
						t.AppOnly()
					default:
						if err := t.Run(app == "64KB"); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/mix.Messages, "ns/msg")
			})
		}
	}
}
