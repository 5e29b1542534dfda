package vaes512

import "github.com/vaesgo/vaes/vec"

// gcmBytes is the batch of the stitched GCM loops: 16 blocks, four
// registers, one GHASH reduction (asm: gcmBytes).
const gcmBytes = 16 * powers

// stitched returns the between function of direction.rounds that spreads g
// over the middle rounds: register r of the data, from load(r), absorbed
// after middle round r for r < z, and the reduction after round z (asm:
// stitched).
func stitched(g *ghashSum, load func(r int) vec.Uint8x64, z int) func(i int) {
	return func(i int) {
		switch {
		case i < z:
			g.absorb(i, load(i))
		case i == z:
			g.finish()
		}
	}
}

// from returns the loader of consecutive registers of data.
func from(data []byte) func(r int) vec.Uint8x64 {
	return func(r int) vec.Uint8x64 { return vec.LoadUint8x64Slice(data[64*r:]) }
}

// gcmBatch encrypts the next four registers of counter blocks and XORs them
// with the first 256 bytes of src into dst; between, if not nil, runs the
// steps of a GHASH batch between the AES rounds (asm: gcmKernel.batch).
func gcmBatch(c *counter, k *roundKeys, between func(i int), dst, src []byte) {
	blocks := c.blocks(4)
	whiten(blocks, k)
	encryption.rounds(blocks, k, between)
	xorBlocks(blocks, src)
	storeBlocks(blocks, dst)
}

// sealModel is seal (asm: seal). Iteration i encrypts batch i and hashes
// the ciphertext of batch i-1; the last batch is hashed during the tail's
// rounds.
func sealModel(keys *[15][16]byte, rounds int, t *[64][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			sealShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	k := loadRoundKeys(keys, rounds)
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	done := 0 // bytes encrypted
	var pending []byte
	if len(src) >= gcmBytes {
		gcmBatch(&c, k, nil, dst, src)
		done = gcmBytes
		for len(src)-done >= gcmBytes {
			g := ghashSum{table: t, y: h}
			gcmBatch(&c, k, stitched(&g, from(dst[done-gcmBytes:]), 4), dst[done:], src[done:])
			h = g.y
			done += gcmBytes
		}
		pending = dst[done-gcmBytes : done]
	}
	h, m := sealTail(&c, k, t, h, pending, dst[done:], src[done:])
	c.store(ctr, m)
	storeHash(h, y)
}

// sealTail encrypts the last n = len(src) < 256 bytes in z = ceil(n/64)
// registers, the last through masks, and hashes them from the registers;
// pending, if not nil, is the previous batch's ciphertext, hashed between
// the tail's AES rounds. It returns the hash and the number of blocks
// used, ceil(n/16) (asm: sealTail).
func sealTail(c *counter, k *roundKeys, t *[64][16]byte, y vec.Uint64x8, pending, dst, src []byte) (vec.Uint64x8, int) {
	n := len(src)
	var between func(i int)
	g := ghashSum{table: t, y: y}
	if pending != nil {
		between = stitched(&g, from(pending), 4)
	}
	if n == 0 {
		if between != nil {
			for i := 0; i <= 4; i++ {
				between(i)
			}
		}
		return g.y, 0
	}
	z, m := (n+63)/64, (n+15)/16
	blocks := c.tail(z)
	whiten(blocks, k)
	encryption.rounds(blocks, k, between)
	xorBlocks(blocks[:z-1], src)
	storeBlocks(blocks[:z-1], dst)
	last := n - 64*(z-1)
	x := loadMasked(src[64*(z-1):], last).Xor(blocks[z-1])
	storeMasked(x, dst[64*(z-1):], last)
	blocks[z-1] = keepMasked(x, last)

	h := ghashSum{table: t, first: powers - m, y: g.y}
	for r, b := range blocks {
		h.absorb(r, b)
	}
	h.finish()
	return h.y, m
}

// openModel is open (asm: open). Iteration i hashes the ciphertext of
// batch i while it decrypts it; src and dst may be the same slice.
func openModel(keys *[15][16]byte, rounds int, t *[64][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			openShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	k := loadRoundKeys(keys, rounds)
	c := loadCounter(ctr, inc32)
	h := loadHash(y)
	for len(src) >= gcmBytes {
		g := ghashSum{table: t, y: h}
		gcmBatch(&c, k, stitched(&g, from(src), 4), dst, src)
		h = g.y
		src, dst = src[gcmBytes:], dst[gcmBytes:]
	}
	h, m := openTail(&c, k, t, h, dst, src)
	c.store(ctr, m)
	storeHash(h, y)
}

// openTail decrypts the last n = len(src) < 256 bytes in z = ceil(n/64)
// registers, the last through masks, and hashes the same registers of
// ciphertext between the AES rounds. Every load comes before the first
// store, so src and dst may be the same. It returns the hash and the number
// of blocks used, ceil(n/16) (asm: openTail).
func openTail(c *counter, k *roundKeys, t *[64][16]byte, y vec.Uint64x8, dst, src []byte) (vec.Uint64x8, int) {
	n := len(src)
	if n == 0 {
		return y, 0
	}
	z, m := (n+63)/64, (n+15)/16
	last := n - 64*(z-1)
	data := loadBlocks(src, z-1)
	data = append(data, loadMasked(src[64*(z-1):], last))
	g := ghashSum{table: t, first: powers - m, y: y}
	blocks := c.tail(z)
	whiten(blocks, k)
	encryption.rounds(blocks, k, stitched(&g, func(r int) vec.Uint8x64 { return data[r] }, z))
	for r := range blocks {
		blocks[r] = blocks[r].Xor(data[r])
	}
	storeBlocks(blocks[:z-1], dst)
	storeMasked(blocks[z-1], dst[64*(z-1):], last)
	return g.y, m
}
