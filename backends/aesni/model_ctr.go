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
// itself, PADDQ for the low 64 bits of a 128-bit counter.
type increment func(c, step vec.Uint8x16) vec.Uint8x16

func inc32(c, step vec.Uint8x16) vec.Uint8x16 {
	return c.AsUint32x4().Add(step.AsUint32x4()).AsUint8x16()
}

func inc64(c, step vec.Uint8x16) vec.Uint8x16 {
	return c.AsUint64x2().Add(step.AsUint64x2()).AsUint8x16()
}

// counterAdd returns tables.CounterAdd(n) as a vector.
func counterAdd(n int) vec.Uint8x16 {
	a := tables.CounterAdd(uint32(n))
	return vec.LoadUint8x16Array(&a)
}

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
			b = c.add(b, counterAdd(i))
		}
		blocks[i] = reverse(b)
	}
}

// advance adds n to the counter (asm: counter.advance).
func (c *counter) advance(n int) { c.reg = c.add(c.reg, counterAdd(n)) }

// ctr32Model is ctr32 (asm: ctrKernel).
func ctr32Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctrModel(inc32, keys, rounds, ctr, dst, src)
}

// ctr64Model is ctr64 (asm: ctrKernel).
func ctr64Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	ctrModel(inc64, keys, rounds, ctr, dst, src)
}

func ctrModel(add increment, keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	c := loadCounter(ctr, add)
	for len(src) >= 128 {
		var regs [8]vec.Uint8x16
		blocks := regs[:]
		c.blocks(blocks)
		c.advance(8)
		whiten(blocks, keys)
		encryption.rounds(blocks, keys, rounds, nil)
		xorBlocks(blocks, src)
		storeBlocks(blocks, dst)
		src, dst = src[128:], dst[128:]
	}
	ctrTail(&c, keys, rounds, dst, src)
	c.store(ctr)
}

// ctrTail encrypts the last len(src) < 128 bytes (asm: ctrTail): the
// keystream for the m = ceil(len(src)/16) blocks left, 8, 4 or 1 blocks
// wide; whole blocks XORed as in a batch; the partial block XORed through a
// zero-padded load and a partial store. The counter advances by m.
func ctrTail(c *counter, keys *[15][16]byte, rounds int, dst, src []byte) {
	n := len(src)
	if n == 0 {
		return
	}
	m := (n + 15) / 16
	width := 1
	switch {
	case m > 4:
		width = 8
	case m > 1:
		width = 4
	}
	var regs [8]vec.Uint8x16
	blocks := regs[:width]
	c.blocks(blocks)
	whiten(blocks, keys)
	encryption.rounds(blocks, keys, rounds, nil)
	whole := n / 16
	xorBlocks(blocks[:whole], src)
	storeBlocks(blocks[:whole], dst)
	if n%16 != 0 {
		last := blocks[whole] // asm: the exit for block whole moves it to one register
		part, _ := vec.LoadUint8x16Part(src[16*whole:])
		x := part.Xor(last)
		x.StorePart(dst[16*whole : n])
	}
	c.advance(m)
}
