package vaes_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// onEveryBackend runs f once per backend this CPU can run, with GCMs built
// on that backend.
func onEveryBackend(t *testing.T, f func(t *testing.T)) {
	for _, b := range impl.All() {
		t.Run(b.Name, func(t *testing.T) {
			if !b.Available {
				t.Skipf("%s: this CPU cannot run it", b.Name)
			}
			defer impl.Select(b)()
			f(t)
		})
	}
}

// streamLengths are the message lengths the piece and chunk tests use:
// every length up to three 8-block batches and a few past the wide
// backends' batch edges.
func streamLengths() []int {
	var ls []int
	for n := 0; n <= 3*128+17; n++ {
		ls = append(ls, n)
	}
	return append(ls, 16*30+1, 16*64-1, 16*64+1, 4096+3, 16384+15)
}

// split cuts n bytes into random lengths, with empty, 1-byte and
// block-splitting pieces among them.
func split(r *rand.Rand, n int) []int {
	var cuts []int
	for n > 0 {
		var k int
		switch r.IntN(4) {
		case 0:
			k = 0
		case 1:
			k = 1
		case 2:
			k = r.IntN(17)
		default:
			k = r.IntN(n + 1)
		}
		k = min(k, n)
		cuts = append(cuts, k)
		n -= k
	}
	return append(cuts, 0)
}

type stdGCM struct {
	key   []byte
	nonce []byte
	aad   []byte
	ref   cipher.AEAD
	g     *vaes.GCM
}

func newStdGCM(t *testing.T, r *rand.Rand, keyLen, nonceLen, tagLen int) stdGCM {
	t.Helper()
	s := stdGCM{key: make([]byte, keyLen), nonce: make([]byte, nonceLen), aad: make([]byte, r.IntN(40))}
	fill(r, s.key)
	fill(r, s.nonce)
	fill(r, s.aad)
	block, _ := aes.NewCipher(s.key)
	var err error
	switch {
	case tagLen != 16:
		s.ref, err = cipher.NewGCMWithTagSize(block, tagLen)
		if err == nil {
			s.g, err = vaes.NewGCMWithTagSize(s.key, tagLen)
		}
	default:
		s.ref, err = cipher.NewGCMWithNonceSize(block, nonceLen)
		if err == nil {
			s.g, err = vaes.NewGCMWithNonceSize(s.key, nonceLen)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

func TestSealPieces(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for _, n := range streamLengths() {
			params := [][3]int{{16, 12, 16}, {32, 12, 16}, {24, 12, 13}, {16, 8, 16}}
			p := params[n%len(params)]
			s := newStdGCM(t, r, p[0], p[1], p[2])
			msg := make([]byte, n)
			fill(r, msg)
			want := s.ref.Seal(nil, s.nonce, msg, s.aad)

			var pieces [][]byte
			off := 0
			for _, k := range split(r, n) {
				pieces = append(pieces, msg[off:off+k])
				off += k
			}
			prefix := []byte("prefix")
			got := s.g.SealPieces(prefix, s.nonce, pieces, s.aad)
			if !bytes.Equal(got[:len(prefix)], prefix) || !bytes.Equal(got[len(prefix):], want) {
				t.Fatalf("%d bytes in %d pieces: SealPieces differs from crypto/cipher's Seal", n, len(pieces))
			}

			// In place: every piece sits where its ciphertext goes.
			buf := make([]byte, n, n+s.g.Overhead())
			copy(buf, msg)
			var inPlace [][]byte
			off = 0
			for _, pc := range pieces {
				inPlace = append(inPlace, buf[off:off+len(pc)])
				off += len(pc)
			}
			if got := s.g.SealPieces(buf[:0], s.nonce, inPlace, s.aad); !bytes.Equal(got, want) {
				t.Fatalf("%d bytes in %d pieces, in place: SealPieces differs from Seal", n, len(pieces))
			}
		}
	})
}

func TestSealPiecesTLSRecord(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 4))
		s := newStdGCM(t, r, 16, 12, 16)
		for _, n := range []int{0, 1, 15, 16, 255, 1349, 16383} {
			payload := make([]byte, n)
			fill(r, payload)
			contentType := []byte{23}
			want := s.ref.Seal(nil, s.nonce, append(bytes.Clone(payload), contentType...), s.aad)
			got := s.g.SealPieces(nil, s.nonce, [][]byte{payload, contentType}, s.aad)
			if !bytes.Equal(got, want) {
				t.Errorf("payload %d + content type: SealPieces differs from Seal", n)
			}
		}
	})
}

func TestSealPiecesMisuse(t *testing.T) {
	key := make([]byte, 16)
	g, _ := vaes.NewGCM(key)
	nonce := make([]byte, 12)
	buf := make([]byte, 64, 128)
	cases := []struct {
		name string
		call func()
		want string
	}{
		{"short nonce", func() { g.SealPieces(nil, nonce[:11], [][]byte{buf}, nil) },
			"crypto/cipher: incorrect nonce length given to GCM"},
		{"piece shifted in output", func() { g.SealPieces(buf[:0], nonce, [][]byte{buf[1:17]}, nil) },
			"crypto/cipher: invalid buffer overlap of output and input"},
		{"second piece where the first goes", func() {
			g.SealPieces(buf[:0], nonce, [][]byte{buf[32:48], buf[0:16]}, nil)
		}, "crypto/cipher: invalid buffer overlap of output and input"},
		{"aad in output", func() { g.SealPieces(buf[:0], nonce, [][]byte{buf[:16]}, buf[20:24]) },
			"crypto/cipher: invalid buffer overlap of output and additional data"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if got := recover(); got != c.want {
					t.Errorf("panic %v, want %q", got, c.want)
				}
			}()
			c.call()
		})
	}
}

func TestSealerOpenerChunks(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for _, n := range streamLengths() {
			params := [][3]int{{16, 12, 16}, {32, 12, 16}, {24, 12, 14}, {16, 13, 16}}
			p := params[n%len(params)]
			s := newStdGCM(t, r, p[0], p[1], p[2])
			msg := make([]byte, n)
			fill(r, msg)
			want := s.ref.Seal(nil, s.nonce, msg, s.aad)

			sealer := s.g.NewSealer(s.nonce, s.aad)
			var sealed []byte
			off := 0
			for _, k := range split(r, n) {
				sealed = sealer.Encrypt(sealed, msg[off:off+k])
				off += k
			}
			sealed = sealer.Tag(sealed)
			if !bytes.Equal(sealed, want) {
				t.Fatalf("%d bytes: chunked Sealer differs from Seal", n)
			}

			// Open in place, in other chunks.
			ct := bytes.Clone(want[:n])
			tag := want[n:]
			opener := s.g.NewOpener(s.nonce, s.aad)
			off = 0
			for _, k := range split(r, n) {
				opener.Decrypt(ct[off:off], ct[off:off+k])
				off += k
			}
			if err := opener.Verify(tag); err != nil {
				t.Fatalf("%d bytes: Verify: %v", n, err)
			}
			if !bytes.Equal(ct, msg) {
				t.Fatalf("%d bytes: chunked Opener's plaintext differs", n)
			}

			// A changed ciphertext, tag or length fails.
			if n > 0 {
				bad := bytes.Clone(want[:n])
				bad[r.IntN(n)] ^= 1 << r.IntN(8)
				o := s.g.NewOpener(s.nonce, s.aad)
				o.Decrypt(nil, bad)
				if o.Verify(tag) == nil {
					t.Fatalf("%d bytes: Verify accepted a changed ciphertext", n)
				}
			}
			o := s.g.NewOpener(s.nonce, s.aad)
			o.Decrypt(nil, want[:n])
			if o.Verify(tag[:len(tag)-1]) == nil {
				t.Fatalf("%d bytes: Verify accepted a short tag", n)
			}
		}
	})
}

func TestSealerMisuse(t *testing.T) {
	g, _ := vaes.NewGCM(make([]byte, 16))
	nonce := make([]byte, 12)
	mustPanic := func(name, want string, f func()) {
		t.Helper()
		defer func() {
			if got := recover(); got != want {
				t.Errorf("%s: panic %v, want %q", name, got, want)
			}
		}()
		f()
	}
	s := g.NewSealer(nonce, nil)
	s.Tag(nil)
	mustPanic("Encrypt after Tag", "vaes: Sealer.Encrypt called after Tag", func() { s.Encrypt(nil, []byte{1}) })
	mustPanic("Tag twice", "vaes: Sealer.Tag called twice", func() { s.Tag(nil) })
	o := g.NewOpener(nonce, nil)
	if o.Verify(make([]byte, 16)) == nil {
		t.Error("Verify accepted a zero tag for an empty message")
	}
	mustPanic("Decrypt after Verify", "vaes: Opener.Decrypt called after Verify", func() { o.Decrypt(nil, []byte{1}) })
	mustPanic("short nonce", "crypto/cipher: incorrect nonce length given to GCM", func() { g.NewSealer(nonce[:4], nil) })
	buf := make([]byte, 32)
	mustPanic("inexact overlap", "crypto/cipher: invalid buffer overlap of output and input",
		func() { g.NewSealer(nonce, nil).Encrypt(buf[1:1], buf[:16]) })
}

func TestSealPiecesAllocs(t *testing.T) {
	onEveryBackend(t, func(t *testing.T) {
		g, _ := vaes.NewGCM(make([]byte, 16))
		nonce := make([]byte, 12)
		payload := make([]byte, 1350)
		pieces := [][]byte{payload, {23}}
		out := make([]byte, 0, 1400)
		if n := testing.AllocsPerRun(20, func() { g.SealPieces(out, nonce, pieces, nonce) }); n != 0 {
			t.Errorf("SealPieces: %v allocations per call, want 0", n)
		}
		s := g.NewSealer(nonce, nil)
		if n := testing.AllocsPerRun(20, func() { s.Encrypt(out, payload[:100]) }); n != 0 {
			t.Errorf("Sealer.Encrypt: %v allocations per call, want 0", n)
		}
	})
}
