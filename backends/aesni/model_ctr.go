package aesni

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// byteReverse is the PSHUFB mask tables.ByteReverse.
var byteReverse = vec.LoadUint8x16Array(&tables.ByteReverse).AsInt8x16()

// reverse reverses the 16 bytes of x (PSHUFB with byteReverse).
func reverse(x vec.Uint8x16) vec.Uint8x16 { return x.PermuteOrZero(byteReverse) }

// increment adds a counter step to a byte-reversed counter block (asm:
// increment): PADDD for GCM's 32-bit counter, whose low 32-bit lane wraps by
// itself, PADDQ for the low 64 bits of a 128-bit counter. A field apply
// tests rather than a function value, whose calls the compiler cannot
// inline.
type increment struct {
	lanes64 bool // PADDQ, else PADDD
}

var (
	inc32 = increment{}
	inc64 = increment{lanes64: true}
)

// apply adds step to c lane by lane.
func (a increment) apply(c, step vec.Uint8x16) vec.Uint8x16 {
	if a.lanes64 {
		return c.AsUint64x2().Add(step.AsUint64x2()).AsUint8x16()
	}
	return c.AsUint32x4().Add(step.AsUint32x4()).AsUint8x16()
}

// counterAdd returns tables.CounterAdd(n) as a vector.
func counterAdd(n int) vec.Uint8x16 {
	a := tables.CounterAdd(uint32(n))
	return vec.LoadUint8x16Array(&a)
}

// counterAdds holds tables.CounterAdd(n) at index n, n = 0..8 (asm:
// emit.CounterAdds(8)): the batches load their steps from it, where built
// from an array in place each step's load would wait on the array's
// smaller stores.
var counterAdds = func() (t [9]vec.Uint8x16) {
	for n := range t {
		t[n] = counterAdd(n)
	}
	return t
}()

// counter is a counter block held byte-reversed, so that one lane-wise add
// advances it (asm: counter).
type counter struct {
	reg vec.Uint8x16
	add increment
}

// loadCounter loads a big-endian counter block and reverses its bytes
// (asm: loadCounter).
func loadCounter(ctr *[16]byte, add increment) counter {
	return counter{reg: reverse(vec.LoadUint8x16Array(ctr)), add: add}
}

// store writes the counter back in big-endian form (asm: counter.store).
func (c counter) store(ctr *[16]byte) { reverse(c.reg).StoreArray(ctr) }

// blocks fills blocks with the counter blocks c, c+1, ..., in the block's
// own byte order, ready for round key 0 (asm: counter.blocks).
func (c counter) blocks(blocks []vec.Uint8x16) {
	for i := range blocks {
		b := c.reg
		if i > 0 {
			b = c.add.apply(b, counterAdd(i))
		}
		blocks[i] = reverse(b)
	}
}

// advance adds n to the counter (asm: counter.advance).
func (c *counter) advance(n int) { c.reg = c.add.apply(c.reg, counterAdds[n]) }

// blocksQuads returns the 8 counter blocks c, ..., c+7 of a batch, as
// blocks does, in two quads (asm: counter.blocks).
func (c *counter) blocksQuads() (quad, quad) {
	x, a := c.reg, c.add
	return quad{reverse(x), reverse(a.apply(x, counterAdds[1])), reverse(a.apply(x, counterAdds[2])), reverse(a.apply(x, counterAdds[3]))},
		quad{reverse(a.apply(x, counterAdds[4])), reverse(a.apply(x, counterAdds[5])), reverse(a.apply(x, counterAdds[6])), reverse(a.apply(x, counterAdds[7]))}
}

// blocksQuad returns the 4 counter blocks c, ..., c+3 in a quad (asm:
// counter.blocks).
func (c *counter) blocksQuad() quad {
	x, a := c.reg, c.add
	return quad{reverse(x), reverse(a.apply(x, counterAdds[1])), reverse(a.apply(x, counterAdds[2])), reverse(a.apply(x, counterAdds[3]))}
}

// ctr32Model is ctr32 (asm: ctrKernel).
func ctr32Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctrModel(inc32, keys, rounds, ctr, dst, src)
}

// ctr64Model is ctr64 (asm: ctrKernel).
func ctr64Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctrModel(inc64, keys, rounds, ctr, dst, src)
}

func ctrModel(add increment, keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	c := loadCounter(ctr, add)
	for len(src) >= 128 {
		ctrBatch(&c, &k, dst[:128], src[:128])
		src, dst = src[128:], dst[128:]
	}
	ctrTailKeys(&c, &k, dst, src)
	c.store(ctr)
}

// ctrBatch encrypts the next 8 counter blocks and XORs them with the 128
// bytes of src into dst (asm: the loop ctr8: counter.blocks,
// counter.advance, whiten, rounds, xorBlocks and storeBlocks), as two
// quads (see quad).
func ctrBatch(c *counter, k *roundKeys, dst, src []byte) {
	q, p := c.blocksQuads()
	c.advance(8)
	q, p = encryption.cipherQuads(q, p, k)
	xorStoreQuads(q, p, dst, src)
}

// ctrTail encrypts the last len(src) < 128 bytes (asm: ctrTail) with the
// round keys of the schedule: ctrTailKeys, for the GCM models.
func ctrTail(c *counter, keys *[15][16]byte, rounds int, dst, src []byte) {
	if len(src) == 0 {
		return
	}
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	ctrTailKeys(c, &k, dst, src)
}

// ctrTailKeys encrypts the last len(src) < 128 bytes (asm: ctrTail): the
// keystream for the m = ceil(len(src)/16) blocks left, 8, 4 or 1 blocks
// wide, as two quads, one, or one register; whole blocks XORed as in a
// batch; the partial block XORed through a zero-padded load and a partial
// store. The counter advances by m.
func ctrTailKeys(c *counter, k *roundKeys, dst, src []byte) {
	n := len(src)
	if n == 0 {
		return
	}
	var regs [8]vec.Uint8x16
	m := (n + 15) / 16
	switch {
	case m > 4:
		q, p := c.blocksQuads()
		q, p = encryption.cipherQuads(q, p, k)
		regs = [8]vec.Uint8x16{q.b0, q.b1, q.b2, q.b3, p.b0, p.b1, p.b2, p.b3}
	case m > 1:
		q := encryption.cipherQuad(c.blocksQuad(), k)
		regs[0], regs[1], regs[2], regs[3] = q.b0, q.b1, q.b2, q.b3
	default:
		regs[0] = encryption.cipherOne(reverse(c.reg), k)
	}
	whole := n / 16
	xorBlocks(regs[:whole], src)
	storeBlocks(regs[:whole], dst)
	if n%16 != 0 {
		last := regs[whole] // asm: the exit for block whole moves it to one register
		part, _ := vec.LoadUint8x16Part(src[16*whole:])
		x := part.Xor(last)
		x.StorePart(dst[16*whole : n])
	}
	c.advance(m)
}
