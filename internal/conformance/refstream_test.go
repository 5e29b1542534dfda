package conformance

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"sync"
)

// The standard library has no piecewise or incremental GCM, so the
// battery's self-test gives it a plain reference built from crypto/aes and
// the bit-serial GHASH of gf128.go, byte at a time. It has the same
// contract (and panics) as the implementation under test.

// refParams remembers each AEAD the self-test built, with the key and
// sizes the reference needs.
var refParams sync.Map // cipher.AEAD -> refParamsOf

type refParamsOf struct {
	key                []byte
	nonceSize, tagSize int
}

// remember records the parameters of an AEAD built by stdlib().
func remember(a cipher.AEAD, err error, key []byte, nonceSize, tagSize int) (cipher.AEAD, error) {
	if err == nil {
		refParams.Store(a, refParamsOf{bytes.Clone(key), nonceSize, tagSize})
	}
	return a, err
}

func refStreaming() Streaming {
	return Streaming{
		SealPieces: refSealPieces,
		NewSealer: func(a cipher.AEAD, nonce, aad []byte) Sealer {
			return &refSealer{newRefStream(a, nonce, aad, true)}
		},
		NewOpener: func(a cipher.AEAD, nonce, aad []byte) Opener {
			return &refOpener{newRefStream(a, nonce, aad, false)}
		},
	}
}

func refSealPieces(a cipher.AEAD, dst, nonce []byte, pieces [][]byte, aad []byte) []byte {
	if len(nonce) != a.NonceSize() {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	var msg []byte
	for _, p := range pieces {
		msg = append(msg, p...)
	}
	n := len(dst)
	out := append(dst, make([]byte, len(msg)+a.Overhead())...)[n:]
	off := 0
	for _, p := range pieces {
		if len(p) > 0 && anyOverlap(out, p) && &out[off] != &p[0] {
			panic("crypto/cipher: invalid buffer overlap of output and input")
		}
		off += len(p)
	}
	if anyOverlap(out, aad) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
	return a.Seal(dst, nonce, msg, aad)
}

func anyOverlap(x, y []byte) bool {
	return len(x) > 0 && len(y) > 0 && (inexactOverlap(x, y) || &x[0] == &y[0])
}

type refStream struct {
	b       cipher.Block
	h, y    gfElem
	ctr     [16]byte
	tagMask [16]byte
	ks      [16]byte
	used    int    // keystream bytes of ks used; 16 when none is left
	part    []byte // ciphertext of the block in progress
	aadLen  int
	textLen int
	tagSize int
	done    bool
	sealing bool
}

func newRefStream(a cipher.AEAD, nonce, aad []byte, sealing bool) *refStream {
	v, ok := refParams.Load(a)
	if !ok {
		panic("conformance: AEAD not built by the self-test")
	}
	p := v.(refParamsOf)
	if len(nonce) != p.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	b, _ := aes.NewCipher(p.key)
	s := &refStream{b: b, used: 16, tagSize: p.tagSize, sealing: sealing, aadLen: len(aad)}
	var hb [16]byte
	b.Encrypt(hb[:], hb[:])
	s.h = gfLoad(hb[:])
	if len(nonce) == 12 {
		copy(s.ctr[:], nonce)
		s.ctr[15] = 1
	} else {
		j := s.absorb(gfElem{}, nonce)
		j = ghash(s.h, j, gfElem{lo: uint64(len(nonce)) * 8}.bytes())
		copy(s.ctr[:], j.bytes())
	}
	b.Encrypt(s.tagMask[:], s.ctr[:])
	s.inc()
	s.y = s.absorb(gfElem{}, aad)
	return s
}

// absorb hashes data, zero-padded to whole blocks, into y.
func (s *refStream) absorb(y gfElem, data []byte) gfElem {
	padded := append(bytes.Clone(data), make([]byte, (16-len(data)%16)%16)...)
	return ghash(s.h, y, padded)
}

func (s *refStream) inc() {
	binary.BigEndian.PutUint32(s.ctr[12:], binary.BigEndian.Uint32(s.ctr[12:])+1)
}

func (s *refStream) crypt(dst, src []byte) []byte {
	if n := len(dst); cap(dst)-n >= len(src) && inexactOverlap(dst[n:n+len(src)], src) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	out := make([]byte, len(src))
	for i := range src {
		if s.used == 16 {
			s.b.Encrypt(s.ks[:], s.ctr[:])
			s.inc()
			s.used = 0
		}
		in := src[i]
		c := in ^ s.ks[s.used]
		s.used++
		if s.sealing {
			s.part = append(s.part, c)
		} else {
			s.part = append(s.part, in)
		}
		out[i] = c
		if len(s.part) == 16 {
			s.y = ghash(s.h, s.y, s.part)
			s.part = s.part[:0]
		}
	}
	s.textLen += len(src)
	return append(dst, out...)
}

func (s *refStream) tag() []byte {
	y := s.absorb(s.y, s.part)
	var l [16]byte
	binary.BigEndian.PutUint64(l[:], uint64(s.aadLen)*8)
	binary.BigEndian.PutUint64(l[8:], uint64(s.textLen)*8)
	y = ghash(s.h, y, l[:])
	t := y.bytes()
	subtle.XORBytes(t, t, s.tagMask[:])
	return t
}

type refSealer struct{ s *refStream }

func (r *refSealer) Encrypt(dst, src []byte) []byte {
	if r.s.done {
		panic("vaes: Sealer.Encrypt called after Tag")
	}
	return r.s.crypt(dst, src)
}

func (r *refSealer) Tag(dst []byte) []byte {
	if r.s.done {
		panic("vaes: Sealer.Tag called twice")
	}
	r.s.done = true
	return append(dst, r.s.tag()[:r.s.tagSize]...)
}

type refOpener struct{ s *refStream }

func (r *refOpener) Decrypt(dst, src []byte) []byte {
	if r.s.done {
		panic("vaes: Opener.Decrypt called after Verify")
	}
	return r.s.crypt(dst, src)
}

func (r *refOpener) Verify(tag []byte) error {
	if r.s.done {
		panic("vaes: Opener.Verify called twice")
	}
	r.s.done = true
	want := r.s.tag()[:r.s.tagSize]
	if subtle.ConstantTimeCompare(want, tag) != 1 {
		return errors.New("cipher: message authentication failed")
	}
	return nil
}
