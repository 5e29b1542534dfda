package conformance

import (
	"bufio"
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/crypto/xts"
)

// XTS is the XTS-AES of the root package: IEEE 1619 with ciphertext
// stealing, on data units of at least 16 bytes.
type XTS interface {
	Encrypt(dst, src []byte, sector uint64)
	Decrypt(dst, src []byte, sector uint64)
	EncryptTweak(dst, src []byte, tweak [16]byte)
	DecryptTweak(dst, src []byte, tweak [16]byte)
}

// The panics of the XTS methods. The standard library has no XTS, so
// there is no twin to compare against; these are the root package's words.
const (
	xtsShortInput  = "vaes: XTS input shorter than one block"
	xtsShortOutput = "vaes: XTS output smaller than input"
	xtsOverlap     = "vaes: XTS invalid buffer overlap"
)

// xtsKeySizes are the XTS key lengths: two AES-128, -192 or -256 keys.
var xtsKeySizes = []int{32, 48, 64}

// xtsLengths are the data unit lengths of the differential tests: every
// length from 16 to 2100 bytes, and the batch edges of every backend (8, 30,
// 32 and 64 blocks and their multiples, a block either side and a partial
// block past them), sectors of 512 and 4096 bytes and a length past 8 KiB.
func xtsLengths() []int {
	var ls []int
	for n := 16; n <= 2100; n++ {
		ls = append(ls, n)
	}
	for _, blocks := range []int{8 * 16, 30 * 4, 32 * 4, 64 * 2, 64 * 3, 256, 512} {
		for _, d := range []int{-17, -16, -1, 0, 1, 15, 16, 17} {
			if n := 16*blocks + d; n > 2100 {
				ls = append(ls, n)
			}
		}
	}
	return append(ls, 8192+16*64+7)
}

// xtsRef is XTS-AES on crypto/aes, written from IEEE 1619-2018 section 5
// one block at a time: the reference every backend is held to. Its own
// correctness rests on the standard's vectors (testXTSVectors runs it on
// them too) and on golang.org/x/crypto/xts for whole blocks.
type xtsRef struct{ k1, k2 cipher.Block }

func newXTSRef(t *testing.T, key []byte) xtsRef {
	t.Helper()
	r, err := xtsRefOf(key)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// xtsRefOf returns the reference for key, K1 || K2 of 32, 48 or 64 bytes.
func xtsRefOf(key []byte) (xtsRef, error) {
	k1, err := aes.NewCipher(key[:len(key)/2])
	if err != nil {
		return xtsRef{}, err
	}
	k2, err := aes.NewCipher(key[len(key)/2:])
	return xtsRef{k1, k2}, err
}

// mulAlpha multiplies the tweak by α: IEEE 1619's little-endian 128-bit
// value shifted left, with x^128 = x^7 + x^2 + x + 1 folded back.
func (xtsRef) mulAlpha(t *[16]byte) {
	carry := t[15] >> 7
	for i := 15; i > 0; i-- {
		t[i] = t[i]<<1 | t[i-1]>>7
	}
	t[0] <<= 1
	if carry != 0 {
		t[0] ^= 0x87
	}
}

// block is IEEE 1619's XTS-AES-blockEnc (or -blockDec): x ^ T through the
// cipher, ^ T.
func (r xtsRef) block(decrypt bool, t [16]byte, x []byte) []byte {
	var b [16]byte
	for i := range b {
		b[i] = x[i] ^ t[i]
	}
	if decrypt {
		r.k1.Decrypt(b[:], b[:])
	} else {
		r.k1.Encrypt(b[:], b[:])
	}
	for i := range b {
		b[i] ^= t[i]
	}
	return b[:]
}

// crypt returns XTS-AES-Enc (or -Dec) of src under tweak i, ciphertext
// stealing included (IEEE 1619-2018, 5.3.2 and 5.4.2).
func (r xtsRef) crypt(decrypt bool, i [16]byte, src []byte) []byte {
	var t [16]byte
	r.k2.Encrypt(t[:], i[:])
	m := len(src) / 16
	b := len(src) % 16
	out := make([]byte, 0, len(src))
	whole := m
	if b != 0 {
		whole = m - 1
	}
	for j := 0; j < whole; j++ {
		out = append(out, r.block(decrypt, t, src[16*j:])...)
		r.mulAlpha(&t)
	}
	if b == 0 {
		return out
	}
	last, partial := src[16*(m-1):16*m], src[16*m:]
	tNext := t
	r.mulAlpha(&tNext)
	first := t // the tweak of the last whole block's own position
	if decrypt {
		first, tNext = tNext, t
	}
	// Encryption: CC = Enc(P_{m-1}, T_{m-1}); C_m = CC[:b];
	// C_{m-1} = Enc(P_m || CC[b:], T_m). Decryption takes the tweaks the
	// other way round.
	cc := r.block(decrypt, first, last)
	pp := append(bytes.Clone(partial), cc[b:]...)
	out = append(out, r.block(decrypt, tNext, pp)...)
	return append(out, cc[:b]...)
}

//go:embed testdata/ieee1619-xts.txt
var ieee1619XTS string

// xtsVector is one vector of IEEE 1619's Annex B.
type xtsVector struct {
	number          int
	key, pt, ct     []byte
	tweak           [16]byte
	equalKeyHalves  bool
	sector          uint64
	tweakIsSector64 bool // the tweak fits Encrypt's uint64 sector
}

// xtsVectors parses testdata/ieee1619-xts.txt.
func xtsVectors(t *testing.T) []xtsVector {
	t.Helper()
	var vs []xtsVector
	sc := bufio.NewScanner(strings.NewReader(ieee1619XTS))
	sc.Buffer(nil, 1<<20)
	var v *xtsVector
	for sc.Scan() {
		field, value, _ := strings.Cut(sc.Text(), " ")
		if field == "" || strings.HasPrefix(field, "#") {
			continue
		}
		if field == "vector" {
			n, err := strconv.Atoi(value)
			if err != nil {
				t.Fatalf("ieee1619-xts.txt: %v", err)
			}
			vs = append(vs, xtsVector{number: n})
			v = &vs[len(vs)-1]
			continue
		}
		b, err := hex.DecodeString(value)
		if err != nil || v == nil {
			t.Fatalf("ieee1619-xts.txt: bad line %q", sc.Text())
		}
		switch field {
		case "key":
			v.key = b
			v.equalKeyHalves = bytes.Equal(b[:len(b)/2], b[len(b)/2:])
		case "tweak":
			v.tweak = [16]byte(b)
			v.sector = binary.LittleEndian.Uint64(b)
			v.tweakIsSector64 = binary.LittleEndian.Uint64(b[8:]) == 0
		case "pt":
			v.pt = b
		case "ct":
			v.ct = b
		default:
			t.Fatalf("ieee1619-xts.txt: unknown field %q", field)
		}
	}
	if len(vs) < 12 {
		t.Fatalf("ieee1619-xts.txt: %d vectors, want at least 12", len(vs))
	}
	return vs
}

// RunXTS checks XTS-AES on the implementation: IEEE 1619's vectors
// (ciphertext stealing included), a reference on crypto/aes with stealing
// over every length from 16 to 2100 bytes and the batch edges, with random
// tweaks in every byte, buffer offsets, in place and out of place, bytes
// around the output left alone; golang.org/x/crypto/xts on whole blocks;
// the key checks, every panic and concurrent use. (That the methods
// allocate nothing is the root package's TestXTSAllocs: the battery's own
// reference allocates.)
func RunXTS(t *testing.T, impl Impl) {
	t.Run("Vectors", func(t *testing.T) { testXTSVectors(t, impl) })
	t.Run("Keys", func(t *testing.T) { testXTSKeys(t, impl) })
	t.Run("Panics", func(t *testing.T) { testXTSPanics(t, impl) })
	for _, n := range xtsKeySizes {
		t.Run(fmt.Sprintf("XTS-AES-%d", n*4), func(t *testing.T) {
			key := newRand(t).bytes(n)
			x, err := impl.NewXTS(key)
			if err != nil {
				t.Fatal(err)
			}
			ref := newXTSRef(t, key)
			t.Run("Reference", func(t *testing.T) { testXTSReference(t, x, ref) })
			t.Run("XCrypto", func(t *testing.T) { testXTSXCrypto(t, x, key) })
			t.Run("Concurrent", func(t *testing.T) { testXTSConcurrent(t, x, ref) })
		})
	}
}

func testXTSVectors(t *testing.T, impl Impl) {
	for _, v := range xtsVectors(t) {
		what := fmt.Sprintf("vector %d (%d bytes)", v.number, len(v.pt))
		ref := newXTSRef(t, v.key)
		equal(t, what+": reference encryption", ref.crypt(false, v.tweak, v.pt), v.ct)
		equal(t, what+": reference decryption", ref.crypt(true, v.tweak, v.ct), v.pt)
		x, err := impl.NewXTS(v.key)
		if v.equalKeyHalves {
			if err == nil {
				t.Errorf("%s: NewXTS accepted a key with equal halves", what)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		out := make([]byte, len(v.pt))
		x.EncryptTweak(out, v.pt, v.tweak)
		equal(t, what+": EncryptTweak", out, v.ct)
		x.DecryptTweak(out, v.ct, v.tweak)
		equal(t, what+": DecryptTweak", out, v.pt)
		if v.tweakIsSector64 {
			x.Encrypt(out, v.pt, v.sector)
			equal(t, what+": Encrypt", out, v.ct)
			x.Decrypt(out, v.ct, v.sector)
			equal(t, what+": Decrypt", out, v.pt)
		}
	}
}

func testXTSKeys(t *testing.T, impl Impl) {
	for n := 0; n <= 80; n++ {
		key := make([]byte, n)
		for i := range key {
			key[i] = byte(i)
		}
		x, err := impl.NewXTS(key)
		switch n {
		case 32, 48, 64:
			if err != nil {
				t.Errorf("%d-byte key: %v", n, err)
			}
			// The same key in both halves must be refused, however long.
			half := key[:n/2]
			if _, err := impl.NewXTS(append(bytes.Clone(half), half...)); err == nil {
				t.Errorf("%d-byte key with equal halves accepted", n)
			}
			// Halves that differ in their last byte only are two keys.
			key2 := append(bytes.Clone(half), half...)
			key2[n-1] ^= 1
			if _, err := impl.NewXTS(key2); err != nil {
				t.Errorf("%d-byte key with halves differing in one bit: %v", n, err)
			}
		default:
			sameError(t, fmt.Sprintf("%d-byte key", n), err, aes.KeySizeError(n))
			if x != nil {
				t.Errorf("%d-byte key: non-nil XTS with an error", n)
			}
		}
	}
}

func testXTSPanics(t *testing.T, impl Impl) {
	x, err := impl.NewXTS(newRand(t).bytes(32))
	if err != nil {
		t.Fatal(err)
	}
	type method struct {
		name string
		f    func(dst, src []byte)
	}
	methods := []method{
		{"Encrypt", func(dst, src []byte) { x.Encrypt(dst, src, 7) }},
		{"Decrypt", func(dst, src []byte) { x.Decrypt(dst, src, 7) }},
		{"EncryptTweak", func(dst, src []byte) { x.EncryptTweak(dst, src, [16]byte{1}) }},
		{"DecryptTweak", func(dst, src []byte) { x.DecryptTweak(dst, src, [16]byte{1}) }},
	}
	wantPanic := func(what, want string, f func()) {
		t.Helper()
		p, msg := catch(f)
		switch {
		case !p:
			t.Errorf("%s: no panic, want %q", what, want)
		case msg != want:
			t.Errorf("%s: panic %q, want %q", what, msg, want)
		}
	}
	for _, m := range methods {
		// An empty data unit does nothing, as golang.org/x/crypto/xts's
		// methods do, whatever dst is.
		for _, dst := range [][]byte{nil, make([]byte, 32)} {
			if p, msg := catch(func() { m.f(dst, nil) }); p {
				t.Errorf("%s of 0 bytes into %d: panic %q, want nothing done", m.name, len(dst), msg)
			}
			if !bytes.Equal(dst, make([]byte, len(dst))) {
				t.Errorf("%s of 0 bytes wrote to dst", m.name)
			}
		}
		for n := 1; n < 16; n++ {
			dst := make([]byte, 32)
			wantPanic(fmt.Sprintf("%s of %d bytes", m.name, n), xtsShortInput, func() { m.f(dst, make([]byte, n)) })
			if !bytes.Equal(dst, make([]byte, 32)) {
				t.Errorf("%s of %d bytes wrote to dst before panicking", m.name, n)
			}
		}
		for _, n := range []int{16, 17, 31, 32, 100} {
			wantPanic(fmt.Sprintf("%s of %d bytes into %d", m.name, n, n-1), xtsShortOutput,
				func() { m.f(make([]byte, n-1), make([]byte, n)) })
			buf := make([]byte, 2*n)
			for _, d := range []int{1, 15, 16, n - 1} {
				if d <= 0 || d >= n {
					continue
				}
				wantPanic(fmt.Sprintf("%s of %d bytes, dst %d bytes after src", m.name, n, d), xtsOverlap,
					func() { m.f(buf[d:d+n], buf[:n]) })
				wantPanic(fmt.Sprintf("%s of %d bytes, dst %d bytes before src", m.name, n, d), xtsOverlap,
					func() { m.f(buf[:n], buf[d:d+n]) })
			}
			// A longer dst whose extra bytes overlap src is fine: only
			// dst[:len(src)] is written.
			if p, msg := catch(func() { m.f(buf[:2*n], buf[n:2*n]) }); p {
				t.Errorf("%s: dst[:len(src)] disjoint from src, rest of dst over src: panic %q", m.name, msg)
			}
		}
	}
}

// xtsCall is one direction of the API: with a sector number or a whole
// tweak.
type xtsCall struct {
	name    string
	decrypt bool
	run     func(x XTS, dst, src []byte, tweak [16]byte)
}

var xtsCalls = []xtsCall{
	{"EncryptTweak", false, func(x XTS, dst, src []byte, tw [16]byte) { x.EncryptTweak(dst, src, tw) }},
	{"DecryptTweak", true, func(x XTS, dst, src []byte, tw [16]byte) { x.DecryptTweak(dst, src, tw) }},
}

// testXTSReference holds both directions to the reference at every length
// of xtsLengths, in three placements that cycle with the length (out of
// place at offsets, out of place into a longer dst, in place), with random
// guard bytes around the output that must stay as they were.
func testXTSReference(t *testing.T, x XTS, ref xtsRef) {
	r := newRand(t)
	for _, n := range xtsLengths() {
		tweak := [16]byte(r.bytes(16))
		src := r.bytes(n)
		for _, c := range xtsCalls {
			want := ref.crypt(c.decrypt, tweak, src)
			place := (n + len(c.name)) % 3
			srcOff, dstOff := r.IntN(16), r.IntN(16)
			mem := r.bytes(dstOff + n + 32 + srcOff + n)
			orig := bytes.Clone(mem)
			dst := mem[dstOff : dstOff+n]
			in := mem[dstOff+n+32+srcOff:][:n]
			switch place {
			case 1:
				dst = mem[dstOff : dstOff+n+16] // a longer dst: only n bytes written
			case 2:
				in = dst
			}
			copy(in, src)
			c.run(x, dst, in, tweak)
			what := fmt.Sprintf("%s of %d bytes (placement %d, offsets %d/%d)", c.name, n, place, srcOff, dstOff)
			if !equal(t, what, dst[:n], want) {
				return
			}
			// Everything but dst[:n], and src when it is elsewhere, is as
			// it was.
			check := bytes.Clone(orig)
			copy(check[dstOff:], want)
			if place != 2 {
				copy(check[dstOff+n+32+srcOff:], src)
			}
			if !equal(t, what+": memory around the output", mem, check) {
				return
			}
		}
	}
}

// testXTSXCrypto holds Encrypt and Decrypt on whole blocks to
// golang.org/x/crypto/xts, which has no ciphertext stealing, with sector
// numbers in every byte.
func testXTSXCrypto(t *testing.T, x XTS, key []byte) {
	std, err := xts.NewCipher(aes.NewCipher, key)
	if err != nil {
		t.Fatal(err)
	}
	r := newRand(t)
	for n := 16; n <= 16*(2*64+3); n += 16 {
		sector := r.Uint64() >> (r.IntN(8) * 8)
		pt := r.bytes(n)
		want := make([]byte, n)
		std.Encrypt(want, pt, sector)
		got := make([]byte, n)
		x.Encrypt(got, pt, sector)
		if !equal(t, fmt.Sprintf("Encrypt of %d bytes, sector %#x", n, sector), got, want) {
			return
		}
		x.Decrypt(got, got, sector)
		if !equal(t, fmt.Sprintf("Decrypt in place of %d bytes, sector %#x", n, sector), got, pt) {
			return
		}
	}
}

// testXTSConcurrent uses one XTS from several goroutines at once; each call
// must give what the reference gives.
func testXTSConcurrent(t *testing.T, x XTS, ref xtsRef) {
	r := newRand(t)
	type job struct {
		tweak  [16]byte
		pt, ct []byte
	}
	jobs := make([]job, 32)
	for i := range jobs {
		j := job{tweak: [16]byte(r.bytes(16)), pt: r.bytes(16 + r.IntN(5000))}
		j.ct = ref.crypt(false, j.tweak, j.pt)
		jobs[i] = j
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 3 * len(jobs) {
				j := jobs[(k*5+w)%len(jobs)]
				out := make([]byte, len(j.pt))
				x.EncryptTweak(out, j.pt, j.tweak)
				if !bytes.Equal(out, j.ct) {
					errs <- fmt.Errorf("goroutine %d: EncryptTweak of %d bytes differs", w, len(j.pt))
					return
				}
				x.DecryptTweak(out, out, j.tweak)
				if !bytes.Equal(out, j.pt) {
					errs <- fmt.Errorf("goroutine %d: DecryptTweak of %d bytes differs", w, len(j.pt))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// XTSReference returns XTS-AES encryption (or decryption) of src, at least
// 16 bytes, under key (K1 || K2, 32, 48 or 64 bytes) and tweak, ciphertext
// stealing included: the battery's reference on crypto/aes, for the fuzz
// targets and the out-of-bounds tests.
func XTSReference(t *testing.T, key []byte, decrypt bool, tweak [16]byte, src []byte) []byte {
	return newXTSRef(t, key).crypt(decrypt, tweak, src)
}

// RaceEnabled reports whether the race detector is built in, under which
// allocation counts are meaningless: for the allocation tests outside the
// battery.
const RaceEnabled = raceEnabled
