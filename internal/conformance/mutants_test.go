package conformance

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"math/bits"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The battery is only worth something if it fails on broken code. Each
// mutant below is the standard library with one defect (or, as a control,
// a plain reimplementation without one); TestMutants runs the part of the
// battery that should notice in a child process, and requires it to fail
// (or, for a control, to pass).

type mutant struct {
	mutate  func(Impl) Impl
	pattern string // -test.run pattern for the child, under TestStdlib
	fails   bool
	// unless, if set, says why the mutant is no defect on this platform.
	unless func() string
}

var mutants = map[string]mutant{
	"KeySizeErrorText": {func(i Impl) Impl {
		newCipher := i.NewCipher
		i.NewCipher = func(key []byte) (cipher.Block, error) {
			b, err := newCipher(key)
			if err != nil {
				return nil, errors.New("invalid key size")
			}
			return b, nil
		}
		return i
	}, "Block/BadKeySize", true, nil},
	"EncryptIgnoresOverlap": {func(i Impl) Impl {
		newCipher := i.NewCipher
		i.NewCipher = func(key []byte) (cipher.Block, error) {
			b, err := newCipher(key)
			return lenientBlock{b.(Blocks)}, err
		}
		return i
	}, "Block/AES-128/Encrypt$", true, nil},
	"EncryptBlocksIgnoresOverlap": {func(i Impl) Impl {
		newCipher := i.NewCipher
		i.NewCipher = func(key []byte) (cipher.Block, error) {
			b, err := newCipher(key)
			return lenientBlock{b.(Blocks)}, err
		}
		return i
	}, "Block/AES-192/EncryptBlocks", true, nil},
	"ECBWrongOnZeroPrefix": {func(i Impl) Impl {
		newCipher := i.NewCipher
		i.NewCipher = func(key []byte) (cipher.Block, error) {
			b, err := newCipher(key)
			return zeroPrefixBlock{b.(Blocks)}, err
		}
		return i
	}, "ACVP/ECB", true, nil},
	"CTRFullCarry":           {func(i Impl) Impl { return withRefCTR(i, true) }, "CTR/AES-256/CounterWrap|ACVP/CTR", false, nil},
	"CTRNoCarryIntoHighHalf": {func(i Impl) Impl { return withRefCTR(i, false) }, "CTR/AES-256/CounterWrap", true, nil},
	"CTRNoCarryACVP":         {func(i Impl) Impl { return withRefCTR(i, false) }, "ACVP/CTR", true, nil},
	"CBCWrittenOut":          {func(i Impl) Impl { return withRefCBC(i, cbcCorrect) }, "CBC|ACVP/CBC", false, nil},
	"CBCDropsChaining":       {func(i Impl) Impl { return withRefCBC(i, cbcDropsChaining) }, "CBC/AES-128/Encrypter/Pieces", true, nil},
	"CBCDropsChainingACVP":   {func(i Impl) Impl { return withRefCBC(i, cbcDropsChaining) }, "ACVP/CBC", true, nil},
	"CBCInPlaceChain":        {func(i Impl) Impl { return withRefCBC(i, cbcInPlaceChain) }, "CBC/AES-192/Decrypter/Lengths", true, nil},
	"CBCKeepsIVSlice":        {func(i Impl) Impl { return withRefCBC(i, cbcKeepsIVSlice) }, "CBC/AES-256/Encrypter/ArgumentsCopied", true, nil},
	"CBCWritesPastResult":    {func(i Impl) Impl { return withRefCBC(i, cbcWritesPast) }, "CBC/AES-128/Decrypter/Layouts", true, nil},
	"CBCPanicText":           {func(i Impl) Impl { return withRefCBC(i, cbcPanicText) }, "CBC/AES-128/Encrypter/Panics", true, nil},
	"CBCSetIVAnyLength":      {func(i Impl) Impl { return withRefCBC(i, cbcSetIVAnyLength) }, "CBC/AES-128/Decrypter/SetIV", true, nil},
	"CBCMethodAcceptsBadIV":  {func(i Impl) Impl { return withRefCBC(i, cbcMethodAcceptsBadIV) }, "CBC/BadIVLength", true, nil},
	"GCMInc32":               {func(i Impl) Impl { return withRefGCM(i, false) }, "GCM/AES-128/CounterWrap", false, nil},
	"GCMCounterCarries":      {func(i Impl) Impl { return withRefGCM(i, true) }, "GCM/AES-128/CounterWrap", true, nil},
	"OpenKeepsPlaintext": {func(i Impl) Impl {
		return wrapAEAD(i, func(a cipher.AEAD) cipher.AEAD { return leakyOpen{a} })
	}, "GCM/AES-128/NewGCM/Open", true, nil},
	"SealNonceText": {func(i Impl) Impl {
		return wrapAEAD(i, func(a cipher.AEAD) cipher.AEAD { return nonceTextSeal{a} })
	}, "GCM/AES-128/NewGCM/Seal", true, nil},
	"SealWritesPastResult": {func(i Impl) Impl {
		return wrapAEAD(i, func(a cipher.AEAD) cipher.AEAD { return overwritingSeal{a} })
	}, "GCM/AES-128/TagSize=13/Seal", true, nil},
	"ShortTagAssembly": {func(i Impl) Impl {
		// crypto/cipher's own assembly with a short tag, golang/go#80288.
		i.NewGCMWithTagSize = func(key []byte, n int) (cipher.AEAD, error) {
			b, err := aes.NewCipher(key)
			if err != nil {
				return nil, err
			}
			a, err := cipher.NewGCMWithTagSize(b, n)
			if err != nil {
				return nil, err
			}
			return roomySeal{a}, nil
		}
		return i
	}, "GCM/AES-128/TagSize=12/Seal", true, func() string {
		if !stdShortTagOverwrites() {
			return "crypto/cipher has no short-tag overwrite on this platform"
		}
		return ""
	}},
	"SealReadsHugeInput": {func(i Impl) Impl {
		return wrapAEAD(i, func(a cipher.AEAD) cipher.AEAD { return readingSeal{a} })
	}, "GCM/AES-128/MessageTooLarge", true, func() string {
		if bits.UintSize < 64 {
			return "no 64 GiB slices on this platform"
		}
		_, free, err := reserve(1 << 36)
		if err != nil {
			return "cannot reserve 64 GiB of address space here"
		}
		free()
		return ""
	}},
}

func TestMutants(t *testing.T) {
	if os.Getenv("CONFORMANCE_MUTANT") != "" {
		return // the child runs TestStdlib only
	}
	for name, m := range mutants {
		t.Run(name, func(t *testing.T) {
			if m.unless != nil {
				if why := m.unless(); why != "" {
					t.Skip(why)
				}
			}
			var run []string
			for _, p := range strings.Split(m.pattern, "|") {
				run = append(run, "^TestStdlib$/"+p)
			}
			cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(run, "|"), "-test.count=1", "-test.v")
			cmd.Env = append(os.Environ(), "CONFORMANCE_MUTANT="+name)
			out, err := cmd.CombinedOutput()
			if !bytes.Contains(out, []byte("=== RUN   TestStdlib/")) {
				t.Fatalf("the pattern ran nothing:\n%s", out)
			}
			if m.fails && err == nil {
				t.Errorf("the battery passed on a mutant it should catch:\n%s", tail(out))
			}
			if !m.fails && err != nil {
				t.Errorf("the battery failed on a correct implementation:\n%s", tail(out))
			}
		})
	}
}

func tail(b []byte) string {
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// mutantImpl returns the Impl TestStdlib runs: the standard library, or a
// mutant of it in a child of TestMutants.
func mutantImpl(t *testing.T) Impl {
	name := os.Getenv("CONFORMANCE_MUTANT")
	if name == "" {
		return stdlib()
	}
	m, ok := mutants[name]
	if !ok {
		t.Fatalf("unknown mutant %q", name)
	}
	return m.mutate(stdlib())
}

// stdShortTagOverwrites reports whether crypto/cipher's Seal with a 12-byte
// tag writes past its result (golang/go#80288), as its assembly does on
// some platforms.
func stdShortTagOverwrites() bool {
	b, _ := aes.NewCipher(make([]byte, 16))
	g, _ := cipher.NewGCMWithTagSize(b, 12)
	buf := bytes.Repeat([]byte{0xaa}, 64)
	out := g.Seal(buf[:0], make([]byte, 12), make([]byte, 1), nil)
	return !bytes.Equal(buf[len(out):], bytes.Repeat([]byte{0xaa}, 64-len(out)))
}

// roomySeal gives a Seal that would allocate its result 16 bytes to
// spare, so that what the short-tag assembly writes past the result lands
// in memory of its own, not in the next object on the heap. Where dst has
// room, in the battery's arenas, the writes stay for the battery to see.
type roomySeal struct{ cipher.AEAD }

func (a roomySeal) Seal(dst, nonce, pt, aad []byte) []byte {
	if n := len(pt) + a.Overhead(); cap(dst)-len(dst) < n {
		dst = append(make([]byte, 0, len(dst)+n+16), dst...)
	}
	return a.AEAD.Seal(dst, nonce, pt, aad)
}

// lenientBlock skips the overlap checks of Encrypt and EncryptBlocks.
type lenientBlock struct{ Blocks }

func (b lenientBlock) Encrypt(dst, src []byte) {
	if len(src) < 16 || len(dst) < 16 {
		b.Blocks.Encrypt(dst, src)
		return
	}
	var tmp [16]byte
	b.Blocks.Encrypt(tmp[:], src)
	copy(dst, tmp[:])
}

func (b lenientBlock) EncryptBlocks(dst, src []byte) {
	if len(src)%16 != 0 || len(dst) < len(src) {
		b.Blocks.EncryptBlocks(dst, src)
		return
	}
	for i := 0; i < len(src); i += 16 {
		b.Encrypt(dst[i:], src[i:])
	}
}

// zeroPrefixBlock gets the answer wrong when a block starts with a zero
// byte and ends with an even one.
type zeroPrefixBlock struct{ Blocks }

func (b zeroPrefixBlock) Encrypt(dst, src []byte) {
	wrong := len(src) >= 16 && src[0] == 0 && src[15]&1 == 0
	b.Blocks.Encrypt(dst, src)
	if wrong {
		dst[5] ^= 1
	}
}

// refCTR is CTR mode written out, with or without the carry from the low
// 64 bits of the counter into the high 64.
type refCTR struct {
	b       cipher.Block
	ctr     [16]byte
	ks      [16]byte
	used    int
	carry64 bool
}

func withRefCTR(i Impl, carry bool) Impl {
	i.NewCTR = func(key, iv []byte) (cipher.Stream, error) {
		if len(iv) != 16 {
			return nil, errors.New("bad IV length")
		}
		b, err := i.NewCipher(key)
		if err != nil {
			return nil, err
		}
		s := &refCTR{b: b, used: 16, carry64: carry}
		copy(s.ctr[:], iv)
		return s, nil
	}
	return i
}

func (s *refCTR) XORKeyStream(dst, src []byte) {
	if len(dst) < len(src) {
		panic("crypto/aes: len(dst) < len(src)")
	}
	if inexactOverlap(dst[:len(src)], src) {
		panic("crypto/aes: invalid buffer overlap")
	}
	for i := range src {
		if s.used == 16 {
			s.b.Encrypt(s.ks[:], s.ctr[:])
			lo := binary.BigEndian.Uint64(s.ctr[8:]) + 1
			binary.BigEndian.PutUint64(s.ctr[8:], lo)
			if lo == 0 && s.carry64 {
				binary.BigEndian.PutUint64(s.ctr[:8], binary.BigEndian.Uint64(s.ctr[:8])+1)
			}
			s.used = 0
		}
		dst[i] = src[i] ^ s.ks[s.used]
		s.used++
	}
}

// cbcDefect is the defect, if any, of a written-out CBC mode.
type cbcDefect int

const (
	cbcCorrect            cbcDefect = iota
	cbcDropsChaining                // every call starts from the IV again
	cbcInPlaceChain                 // decrypting, reads the chaining value from src after writing dst
	cbcKeepsIVSlice                 // keeps the caller's IV slice instead of copying it
	cbcWritesPast                   // writes one byte past the result when dst has room
	cbcPanicText                    // words the partial-block panic its own way
	cbcSetIVAnyLength               // SetIV accepts any length
	cbcMethodAcceptsBadIV           // NewCBCEncrypter and NewCBCDecrypter skip the IV check
)

// cbcBlock is a block cipher with NewCBCEncrypter and NewCBCDecrypter
// methods, which crypto/cipher's constructors call, returning refCBC.
type cbcBlock struct {
	Blocks
	defect cbcDefect
}

func withRefCBC(i Impl, d cbcDefect) Impl {
	newCipher := i.NewCipher
	i.NewCipher = func(key []byte) (cipher.Block, error) {
		b, err := newCipher(key)
		if err != nil {
			return nil, err
		}
		return cbcBlock{b.(Blocks), d}, nil
	}
	return i
}

func (b cbcBlock) NewCBCEncrypter(iv []byte) cipher.BlockMode { return b.newCBC(iv, false) }
func (b cbcBlock) NewCBCDecrypter(iv []byte) cipher.BlockMode { return b.newCBC(iv, true) }

func (b cbcBlock) newCBC(iv []byte, decrypt bool) cipher.BlockMode {
	if len(iv) != 16 && b.defect != cbcMethodAcceptsBadIV {
		if decrypt {
			panic("cipher.NewCBCDecrypter: IV length must equal block size")
		}
		panic("cipher.NewCBCEncrypter: IV length must equal block size")
	}
	m := &refCBC{b: b.Blocks, decrypt: decrypt, defect: b.defect}
	m.SetIV(iv)
	return m
}

// refCBC is CBC mode written out, one block at a time.
type refCBC struct {
	b       cipher.Block
	iv      []byte // the chaining value: buf, unless the defect says otherwise
	buf     [16]byte
	start   [16]byte // the last IV set
	in, out [16]byte
	decrypt bool
	defect  cbcDefect
}

func (m *refCBC) BlockSize() int { return 16 }

func (m *refCBC) SetIV(iv []byte) {
	if len(iv) != 16 && m.defect != cbcSetIVAnyLength && m.defect != cbcMethodAcceptsBadIV {
		panic("cipher: incorrect length IV")
	}
	copy(m.start[:], iv)
	if m.defect == cbcKeepsIVSlice {
		m.iv = iv
		return
	}
	m.buf = m.start
	m.iv = m.buf[:]
}

func (m *refCBC) CryptBlocks(dst, src []byte) {
	if len(src)%16 != 0 {
		if m.defect == cbcPanicText {
			panic("cbc: partial block")
		}
		panic("crypto/cipher: input not full blocks")
	}
	if len(dst) < len(src) {
		panic("crypto/cipher: output smaller than input")
	}
	if inexactOverlap(dst[:len(src)], src) {
		panic("crypto/cipher: invalid buffer overlap")
	}
	if m.defect == cbcDropsChaining {
		m.buf = m.start
	}
	in, out := m.in[:], m.out[:] // in the struct: passed to the block, arrays here would escape
	for i := 0; i < len(src); i += 16 {
		copy(in, src[i:])
		if m.decrypt {
			m.b.Decrypt(out, in)
			subtle.XORBytes(dst[i:i+16], out, m.iv)
			if m.defect == cbcInPlaceChain {
				copy(m.iv, src[i:i+16]) // overwritten by now if in place
				continue
			}
			copy(m.iv, in)
		} else {
			subtle.XORBytes(out, in, m.iv)
			m.b.Encrypt(dst[i:i+16], out)
			copy(m.iv, dst[i:i+16])
		}
	}
	if m.defect == cbcWritesPast && len(src) > 0 && cap(dst) > len(src) {
		dst[:len(src)+1][len(src)] ^= 1
	}
}

// refGCM is GCM written out for nonces of any length, with the counter
// increment either GCM's inc32 or, wrongly, a carry through the block.
type refGCM struct {
	b       cipher.Block
	h       gfElem
	ns      int
	carries bool
}

func withRefGCM(i Impl, carries bool) Impl {
	i.NewGCMWithNonceSize = func(key []byte, n int) (cipher.AEAD, error) {
		b, err := i.NewCipher(key)
		if err != nil {
			return nil, err
		}
		h := make([]byte, 16)
		b.Encrypt(h, h)
		return &refGCM{b: b, h: gfLoad(h), ns: n, carries: carries}, nil
	}
	return i
}

func (g *refGCM) NonceSize() int { return g.ns }
func (g *refGCM) Overhead() int  { return 16 }

func (g *refGCM) inc(ctr []byte) {
	for i := 15; i >= 0; i-- {
		ctr[i]++
		if ctr[i] != 0 || (!g.carries && i == 12) {
			return
		}
	}
}

func (g *refGCM) crypt(j0, dst, src []byte) {
	ctr := append([]byte(nil), j0...)
	ks := make([]byte, 16)
	for i := 0; i < len(src); i += 16 {
		g.inc(ctr)
		g.b.Encrypt(ks, ctr)
		subtle.XORBytes(dst[i:], src[i:min(i+16, len(src))], ks)
	}
}

func (g *refGCM) padded(b []byte) []byte {
	return append(append([]byte(nil), b...), make([]byte, (16-len(b)%16)%16)...)
}

func (g *refGCM) tag(j0, ct, aad []byte) []byte {
	lens := make([]byte, 16)
	binary.BigEndian.PutUint64(lens, uint64(len(aad))*8)
	binary.BigEndian.PutUint64(lens[8:], uint64(len(ct))*8)
	y := ghash(g.h, gfElem{}, append(append(g.padded(aad), g.padded(ct)...), lens...))
	mask := make([]byte, 16)
	g.b.Encrypt(mask, j0)
	return subtleXOR(y.bytes(), mask)
}

func subtleXOR(a, b []byte) []byte {
	out := make([]byte, len(a))
	subtle.XORBytes(out, a, b)
	return out
}

func (g *refGCM) j0(nonce []byte) []byte {
	if len(nonce) != g.ns {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	if len(nonce) == 12 {
		return append(append([]byte(nil), nonce...), 0, 0, 0, 1)
	}
	lens := make([]byte, 16)
	binary.BigEndian.PutUint64(lens[8:], uint64(len(nonce))*8)
	return ghash(g.h, gfElem{}, append(g.padded(nonce), lens...)).bytes()
}

func (g *refGCM) Seal(dst, nonce, pt, aad []byte) []byte {
	j0 := g.j0(nonce)
	ct := make([]byte, len(pt))
	g.crypt(j0, ct, pt)
	return append(append(dst, ct...), g.tag(j0, ct, aad)...)
}

func (g *refGCM) Open(dst, nonce, ct, aad []byte) ([]byte, error) {
	j0 := g.j0(nonce)
	if len(ct) < 16 {
		return nil, errors.New("cipher: message authentication failed")
	}
	body := ct[:len(ct)-16]
	if subtle.ConstantTimeCompare(g.tag(j0, body, aad), ct[len(body):]) != 1 {
		return nil, errors.New("cipher: message authentication failed")
	}
	pt := make([]byte, len(body))
	g.crypt(j0, pt, body)
	return append(dst, pt...), nil
}

// wrapAEAD applies w to the AEADs of every GCM constructor.
func wrapAEAD(i Impl, w func(cipher.AEAD) cipher.AEAD) Impl {
	wrap := func(a cipher.AEAD, err error) (cipher.AEAD, error) {
		if err != nil {
			return nil, err
		}
		return w(a), nil
	}
	newGCM, withNonce, withTag, random := i.NewGCM, i.NewGCMWithNonceSize, i.NewGCMWithTagSize, i.NewGCMWithRandomNonce
	i.NewGCM = func(key []byte) (cipher.AEAD, error) { return wrap(newGCM(key)) }
	i.NewGCMWithNonceSize = func(key []byte, n int) (cipher.AEAD, error) { return wrap(withNonce(key, n)) }
	i.NewGCMWithTagSize = func(key []byte, n int) (cipher.AEAD, error) { return wrap(withTag(key, n)) }
	i.NewGCMWithRandomNonce = func(key []byte) (cipher.AEAD, error) { return wrap(random(key)) }
	return i
}

// leakyOpen leaves bytes in dst's spare capacity when Open fails.
type leakyOpen struct{ cipher.AEAD }

func (a leakyOpen) Open(dst, nonce, ct, aad []byte) ([]byte, error) {
	out, err := a.AEAD.Open(dst, nonce, ct, aad)
	if err != nil && len(ct) > a.Overhead() && cap(dst)-len(dst) > 0 {
		dst[:len(dst)+1][len(dst)] = 0x55
	}
	return out, err
}

// nonceTextSeal words the wrong-nonce panic its own way.
type nonceTextSeal struct{ cipher.AEAD }

func (a nonceTextSeal) Seal(dst, nonce, pt, aad []byte) []byte {
	if len(nonce) != a.NonceSize() {
		panic("gcm: wrong nonce length")
	}
	return a.AEAD.Seal(dst, nonce, pt, aad)
}

// overwritingSeal writes one byte past the result when capacity allows.
type overwritingSeal struct{ cipher.AEAD }

func (a overwritingSeal) Seal(dst, nonce, pt, aad []byte) []byte {
	out := a.AEAD.Seal(dst, nonce, pt, aad)
	if cap(out) > len(out) {
		out[:len(out)+1][len(out)] ^= 1
	}
	return out
}

// readingSeal reads its plaintext before checking GCM's length limit.
type readingSeal struct{ cipher.AEAD }

var sink byte

func (a readingSeal) Seal(dst, nonce, pt, aad []byte) []byte {
	if len(pt) > 0 {
		sink ^= pt[len(pt)/2]
	}
	return a.AEAD.Seal(dst, nonce, pt, aad)
}
