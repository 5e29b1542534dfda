package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/conformance"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// The fuzz targets compare this package with crypto/aes and crypto/cipher
// on every backend this CPU can run, or on the one VAES_BACKEND forces. Their seed corpus is checked in under
// testdata/fuzz/<target>/ (see fuzz_corpus_test.go), so a plain go test
// runs every seed; scripts/fuzz.sh fuzzes each target on each backend.

// fuzzCase is a GCM call drawn from fuzz input: a header of four bytes
// chooses the key size, the nonce and tag sizes, the additional data
// length and the mode, and the rest supplies key, nonce, additional data
// and message, in that order (zeros when the input runs out).
type fuzzCase struct {
	key, nonce, aad, msg []byte
	nonceSize, tagSize   int
	mode                 byte
}

func parseFuzz(data []byte) fuzzCase {
	var h [4]byte
	copy(h[:], data)
	data = data[min(len(data), 4):]
	c := fuzzCase{nonceSize: 12, tagSize: 16, mode: h[3]}
	switch {
	case h[1]&0x80 != 0:
		c.nonceSize = 1 + int(h[1]&0x3f) // NewGCMWithNonceSize
	case h[1]&0x40 != 0:
		c.tagSize = 12 + int(h[1]&0x3f)%5 // NewGCMWithTagSize
	}
	take := func(n int) []byte {
		b := make([]byte, n)
		k := copy(b, data)
		data = data[k:]
		return b
	}
	c.key = take([]int{16, 24, 32}[int(h[0])%3])
	c.nonce = take(c.nonceSize)
	c.aad = take(min(int(h[2]), len(data)))
	c.msg = data
	return c
}

// std returns crypto/cipher's GCM for the case, from the one reference
// constructor (which keeps crypto/cipher off its short-tag assembly; see
// conformance.StdGCM).
func (c fuzzCase) std(t *testing.T) cipher.AEAD {
	a, err := conformance.StdGCM(c.key, c.nonceSize, c.tagSize)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestFuzzReferencesInBounds requires crypto/cipher's GCM that the fuzz
// targets compare with, for every key, nonce and tag size a header can
// choose, to stay within its output: with a short tag on a bare
// *aes.Block, Go 1.26's amd64 assembly writes past its result (see
// conformance.StdGCM) and fails here.
func TestFuzzReferencesInBounds(t *testing.T) {
	for _, h1 := range []byte{0, 0x80, 0x80 | 11, 0x80 | 15, 0x80 | 63, 0x40, 0x41, 0x42, 0x43, 0x44} {
		for h0 := range byte(3) {
			c := parseFuzz([]byte{h0, h1, 0, 0})
			if err := conformance.CheckSealBounds(c.std(t)); err != nil {
				t.Errorf("AES-%d, %d-byte nonce, %d-byte tag: %v", len(c.key)*8, c.nonceSize, c.tagSize, err)
			}
		}
	}
}

// ours returns this package's GCM for the case on every backend the
// fuzz targets cover (see fuzzBackends), by name.
func (c fuzzCase) ours(t *testing.T) map[string]*vaes.GCM {
	m := map[string]*vaes.GCM{}
	for _, b := range fuzzBackends() {
		restore := impl.Select(b)
		var g *vaes.GCM
		var err error
		switch {
		case c.nonceSize != 12:
			g, err = vaes.NewGCMWithNonceSize(c.key, c.nonceSize)
		case c.tagSize != 16:
			g, err = vaes.NewGCMWithTagSize(c.key, c.tagSize)
		default:
			g, err = vaes.NewGCM(c.key)
		}
		restore()
		if err != nil {
			t.Fatal(err)
		}
		m[b.Name] = g
	}
	return m
}

// fuzzBackends returns the backends the fuzz targets run on: only the
// active one when VAES_BACKEND is set (scripts/fuzz.sh fuzzes one backend
// at a time that way, and CI's forced-backend runs check each one's
// seeds), and otherwise every backend this CPU can run.
func fuzzBackends() []*impl.Backend {
	if os.Getenv("VAES_BACKEND") != "" {
		return []*impl.Backend{impl.Active()}
	}
	var bs []*impl.Backend
	for _, b := range impl.All() {
		if b.Available {
			bs = append(bs, b)
		}
	}
	return bs
}

var fuzzSeeds = [][]byte{
	{},
	{0, 0, 0, 0},
	[]byte("\x01\x00\x0dAAD and key and nonce and a message of some length"),
	[]byte("\x02\x85\x07\x01key key key key key key key key nonce+aad+msg"),
	[]byte("\x00\x43\x00\x03sixteen byte key123456789012" + string(make([]byte, 300))),
	append([]byte{1, 0x3f, 40, 1}, bytes.Repeat([]byte{0xa5}, 16*65+7)...),
}

// FuzzSeal compares Seal with crypto/cipher on every backend. With a
// 12-byte nonce, as most inputs have, Seal runs the bulk kernel with a
// public counter (SealPublic on the VAES backends), as in production; one
// that starts at 2 never wraps, so FuzzCTR calls it with any counter.
func FuzzSeal(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := parseFuzz(data)
		want := c.std(t).Seal(nil, c.nonce, c.msg, c.aad)
		for name, g := range c.ours(t) {
			if got := g.Seal(nil, c.nonce, c.msg, c.aad); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal = %x, want %x", name, got, want)
			}
			buf := append(make([]byte, 0, len(c.msg)+g.Overhead()), c.msg...)
			if got := g.Seal(buf[:0], c.nonce, buf, c.aad); !bytes.Equal(got, want) {
				t.Fatalf("%s: Seal in place = %x, want %x", name, got, want)
			}
		}
	})
}

// FuzzOpen compares Open with crypto/cipher on every backend. The mode
// byte chooses the ciphertext: the raw input (almost always refused), a
// genuine one sealed by crypto/cipher, or a genuine one with one bit
// flipped.
func FuzzOpen(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := parseFuzz(data)
		std := c.std(t)
		ct := c.msg
		if c.mode&1 != 0 {
			ct = std.Seal(nil, c.nonce, c.msg, c.aad)
			if c.mode&2 != 0 && len(ct) > 0 {
				i := int(c.mode>>2) % len(ct)
				ct[i] ^= 1 << (c.mode % 8)
			}
		}
		want, wantErr := std.Open(nil, c.nonce, ct, c.aad)
		for name, g := range c.ours(t) {
			got, err := g.Open(nil, c.nonce, ct, c.aad)
			if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
				t.Fatalf("%s: Open error %v, want %v", name, err, wantErr)
			}
			if !bytes.Equal(got, want) || (got == nil) != (want == nil) {
				t.Fatalf("%s: Open = %x, want %x", name, got, want)
			}
			buf := bytes.Clone(ct)
			got, err = g.Open(buf[:0], c.nonce, buf, c.aad)
			if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s: Open in place = %x, %v, want %x, %v", name, got, err, want, wantErr)
			}
			if err != nil && len(buf) >= g.Overhead() && !bytes.Equal(buf[:len(buf)-g.Overhead()], make([]byte, len(buf)-g.Overhead())) {
				t.Fatalf("%s: failed Open in place left %x in the output", name, buf[:len(buf)-g.Overhead()])
			}
		}
	})
}

// fuzzCuts turns cut bytes into lengths that add up to n: a byte below
// 0xc0 is a length of that many bytes, a byte from 0xc0 up a length of
// (byte-0xc0)·64 bytes (so whole batches of every backend are reachable),
// each cut at what is left. The last length takes the remainder; zero
// lengths are kept, since empty pieces and chunks are valid calls.
func fuzzCuts(n int, cuts []byte) []int {
	var ls []int
	for _, c := range cuts {
		k := int(c)
		if c >= 0xc0 {
			k = int(c-0xc0) * 64
		}
		k = min(k, n)
		ls = append(ls, k)
		n -= k
	}
	return append(ls, n)
}

// FuzzSealPieces compares SealPieces, and the chunked Sealer and Opener,
// with crypto/cipher's Seal of the whole message, on every backend. data
// is parsed as for FuzzSeal; cuts splits the message into pieces (see
// fuzzCuts), which are sealed out of place after a prefix already in dst,
// in place (each piece where its ciphertext goes), and chunk by chunk.
func FuzzSealPieces(f *testing.F) {
	f.Add([]byte("\x01\x00\x0dAAD and key and nonce and a message of some length"), []byte{3, 0, 16, 0xc1})
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		c := parseFuzz(data)
		std := c.std(t)
		want := std.Seal(nil, c.nonce, c.msg, c.aad)
		lens := fuzzCuts(len(c.msg), cuts)
		prefix := []byte("prefix")
		for name, g := range c.ours(t) {
			var pieces [][]byte
			for off, k := 0, 0; k < len(lens); off, k = off+lens[k], k+1 {
				pieces = append(pieces, c.msg[off:off+lens[k]])
			}
			got := g.SealPieces(bytes.Clone(prefix), c.nonce, pieces, c.aad)
			if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) {
				t.Fatalf("%s: SealPieces %v = %x, want %x after the prefix", name, lens, got, want)
			}

			buf := make([]byte, len(c.msg)+g.Overhead())
			copy(buf, c.msg)
			pieces = pieces[:0]
			for off, k := 0, 0; k < len(lens); off, k = off+lens[k], k+1 {
				pieces = append(pieces, buf[off:off+lens[k]])
			}
			if got := g.SealPieces(buf[:0], c.nonce, pieces, c.aad); !bytes.Equal(got, want) || &got[0] != &buf[0] {
				t.Fatalf("%s: SealPieces in place %v = %x, want %x in buf", name, lens, got, want)
			}

			s := g.NewSealer(c.nonce, c.aad)
			var sealed []byte
			for off, k := 0, 0; k < len(lens); off, k = off+lens[k], k+1 {
				sealed = s.Encrypt(sealed, c.msg[off:off+lens[k]])
			}
			if sealed = s.Tag(sealed); !bytes.Equal(sealed, want) {
				t.Fatalf("%s: Sealer in chunks %v = %x, want %x", name, lens, sealed, want)
			}

			o := g.NewOpener(c.nonce, c.aad)
			var opened []byte
			for off, k := 0, 0; k < len(lens); off, k = off+lens[k], k+1 {
				opened = o.Decrypt(opened, want[off:off+lens[k]])
			}
			if err := o.Verify(want[len(c.msg):]); err != nil || !bytes.Equal(opened, c.msg) {
				t.Fatalf("%s: Opener in chunks %v = %x, %v, want %x", name, lens, opened, err, c.msg)
			}
			if len(want) > 0 {
				bad := bytes.Clone(want)
				bad[int(c.mode)%len(bad)] ^= 0x80
				o := g.NewOpener(c.nonce, c.aad)
				o.Decrypt(nil, bad[:len(c.msg)])
				if o.Verify(bad[len(c.msg):]) == nil {
					t.Fatalf("%s: Opener accepted a damaged message", name)
				}
			}
		}
	})
}

// ctrCase is a CTR call drawn from fuzz input: a header byte chooses the
// key size, then come the key, the 16-byte IV and the message.
type ctrCase struct{ key, iv, msg []byte }

func parseCTR(data []byte) ctrCase {
	var h byte
	if len(data) > 0 {
		h, data = data[0], data[1:]
	}
	take := func(n int) []byte {
		b := make([]byte, n)
		k := copy(b, data)
		data = data[k:]
		return b
	}
	c := ctrCase{key: take([]int{16, 24, 32}[int(h)%3]), iv: take(16)}
	c.msg = data
	return c
}

// FuzzCTR compares NewCTR with crypto/cipher's CTR on every backend,
// feeding XORKeyStream the chunks cuts chooses, out of place and in place.
// On every backend with kernels it also calls the kernels themselves,
// through package kernels, on the whole message (the public API hands
// them whole blocks, or a 12-byte nonce's counter, only): see fuzzKernels.
func FuzzCTR(f *testing.F) {
	f.Add([]byte("\x00sixteen byte keyiv iv iv iv iv! a message"), []byte{1, 15, 0xc1})
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		c := parseCTR(data)
		blk, err := aes.NewCipher(c.key)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]byte, len(c.msg))
		cipher.NewCTR(blk, c.iv).XORKeyStream(want, c.msg)
		lens := fuzzCuts(len(c.msg), cuts)

		for _, b := range fuzzBackends() {
			restore := impl.Select(b)
			s1, err1 := vaes.NewCTR(c.key, c.iv)
			s2, err2 := vaes.NewCTR(c.key, c.iv)
			restore()
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: NewCTR: %v, %v", b.Name, err1, err2)
			}
			got := make([]byte, len(c.msg))
			inPlace := bytes.Clone(c.msg)
			for off, k := 0, 0; k < len(lens); off, k = off+lens[k], k+1 {
				s1.XORKeyStream(got[off:off+lens[k]], c.msg[off:off+lens[k]])
				s2.XORKeyStream(inPlace[off:off+lens[k]], inPlace[off:off+lens[k]])
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: XORKeyStream in chunks %v = %x, want %x", b.Name, lens, got, want)
			}
			if !bytes.Equal(inPlace, want) {
				t.Fatalf("%s: XORKeyStream in place in chunks %v = %x, want %x", b.Name, lens, inPlace, want)
			}
			if b.Std {
				continue
			}
			fuzzKernels(t, b, blk, c)
		}
	})
}

// FuzzCBC compares the CBC modes crypto/cipher builds on a *vaes.Cipher
// with crypto/aes's, on every backend, in both directions, out of place
// and in place. data is parsed as for FuzzCTR: a header byte, the key, the
// IV and the message, of which the whole blocks are used; a header with
// its top bit set also restarts the mode with SetIV (the IV reversed)
// after the first call. cuts splits the message into calls of whole
// blocks (fuzzCuts, counting blocks), and a last one-block call after them
// shows the chaining value they left.
func FuzzCBC(f *testing.F) {
	f.Add([]byte("\x01twenty-four byte key!!iv iv iv iv iv! a message of three block, long enough"), []byte{1, 0, 0xc1})
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		c := parseCTR(data)
		reset := len(data) > 0 && data[0]&0x80 != 0
		msg := c.msg[:len(c.msg)&^15]
		lens := fuzzCuts(len(msg)/16, cuts)
		iv2 := bytes.Clone(c.iv)
		slices.Reverse(iv2)
		blk, err := aes.NewCipher(c.key)
		if err != nil {
			t.Fatal(err)
		}
		// run feeds m the message in the calls lens gives, and returns
		// what they wrote followed by the output of the last call.
		run := func(m cipher.BlockMode, inPlace bool) []byte {
			out := make([]byte, len(msg)+16)
			in := msg
			if inPlace {
				copy(out, msg)
				in = out
			}
			for k, off := 0, 0; k < len(lens); off, k = off+16*lens[k], k+1 {
				if k == 1 && reset {
					m.(interface{ SetIV([]byte) }).SetIV(iv2)
				}
				m.CryptBlocks(out[off:off+16*lens[k]], in[off:off+16*lens[k]])
			}
			m.CryptBlocks(out[len(msg):], c.iv)
			return out
		}
		for _, d := range []struct {
			name string
			new  func(cipher.Block, []byte) cipher.BlockMode
		}{{"encrypting", cipher.NewCBCEncrypter}, {"decrypting", cipher.NewCBCDecrypter}} {
			want := run(d.new(blk, c.iv), false)
			for _, b := range fuzzBackends() {
				vc := cipherOn(t, b, c.key)
				for _, inPlace := range []bool{false, true} {
					if got := run(d.new(vc, c.iv), inPlace); !bytes.Equal(got, want) {
						t.Fatalf("%s: CBC %s in calls of %v blocks (SetIV after the first %v, in place %v) = %x, want %x (the last block from a call after them)",
							b.Name, d.name, lens, reset, inPlace, got, want)
					}
				}
			}
		}
	})
}

// fuzzKernels checks b's kernels on the case's key, with the IV as the
// counter block and the whole message, partial last block included: CTR128
// and CTR32, against keystreams built from crypto/aes one counter block at
// a time, and the counter they leave; Seal and Open, with a secret counter
// and with a public one (the kernels a 12-byte nonce's Seal and Open run,
// SealPublic and OpenPublic on the VAES backends), out of place and in
// place, against that keystream and the generic backend's GHASH; and the
// one-block kernels on the first block, against crypto/aes.
func fuzzKernels(t *testing.T, b *impl.Backend, blk cipher.Block, c ctrCase) {
	gen := impl.Lookup("generic")
	var key, ref kernels.GCMKey
	key.Init(b, c.key)
	ref.Init(gen, c.key)
	if key.KS != ref.KS || key.H != ref.H {
		t.Fatalf("%s: key schedule or hash key differs from the generic backend's", b.Name)
	}
	blocks := (len(c.msg) + 15) / 16
	var want32 []byte
	for _, wide := range []bool{true, false} {
		ctr := [16]byte(c.iv)
		want := make([]byte, len(c.msg))
		var kb [16]byte
		for i := 0; i < len(c.msg); i += 16 {
			blk.Encrypt(kb[:], ctr[:])
			for j := i; j < min(i+16, len(c.msg)); j++ {
				want[j] = c.msg[j] ^ kb[j-i]
			}
			fuzzIncrement(&ctr, wide, 1)
		}
		got := make([]byte, len(c.msg))
		kctr := [16]byte(c.iv)
		name := "CTR32"
		if wide {
			name = "CTR128"
			kernels.CTR128(b, &key.KS, &kctr, got, c.msg)
		} else {
			kernels.CTR32(b, &key.KS, &kctr, got, c.msg)
			want32 = want
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: %s of %d bytes = %x, want %x", b.Name, name, len(c.msg), got, want)
		}
		end := [16]byte(c.iv)
		fuzzIncrement(&end, wide, blocks)
		if kctr != end {
			t.Fatalf("%s: %s of %d bytes left the counter at %x, want %x", b.Name, name, len(c.msg), kctr, end)
		}
	}

	// Seal's GHASH absorbs its output, Open's its input; both output the
	// message XORed with the CTR32 keystream.
	end := [16]byte(c.iv)
	fuzzIncrement(&end, false, blocks)
	y0 := [16]byte(c.key[len(c.key)-16:])
	for _, open := range []bool{false, true} {
		wantY := y0
		if open {
			kernels.GHASH(gen, &ref.Table, &wantY, c.msg)
		} else {
			kernels.GHASH(gen, &ref.Table, &wantY, want32)
		}
		for _, public := range []bool{false, true} {
			for _, inPlace := range []bool{false, true} {
				ctr, y := [16]byte(c.iv), y0
				src := bytes.Clone(c.msg)
				dst := make([]byte, len(src))
				if inPlace {
					dst = src
				}
				name := "Seal"
				if open {
					name = "Open"
					kernels.Open(b, &key.KS, &key.Table, &ctr, &y, dst, src, public)
				} else {
					kernels.Seal(b, &key.KS, &key.Table, &ctr, &y, dst, src, public)
				}
				what := fmt.Sprintf("%s: %s (public counter %v, in place %v) of %d bytes", b.Name, name, public, inPlace, len(c.msg))
				if !bytes.Equal(dst, want32) {
					t.Fatalf("%s = %x, want %x", what, dst, want32)
				}
				if y != wantY || ctr != end {
					t.Fatalf("%s left GHASH state %x and counter %x, want %x and %x", what, y, ctr, wantY, end)
				}
			}
		}
	}

	if len(c.msg) < 16 {
		return
	}
	src := [16]byte(c.msg)
	var want, got [16]byte
	blk.Encrypt(want[:], src[:])
	if kernels.EncryptBlock(b, &key.KS, &got, &src); got != want {
		t.Fatalf("%s: EncryptBlock = %x, want %x", b.Name, got, want)
	}
	if kernels.DecryptBlock(b, &key.KS, &got, &got); got != src {
		t.Fatalf("%s: DecryptBlock in place = %x, want %x", b.Name, got, src)
	}
	blk.Decrypt(want[:], src[:])
	if kernels.DecryptBlock(b, &key.KS, &got, &src); got != want {
		t.Fatalf("%s: DecryptBlock = %x, want %x", b.Name, got, want)
	}
	if kernels.EncryptBlock(b, &key.KS, &got, &got); got != src {
		t.Fatalf("%s: EncryptBlock in place = %x, want %x", b.Name, got, src)
	}
}

// fuzzIncrement adds n to the counter block: the whole block as a 128-bit
// big-endian number if wide, else only its last 32 bits (GCM's inc32).
func fuzzIncrement(ctr *[16]byte, wide bool, n int) {
	lo := binary.BigEndian.Uint32(ctr[12:])
	sum := uint64(lo) + uint64(n)
	binary.BigEndian.PutUint32(ctr[12:], uint32(sum))
	if wide && sum>>32 != 0 {
		for i := 11; i >= 0; i-- {
			ctr[i]++
			if ctr[i] != 0 {
				break
			}
		}
	}
}
