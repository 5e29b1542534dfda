package kernels

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/internal/impl"
)

// GCMKey is one key's GCM material: 512 + 488 + 16 + 8 = 1024 bytes, the
// allocator's 1024-byte size class. It holds no pointers, so the garbage
// collector never scans it, and a GCM made for one message pays for
// clearing and collecting all of it: it should not grow.
//
// The table starts the allocation and the round keys start at 512 bytes,
// both at multiples of 64, so that no 16-, 32- or 64-byte load of a key
// power or round key straddles two cache lines.
//
// The table comes first because vaes512's tails load their key powers with
// masked 64-byte loads whose unused lanes reach up to 48 bytes past the
// table's end. Those lanes are never read, but where they fall on a page
// the process has not written to lately the CPU takes a microcode assist
// on every such load (docs/notes.md has the cost). Allocations of this
// size class start at multiples of 1024 bytes, so with the table first
// those lanes fall on the round keys, inside the allocation, whatever its
// address. The kernels also take another path where such a load would
// cross a page, loading the slots that end with H^1; with this layout they
// never need it.
//
// Init builds the backend's whole table of H's powers at once. Building
// it only once a key had proved long-lived (starting new keys on a smaller
// table and publishing the wide one later) does not pay: the VAES
// backends' GHASHInit costs about what aesni's does, their kernels are as
// fast as aesni's or faster from 16 bytes up, and a second allocation
// costs more than one 512-byte table in this one. What a key used for one
// message does pay for is the size of this allocation, so that is what is
// kept small. (docs/notes.md has the measurements.)
type GCMKey struct {
	Table ghash.Table // H's powers, in the layout the backend's GHASH reads
	KS    aesround.Schedule
	H     [16]byte // E_K(0^128)
	_     [8]byte
}

// Init expands key (16, 24 or 32 bytes) on backend b and prepares the
// GHASH key.
func (k *GCMKey) Init(b *impl.Backend, key []byte) {
	Expand(b, &k.KS, key)
	k.initHash(b)
}

// InitSchedule copies an expanded key into k and prepares the GHASH key,
// for a GCM made from a cipher whose key is already expanded.
func (k *GCMKey) InitSchedule(b *impl.Backend, ks *aesround.Schedule) {
	k.KS = *ks
	k.initHash(b)
}

// initHash computes H = E_K(0^128) and the table of its powers.
func (k *GCMKey) initHash(b *impl.Backend) {
	k.H = [16]byte{}
	EncryptBlocks(b, &k.KS, k.H[:], k.H[:])
	GHASHInit(b, &k.Table, &k.H)
}

// GCM is what one GCM message runs on: the backend, the key material,
// whether the counter is public (a 12-byte nonce; see Seal) and the tag
// length. Its methods take a pointer and read the tag length from it: that
// keeps Seal's and Open's arguments to thirteen words, in registers. Passed
// by value, with the tag length as one more argument, seven of sixteen
// words go on the stack, which costs a short message measurably
// (docs/notes.md).
type GCM struct {
	B       *impl.Backend
	Key     *GCMKey
	Public  bool
	TagSize int
}

// standardNonceSize is the nonce length for which J0 = nonce || 0^31 || 1.
const standardNonceSize = 12

// Seal writes the ciphertext of plaintext and its tag of g.TagSize bytes
// to out, which is exactly len(plaintext)+g.TagSize long, for the nonce
// and the additional data aad. The caller has checked the lengths and
// overlaps.
//
// Four kernel calls make a message: GHASH of the additional data, one
// block encryption for the tag mask, the bulk kernel, GHASH of the length
// block. Everything the kernels read that Go writes (J0, the first counter,
// the length block) is stored before the first of them, and the counter
// for the bulk kernel is computed here rather than left by a counter-mode
// call on J0, which would also have to wait for it. Small-message speed is
// decided by such details: measure any change here end to end, alternating
// with the old code.
func (g *GCM) Seal(out, nonce, plaintext, aad []byte) {
	var ctr, tagMask, lengths, y [16]byte
	g.Counters(&ctr, &tagMask, nonce)
	PutLengths(&lengths, len(aad), uint64(len(plaintext)))
	GHASH(g.B, &g.Key.Table, &y, aad)
	EncryptBlocks(g.B, &g.Key.KS, tagMask[:], tagMask[:])
	Seal(g.B, &g.Key.KS, &g.Key.Table, &ctr, &y, out[:len(plaintext)], plaintext, g.Public)
	GHASH(g.B, &g.Key.Table, &y, lengths[:])
	XORBlock(&y, &tagMask)
	copy(out[len(plaintext):], y[:g.TagSize])
}

// Open decrypts ciphertext, which ends in a tag of g.TagSize bytes, into
// out, exactly len(ciphertext)-g.TagSize long, and reports whether the tag
// is right. If it is not, out is cleared: no unauthenticated plaintext is left
// behind. The kernel calls are Seal's, in Seal's order.
func (g *GCM) Open(out, nonce, ciphertext, aad []byte) bool {
	n := len(ciphertext) - g.TagSize
	var ctr, tagMask, lengths, y [16]byte
	g.Counters(&ctr, &tagMask, nonce)
	PutLengths(&lengths, len(aad), uint64(n))
	GHASH(g.B, &g.Key.Table, &y, aad)
	EncryptBlocks(g.B, &g.Key.KS, tagMask[:], tagMask[:])
	Open(g.B, &g.Key.KS, &g.Key.Table, &ctr, &y, out, ciphertext[:n], g.Public)
	GHASH(g.B, &g.Key.Table, &y, lengths[:])
	XORBlock(&y, &tagMask)
	if !TagEqual(&y, ciphertext[n:]) {
		clear(out)
		return false
	}
	return true
}

// Counters sets j0 to the first counter block J0, whose encryption is the
// tag mask, and ctr to J0+1, where the keystream starts. It returns J0's
// 32-bit counter field (the low 32 bits, big-endian), which GCM steps
// modulo 2^32 without carrying into the rest; it is stepped here without a
// branch, as for nonces other than 12 bytes it depends on the hash key.
func (g *GCM) Counters(ctr, j0 *[16]byte, nonce []byte) uint32 {
	if len(nonce) == standardNonceSize {
		// J0 = nonce || 0^31 || 1
		copy(j0[:], nonce)
		binary.BigEndian.PutUint32(j0[12:], 1)
		copy(ctr[:], nonce)
		binary.BigEndian.PutUint32(ctr[12:], 2)
		return 1
	}
	// J0 = GHASH(nonce || 0-padding || 0^64 || [len(nonce)]_64)
	clear(ctr[:])
	GHASH(g.B, &g.Key.Table, ctr, nonce)
	var lengths [16]byte
	binary.BigEndian.PutUint64(lengths[8:], uint64(len(nonce))*8)
	GHASH(g.B, &g.Key.Table, ctr, lengths[:])
	*j0 = *ctr
	c := binary.BigEndian.Uint32(ctr[12:])
	binary.BigEndian.PutUint32(ctr[12:], c+1)
	return c
}

// PutLengths writes GCM's length block: the bit lengths of the additional
// data and of the text, 64 bits each, big-endian.
func PutLengths(b *[16]byte, aadLen int, textLen uint64) {
	binary.BigEndian.PutUint64(b[:8], uint64(aadLen)*8)
	binary.BigEndian.PutUint64(b[8:], textLen*8)
}

// XORBlock sets y to y XOR m.
func XORBlock(y, m *[16]byte) {
	for i := 0; i < 16; i += 8 {
		binary.LittleEndian.PutUint64(y[i:], binary.LittleEndian.Uint64(y[i:])^binary.LittleEndian.Uint64(m[i:]))
	}
}

// TagEqual reports whether tag equals the first len(tag) bytes of y, in a
// time that depends only on len(tag). A full 16-byte tag is compared as
// two 64-bit words, without subtle.ConstantTimeCompare's byte loop.
func TagEqual(y *[16]byte, tag []byte) bool {
	if len(tag) == 16 {
		d := binary.LittleEndian.Uint64(y[:8]) ^ binary.LittleEndian.Uint64(tag[:8])
		d |= binary.LittleEndian.Uint64(y[8:]) ^ binary.LittleEndian.Uint64(tag[8:16])
		return d == 0
	}
	return subtle.ConstantTimeCompare(y[:len(tag)], tag) == 1
}
