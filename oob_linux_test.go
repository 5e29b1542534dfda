package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/conformance"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// Out-of-bounds tests, part two: unmapped pages. Inputs and outputs are
// placed so that they end exactly at the end of a mapped page followed by
// a page with no access rights (PROT_NONE), or start exactly at the start
// of a page preceded by one; the key schedule, key-power table, counter
// and GHASH state the kernels use end at such a page too. Touching one
// byte past the end, or before the start, faults. The fault is turned
// into a panic (debug.SetPanicOnFault) so the failure names the call and
// the address; without that it would kill the test binary, which fails
// the run just the same.

// pageArea is a mapping of accessible pages between two inaccessible ones.
type pageArea struct {
	name   string
	mem    []byte // the whole mapping, guard pages included
	lo, hi int    // mem[lo:hi] is accessible
}

func newPageArea(t *testing.T, name string, pages int) *pageArea {
	t.Helper()
	ps := os.Getpagesize()
	mem, err := unix.Mmap(-1, 0, (pages+2)*ps, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	t.Cleanup(func() { unix.Munmap(mem) })
	a := &pageArea{name: name, mem: mem, lo: ps, hi: len(mem) - ps}
	if err := unix.Mprotect(mem[:a.lo], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := unix.Mprotect(mem[a.hi:], unix.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	return a
}

func (a *pageArea) addr(i int) uintptr {
	return uintptr(unsafe.Pointer(unsafe.SliceData(a.mem))) + uintptr(i)
}

// tail returns the last n accessible bytes, with no spare capacity: the
// next byte is the first of the inaccessible page.
func (a *pageArea) tail(n int) []byte {
	s := a.mem[a.hi-n : a.hi : a.hi]
	if n > 0 && (uintptr(unsafe.Pointer(&s[n-1]))+1 != a.addr(a.hi) || a.addr(a.hi)%uintptr(os.Getpagesize()) != 0) {
		panic(fmt.Sprintf("%s: tail(%d) does not end at the guard page", a.name, n))
	}
	return s
}

// head returns the first n accessible bytes, with no spare capacity: the
// byte before them is the last of the inaccessible page.
func (a *pageArea) head(n int) []byte {
	s := a.mem[a.lo : a.lo+n : a.lo+n]
	if n > 0 && (uintptr(unsafe.Pointer(&s[0])) != a.addr(a.lo) || a.addr(a.lo)%uintptr(os.Getpagesize()) != 0) {
		panic(fmt.Sprintf("%s: head(%d) does not start at a page", a.name, n))
	}
	return s
}

// edge returns tail(n) or head(n).
func (a *pageArea) edge(n int, atTail bool) []byte {
	if atTail {
		return a.tail(n)
	}
	return a.head(n)
}

// describe says where addr lies relative to the areas.
func describe(addr uintptr, areas []*pageArea) string {
	for _, a := range areas {
		switch {
		case addr >= a.addr(0) && addr < a.addr(a.lo):
			return fmt.Sprintf("%d bytes before the start of area %s", a.addr(a.lo)-addr, a.name)
		case addr >= a.addr(a.hi) && addr < a.addr(len(a.mem)):
			return fmt.Sprintf("%d bytes past the end of area %s", addr-a.addr(a.hi)+1, a.name)
		}
	}
	return "outside every test area"
}

// faultCase runs body with faults turned into panics; a fault fails the
// test with the case body last named through at, and where it hit.
func faultCase(t *testing.T, areas []*pageArea, body func(at func(format string, args ...any))) {
	t.Helper()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var format string
	var args []any
	defer func() {
		if v := recover(); v != nil {
			if e, ok := v.(interface{ Addr() uintptr }); ok {
				t.Fatalf("%s: memory fault at %#x, %s", fmt.Sprintf(format, args...), e.Addr(), describe(e.Addr(), areas))
			}
			t.Fatalf("%s: panic: %v", fmt.Sprintf(format, args...), v)
		}
	}()
	body(func(f string, a ...any) { format, args = f, a })
}

// TestOOBPageGuardsFault shows that the guard pages are there and that a
// fault inside a kernel's assembly is caught and reported: a read one byte
// past tail, or one before head, faults, and so does each kernel handed a
// source slice that runs 16 bytes into the guard page.
func TestOOBPageGuardsFault(t *testing.T) {
	a := newPageArea(t, "probe", 1)
	probe := func(p unsafe.Pointer) (addr uintptr, faulted bool) {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if e, ok := recover().(interface{ Addr() uintptr }); ok {
				addr, faulted = e.Addr(), true
			}
		}()
		_ = *(*byte)(p)
		return 0, false
	}
	tail, head := a.tail(100), a.head(100)
	if addr, ok := probe(unsafe.Add(unsafe.Pointer(&tail[99]), 1)); !ok || addr != a.addr(a.hi) {
		t.Fatalf("reading the byte after tail: fault %v at %#x, want a fault at %#x", ok, addr, a.addr(a.hi))
	}
	if addr, ok := probe(unsafe.Add(unsafe.Pointer(&head[0]), -1)); !ok || addr != a.addr(a.lo-1) {
		t.Fatalf("reading the byte before head: fault %v at %#x, want a fault at %#x", ok, addr, a.addr(a.lo-1))
	}
	if _, ok := probe(unsafe.Pointer(&tail[99])); ok {
		t.Fatal("reading the last byte of tail faulted")
	}

	for _, b := range oobBackends(true) {
		var ks aesround.Schedule
		kernels.Expand(b, &ks, make([]byte, 16))
		src := unsafe.Slice(&a.tail(32)[0], 48) // 16 bytes too many
		dst := make([]byte, 48)
		func() {
			defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
			defer func() {
				e, ok := recover().(interface{ Addr() uintptr })
				switch {
				case !ok:
					t.Errorf("%s: EncryptBlocks of a source reaching into the guard page did not fault", b.Name)
				case e.Addr() < a.addr(a.hi) || e.Addr() >= a.addr(a.hi+16):
					t.Errorf("%s: fault at %#x, want one in the 16 bytes at %#x", b.Name, e.Addr(), a.addr(a.hi))
				}
			}()
			kernels.EncryptBlocks(b, &ks, dst, src)
		}()
	}
}

// pageState places a kernel's state at the ends of their own areas.
func pageState(t *testing.T) (oobState, []*pageArea) {
	ksA := newPageArea(t, "key schedule", 1)
	htA := newPageArea(t, "key-power table", 1)
	ctrA := newPageArea(t, "counter", 1)
	yA := newPageArea(t, "GHASH state", 1)
	s := oobState{
		ks:  (*aesround.Schedule)(unsafe.Pointer(&ksA.tail(int(unsafe.Sizeof(aesround.Schedule{})))[0])),
		ht:  (*ghash.Table)(unsafe.Pointer(&htA.tail(int(unsafe.Sizeof(ghash.Table{})))[0])),
		ctr: (*[16]byte)(ctrA.tail(16)),
		y:   (*[16]byte)(yA.tail(16)),
	}
	return s, []*pageArea{ksA, htA, ctrA, yA}
}

// TestOOBPageKernels runs every kernel of every backend at every length
// (see oobLengths) with its source and destination at the end of a page
// followed by an inaccessible one, then at the start of a page preceded by
// one, out of place and in place, and the key expansion and table setup
// with their inputs so placed; results must equal the generic kernels'.
func TestOOBPageKernels(t *testing.T) {
	for _, b := range oobBackends(true) {
		t.Run(b.Name, func(t *testing.T) {
			in, out, key := newPageArea(t, "src", 2), newPageArea(t, "dst", 2), newPageArea(t, "key", 1)
			s, areas := pageState(t)
			areas = append(areas, in, out, key)
			rng := rand.New(rand.NewPCG(6, 7))
			faultCase(t, areas, func(at func(string, ...any)) {
				for _, ksz := range []int{16, 24, 32} {
					k := oobBytes(rng, ksz)
					ref := newOOBRef(t, k)
					for _, atTail := range []bool{true, false} {
						at("Expand of a %d-byte key, at tail %v", ksz, atTail)
						copy(key.edge(ksz, atTail), k)
						kernels.Expand(b, s.ks, key.edge(ksz, atTail))
						if *s.ks != ref.ks {
							t.Fatalf("Expand of a %d-byte key differs from aesround.Expand", ksz)
						}
					}
					var h [16]byte
					kernels.EncryptBlocks(b, s.ks, h[:], h[:])
					at("GHASHInit, AES-%d", ksz*8)
					copy(out.tail(16), h[:])
					kernels.GHASHInit(b, s.ht, (*[16]byte)(out.tail(16)))
					if ksz == 24 {
						continue
					}
					for _, kern := range oobKernels {
						for _, n := range oobLengths(b) {
							if !kern.takes(n) {
								continue
							}
							oobPageKernel(t, at, b, kern, ref, s, in, out, rng, n)
						}
					}
				}
			})
		})
	}
}

// oobPageKernel runs one kernel at one length in the four placements.
func oobPageKernel(t *testing.T, at func(string, ...any), b *impl.Backend, k oobKernel, ref *oobRef, s oobState, in, out *pageArea, rng *rand.Rand, n int) {
	src := oobBytes(rng, n)
	ctr0, y0 := [16]byte(oobBytes(rng, 16)), [16]byte(oobBytes(rng, 16))
	wantOut, wantCtr, wantY := ref.run(k, ctr0, y0, src)
	for _, atTail := range []bool{true, false} {
		for _, inPlace := range []bool{false, true} {
			if inPlace && !k.writes {
				continue
			}
			at("%s, %d bytes, at tail %v, in place %v", k.name, n, atTail, inPlace)
			*s.ctr, *s.y = ctr0, y0
			dst, from := out.edge(n, atTail), in.edge(n, atTail)
			copy(from, src)
			if inPlace {
				copy(dst, src)
				from = dst
			}
			k.call(b, s, dst, from)
			if k.writes && !bytes.Equal(dst, wantOut) {
				t.Fatalf("%s, %d bytes, at tail %v, in place %v: output differs from the generic kernel's", k.name, n, atTail, inPlace)
			}
			if *s.ctr != wantCtr || *s.y != wantY {
				t.Fatalf("%s, %d bytes, at tail %v, in place %v: counter or GHASH state differs from the generic kernel's", k.name, n, atTail, inPlace)
			}
		}
	}
}

// TestOOBPageAPI runs the public API on every backend at every length
// (see oobLengths) with every input (key, nonce, IV, additional data,
// message, tag) and every output at the end of a page followed by an
// inaccessible one, or at the start of a page preceded by one: Seal, Open
// (and a failed Open), SealPieces, Sealer, Opener, XORKeyStream, the CBC
// modes crypto/cipher builds on the Cipher, and the block calls. Results
// must equal crypto/cipher's.
func TestOOBPageAPI(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			in, out := newPageArea(t, "input", 2), newPageArea(t, "output", 2)
			keyA, nonceA := newPageArea(t, "key", 1), newPageArea(t, "nonce", 1)
			aadA, tagA := newPageArea(t, "additional data", 1), newPageArea(t, "tag", 1)
			areas := []*pageArea{in, out, keyA, nonceA, aadA, tagA}
			rng := rand.New(rand.NewPCG(8, 9))
			faultCase(t, areas, func(at func(string, ...any)) {
				// AES-128 on a fresh GCM for every length, AES-256 on
				// one GCM for all of them.
				for _, ksz := range []int{16, 32} {
					k := oobBytes(rng, ksz)
					copy(keyA.head(ksz), k)
					at("constructors, AES-%d, key at head", ksz*8)
					newPageAPI(t, b, keyA.head(ksz), k)
					copy(keyA.tail(ksz), k)
					at("constructors, AES-%d, key at tail", ksz*8)
					api := newPageAPI(t, b, keyA.tail(ksz), k)
					for _, n := range oobLengths(b) {
						if ksz == 16 {
							api = newPageAPI(t, b, keyA.tail(ksz), k)
						}
						api.run(t, at, rng, n, in, out, nonceA, aadA, tagA)
					}
				}
			})
		})
	}
}

// pageAPI is the public API on one backend and key, with crypto/cipher's
// twins. The GCMs take a 12-byte nonce and a 16-byte tag, a 13-byte tag,
// and a 20-byte nonce.
type pageAPI struct {
	gcm   [3]*vaes.GCM
	std   [3]cipher.AEAD
	block *vaes.Cipher
	sb    cipher.Block
	key   []byte
	b     *impl.Backend
}

func newPageAPI(t *testing.T, b *impl.Backend, key, keyCopy []byte) *pageAPI {
	defer impl.Select(b)()
	p := &pageAPI{key: keyCopy, b: b}
	var errs [4]error
	p.gcm[0], errs[0] = vaes.NewGCM(key)
	p.gcm[1], errs[1] = vaes.NewGCMWithTagSize(key, 13)
	p.gcm[2], errs[2] = vaes.NewGCMWithNonceSize(key, 20)
	p.block, errs[3] = vaes.NewCipher(key)
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	p.sb, _ = aes.NewCipher(keyCopy)
	for i, size := range [3][2]int{{12, 16}, {12, 13}, {20, 16}} {
		var err error
		if p.std[i], err = conformance.StdGCM(keyCopy, size[0], size[1]); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// run makes every call at length n, alternating which GCM is used and
// whether the additional data ends at a page or starts at one.
func (p *pageAPI) run(t *testing.T, at func(string, ...any), rng *rand.Rand, n int, in, out, nonceA, aadA, tagA *pageArea) {
	i := n % 3
	g, std := p.gcm[i], p.std[i]
	tag := g.Overhead()
	nonce := nonceA.tail(g.NonceSize())
	fillRand(rng, nonce)
	aad := aadA.edge(n%41, n%2 == 0)
	fillRand(rng, aad)
	pt := oobBytes(rng, n)
	want := std.Seal(nil, nonce, pt, aad)
	fail := func(what string) {
		t.Helper()
		t.Fatalf("%s, %d bytes, %d-byte tag, %d-byte nonce: result differs from crypto/cipher's", what, n, tag, len(nonce))
	}

	for _, atTail := range []bool{true, false} {
		at("Seal, %d bytes, at tail %v", n, atTail)
		src := in.edge(n, atTail)
		copy(src, pt)
		if got := g.Seal(out.edge(n+tag, atTail)[:0], nonce, src, aad); !bytes.Equal(got, want) {
			fail("Seal")
		}
		at("Seal in place, %d bytes, at tail %v", n, atTail)
		buf := out.edge(n+tag, atTail)
		copy(buf, pt)
		if got := g.Seal(buf[:0], nonce, buf[:n], aad); !bytes.Equal(got, want) {
			fail("Seal in place")
		}

		at("Open, %d bytes, at tail %v", n, atTail)
		ct := in.edge(n+tag, atTail)
		copy(ct, want)
		if got, err := g.Open(out.edge(n, atTail)[:0], nonce, ct, aad); err != nil || !bytes.Equal(got, pt) {
			fail("Open")
		}
		at("Open in place, %d bytes, at tail %v", n, atTail)
		copy(buf, want)
		if got, err := g.Open(buf[:0], nonce, buf, aad); err != nil || !bytes.Equal(got, pt) {
			fail("Open in place")
		}
		at("failed Open in place, %d bytes, at tail %v", n, atTail)
		copy(buf, want)
		buf[len(buf)-1] ^= 1
		if _, err := g.Open(buf[:0], nonce, buf, aad); err == nil || !bytes.Equal(buf[:n], make([]byte, n)) {
			t.Fatalf("failed Open in place, %d bytes: error %v, output not cleared", n, err)
		}
	}

	// Two pieces or chunks: the first starts at a page, the second ends at one.
	cut := rng.IntN(n + 1)
	at("SealPieces, %d bytes cut at %d", n, cut)
	first, second := in.head(cut), in.tail(n-cut)
	copy(first, pt[:cut])
	copy(second, pt[cut:])
	if got := g.SealPieces(out.tail(n + tag)[:0], nonce, [][]byte{first, second}, aad); !bytes.Equal(got, want) {
		fail("SealPieces")
	}

	at("Sealer, %d bytes cut at %d", n, cut)
	s := g.NewSealer(nonce, aad)
	c1 := s.Encrypt(out.head(cut)[:0], first)
	c2 := s.Encrypt(out.tail(n - cut)[:0], second)
	tg := s.Tag(tagA.tail(tag)[:0])
	if !bytes.Equal(c1, want[:cut]) || !bytes.Equal(c2, want[cut:n]) || !bytes.Equal(tg, want[n:]) {
		fail("Sealer")
	}

	at("Opener, %d bytes cut at %d", n, cut)
	copy(first, want[:cut])
	copy(second, want[cut:n])
	copy(tagA.tail(tag), want[n:])
	o := g.NewOpener(nonce, aad)
	p1 := o.Decrypt(out.head(cut)[:0], first)
	p2 := o.Decrypt(out.tail(n - cut)[:0], second)
	if err := o.Verify(tagA.tail(tag)); err != nil || !bytes.Equal(p1, pt[:cut]) || !bytes.Equal(p2, pt[cut:]) {
		fail("Opener")
	}

	at("XORKeyStream, %d bytes cut at %d", n, cut)
	iv := nonceA.tail(16)
	fillRand(rng, iv)
	wantKS := make([]byte, n)
	cipher.NewCTR(p.sb, iv).XORKeyStream(wantKS, pt)
	restore := impl.Select(p.b)
	stream, err := vaes.NewCTR(p.key, iv)
	restore()
	if err != nil {
		t.Fatal(err)
	}
	copy(first, pt[:cut])
	copy(second, pt[cut:])
	d1, d2 := out.head(cut), out.tail(n-cut)
	stream.XORKeyStream(d1, first)
	stream.XORKeyStream(d2, second)
	if !bytes.Equal(d1, wantKS[:cut]) || !bytes.Equal(d2, wantKS[cut:]) {
		fail("XORKeyStream")
	}
	at("XORKeyStream in place, %d bytes", n)
	restore = impl.Select(p.b)
	stream, _ = vaes.NewCTR(p.key, iv)
	restore()
	buf := in.tail(n)
	copy(buf, pt)
	stream.XORKeyStream(buf, buf)
	if !bytes.Equal(buf, wantKS) {
		fail("XORKeyStream in place")
	}

	if n%16 != 0 {
		return
	}
	// CBC, in two calls cut at a block: the first call's source and output
	// start at a page, the second's end at one; then in place at each
	// edge. The IV ends at a page too.
	blockCut := cut &^ 15
	for _, d := range oobCBCModes {
		iv := nonceA.tail(16)
		fillRand(rng, iv)
		want := make([]byte, n)
		d.new(p.sb, iv).CryptBlocks(want, pt)
		at("%s, %d bytes cut at %d", d.name, n, blockCut)
		m := d.new(p.block, iv)
		first, second := in.head(blockCut), in.tail(n-blockCut)
		copy(first, pt[:blockCut])
		copy(second, pt[blockCut:])
		o1, o2 := out.head(blockCut), out.tail(n-blockCut)
		m.CryptBlocks(o1, first)
		m.CryptBlocks(o2, second)
		if !bytes.Equal(o1, want[:blockCut]) || !bytes.Equal(o2, want[blockCut:]) {
			fail(d.name)
		}
		for _, atTail := range []bool{true, false} {
			at("%s in place, %d bytes, at tail %v", d.name, n, atTail)
			buf := in.edge(n, atTail)
			copy(buf, pt)
			d.new(p.block, iv).CryptBlocks(buf, buf)
			if !bytes.Equal(buf, want) {
				fail(d.name + " in place")
			}
		}
	}

	for _, atTail := range []bool{true, false} {
		at("EncryptBlocks and DecryptBlocks, %d bytes, at tail %v", n, atTail)
		src, dst := in.edge(n, atTail), out.edge(n, atTail)
		copy(src, pt)
		p.block.EncryptBlocks(dst, src)
		for j := 0; j < n; j += 16 {
			p.sb.Encrypt(wantKS[j:j+16], pt[j:j+16])
		}
		if !bytes.Equal(dst, wantKS) {
			fail("EncryptBlocks")
		}
		p.block.DecryptBlocks(src, dst)
		if !bytes.Equal(src, pt) {
			fail("DecryptBlocks")
		}
		if n == 16 {
			at("Encrypt and Decrypt, at tail %v", atTail)
			p.block.Encrypt(dst, src)
			p.block.Decrypt(dst, dst)
			if !bytes.Equal(dst, pt) {
				fail("Encrypt and Decrypt")
			}
		}
	}
}
