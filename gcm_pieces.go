package vaes

import (
	"encoding/binary"
	"math"

	"github.com/vaesgo/vaes/internal/alias"
	"github.com/vaesgo/vaes/internal/kernels"
)

// SealPieces is Seal of the concatenation of pieces, without copying them
// into one buffer first: TLS 1.3, for example, seals a record's payload
// followed by its one-byte content type. The result is exactly
// Seal(dst, nonce, concatenated pieces, additionalData).
//
// Seal's rules apply to each piece: a piece may be where its own ciphertext
// goes (to encrypt in place), and must not overlap the output anywhere else;
// the output must not overlap additionalData.
func (g *GCM) SealPieces(dst, nonce []byte, pieces [][]byte, additionalData []byte) []byte {
	if len(nonce) != g.nonceSize {
		panic("crypto/cipher: incorrect nonce length given to GCM")
	}
	var total uint64
	for _, p := range pieces {
		total += uint64(len(p))
		// (The second test matters where int is 32 bits: pieces may
		// share memory, so their lengths can add up past what a slice
		// can hold.)
		if total > gcmMaxPlaintext || total > uint64(math.MaxInt-g.tagSize) {
			panic("crypto/cipher: message too large for GCM")
		}
	}
	// The usual case, TLS's payload and content type: the first piece
	// holds the first head bytes, every block but the last, and the other
	// pieces complete the last block (1 to 16 bytes). It takes seal's
	// steps, with the last block's keystream made by the tag mask's block
	// encryption and its GHASH joined to the length block's. As in
	// sealPieces, the counters and the length block are stored before the
	// overlap checks, so that the block encryption and GHASH that read them
	// never wait for those stores.
	head := int((total - 1) &^ (BlockSize - 1))
	if len(pieces) < 2 || len(pieces[0]) < head || uint64(len(pieces[0])) >= total {
		return g.sealPieces(dst, nonce, pieces, total, additionalData)
	}
	k := g.msg(nonce)
	var ctr, y [BlockSize]byte
	var masks [2 * BlockSize]byte // E(J0), then the last block's keystream
	// The last block, padded, then the length block, in final; the block
	// before it takes what the gather below stores ahead of the last block.
	var buf [3 * BlockSize]byte
	final := (*[2 * BlockSize]byte)(buf[BlockSize:])
	c := k.Counters(&ctr, (*[BlockSize]byte)(masks[:BlockSize]), nonce)
	lastBlockCounter(&masks, c, uint64(head))
	kernels.PutLengths((*[BlockSize]byte)(final[BlockSize:]), len(additionalData), total)
	p := pieces[0]
	n := len(p) - head // bytes of the last block in the first piece, 0 to 15
	if len(p) >= BlockSize {
		// One 16-byte copy: the first piece's last 16 bytes, placed to
		// end where its part of the last block ends.
		*(*[BlockSize]byte)(buf[n:]) = *(*[BlockSize]byte)(p[len(p)-BlockSize:])
	} else {
		copy(final[:], p[head:])
	}
	for _, p := range pieces[1:] {
		for _, b := range p {
			final[n] = b
			n++
		}
	}
	// (Gathering after the bulk kernel instead, so that its GHASH loads
	// bytes not yet in the cache, measured 3-10% slower.)

	ret, out := sliceForAppend(dst, int(total)+g.tagSize)
	checkPieceOverlaps(out, pieces, additionalData)
	kernels.GHASH(k.B, &k.Key.Table, &y, additionalData)
	kernels.EncryptTwo(k.B, &k.Key.KS, &masks)
	encryptGathered(final, &masks, n)
	kernels.Seal(k.B, &k.Key.KS, &k.Key.Table, &ctr, &y, out[:head], pieces[0][:head], k.Public)
	if len(out)-head >= BlockSize {
		// The whole padded block fits before the end of the tag, which
		// is written after it.
		*(*[BlockSize]byte)(out[head:]) = *(*[BlockSize]byte)(final[:])
	} else {
		copy(out[head:], final[:n])
	}
	ghashGatheredLast(k, &y, final)
	kernels.XORBlock(&y, (*[BlockSize]byte)(masks[:BlockSize]))
	// Not one 16-byte copy: XORBlock has just stored y as two 8-byte
	// words, and a 16-byte load of them waits until they reach the cache
	// (no store forwarding), at the very end of the call. That made
	// SealPieces 2-6% slower on vaes512 and vaes256 (Intel Xeon model 207)
	// than copy, whose loads of 16 bytes are 8 bytes each. (The padded
	// block copied above went into final before the bulk kernel, long
	// before that 16-byte load of it.)
	copy(out[total:], y[:])
	return ret
}

// sealPieces is SealPieces for pieces of any lengths, total bytes in all.
func (g *GCM) sealPieces(dst, nonce []byte, pieces [][]byte, total uint64, additionalData []byte) []byte {
	k := g.msg(nonce)

	// Whole blocks of each piece go straight through the bulk kernel, and
	// so does the last piece whole when the message's last block lies
	// inside it. A block that straddles pieces is gathered in carry and
	// sealed on its own; if it is the last block (TLS's payload tail and
	// content type), it is instead sealed here, before the bulk kernel
	// runs, and its GHASH joins the length block's at the end.
	//
	// As in seal, everything the kernels read that Go writes is stored
	// before the first kernel call, here even before the overlap checks:
	// the last block's counter and its bytes, and the length block. Its
	// keystream comes from the same block encryption as the tag mask.
	// (Sealing that block with a one-block bulk-kernel call made SealPieces
	// take 1.3-1.4 times as long as Seal at 256 bytes, and CTR after the
	// bulk kernel, which waits on the counter the kernel leaves, 1.1-1.2
	// times.)
	last := len(pieces) - 1
	for last > 0 && len(pieces[last]) == 0 {
		last--
	}
	lastBlock := (total - 1) &^ (BlockSize - 1) // where the last block starts
	straddles := total > 0 && total-uint64(len(pieces[last])) > lastBlock

	var ctr, y [BlockSize]byte
	var masks [2 * BlockSize]byte // E(J0), then the last block's keystream
	var final [2 * BlockSize]byte // [the last block, padded,] length block
	c := k.Counters(&ctr, (*[BlockSize]byte)(masks[:BlockSize]), nonce)
	n, end, tail := BlockSize, total, final[BlockSize:]
	if straddles {
		lastBlockCounter(&masks, c, lastBlock)
		n, end, tail = 2*BlockSize, lastBlock, final[:]
		// Gather the last block's bytes from the end of the pieces.
		j := int(total - lastBlock)
		for i := last; j > 0; i-- {
			p := pieces[i]
			t := min(len(p), j)
			copy(final[j-t:j], p[len(p)-t:])
			j -= t
		}
	}
	kernels.PutLengths((*[BlockSize]byte)(final[BlockSize:]), len(additionalData), total)
	ret, out := sliceForAppend(dst, int(total)+g.tagSize)
	checkPieceOverlaps(out, pieces, additionalData)

	kernels.GHASH(k.B, &k.Key.Table, &y, additionalData)
	if n == BlockSize {
		kernels.EncryptBlocks(k.B, &k.Key.KS, masks[:n], masks[:n])
	} else {
		kernels.EncryptTwo(k.B, &k.Key.KS, &masks)
	}
	for j := range total - end {
		final[j] ^= masks[BlockSize+j]
	}

	var carry [BlockSize]byte
	nc, pos := 0, 0 // bytes in carry; where carry's first byte goes in out
	for i, p := range pieces[:last+1] {
		if rest := int(end) - pos - nc; len(p) > rest {
			p = p[:rest] // the last block is sealed already
		}
		if nc > 0 {
			taken := copy(carry[nc:], p)
			nc, p = nc+taken, p[taken:]
			if nc < BlockSize {
				continue
			}
			kernels.Seal(k.B, &k.Key.KS, &k.Key.Table, &ctr, &y, carry[:], carry[:], k.Public)
			copy(out[pos:], carry[:])
			pos, nc = pos+BlockSize, 0
		}
		m := len(p) &^ (BlockSize - 1)
		if i == last {
			m = len(p) // the kernel seals the message's partial last block
		}
		if m > 0 {
			kernels.Seal(k.B, &k.Key.KS, &k.Key.Table, &ctr, &y, out[pos:pos+m], p[:m], k.Public)
			pos, p = pos+m, p[m:]
		}
		nc = copy(carry[:], p)
	}
	copy(out[end:total], final[:])
	if straddles {
		ghashGatheredLast(k, &y, &final)
	} else {
		kernels.GHASH(k.B, &k.Key.Table, &y, tail)
	}
	kernels.XORBlock(&y, (*[BlockSize]byte)(masks[:BlockSize]))
	copy(out[total:], y[:g.tagSize])
	return ret
}

// checkPieceOverlaps applies Seal's overlap rules to each piece and to the
// additional data.
func checkPieceOverlaps(out []byte, pieces [][]byte, additionalData []byte) {
	off := 0
	for _, p := range pieces {
		if alias.AnyOverlap(out, p) && &out[off] != &p[0] {
			panic("crypto/cipher: invalid buffer overlap of output and input")
		}
		off += len(p)
	}
	if alias.AnyOverlap(out, additionalData) {
		panic("crypto/cipher: invalid buffer overlap of output and additional data")
	}
}

// lastBlockCounter sets the second block of masks to the counter of the
// block that starts at byte at of the message: J0, in the first block of
// masks with c its 32-bit counter field, stepped by 1+at/16. The step is
// made without a branch, as the counter may be secret (for nonces other
// than 12 bytes).
func lastBlockCounter(masks *[2 * BlockSize]byte, c uint32, at uint64) {
	copy(masks[BlockSize:BlockSize+12], masks[:12])
	binary.BigEndian.PutUint32(masks[BlockSize+12:], c+1+uint32(at/BlockSize))
}

// ghashGatheredLast absorbs final: a gathered last block, zero-padded, and
// the length block.
func ghashGatheredLast(k kernels.GCM, y *[BlockSize]byte, final *[2 * BlockSize]byte) {
	kernels.GHASH(k.B, &k.Key.Table, y, final[:])
}

// encryptGathered XORs the first n bytes of final (1 to 16, a public
// length) with the keystream in the second block of masks, as two 64-bit
// words; the bytes after the first n, zero, stay zero.
func encryptGathered(final *[2 * BlockSize]byte, masks *[2 * BlockSize]byte, n int) {
	bits := uint(n) * 8
	lo := binary.LittleEndian.Uint64(masks[BlockSize:]) & (1<<bits - 1)
	hi := binary.LittleEndian.Uint64(masks[BlockSize+8:]) & (^uint64(0) >> (128 - bits))
	binary.LittleEndian.PutUint64(final[:8], binary.LittleEndian.Uint64(final[:8])^lo)
	binary.LittleEndian.PutUint64(final[8:16], binary.LittleEndian.Uint64(final[8:16])^hi)
}
