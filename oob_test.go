package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/conformance"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// Out-of-bounds tests, part one: guard bytes. Every kernel of every
// backend, called directly through package kernels (the Seal and Open
// kernels with a secret and with a public counter, the one-block kernels
// and the CBC kernels included), SealPieces, Sealer and Opener, and the
// CBC modes crypto/cipher builds on a *Cipher, on every backend, run with
// random guard bytes before their output, in the spare capacity after it,
// in the part of a longer dst past the result, and around the counter (or
// CBC's chaining value), GHASH state, key schedule and key-power table
// they update;
// every guard byte must be untouched afterwards, and every input
// unchanged. (The conformance battery already checks Seal, Open,
// XORKeyStream and EncryptBlocks of the public API this way, in its memory
// arenas.) Part two, in oob_linux_test.go, puts inputs and outputs against
// unmapped pages.

// oobMaxLen is the longest message the out-of-bounds tests use on the
// fast backends: two of the widest batch (64 blocks) and a partial block.
const oobMaxLen = 16*64*2 + 15

// oobLengths returns the message lengths to test backend b at: every
// length up to oobMaxLen, except on generic, which is slow and has one
// 4-block width, where every length to 300 and the edges above do.
func oobLengths(b *impl.Backend) []int {
	var ls []int
	for n := 0; n <= oobMaxLen; n++ {
		if b.ID != impl.Generic || n <= 300 || n%16 == 0 && n%256 == 0 || n%1024 <= 1 || n%1024 == 1023 || n == oobMaxLen {
			ls = append(ls, n)
		}
	}
	return ls
}

// oobBackends returns the backends this CPU can run; withKernels keeps
// only those with kernels (not stdlib, which wraps crypto/aes).
func oobBackends(withKernels bool) []*impl.Backend {
	var bs []*impl.Backend
	for _, b := range impl.All() {
		if b.Available && !(withKernels && b.Std) {
			bs = append(bs, b)
		}
	}
	return bs
}

// oobState is what the kernels read and update besides their data.
type oobState struct {
	ks     *aesround.Schedule
	ht     *ghash.Table
	ctr, y *[16]byte
}

// oobKernel is one kernel, called through package kernels.
type oobKernel struct {
	name   string
	size   oobSize
	writes bool // has an output (GHASH only reads data)
	call   func(b *impl.Backend, s oobState, dst, src []byte)
}

// oobSize says which lengths a kernel takes.
type oobSize int

const (
	anyLength   oobSize = iota
	wholeBlocks         // a multiple of 16 bytes
	oneBlock            // exactly 16 bytes
)

// takes reports whether the kernel takes n bytes.
func (k oobKernel) takes(n int) bool {
	switch k.size {
	case wholeBlocks:
		return n%16 == 0
	case oneBlock:
		return n == 16
	}
	return true
}

var oobKernels = []oobKernel{
	{"EncryptBlocks", wholeBlocks, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.EncryptBlocks(b, s.ks, dst, src) }},
	{"DecryptBlocks", wholeBlocks, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.DecryptBlocks(b, s.ks, dst, src) }},
	{"EncryptBlock", oneBlock, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.EncryptBlock(b, s.ks, (*[16]byte)(dst), (*[16]byte)(src))
	}},
	{"DecryptBlock", oneBlock, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.DecryptBlock(b, s.ks, (*[16]byte)(dst), (*[16]byte)(src))
	}},
	{"CTR32", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.CTR32(b, s.ks, s.ctr, dst, src) }},
	{"CTR128", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.CTR128(b, s.ks, s.ctr, dst, src) }},
	{"GHASH", anyLength, false, func(b *impl.Backend, s oobState, _, src []byte) { kernels.GHASH(b, s.ht, s.y, src) }},
	{"Seal", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.Seal(b, s.ks, s.ht, s.ctr, s.y, dst, src, false)
	}},
	{"SealPublic", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.Seal(b, s.ks, s.ht, s.ctr, s.y, dst, src, true)
	}},
	{"Open", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.Open(b, s.ks, s.ht, s.ctr, s.y, dst, src, false)
	}},
	{"OpenPublic", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.Open(b, s.ks, s.ht, s.ctr, s.y, dst, src, true)
	}},
	// The CBC kernels carry their chaining value in the counter's place.
	{"CBCEncrypt", wholeBlocks, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.CBCEncrypt(b, s.ks, s.ctr, dst, src) }},
	{"CBCDecrypt", wholeBlocks, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.CBCDecrypt(b, s.ks, s.ctr, dst, src) }},
	// So do the XTS kernels their tweak.
	{"XTSEncrypt", wholeBlocks, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.XTSEncrypt(b, s.ks, s.ctr, dst, src) }},
	{"XTSDecrypt", wholeBlocks, true, func(b *impl.Backend, s oobState, dst, src []byte) { kernels.XTSDecrypt(b, s.ks, s.ctr, dst, src) }},
}

// oobRef computes what kernel k should give, with the generic backend's
// kernels on ordinary memory: the output and the final counter and GHASH
// state, from the starting counter and state.
type oobRef struct {
	ks  aesround.Schedule
	ht  ghash.Table // generic's layout
	gen *impl.Backend
}

func newOOBRef(t *testing.T, key []byte) *oobRef {
	r := &oobRef{gen: impl.Lookup("generic")}
	if r.gen == nil {
		t.Fatal("no generic backend registered")
	}
	aesround.Expand(&r.ks, key)
	var h [16]byte
	kernels.EncryptBlocks(r.gen, &r.ks, h[:], h[:])
	kernels.GHASHInit(r.gen, &r.ht, &h)
	return r
}

func (r *oobRef) run(k oobKernel, ctr, y [16]byte, src []byte) (out []byte, ctrOut, yOut [16]byte) {
	out = make([]byte, len(src))
	k.call(r.gen, oobState{&r.ks, &r.ht, &ctr, &y}, out, bytes.Clone(src))
	return out, ctr, y
}

// oobSetup fills ks and ht for key the way backend b builds them.
func oobSetup(b *impl.Backend, key []byte, ks *aesround.Schedule, ht *ghash.Table) {
	kernels.Expand(b, ks, key)
	var h [16]byte
	kernels.EncryptBlocks(b, ks, h[:], h[:])
	kernels.GHASHInit(b, ht, &h)
}

// oobFrame holds a kernel's state between guard bytes.
type oobFrame struct {
	g0  [40]byte
	ks  aesround.Schedule
	g1  [40]byte
	ht  ghash.Table
	g2  [40]byte
	ctr [16]byte
	g3  [40]byte
	y   [16]byte
	g4  [40]byte
}

func (f *oobFrame) guards() [][]byte { return [][]byte{f.g0[:], f.g1[:], f.g2[:], f.g3[:], f.g4[:]} }

// TestOOBKernelGuards runs every kernel of every backend at every length
// (see oobLengths), out of place with an exact dst, out of place with a dst
// longer than the result, and in place, each at a different alignment,
// and requires the result of the generic kernels and untouched guard bytes.
func TestOOBKernelGuards(t *testing.T) {
	for _, b := range oobBackends(true) {
		t.Run(b.Name, func(t *testing.T) {
			for _, keySize := range []int{16, 32} {
				rng := rand.New(rand.NewPCG(uint64(keySize), 1))
				key := oobBytes(rng, keySize)
				ref := newOOBRef(t, key)
				var f oobFrame
				for _, g := range f.guards() {
					fillRand(rng, g)
				}
				saved := bytes.Clone(bytes.Join(f.guards(), nil))
				oobSetup(b, key, &f.ks, &f.ht)
				if f.ks != ref.ks {
					t.Fatalf("AES-%d: Expand differs from aesround.Expand", keySize*8)
				}
				for _, k := range oobKernels {
					for _, n := range oobLengths(b) {
						if !k.takes(n) {
							continue
						}
						if err := oobKernelGuards(b, k, ref, &f, rng, n); err != nil {
							t.Fatal(err)
						}
					}
				}
				if got := bytes.Join(f.guards(), nil); !bytes.Equal(got, saved) {
					t.Fatalf("AES-%d: guard bytes around the key schedule, table, counter or GHASH state changed", keySize*8)
				}
			}
		})
	}
}

// oobKernelGuards makes the three calls of TestOOBKernelGuards for one
// kernel and length, and returns what went wrong, if anything.
func oobKernelGuards(b *impl.Backend, k oobKernel, ref *oobRef, f *oobFrame, rng *rand.Rand, n int) error {
	const guard = 48
	src := oobBytes(rng, n)
	fillRand(rng, f.ctr[:])
	fillRand(rng, f.y[:])
	if n%5 == 0 {
		f.ctr[12], f.ctr[13], f.ctr[14] = 0xff, 0xff, 0xff // wrap the 32-bit counter soon
	}
	wantOut, wantCtr, wantY := ref.run(k, f.ctr, f.y, src)
	ctr0, y0 := f.ctr, f.y
	for _, layout := range []string{"exact dst", "long dst", "in place"} {
		f.ctr, f.y = ctr0, y0
		off := guard + (n*7+len(layout))%16
		extra := 0
		if layout == "long dst" {
			extra = 1 + n%33
		}
		mem := oobBytes(rng, off+n+extra+guard)
		inMem := oobBytes(rng, off+n+guard)
		copy(inMem[off:], src)
		before := bytes.Clone(mem)
		dst, in := mem[off:off+n+extra], inMem[off:off+n]
		if layout == "in place" {
			copy(mem[off:], src)
			before = bytes.Clone(mem)
			in, dst = mem[off:off+n], mem[off:off+n]
		}
		inBefore := bytes.Clone(inMem)
		k.call(b, oobState{&f.ks, &f.ht, &f.ctr, &f.y}, dst, in)
		what := fmt.Sprintf("%s, %d bytes, %s at offset %d", k.name, n, layout, off)
		switch {
		case layout != "in place" && !bytes.Equal(inMem, inBefore):
			return fmt.Errorf("%s: the input (or the bytes around it) changed", what)
		case !bytes.Equal(mem[:off], before[:off]):
			return fmt.Errorf("%s: wrote before dst", what)
		case !bytes.Equal(mem[off+n:], before[off+n:]):
			return fmt.Errorf("%s: wrote past the %d bytes of the result (dst has %d, capacity %d)", what, n, len(dst), cap(dst))
		case k.writes && !bytes.Equal(mem[off:off+n], wantOut):
			return fmt.Errorf("%s: output differs from the generic kernel's", what)
		case !k.writes && !bytes.Equal(mem[off:off+n], before[off:off+n]):
			return fmt.Errorf("%s: wrote to dst, which it does not take", what)
		case f.ctr != wantCtr || f.y != wantY:
			return fmt.Errorf("%s: counter %x, GHASH state %x; want %x, %x", what, f.ctr, f.y, wantCtr, wantY)
		}
	}
	return nil
}

// TestOOBGuardsCatch shows that the guard checks see a kernel that writes
// one byte too many, into dst's spare capacity or past a longer dst's
// result, where Go's bounds checks cannot: the generic backend's CTR32
// made to do that must be reported.
func TestOOBGuardsCatch(t *testing.T) {
	gen := impl.Lookup("generic")
	bad := oobKernel{"CTR32 writing one byte past its result", anyLength, true, func(b *impl.Backend, s oobState, dst, src []byte) {
		kernels.CTR32(b, s.ks, s.ctr, dst, src)
		if n := len(src); n == 21 && cap(dst) > n {
			dst = dst[:cap(dst)]
			dst[n] ^= 1
		}
	}}
	rng := rand.New(rand.NewPCG(4, 5))
	key := oobBytes(rng, 16)
	var f oobFrame
	oobSetup(gen, key, &f.ks, &f.ht)
	ref := newOOBRef(t, key)
	if err := oobKernelGuards(gen, bad, ref, &f, rng, 20); err != nil {
		t.Fatalf("a good call was reported: %v", err)
	}
	err := oobKernelGuards(gen, bad, ref, &f, rng, 21)
	if err == nil {
		t.Fatal("a write one byte past the result went unnoticed")
	}
	t.Logf("reported as it should be: %v", err)
}

// TestOOBGuardsPiecesAndStreams seals from pieces and in chunks with
// Sealer and Opener on every backend, with guard bytes before each output
// and in its spare capacity, and requires crypto/cipher's result and
// untouched guards.
func TestOOBGuardsPiecesAndStreams(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2, 3))
			key := oobBytes(rng, 16)
			restore := impl.Select(b)
			g, err := vaes.NewGCMWithTagSize(key, 16)
			g13, err13 := vaes.NewGCMWithTagSize(key, 13)
			restore()
			if err != nil || err13 != nil {
				t.Fatal(err, err13)
			}
			std, errStd := conformance.StdGCM(key, 12, 16)
			std13, errStd13 := conformance.StdGCM(key, 12, 13)
			if errStd != nil || errStd13 != nil {
				t.Fatal(errStd, errStd13)
			}
			for _, n := range oobLengths(b) {
				if b.ID == impl.Generic && n > 600 {
					continue
				}
				nonce, aad, pt := oobBytes(rng, 12), oobBytes(rng, n%37), oobBytes(rng, n)
				for i, gg := range []*vaes.GCM{g, g13} {
					want := []cipher.AEAD{std, std13}[i].Seal(nil, nonce, pt, aad)
					if !oobPiecesAndStreams(t, gg, rng, nonce, aad, pt, want) {
						return
					}
				}
			}
		})
	}
}

// oobCBCModes are crypto/cipher's CBC constructors.
var oobCBCModes = []struct {
	name string
	new  func(cipher.Block, []byte) cipher.BlockMode
}{{"CBC encrypter", cipher.NewCBCEncrypter}, {"CBC decrypter", cipher.NewCBCDecrypter}}

// TestOOBGuardsCBC runs the CBC modes crypto/cipher builds on a *Cipher,
// on every backend, at every whole-block length (see oobLengths), in
// calls of random numbers of blocks: each call's dst has guard bytes
// before it and in its spare capacity, is longer than the result with
// guard bytes past the result, or is the source itself. Results must be
// crypto/aes's, guards untouched, and a call after them must show the
// chaining value crypto/aes's mode has.
func TestOOBGuardsCBC(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(14, 15))
			key := oobBytes(rng, 24)
			c := cipherOn(t, b, key)
			sb, err := aes.NewCipher(key)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range oobLengths(b) {
				if n%16 != 0 {
					continue
				}
				iv, src, probe := oobBytes(rng, 16), oobBytes(rng, n), oobBytes(rng, 32)
				for _, d := range oobCBCModes {
					ref := d.new(sb, iv)
					want := make([]byte, n+32)
					ref.CryptBlocks(want[:n], src)
					ref.CryptBlocks(want[n:], probe)
					m := d.new(c, iv)
					for i, cut := range oobCuts(rng, n/16) {
						lo, hi := 16*cut[0], 16*cut[1]
						k := hi - lo
						dst, check := oobGuarded(rng, k)
						layout := []string{"guarded dst", "long dst", "in place"}[(i+n/16)%3]
						switch layout {
						case "guarded dst":
							dst = dst[:k]
							m.CryptBlocks(dst, src[lo:hi])
						case "long dst":
							dst = dst[:k+1+rng.IntN(cap(dst)-k)]
							m.CryptBlocks(dst, src[lo:hi])
						case "in place":
							dst = dst[:k]
							copy(dst, src[lo:hi])
							m.CryptBlocks(dst, dst)
						}
						if msg := check(dst[:k]); msg != "" || !bytes.Equal(dst[:k], want[lo:hi]) {
							t.Fatalf("%s, %d bytes, blocks [%d, %d) with %s: %s; result differs from crypto/aes's: %v",
								d.name, n, cut[0], cut[1], layout, msg, !bytes.Equal(dst[:k], want[lo:hi]))
						}
					}
					got := make([]byte, 32)
					m.CryptBlocks(got, probe)
					if !bytes.Equal(got, want[n:]) {
						t.Fatalf("%s, %d bytes: a call after them differs from crypto/aes's (the chaining value)", d.name, n)
					}
				}
			}
		})
	}
}

// oobGuarded returns a zero-length slice at a random alignment of a
// guarded buffer with room for n bytes and guard bytes in its spare
// capacity, and a check that fails unless exactly result's n bytes were
// written there.
func oobGuarded(rng *rand.Rand, n int) (dst []byte, check func(result []byte) string) {
	const guard = 40
	off := guard + rng.IntN(16)
	mem := oobBytes(rng, off+n+guard)
	before := bytes.Clone(mem)
	return mem[off:off], func(result []byte) string {
		switch {
		case len(result) != n || n > 0 && &result[0] != &mem[off]:
			return "result is not where dst was"
		case !bytes.Equal(mem[:off], before[:off]):
			return "wrote before dst"
		case !bytes.Equal(mem[off+n:], before[off+n:]):
			return fmt.Sprintf("wrote past the %d bytes of the result", n)
		}
		return ""
	}
}

func oobPiecesAndStreams(t *testing.T, g *vaes.GCM, rng *rand.Rand, nonce, aad, pt, want []byte) bool {
	t.Helper()
	n, tag := len(pt), g.Overhead()
	cuts := oobCuts(rng, n)
	what := fmt.Sprintf("%d bytes, %d-byte tag, cut %v", n, tag, cuts)

	var pieces [][]byte
	for _, c := range cuts {
		pieces = append(pieces, pt[c[0]:c[1]])
	}
	dst, check := oobGuarded(rng, n+tag)
	got := g.SealPieces(dst, nonce, pieces, aad)
	if msg := check(got); msg != "" || !bytes.Equal(got, want) {
		t.Errorf("SealPieces, %s: %s; result %x, want %x", what, msg, got, want)
		return false
	}

	s := g.NewSealer(nonce, aad)
	for _, c := range cuts {
		dst, check := oobGuarded(rng, c[1]-c[0])
		got := s.Encrypt(dst, pt[c[0]:c[1]])
		if msg := check(got); msg != "" || !bytes.Equal(got, want[c[0]:c[1]]) {
			t.Errorf("Sealer.Encrypt, %s, chunk %v: %s", what, c, msg)
			return false
		}
	}
	dst, check = oobGuarded(rng, tag)
	if got := s.Tag(dst); check(got) != "" || !bytes.Equal(got, want[n:]) {
		t.Errorf("Sealer.Tag, %s: %s", what, check(got))
		return false
	}

	o := g.NewOpener(nonce, aad)
	for _, c := range cuts {
		dst, check := oobGuarded(rng, c[1]-c[0])
		got := o.Decrypt(dst, want[c[0]:c[1]])
		if msg := check(got); msg != "" || !bytes.Equal(got, pt[c[0]:c[1]]) {
			t.Errorf("Opener.Decrypt, %s, chunk %v: %s", what, c, msg)
			return false
		}
	}
	if err := o.Verify(want[n:]); err != nil {
		t.Errorf("Opener.Verify, %s: %v", what, err)
		return false
	}
	return true
}

// oobCuts splits n bytes into up to four chunks [lo, hi), some empty, some
// splitting blocks, some whole batches.
func oobCuts(rng *rand.Rand, n int) [][2]int {
	var cs [][2]int
	lo := 0
	for i := 0; i < 3 && lo < n; i++ {
		var k int
		switch rng.IntN(4) {
		case 0:
			k = rng.IntN(17)
		case 1:
			k = 16 * rng.IntN(65)
		default:
			k = rng.IntN(n - lo + 1)
		}
		k = min(k, n-lo)
		cs = append(cs, [2]int{lo, lo + k})
		lo += k
	}
	return append(cs, [2]int{lo, n})
}

func oobBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	fillRand(rng, b)
	return b
}

func fillRand(rng *rand.Rand, b []byte) {
	for ; len(b) >= 8; b = b[8:] {
		binary.LittleEndian.PutUint64(b, rng.Uint64())
	}
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}
