package archsimd

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/generic"
	"github.com/vaesgo/vaes/ghash"
)

// widths returns the model widths this build and CPU can run: every one up
// to the chosen width in the archsimd build (a CPU with VAES on ZMM
// registers runs the YMM and XMM models too), and all three on vec's
// emulation.
func widths() []int {
	if !Available() {
		return []int{w128, w256, w512}
	}
	var ws []int
	for _, w := range []int{w128, w256, w512} {
		if w <= width {
			ws = append(ws, w)
		}
	}
	return ws
}

// TestWidths runs every kernel with each set of models against the generic
// backend, at lengths around the batches of all three, and requires that
// none allocates: the root package's battery reaches only the widest set.
func TestWidths(t *testing.T) {
	saved := width
	defer func() { width = saved }()
	rng := rand.New(rand.NewPCG(1, 2))
	lengths := []int{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 479, 480, 481, 511, 512, 513, 1023, 1024, 1025, 4096 + 13}
	for _, w := range widths() {
		width = w
		for _, keyLen := range []int{16, 32} {
			key := make([]byte, keyLen)
			fill(rng, key)
			var ks aesround.Schedule
			Expand(&ks, key)
			if want := refSchedule(key); ks != want {
				t.Fatalf("width %d: Expand differs from aesround.Expand", w)
			}
			var h [16]byte
			EncryptBlocks(&ks, h[:], h[:])
			var tw, tg ghash.Table
			GHASHInit(&tw, &h)
			generic.GHASHInit(&tg, &h)
			for _, n := range lengths {
				name := fmt.Sprintf("width %d, AES-%d, %d bytes", w, 8*keyLen, n)
				src := make([]byte, n)
				fill(rng, src)
				var ctr, y [16]byte
				fill(rng, ctr[:12])
				ctr[15] = 1
				fill(rng, y[:])
				check(t, name+", Seal", func(k int) ([]byte, [16]byte, [16]byte) {
					c, yy, dst := ctr, y, make([]byte, n)
					if k == 0 {
						Seal(&ks, &tw, &c, &yy, dst, src)
					} else {
						generic.Seal(&ks, &tg, &c, &yy, dst, src)
					}
					return dst, c, yy
				}, func() { c, yy := ctr, y; Seal(&ks, &tw, &c, &yy, src, src) })
				check(t, name+", SealPublic", func(k int) ([]byte, [16]byte, [16]byte) {
					c, yy, dst := ctr, y, make([]byte, n)
					if k == 0 {
						SealPublic(&ks, &tw, &c, &yy, dst, src)
					} else {
						generic.Seal(&ks, &tg, &c, &yy, dst, src)
					}
					return dst, c, yy
				}, func() { c, yy := ctr, y; SealPublic(&ks, &tw, &c, &yy, src, src) })
				check(t, name+", Open", func(k int) ([]byte, [16]byte, [16]byte) {
					c, yy, dst := ctr, y, make([]byte, n)
					if k == 0 {
						OpenPublic(&ks, &tw, &c, &yy, dst, src)
					} else {
						generic.Open(&ks, &tg, &c, &yy, dst, src)
					}
					return dst, c, yy
				}, func() { c, yy := ctr, y; Open(&ks, &tw, &c, &yy, src, src) })
				check(t, name+", CTR128", func(k int) ([]byte, [16]byte, [16]byte) {
					c, dst := ctr, make([]byte, n)
					if k == 0 {
						CTR128(&ks, &c, dst, src)
					} else {
						generic.CTR128(&ks, &c, dst, src)
					}
					return dst, c, [16]byte{}
				}, func() { c := ctr; CTR128(&ks, &c, src, src) })
				check(t, name+", GHASH", func(k int) ([]byte, [16]byte, [16]byte) {
					yy := y
					if k == 0 {
						GHASH(&tw, &yy, src)
					} else {
						generic.GHASH(&tg, &yy, src)
					}
					return nil, yy, [16]byte{}
				}, func() { yy := y; GHASH(&tw, &yy, src) })
				whole := src[:n&^15]
				check(t, name+", EncryptBlocks and DecryptBlocks", func(k int) ([]byte, [16]byte, [16]byte) {
					enc, dec := make([]byte, len(whole)), make([]byte, len(whole))
					if k == 0 {
						EncryptBlocks(&ks, enc, whole)
						DecryptBlocks(&ks, dec, whole)
					} else {
						generic.EncryptBlocks(&ks, enc, whole)
						generic.DecryptBlocks(&ks, dec, whole)
					}
					return append(enc, dec...), [16]byte{}, [16]byte{}
				}, func() { EncryptBlocks(&ks, whole, whole); DecryptBlocks(&ks, whole, whole) })
				check(t, name+", CBC", func(k int) ([]byte, [16]byte, [16]byte) {
					iv1, iv2 := ctr, ctr
					enc, dec := make([]byte, len(whole)), make([]byte, len(whole))
					if k == 0 {
						CBCEncrypt(&ks, &iv1, enc, whole)
						CBCDecrypt(&ks, &iv2, dec, whole)
					} else {
						generic.CBCEncrypt(&ks, &iv1, enc, whole)
						generic.CBCDecrypt(&ks, &iv2, dec, whole)
					}
					return append(enc, dec...), iv1, iv2
				}, func() { iv := ctr; CBCEncrypt(&ks, &iv, whole, whole); CBCDecrypt(&ks, &iv, whole, whole) })
				check(t, name+", XTS", func(k int) ([]byte, [16]byte, [16]byte) {
					tw1, tw2 := y, y
					enc, dec := make([]byte, len(whole)), make([]byte, len(whole))
					if k == 0 {
						XTSEncrypt(&ks, &tw1, enc, whole)
						XTSDecrypt(&ks, &tw2, dec, whole)
					} else {
						generic.XTSEncrypt(&ks, &tw1, enc, whole)
						generic.XTSDecrypt(&ks, &tw2, dec, whole)
					}
					return append(enc, dec...), tw1, tw2
				}, func() { tw := y; XTSEncrypt(&ks, &tw, whole, whole); XTSDecrypt(&ks, &tw, whole, whole) })
			}
		}
	}
}

// check compares run(0), this package, with run(1), the generic backend,
// and requires that noalloc allocates nothing.
func check(t *testing.T, name string, run func(k int) ([]byte, [16]byte, [16]byte), noalloc func()) {
	t.Helper()
	d0, a0, b0 := run(0)
	d1, a1, b1 := run(1)
	if !bytes.Equal(d0, d1) || a0 != a1 || b0 != b1 {
		t.Fatalf("%s: differs from the generic backend", name)
	}
	if n := testing.AllocsPerRun(3, noalloc); n != 0 {
		t.Fatalf("%s: %v allocations per call, want 0", name, n)
	}
}

func refSchedule(key []byte) aesround.Schedule {
	var ks aesround.Schedule
	aesround.Expand(&ks, key)
	return ks
}

func fill(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}
