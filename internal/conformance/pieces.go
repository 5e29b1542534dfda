package conformance

import (
	"bytes"
	"crypto/cipher"
	"testing"
)

// Sealer and Opener are the incremental interfaces of an AEAD: a message
// sealed or opened in chunks of any length.
type Sealer interface {
	Encrypt(dst, src []byte) []byte
	Tag(dst []byte) []byte
}

// Opener is the incremental opening interface; see Sealer.
type Opener interface {
	Decrypt(dst, src []byte) []byte
	Verify(tag []byte) error
}

// Streaming is how the battery reaches the piecewise and incremental
// interfaces of the AEADs an Impl's GCM constructors return.
type Streaming struct {
	SealPieces func(a cipher.AEAD, dst, nonce []byte, pieces [][]byte, additionalData []byte) []byte
	NewSealer  func(a cipher.AEAD, nonce, additionalData []byte) Sealer
	NewOpener  func(a cipher.AEAD, nonce, additionalData []byte) Opener
}

// streamShapes are the constructions the piecewise tests run on.
var streamShapes = []gcmShape{
	shapeStd,
	{name: "NonceSize=8", nonceSize: 8},
	{name: "NonceSize=13", nonceSize: 13},
	{name: "TagSize=12", tagSize: 12},
	{name: "TagSize=14", tagSize: 14},
}

// streamLengths are the message lengths the piecewise tests use: every
// length to three 8-block batches and beyond, and the wide batches' edges.
func streamLengths() []int {
	var ls []int
	for n := 0; n <= 3*128+17; n++ {
		ls = append(ls, n)
	}
	return append(ls, 16*16+1, 16*30+1, 16*64-1, 16*64+1, 4096+3, 16384+15)
}

// cuts splits n into random lengths, with empty, one-byte and
// block-splitting pieces among them, ending in an empty one.
func (r testRand) cuts(n int) []int {
	var cs []int
	for n > 0 {
		var k int
		switch r.IntN(4) {
		case 0:
		case 1:
			k = 1
		case 2:
			k = r.IntN(17)
		default:
			k = r.IntN(n + 1)
		}
		k = min(k, n)
		cs = append(cs, k)
		n -= k
	}
	return append(cs, 0)
}

// RunPieces checks SealPieces against crypto/cipher's Seal of the
// concatenated pieces: random splits, in place, misuse.
func RunPieces(t *testing.T, impl Impl) {
	forEachKeySize(t, func(t *testing.T, key []byte) {
		for _, s := range streamShapes {
			t.Run(s.name, func(t *testing.T) {
				got, want := s.build(t, impl, key)
				testPiecesSplits(t, impl, got, want)
			})
		}
	})
	t.Run("TLSRecord", func(t *testing.T) { testPiecesTLS(t, impl) })
	t.Run("Misuse", func(t *testing.T) { testPiecesMisuse(t, impl) })
}

func testPiecesSplits(t *testing.T, impl Impl, got, want cipher.AEAD) {
	r := newRand(t)
	nonce := make([]byte, want.NonceSize())
	for _, n := range streamLengths() {
		r.fill(nonce)
		aad := make([]byte, r.IntN(40))
		r.fill(aad)
		msg := make([]byte, n)
		r.fill(msg)
		sealed := want.Seal(nil, nonce, msg, aad)

		var pieces [][]byte
		off := 0
		for _, k := range r.cuts(n) {
			pieces = append(pieces, msg[off:off+k])
			off += k
		}
		prefix := []byte("prefix")
		out := impl.Streaming.SealPieces(got, prefix, nonce, pieces, aad)
		if !bytes.Equal(out[:len(prefix)], prefix) || !bytes.Equal(out[len(prefix):], sealed) {
			t.Fatalf("%d bytes in %d pieces: SealPieces differs from Seal", n, len(pieces))
		}

		// In place: every piece where its own ciphertext goes, with
		// canaries in the spare capacity past the result.
		buf := make([]byte, n+want.Overhead()+16)
		copy(buf, msg)
		for i := n + want.Overhead(); i < len(buf); i++ {
			buf[i] = 0xa5
		}
		var inPlace [][]byte
		off = 0
		for _, p := range pieces {
			inPlace = append(inPlace, buf[off:off+len(p)])
			off += len(p)
		}
		out = impl.Streaming.SealPieces(got, buf[:0], nonce, inPlace, aad)
		if !bytes.Equal(out, sealed) || &out[0] != &buf[0] {
			t.Fatalf("%d bytes in %d pieces, in place: SealPieces differs from Seal", n, len(pieces))
		}
		if !bytes.Equal(buf[len(out):], bytes.Repeat([]byte{0xa5}, 16)) {
			t.Fatalf("%d bytes in %d pieces: SealPieces wrote past its result", n, len(pieces))
		}
	}
}

// testPiecesTLS seals TLS 1.3 records: a payload and its content type.
func testPiecesTLS(t *testing.T, impl Impl) {
	r := newRand(t)
	key := make([]byte, 16)
	r.fill(key)
	got, want := shapeStd.build(t, impl, key)
	nonce := make([]byte, 12)
	for _, n := range []int{0, 1, 15, 16, 255, 1349, 16383} {
		payload := make([]byte, n)
		r.fill(payload)
		record := append(bytes.Clone(payload), 23)
		w := want.Seal(nil, nonce, record, nonce)
		g := impl.Streaming.SealPieces(got, nil, nonce, [][]byte{payload, {23}}, nonce)
		if !bytes.Equal(g, w) {
			t.Errorf("payload of %d bytes and a content type: SealPieces differs from Seal", n)
		}
	}
}

// testPiecesMisuse requires Seal's panics, applied to each piece.
func testPiecesMisuse(t *testing.T, impl Impl) {
	g, err := impl.NewGCM(make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, 12)
	buf := make([]byte, 64, 128)
	seal := func(dst []byte, nonce []byte, pieces [][]byte, aad []byte) func() {
		return func() { impl.Streaming.SealPieces(g, dst, nonce, pieces, aad) }
	}
	cases := []struct {
		name string
		call func()
		want string
	}{
		{"ShortNonce", seal(nil, nonce[:11], [][]byte{buf}, nil),
			"crypto/cipher: incorrect nonce length given to GCM"},
		{"PieceShiftedInOutput", seal(buf[:0], nonce, [][]byte{buf[1:17]}, nil),
			"crypto/cipher: invalid buffer overlap of output and input"},
		{"SecondPieceWhereFirstGoes", seal(buf[:0], nonce, [][]byte{buf[32:48], buf[0:16]}, nil),
			"crypto/cipher: invalid buffer overlap of output and input"},
		{"AdditionalDataInOutput", seal(buf[:0], nonce, [][]byte{buf[:16]}, buf[20:24]),
			"crypto/cipher: invalid buffer overlap of output and additional data"},
	}
	for _, c := range cases {
		if p, msg := catch(c.call); !p || msg != c.want {
			t.Errorf("%s: panicked %v with %q, want %q", c.name, p, msg, c.want)
		}
	}
}

// RunStream checks Sealer and Opener: every chunking of a message seals
// to what Seal returns and opens back; a changed message, tag or tag
// length fails Verify; misuse panics.
func RunStream(t *testing.T, impl Impl) {
	forEachKeySize(t, func(t *testing.T, key []byte) {
		for _, s := range streamShapes {
			t.Run(s.name, func(t *testing.T) {
				got, want := s.build(t, impl, key)
				testStreamChunks(t, impl, got, want)
			})
		}
	})
	t.Run("Misuse", func(t *testing.T) { testStreamMisuse(t, impl) })
}

func testStreamChunks(t *testing.T, impl Impl, got, want cipher.AEAD) {
	r := newRand(t)
	nonce := make([]byte, want.NonceSize())
	tagSize := want.Overhead()
	for _, n := range streamLengths() {
		r.fill(nonce)
		aad := make([]byte, r.IntN(40))
		r.fill(aad)
		msg := make([]byte, n)
		r.fill(msg)
		sealed := want.Seal(nil, nonce, msg, aad)

		s := impl.Streaming.NewSealer(got, nonce, aad)
		var out []byte
		off := 0
		for _, k := range r.cuts(n) {
			out = s.Encrypt(out, msg[off:off+k])
			off += k
		}
		if out = s.Tag(out); !bytes.Equal(out, sealed) {
			t.Fatalf("%d bytes: chunked Sealer differs from Seal", n)
		}

		// Open in place, in other chunks.
		ct, tag := bytes.Clone(sealed[:n]), sealed[n:]
		o := impl.Streaming.NewOpener(got, nonce, aad)
		off = 0
		for _, k := range r.cuts(n) {
			o.Decrypt(ct[off:off], ct[off:off+k])
			off += k
		}
		if err := o.Verify(tag); err != nil {
			t.Fatalf("%d bytes: Verify of a genuine message: %v", n, err)
		}
		if !bytes.Equal(ct, msg) {
			t.Fatalf("%d bytes: chunked Opener's plaintext differs", n)
		}

		if n > 0 {
			bad := bytes.Clone(sealed[:n])
			bad[r.IntN(n)] ^= 1 << r.IntN(8)
			o := impl.Streaming.NewOpener(got, nonce, aad)
			o.Decrypt(nil, bad)
			if o.Verify(tag) == nil {
				t.Fatalf("%d bytes: Verify accepted a changed ciphertext", n)
			}
		}
		badTag := bytes.Clone(tag)
		badTag[r.IntN(tagSize)] ^= 1 << r.IntN(8)
		for _, tg := range [][]byte{badTag, tag[:tagSize-1], append(bytes.Clone(tag), 0)} {
			o := impl.Streaming.NewOpener(got, nonce, aad)
			o.Decrypt(nil, sealed[:n])
			if o.Verify(tg) == nil {
				t.Fatalf("%d bytes: Verify accepted a wrong tag %x", n, tg)
			}
		}
	}
}

func testStreamMisuse(t *testing.T, impl Impl) {
	g, err := impl.NewGCM(make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, 12)
	mustPanic := func(name, want string, f func()) {
		t.Helper()
		if p, msg := catch(f); !p || msg != want {
			t.Errorf("%s: panicked %v with %q, want %q", name, p, msg, want)
		}
	}
	s := impl.Streaming.NewSealer(g, nonce, nil)
	s.Tag(nil)
	mustPanic("EncryptAfterTag", "vaes: Sealer.Encrypt called after Tag", func() { s.Encrypt(nil, []byte{1}) })
	mustPanic("TagTwice", "vaes: Sealer.Tag called twice", func() { s.Tag(nil) })
	o := impl.Streaming.NewOpener(g, nonce, nil)
	if o.Verify(make([]byte, 16)) == nil {
		t.Error("Verify accepted a zero tag for an empty message")
	}
	mustPanic("DecryptAfterVerify", "vaes: Opener.Decrypt called after Verify", func() { o.Decrypt(nil, []byte{1}) })
	mustPanic("VerifyTwice", "vaes: Opener.Verify called twice", func() { o.Verify(nil) })
	mustPanic("ShortNonce", "crypto/cipher: incorrect nonce length given to GCM",
		func() { impl.Streaming.NewSealer(g, nonce[:4], nil) })
	buf := make([]byte, 32)
	mustPanic("InexactOverlap", "crypto/cipher: invalid buffer overlap of output and input",
		func() { impl.Streaming.NewSealer(g, nonce, nil).Encrypt(buf[1:1], buf[:16]) })
}
