package vaes512

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/internal/kerneltest"
	"github.com/vaesgo/vaes/ghash"
)

type maskKernel func(ks *aesround.Schedule, t *ghash.Table, ctr, y, mask *[16]byte, dst, src []byte)
type maskModel func(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y, mask *[16]byte, dst, src []byte)

var maskKernels = []struct {
	name   string
	seal   bool
	kernel maskKernel
	model  maskModel
}{
	{"SealPublicMask", true, SealPublicMask, sealPublicMaskModel},
	{"OpenPublicMask", false, OpenPublicMask, openPublicMaskModel},
}

// maskReference returns E(J0) by crypto/aes, J0 being ctr with its last
// four bytes, a big-endian counter, minus one.
func maskReference(k *kerneltest.Key, ctr [16]byte) (mask [16]byte) {
	j0 := ctr
	binary.BigEndian.PutUint32(j0[12:], binary.BigEndian.Uint32(ctr[12:])-1)
	k.Block.Encrypt(mask[:], j0[:])
	return mask
}

// maskLengths is every length up to two stitched pairs and a tail, and a
// long one.
func maskLengths() []int { return kerneltest.Lengths(1100, 4*1024+17) }

// TestSealOpenMask holds the Mask kernels and their models to the
// reference at every length and placement: the output, counter and hash
// of GCMReference, and the tag mask of crypto/aes. Some counters end in 0
// or 1, so that J0's counter wraps backwards, or J0+1's does forwards.
func TestSealOpenMask(t *testing.T) {
	for _, c := range maskKernels {
		t.Run(c.name, func(t *testing.T) {
			kerneltest.ForKeys(t, referenceTable, func(t *testing.T, rng *rand.Rand, k *kerneltest.Key, all bool) {
				for _, n := range maskLengths() {
					input := kerneltest.RandomBytes(rng, n)
					ctr := kerneltest.RandomCounter(rng, 80)
					if n%7 == 0 {
						binary.BigEndian.PutUint32(ctr[12:], uint32(n/7%2))
					}
					y := [16]byte(kerneltest.RandomBytes(rng, 16))
					want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, c.seal)
					wantMask := maskReference(k, ctr)
					var kc, ky, km, mc, my, mm [16]byte
					sweep(t, c.name, n, all, input, want,
						func(dst, src []byte) {
							kc, ky, km = ctr, y, [16]byte{}
							c.kernel(&k.KS, &k.Table, &kc, &ky, &km, dst, src)
							if kc != wantCtr || ky != wantY || km != wantMask {
								t.Fatalf("%s n=%d: counter %x, want %x; hash %x, want %x; mask %x, want %x",
									c.name, n, kc, wantCtr, ky, wantY, km, wantMask)
							}
						},
						func(dst, src []byte) {
							mc, my, mm = ctr, y, [16]byte{}
							c.model(&k.KS.Enc, k.KS.Rounds, k.Tab(), &mc, &my, &mm, dst, src)
						})
					if mc != wantCtr || my != wantY || mm != wantMask {
						t.Fatalf("%s model n=%d: counter %x, want %x; hash %x, want %x; mask %x, want %x",
							c.name, n, mc, wantCtr, my, wantY, mm, wantMask)
					}
				}
			})
		})
	}
}

// TestMaskCounterBytes is TestCounterBytes for the Mask kernels: every
// value of the counter's last byte, at lengths that end in each kind of
// path, with the mask checked too.
func TestMaskCounterBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	k := kerneltest.NewKey(t, rng, 32, referenceTable)
	for _, n := range []int{0, 1, 16, 17, 100, 256, 300, 512} {
		input := kerneltest.RandomBytes(rng, n)
		for b := range 256 {
			ctr := [16]byte(kerneltest.RandomBytes(rng, 16))
			ctr[15] = byte(b)
			if b%2 == 0 {
				ctr[14] = 0xff
			}
			if b%4 == 1 {
				ctr[12], ctr[13], ctr[14] = 0, 0, 0
			}
			y := [16]byte(kerneltest.RandomBytes(rng, 16))
			wantMask := maskReference(k, ctr)
			for _, c := range maskKernels {
				want, wantCtr, wantY := kerneltest.GCMReference(k, ctr, y, input, c.seal)
				kc, ky, mc, my := ctr, y, ctr, y
				var km, mm [16]byte
				got, model := make([]byte, n), make([]byte, n)
				c.kernel(&k.KS, &k.Table, &kc, &ky, &km, got, input)
				c.model(&k.KS.Enc, k.KS.Rounds, k.Tab(), &mc, &my, &mm, model, input)
				if !bytes.Equal(got, want) || kc != wantCtr || ky != wantY || km != wantMask {
					t.Fatalf("%s n=%d counter %x: kernel differs from reference", c.name, n, ctr)
				}
				if !bytes.Equal(model, want) || mc != wantCtr || my != wantY || mm != wantMask {
					t.Fatalf("%s n=%d counter %x: model differs from reference", c.name, n, ctr)
				}
			}
		}
	}
}
