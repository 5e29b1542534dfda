package vaes

import (
	"crypto/subtle"

	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/kernels"
)

// A Sealer encrypts and authenticates one message that arrives in chunks,
// for data that does not fit in memory at once. The chunks' ciphertexts
// followed by Tag's output are exactly what Seal returns for the whole
// message.
//
// A message may hold at most 2^36-32 bytes (64 GiB less 32 bytes), as in
// Seal. The Encrypt that would take it past that panics, before it writes
// or allocates anything, and the Sealer is then unusable: every later
// Encrypt and Tag panics the same way, so that a message missing a chunk
// never gets a tag.
//
// A Sealer is not safe for concurrent use.
type Sealer struct{ s gcmStream }

// An Opener decrypts one message that arrives in chunks and checks its tag.
//
// Decrypt returns plaintext that is NOT yet authenticated: an attacker can
// change it at will, and nothing tells until Verify. Do not act on it, show
// it, or pass it on before Verify has returned nil; on an error, discard all
// of it. When the message fits in memory, Open is the safer choice.
//
// A message may hold at most 2^36-32 bytes. The Decrypt that would take it
// past that panics, before it writes or allocates anything; every later
// Decrypt panics the same way, and Verify returns an error.
//
// An Opener is not safe for concurrent use.
type Opener struct{ s gcmStream }

// NewSealer starts sealing a message under nonce, authenticating
// additionalData, which is read now and may be reused once NewSealer
// returns. The nonce must be NonceSize bytes and must never repeat under one
// key.
func (g *GCM) NewSealer(nonce, additionalData []byte) *Sealer {
	s := new(Sealer)
	s.s.start(g, nonce, additionalData)
	return s
}

// Encrypt appends the encryption of src, the next chunk of the message (of
// any length), to dst and returns the result, as Seal does. To encrypt in
// place, pass src[:0] as dst; otherwise dst's spare capacity must not
// overlap src. It panics after Tag, and if the message would grow too
// large (see Sealer).
func (s *Sealer) Encrypt(dst, src []byte) []byte {
	if s.s.done {
		panic("vaes: Sealer.Encrypt called after Tag")
	}
	s.s.checkLen(len(src))
	ret, out := sliceForAppend(dst, len(src))
	if alias.InexactOverlap(out, src) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	s.s.crypt(out, src, true)
	return ret
}

// Tag appends the authentication tag of the whole message to dst and
// returns the result. It ends the message: Encrypt and Tag panic after it.
// It panics after an Encrypt panicked because the message grew too large.
func (s *Sealer) Tag(dst []byte) []byte {
	if s.s.done {
		panic("vaes: Sealer.Tag called twice")
	}
	if s.s.tooLarge {
		panic("crypto/cipher: message too large for GCM")
	}
	tag := s.s.tag()
	return append(dst, tag[:s.s.g.tagSize]...)
}

// NewOpener starts opening a message sealed under nonce with
// additionalData, which is read now and may be reused once NewOpener
// returns. The nonce must be NonceSize bytes.
func (g *GCM) NewOpener(nonce, additionalData []byte) *Opener {
	o := new(Opener)
	o.s.start(g, nonce, additionalData)
	return o
}

// Decrypt appends the decryption of src, the next chunk of the ciphertext
// (without the tag), to dst and returns the result. The plaintext is
// unauthenticated until Verify returns nil: see Opener. To decrypt in place,
// pass src[:0] as dst; otherwise dst's spare capacity must not overlap src.
// It panics after Verify, and if the message would grow too large (see
// Opener).
func (o *Opener) Decrypt(dst, src []byte) []byte {
	if o.s.done {
		panic("vaes: Opener.Decrypt called after Verify")
	}
	o.s.checkLen(len(src))
	ret, out := sliceForAppend(dst, len(src))
	if alias.InexactOverlap(out, src) {
		panic("crypto/cipher: invalid buffer overlap of output and input")
	}
	o.s.crypt(out, src, false)
	return ret
}

// Verify checks tag, the last Overhead() bytes of the sealed message,
// against everything Decrypt has seen, and returns nil only if the message
// is genuine. On an error, every byte Decrypt returned must be discarded.
// It ends the message: Decrypt and Verify panic after it.
func (o *Opener) Verify(tag []byte) error {
	if o.s.done {
		panic("vaes: Opener.Verify called twice")
	}
	want := o.s.tag()
	if o.s.tooLarge || len(tag) != o.s.g.tagSize || subtle.ConstantTimeCompare(want[:len(tag)], tag) != 1 {
		return errOpen
	}
	return nil
}

// gcmStream is the state of one message being sealed or opened in chunks.
type gcmStream struct {
	g       *GCM
	k       kernels.GCM
	ctr     [BlockSize]byte // the next counter block
	tagMask [BlockSize]byte // E(J0)
	y       [BlockSize]byte // GHASH so far, of whole blocks only
	ks      [BlockSize]byte // keystream of the block in progress
	part    [BlockSize]byte // ciphertext of the block in progress, for GHASH
	n       int             // bytes of the block in progress done, 0..15
	aadLen  int
	textLen uint64 // bytes of text so far, at most gcmMaxPlaintext
	done    bool   // Tag or Verify has been called

	// tooLarge is set when a chunk would have taken the message past
	// gcmMaxPlaintext, which leaves the stream refusing everything.
	tooLarge bool
}

func (s *gcmStream) start(g *GCM, nonce, additionalData []byte) {
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	s.g = g
	s.k = g.msg(nonce)
	s.k.Counters(&s.ctr, &s.tagMask, nonce)
	kernels.GHASH(s.k.B, &s.k.Key.Table, &s.y, additionalData)
	kernels.EncryptBlocks(s.k.B, &s.k.Key.KS, s.tagMask[:], s.tagMask[:])
	s.aadLen = len(additionalData)
}

// checkLen panics, and leaves the stream refusing everything after, if n
// more bytes would take the message past gcmMaxPlaintext. It changes
// nothing else, so that it can run before the output is allocated.
func (s *gcmStream) checkLen(n int) {
	if s.tooLarge || uint64(n) > gcmMaxPlaintext-s.textLen {
		s.tooLarge = true
		panic("crypto/cipher: message too large for GCM")
	}
}

// crypt XORs src with the keystream into dst (len(dst) == len(src)) and
// absorbs the ciphertext, which is dst when sealing and src when opening.
// checkLen(len(src)) must have passed.
func (s *gcmStream) crypt(dst, src []byte, seal bool) {
	s.textLen += uint64(len(src))
	k := s.k
	// Finish the block a previous chunk left partial.
	for s.n > 0 && len(src) > 0 {
		in := src[0]
		out := in ^ s.ks[s.n]
		if seal {
			s.part[s.n] = out
		} else {
			s.part[s.n] = in
		}
		dst[0] = out
		dst, src = dst[1:], src[1:]
		if s.n++; s.n == BlockSize {
			kernels.GHASH(k.B, &k.Key.Table, &s.y, s.part[:])
			s.n = 0
		}
	}
	// Whole blocks through the bulk kernels.
	if m := len(src) &^ (BlockSize - 1); m > 0 {
		if seal {
			kernels.Seal(k.B, &k.Key.KS, &k.Key.Table, &s.ctr, &s.y, dst[:m], src[:m], k.Public)
		} else {
			kernels.Open(k.B, &k.Key.KS, &k.Key.Table, &s.ctr, &s.y, dst[:m], src[:m], k.Public)
		}
		dst, src = dst[m:], src[m:]
	}
	// Start a new partial block: keep its keystream for the next chunk and
	// its ciphertext for GHASH, which waits until the block is whole or
	// the message ends.
	if len(src) > 0 {
		clear(s.ks[:])
		kernels.CTR32(k.B, &k.Key.KS, &s.ctr, s.ks[:], s.ks[:])
		if !seal {
			copy(s.part[:], src)
		}
		subtle.XORBytes(dst, src, s.ks[:len(src)])
		if seal {
			copy(s.part[:], dst)
		}
		s.n = len(src)
	}
}

// tag ends the message and returns the full 16-byte tag, clearing the
// keystream and partial block it no longer needs.
func (s *gcmStream) tag() [BlockSize]byte {
	s.done = true
	k := s.k
	if s.n > 0 {
		kernels.GHASH(k.B, &k.Key.Table, &s.y, s.part[:s.n])
	}
	var lengths [BlockSize]byte
	kernels.PutLengths(&lengths, s.aadLen, s.textLen)
	kernels.GHASH(k.B, &k.Key.Table, &s.y, lengths[:])
	kernels.XORBlock(&s.y, &s.tagMask)
	t := s.y
	clear(s.ks[:])
	clear(s.part[:])
	clear(s.y[:])
	clear(s.tagMask[:])
	return t
}
