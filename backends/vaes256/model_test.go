package vaes256

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
)

// Every kernel is run three ways on the same random input: the exported
// kernel (the assembly on amd64, the model elsewhere), the model called
// directly, and a reference built on crypto/aes, crypto/cipher or package
// ghash. All three must agree byte for byte, in every byte of the buffers
// around the output too, so a write past dst is caught.

// sweepMax is the longest length of the exhaustive sweep: two batches of
// 30 blocks and a partial block, so every tail length of the blocks and
// counter-mode kernels follows zero, one and two batches, and every tail of
// the GCM kernels (batches of 16 blocks) follows zero to three.
const sweepMax = 16*30*2 + 15

// lengths returns 0..sweepMax and one long length, a partial block past
// 16 KiB.
func lengths() []int {
	var ns []int
	for n := 0; n <= sweepMax; n++ {
		ns = append(ns, n)
	}
	return append(ns, 16384+1)
}

// blockLengths returns the whole numbers of blocks up to sweepMax, and
// 16 KiB and one block.
func blockLengths() []int {
	var ns []int
	for n := 0; n <= sweepMax; n += 16 {
		ns = append(ns, n)
	}
	return append(ns, 16384+16)
}

// placement is where a test puts n bytes of input and output: at offsets
// 0..15 from the start of their buffers, in place or not.
type placement struct {
	n, srcOff, dstOff int
	inPlace           bool
}

func (p placement) String() string {
	if p.inPlace {
		return fmt.Sprintf("n=%d/in-place+%d", p.n, p.srcOff)
	}
	return fmt.Sprintf("n=%d/src+%d/dst+%d", p.n, p.srcOff, p.dstOff)
}

// placements returns the placements tested for length n: all 16 offsets in
// place and out of place (with a different offset for dst) if all is set,
// else one of each, with offsets that vary with n.
func placements(n int, all bool) []placement {
	var ps []placement
	for off := range 16 {
		if !all && off != n%16 {
			continue
		}
		ps = append(ps,
			placement{n: n, srcOff: off, dstOff: (off + 7) % 16},
			placement{n: n, srcOff: off, dstOff: off, inPlace: true})
	}
	return ps
}

// guard fills the bytes around every output, which no kernel may write.
const guard = 0xA5

// run gives f its dst and src for input as p says, and returns the buffer
// that holds dst, guard bytes included. It reports through t if f wrote to
// src when it should not have.
func (p placement) run(t *testing.T, input []byte, f func(dst, src []byte)) []byte {
	t.Helper()
	in := bytes.Repeat([]byte{guard}, p.n+32)
	copy(in[p.srcOff:], input)
	src := in[p.srcOff : p.srcOff+p.n]
	if p.inPlace {
		f(src, src)
		return in
	}
	before := bytes.Clone(in)
	out := bytes.Repeat([]byte{guard}, p.n+32)
	f(out[p.dstOff:p.dstOff+p.n], src)
	if !bytes.Equal(in, before) {
		t.Errorf("%v: src modified", p)
	}
	return out
}

// expect returns the buffer run should return when the output is want.
func (p placement) expect(want []byte) []byte {
	buf := bytes.Repeat([]byte{guard}, p.n+32)
	off := p.dstOff
	if p.inPlace {
		off = p.srcOff
	}
	copy(buf[off:], want)
	return buf
}

// testKey is a random key in every form the tests need.
type testKey struct {
	ks    aesround.Schedule
	block cipher.Block
	h     [16]byte // E_K(0^128)
	table ghash.Table
}

func newTestKey(t *testing.T, rng *rand.Rand, size int) *testKey {
	key := randomBytes(rng, size)
	k := new(testKey)
	aesround.Expand(&k.ks, key)
	var err error
	if k.block, err = aes.NewCipher(key); err != nil {
		t.Fatal(err)
	}
	k.block.Encrypt(k.h[:], k.h[:])
	referenceTable(&k.table, &k.h)
	return k
}

// referenceTable fills t in this package's layout from package ghash's key
// powers: the key form of H^(16-i) in slot i, its half sum in both halves of
// slot 16+i.
func referenceTable(t *ghash.Table, h *[16]byte) {
	for i, k := range ghash.Powers(ghash.FromBlock(h), powers) {
		s := powers - 1 - i
		k.PutRegister(&t[s])
		mid := k.Hi ^ k.Lo
		ghash.Element{Hi: mid, Lo: mid}.PutRegister(&t[midSlot+s])
	}
}

func (k *testKey) tab() *[32][16]byte { return (*[32][16]byte)(&k.table) }

func randomBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// forKeys runs f for AES-128 with every placement, and for AES-192 and
// AES-256 with one placement per length, to keep the run short.
func forKeys(t *testing.T, f func(t *testing.T, rng *rand.Rand, k *testKey, all bool)) {
	for _, size := range []int{16, 24, 32} {
		t.Run(fmt.Sprintf("AES-%d", 8*size), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(size), 1))
			f(t, rng, newTestKey(t, rng, size), size == 16)
		})
	}
}

// check compares the buffers of the kernel and the model with the expected
// one; it stops the test at the first difference.
func check(t *testing.T, what string, p placement, kernel, model, want []byte) {
	t.Helper()
	if !bytes.Equal(model, want) {
		t.Fatalf("%s %v: model differs from reference\nmodel %x\nwant  %x", what, p, model, want)
	}
	if !bytes.Equal(kernel, want) {
		t.Fatalf("%s %v: kernel differs from reference\nkernel %x\nwant   %x", what, p, kernel, want)
	}
}

func TestBlocks(t *testing.T) {
	forKeys(t, func(t *testing.T, rng *rand.Rand, k *testKey, all bool) {
		for _, n := range blockLengths() {
			input := randomBytes(rng, n)
			enc, dec := make([]byte, n), make([]byte, n)
			for i := 0; i < n; i += 16 {
				k.block.Encrypt(enc[i:], input[i:])
				k.block.Decrypt(dec[i:], input[i:])
			}
			for _, p := range placements(n, all) {
				check(t, "EncryptBlocks", p,
					p.run(t, input, func(dst, src []byte) { EncryptBlocks(&k.ks, dst, src) }),
					p.run(t, input, func(dst, src []byte) { encryptBlocksModel(&k.ks.Enc, k.ks.Rounds, dst, src) }),
					p.expect(enc))
				check(t, "DecryptBlocks", p,
					p.run(t, input, func(dst, src []byte) { DecryptBlocks(&k.ks, dst, src) }),
					p.run(t, input, func(dst, src []byte) { decryptBlocksModel(&k.ks.Dec, k.ks.Rounds, dst, src) }),
					p.expect(dec))
			}
		}
	})
}

// ctr32Reference is GCM's counter mode from SP 800-38D, one block at a time
// with crypto/aes: inc32 steps the last four bytes, big-endian, mod 2^32.
func ctr32Reference(b cipher.Block, ctr [16]byte, dst, src []byte) [16]byte {
	var stream [16]byte
	for i := 0; i < len(src); i += 16 {
		b.Encrypt(stream[:], ctr[:])
		for j := i; j < min(i+16, len(src)); j++ {
			dst[j] = src[j] ^ stream[j-i]
		}
		binary.BigEndian.PutUint32(ctr[12:], binary.BigEndian.Uint32(ctr[12:])+1)
	}
	return ctr
}

// randomCounter returns a random counter block whose last four bytes are
// random or, one time in four, a few steps below 2^32 so that they wrap
// within a batch, in the low or the high lane of a register.
func randomCounter(rng *rand.Rand) [16]byte {
	var ctr [16]byte
	copy(ctr[:], randomBytes(rng, 16))
	if rng.IntN(4) == 0 {
		binary.BigEndian.PutUint32(ctr[12:], -uint32(1+rng.IntN(70)))
	}
	return ctr
}

func TestCTR32(t *testing.T) {
	forKeys(t, func(t *testing.T, rng *rand.Rand, k *testKey, all bool) {
		for _, n := range lengths() {
			input := randomBytes(rng, n)
			ctr := randomCounter(rng)
			want := make([]byte, n)
			wantCtr := ctr32Reference(k.block, ctr, want, input)
			for _, p := range placements(n, all) {
				kc, mc := ctr, ctr
				check(t, "CTR32", p,
					p.run(t, input, func(dst, src []byte) { CTR32(&k.ks, &kc, dst, src) }),
					p.run(t, input, func(dst, src []byte) { ctr32Model(&k.ks.Enc, k.ks.Rounds, &mc, dst, src) }),
					p.expect(want))
				if kc != wantCtr || mc != wantCtr {
					t.Fatalf("CTR32 %v: counter %x (model %x), want %x", p, kc, mc, wantCtr)
				}
			}
		}
	})
}

// TestCTR64 holds ctr64 to its model and to crypto/cipher with counters
// whose low 64 bits do not wrap within the call, its contract, but carry
// out of their low 32 bits; CTR128 covers the wrap.
func TestCTR64(t *testing.T) {
	forKeys(t, func(t *testing.T, rng *rand.Rand, k *testKey, all bool) {
		for _, n := range lengths() {
			input := randomBytes(rng, n)
			ctr := randomCounter(rng)
			binary.BigEndian.PutUint64(ctr[8:], rng.Uint64()>>1|0xffffff00)
			want := make([]byte, n)
			cipher.NewCTR(k.block, ctr[:]).XORKeyStream(want, input)
			for _, p := range placements(n, all) {
				kc, mc := ctr, ctr
				check(t, "ctr64", p,
					p.run(t, input, func(dst, src []byte) { ctr64(&k.ks.Enc, k.ks.Rounds, &kc, dst, src) }),
					p.run(t, input, func(dst, src []byte) { ctr64Model(&k.ks.Enc, k.ks.Rounds, &mc, dst, src) }),
					p.expect(want))
				if kc != mc {
					t.Fatalf("ctr64 %v: counter %x, model %x", p, kc, mc)
				}
			}
		}
	})
}

// TestCTR128 checks CTR128 against crypto/cipher's CTR, whose counter is the
// whole block, including where the low 64 bits and all 128 bits wrap, and
// across calls (the counter CTR128 leaves must be where crypto/cipher's
// stream is).
func TestCTR128(t *testing.T) {
	rng := rand.New(rand.NewPCG(128, 2))
	k := newTestKey(t, rng, 16)
	for _, below := range []uint64{1, 2, 7, 8, 9, 29, 30, 31, 100} {
		for _, highOnes := range []bool{false, true} {
			var ctr [16]byte
			copy(ctr[:8], randomBytes(rng, 8))
			if highOnes {
				binary.BigEndian.PutUint64(ctr[:8], ^uint64(0))
			}
			binary.BigEndian.PutUint64(ctr[8:], -below)
			stream := cipher.NewCTR(k.block, ctr[:])
			// Whole blocks keep the two streams in step; the partial
			// block comes last.
			for _, n := range []int{0, 16, 48, 480, 496, 4096, 300} {
				input := randomBytes(rng, n)
				got, want := make([]byte, n), make([]byte, n)
				CTR128(&k.ks, &ctr, got, input)
				stream.XORKeyStream(want, input)
				if !bytes.Equal(got, want) {
					t.Fatalf("counter %d below 2^64 (high all ones: %v), n=%d: got %x, want %x", below, highOnes, n, got, want)
				}
			}
		}
	}
}

func TestGHASHInit(t *testing.T) {
	forKeys(t, func(t *testing.T, rng *rand.Rand, k *testKey, all bool) {
		var kernel, model ghash.Table
		for i := range kernel {
			for j := range kernel[i] {
				kernel[i][j], model[i][j] = guard, guard
			}
		}
		GHASHInit(&kernel, &k.h)
		ghashInitModel((*[32][16]byte)(&model), &k.h)
		for i := range kernel {
			want := [16]byte(bytes.Repeat([]byte{guard}, 16))
			if i < powers || midSlot <= i && i < midSlot+powers {
				want = k.table[i]
			}
			if model[i] != want || kernel[i] != want {
				t.Fatalf("slot %d: kernel %x, model %x, want %x", i, kernel[i], model[i], want)
			}
		}
	})
}

// TestGHASH checks GHASH against package ghash.
func TestGHASH(t *testing.T) {
	forKeys(t, func(t *testing.T, rng *rand.Rand, k *testKey, all bool) {
		h := ghash.FromBlock(&k.h)
		for _, n := range lengths() {
			y := [16]byte(randomBytes(rng, 16))
			data := randomBytes(rng, n)
			want := y
			ghash.Update(h, &want, data)
			for _, p := range placements(n, all) {
				if p.inPlace {
					continue // GHASH has no output buffer
				}
				buf := bytes.Repeat([]byte{guard}, n+32)
				copy(buf[p.srcOff:], data)
				d := buf[p.srcOff : p.srcOff+n]
				ky, my := y, y
				GHASH(&k.table, &ky, d)
				ghashUpdateModel(k.tab(), &my, d)
				if ky != want || my != want {
					t.Fatalf("GHASH %v: kernel %x, model %x, want %x", p, ky, my, want)
				}
			}
		}
	})
}

// gcmReference is Seal's and Open's definition: CTR32, and GHASH of the
// ciphertext (dst for Seal, src for Open).
func gcmReference(k *testKey, ctr, y [16]byte, input []byte, seal bool) (out []byte, ctrOut, yOut [16]byte) {
	out = make([]byte, len(input))
	ctrOut = ctr32Reference(k.block, ctr, out, input)
	ciphertext := input
	if seal {
		ciphertext = out
	}
	ghash.Update(ghash.FromBlock(&k.h), &y, ciphertext)
	return out, ctrOut, y
}

func TestSealOpen(t *testing.T) {
	type kernel func(ks *aesround.Schedule, t *ghash.Table, ctr, y *[16]byte, dst, src []byte)
	type model func(keys *[15][16]byte, rounds int, t *[32][16]byte, ctr, y *[16]byte, dst, src []byte)
	for _, c := range []struct {
		name   string
		seal   bool
		kernel kernel
		model  model
	}{
		{"Seal", true, Seal, sealModel},
		{"Open", false, Open, openModel},
	} {
		t.Run(c.name, func(t *testing.T) {
			forKeys(t, func(t *testing.T, rng *rand.Rand, k *testKey, all bool) {
				for _, n := range lengths() {
					input := randomBytes(rng, n)
					ctr := randomCounter(rng)
					y := [16]byte(randomBytes(rng, 16))
					want, wantCtr, wantY := gcmReference(k, ctr, y, input, c.seal)
					for _, p := range placements(n, all) {
						kc, ky, mc, my := ctr, y, ctr, y
						check(t, c.name, p,
							p.run(t, input, func(dst, src []byte) { c.kernel(&k.ks, &k.table, &kc, &ky, dst, src) }),
							p.run(t, input, func(dst, src []byte) { c.model(&k.ks.Enc, k.ks.Rounds, k.tab(), &mc, &my, dst, src) }),
							p.expect(want))
						if kc != wantCtr || mc != wantCtr || ky != wantY || my != wantY {
							t.Fatalf("%s %v: counter %x (model %x), want %x; hash %x (model %x), want %x",
								c.name, p, kc, mc, wantCtr, ky, my, wantY)
						}
					}
				}
			})
		})
	}
}

// TestGCM drives the kernels as the root package does and compares the
// result with crypto/cipher's GCM: Seal is CTR32 from J0+1, then GHASH of
// the additional data, the ciphertext and the length block.
func TestGCM(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{16, 24, 32} {
		key := randomBytes(rng, size)
		g := newGCMState(key)
		std, err := cipher.NewGCM(g.block)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range lengths() {
			nonce := randomBytes(rng, 12)
			aad := randomBytes(rng, rng.IntN(600))
			plaintext := randomBytes(rng, n)
			want := std.Seal(nil, nonce, plaintext, aad)
			got := make([]byte, n+16)
			g.seal(got, nonce, plaintext, aad)
			if !bytes.Equal(got, want) {
				t.Fatalf("AES-%d n=%d aad=%d: Seal %x, want %x", 8*size, n, len(aad), got, want)
			}
			opened := make([]byte, n)
			if !g.open(opened, nonce, got, aad) || !bytes.Equal(opened, plaintext) {
				t.Fatalf("AES-%d n=%d: Open of a good message failed", 8*size, n)
			}
			got[rng.IntN(len(got))] ^= 1 << rng.IntN(8)
			if g.open(opened, nonce, got, aad) {
				t.Fatalf("AES-%d n=%d: Open accepted a modified message", 8*size, n)
			}
		}
	}
}

func TestPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	k := newTestKey(t, rng, 16)
	var bad aesround.Schedule
	var ctr, y [16]byte
	for _, c := range []struct {
		name, msg string
		f         func()
	}{
		{"EncryptBlocks/partial", "vaes256: input not full blocks", func() { EncryptBlocks(&k.ks, make([]byte, 32), make([]byte, 17)) }},
		{"DecryptBlocks/short", "vaes256: output smaller than input", func() { DecryptBlocks(&k.ks, make([]byte, 16), make([]byte, 32)) }},
		{"CTR32/short", "vaes256: output smaller than input", func() { CTR32(&k.ks, &ctr, make([]byte, 4), make([]byte, 5)) }},
		{"CTR128/short", "vaes256: output smaller than input", func() { CTR128(&k.ks, &ctr, nil, make([]byte, 1)) }},
		{"Seal/short", "vaes256: output smaller than input", func() { Seal(&k.ks, &k.table, &ctr, &y, make([]byte, 15), make([]byte, 16)) }},
		{"Open/short", "vaes256: output smaller than input", func() { Open(&k.ks, &k.table, &ctr, &y, nil, make([]byte, 1)) }},
		{"EncryptBlocks/schedule", "vaes256: invalid key schedule", func() { EncryptBlocks(&bad, nil, nil) }},
		{"Seal/schedule", "vaes256: invalid key schedule", func() { Seal(&bad, &k.table, &ctr, &y, nil, nil) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != c.msg {
					t.Errorf("panic %v, want %q", r, c.msg)
				}
			}()
			c.f()
		})
	}
}
