package vaes512

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// gcmBytes is the batch of the stitched GCM loops: 16 blocks, four
// registers (asm: gcmBytes). Two batches share one GHASH reduction.
const gcmBytes = 256

// gcmCounter is the counter of the GCM loops (asm: gcmCounter): the blocks
// ctr, ctr+1, ctr+2, ctr+3 in their own byte order, one per lane, and the
// 32-bit counter of lane 0 as an integer, low. While the last byte of the
// block does not wrap within a batch, which low's low byte tells, the
// batch's counter blocks are be plus a constant in that byte: one VPADDD
// each, no byte shuffle. One batch in 16 goes the long way round through
// the byte-reversed form, where a lane-wise add carries.
type gcmCounter struct {
	be  vec.Uint8x64
	low uint32
}

// beStep returns the register that adds k to the last byte of every block,
// k <= 16 (asm: emit.Repeated "beStep<k>").
func beStep(k int) vec.Uint8x64 {
	var b [16]byte
	b[15] = byte(k)
	return lanes(b, b, b, b)
}

// loadGCMCounter loads the counter block (asm: loadGCMCounter): the four
// lanes through the byte-reversed form, and the low 32 bits into a
// general-purpose register.
func loadGCMCounter(ctr *[16]byte) gcmCounter {
	c := loadCounter(ctr, inc32)
	return gcmCounter{be: reverse(c.reg), low: uint32(ctr[12])<<24 | uint32(ctr[13])<<16 | uint32(ctr[14])<<8 | uint32(ctr[15])}
}

// blocks returns the next four registers of counter blocks, whitened with
// round key 0, and advances the counter by 16 (asm: gcmCounter.blocks).
func (c *gcmCounter) blocks(k *roundKeys) []vec.Uint8x64 {
	blocks := make([]vec.Uint8x64, 4)
	if c.low&0xff <= 0xff-19 {
		// No block of this batch, nor of the next batch's be (lanes
		// low+16..low+19), carries out of the last byte.
		for r := range blocks {
			blocks[r] = c.be
			if r > 0 {
				blocks[r] = inc32.wide(c.be, beStep(4*r))
			}
		}
		c.be = inc32.wide(c.be, beStep(16))
	} else {
		le := reverse(c.be)
		for r := range blocks {
			blocks[r] = c.be
			if r > 0 {
				blocks[r] = reverse(inc32.wide(le, laneAdd(4*r)))
			}
		}
		c.be = reverse(inc32.wide(le, laneAdd(16)))
	}
	c.low += 16
	whiten(blocks, k)
	return blocks
}

// laneAdd returns tables.CounterAdd(k) in every lane (asm: emit.Repeated
// "laneAdd<k>").
func laneAdd(k int) vec.Uint8x64 {
	a := tables.CounterAdd(uint32(k))
	return lanes(a, a, a, a)
}

// tail returns the next n registers of counter blocks through the
// byte-reversed form, not whitened, leaving the counter where it is (asm:
// gcmCounter.tail).
func (c *gcmCounter) tail(n int) []vec.Uint8x64 {
	t := counter{reg: reverse(c.be), add: inc32}
	return t.blocks(n)
}

// store writes the counter advanced by m blocks (asm: gcmCounter.store):
// its last four bytes, big-endian, from low.
func (c *gcmCounter) store(ctr *[16]byte, m int) {
	v := c.low + uint32(m)
	ctr[12], ctr[13], ctr[14], ctr[15] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
}

// stitched returns the between function of direction.rounds that spreads
// four registers of GHASH over the middle rounds: register first+i, from
// load(i), absorbed after middle round i for i < z, and, if finish, the
// reduction after round z (asm: stitched).
func stitched(g *ghashSum, first int, load func(i int) vec.Uint8x64, z int, finish bool) func(i int) {
	return func(i int) {
		switch {
		case i < z:
			g.absorb(first+i, load(i))
		case i == z && finish:
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
// steps of GHASH between the AES rounds (asm: gcmKernel.batch).
func gcmBatch(c *gcmCounter, k *roundKeys, between func(i int), dst, src []byte) {
	blocks := c.blocks(k)
	encryption.rounds(blocks, k, between)
	xorBlocks(blocks, src)
	storeBlocks(blocks, dst)
}

// sealModel is seal (asm: seal). Each batch of the loop hashes the
// ciphertext of the batch before it: pairs of batches, with one reduction
// for both hashes, while 512 bytes remain, then one batch if 256 remain.
// The ciphertext of the last batch is hashed between the tail's rounds.
func sealModel(keys *[15][16]byte, rounds int, t *[64][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			sealShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	k := loadRoundKeys(keys, rounds)
	c := loadGCMCounter(ctr)
	h := loadHash(y)
	done := 0 // bytes encrypted
	var pending []byte
	if len(src) >= gcmBytes {
		gcmBatch(&c, k, nil, dst, src)
		done = gcmBytes
		for len(src)-done >= 2*gcmBytes {
			g := ghashSum{table: t, y: h}
			gcmBatch(&c, k, stitched(&g, 0, from(dst[done-gcmBytes:]), 4, false), dst[done:], src[done:])
			gcmBatch(&c, k, stitched(&g, 4, from(dst[done:]), 4, true), dst[done+gcmBytes:], src[done+gcmBytes:])
			h = g.y
			done += 2 * gcmBytes
		}
		if len(src)-done >= gcmBytes {
			g := ghashSum{table: t, first: powers / 2, y: h}
			gcmBatch(&c, k, stitched(&g, 0, from(dst[done-gcmBytes:]), 4, true), dst[done:], src[done:])
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
func sealTail(c *gcmCounter, k *roundKeys, t *[64][16]byte, y vec.Uint64x8, pending, dst, src []byte) (vec.Uint64x8, int) {
	n := len(src)
	g := ghashSum{table: t, first: powers / 2, y: y}
	if n == 0 {
		if pending != nil {
			y = ghashRegs(t, y, pending, 4)
		}
		return y, 0
	}
	var between func(i int)
	if pending != nil {
		between = stitched(&g, 0, from(pending), 4, true)
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

// openModel is open (asm: open). Each batch hashes its own ciphertext while
// it decrypts it: pairs of batches, with one reduction for both hashes,
// while 512 bytes remain, then one batch if 256 remain. src and dst may be
// the same slice.
func openModel(keys *[15][16]byte, rounds int, t *[64][16]byte, ctr, y *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			openShort(keys, rounds, t, ctr, y, dst, src)
		}
		return
	}
	k := loadRoundKeys(keys, rounds)
	c := loadGCMCounter(ctr)
	h := loadHash(y)
	for len(src) >= 2*gcmBytes {
		g := ghashSum{table: t, y: h}
		gcmBatch(&c, k, stitched(&g, 0, from(src), 4, false), dst, src)
		gcmBatch(&c, k, stitched(&g, 4, from(src[gcmBytes:]), 4, true), dst[gcmBytes:], src[gcmBytes:])
		h = g.y
		src, dst = src[2*gcmBytes:], dst[2*gcmBytes:]
	}
	if len(src) >= gcmBytes {
		g := ghashSum{table: t, first: powers / 2, y: h}
		gcmBatch(&c, k, stitched(&g, 0, from(src), 4, true), dst, src)
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
func openTail(c *gcmCounter, k *roundKeys, t *[64][16]byte, y vec.Uint64x8, dst, src []byte) (vec.Uint64x8, int) {
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
	encryption.rounds(blocks, k, stitched(&g, 0, func(r int) vec.Uint8x64 { return data[r] }, z, true))
	for r := range blocks {
		blocks[r] = blocks[r].Xor(data[r])
	}
	storeBlocks(blocks[:z-1], dst)
	storeMasked(blocks[z-1], dst[64*(z-1):], last)
	return g.y, m
}
