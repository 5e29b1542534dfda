package vaes512

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// byteReverse is tables.ByteReverse in each of the four lanes: the VPSHUFB
// mask that reverses the bytes of every block (asm: repeated "byteReverse",
// in loopConsts).
var byteReverse = vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(&tables.ByteReverse)).AsInt8x64()

// reverse reverses the bytes of each block of x (VPSHUFB with byteReverse).
func reverse(x vec.Uint8x64) vec.Uint8x64 { return x.PermuteOrZeroGrouped(byteReverse) }

// reverse16 reverses the bytes of one block in an XMM register (VPSHUFB
// with the first 16 bytes of byteReverse).
func reverse16(x vec.Uint8x16) vec.Uint8x16 {
	return x.PermuteOrZero(vec.LoadUint8x16Array(&tables.ByteReverse).AsInt8x16())
}

// laneOffsets is tables.CounterAdd(i) in lane i, i = 0..3: added to a
// counter broadcast to all four lanes, it makes four consecutive counters
// (asm: emit.Data "laneOffsets").
var laneOffsets = lanes(tables.CounterAdd(0), tables.CounterAdd(1), tables.CounterAdd(2), tables.CounterAdd(3))

// laneStep is tables.CounterAdd(4) in every lane: it moves a register of
// four counters on to the next four (asm: repeated "laneStep", in
// loopConsts).
var laneStep = lanes(tables.CounterAdd(4), tables.CounterAdd(4), tables.CounterAdd(4), tables.CounterAdd(4))

// lanes returns the register with block i in lane i.
func lanes(b0, b1, b2, b3 [16]byte) vec.Uint8x64 {
	var w [64]byte
	copy(w[0:], b0[:])
	copy(w[16:], b1[:])
	copy(w[32:], b2[:])
	copy(w[48:], b3[:])
	return vec.LoadUint8x64Array(&w)
}

// increment is how a byte-reversed counter advances (asm: increment):
// VPADDD for GCM's 32-bit counter, whose low 32-bit lane wraps by itself,
// VPADDQ for the low 64 bits of a 128-bit counter (the Go caller splits a
// call where those would wrap). wide adds lane by lane in a ZMM register,
// narrow in the XMM register that holds the counter block being stored.
type increment struct {
	lanes64 bool // VPADDQ, else VPADDD
}

var (
	inc32 = increment{}
	inc64 = increment{lanes64: true}
)

// wide adds step to c lane by lane in a ZMM register.
func (a increment) wide(c, step vec.Uint8x64) vec.Uint8x64 {
	if a.lanes64 {
		return c.AsUint64x8().Add(step.AsUint64x8()).AsUint8x64()
	}
	return c.AsUint32x16().Add(step.AsUint32x16()).AsUint8x64()
}

// narrow adds step to c in the XMM register of the block being stored.
func (a increment) narrow(c, step vec.Uint8x16) vec.Uint8x16 {
	if a.lanes64 {
		return c.AsUint64x2().Add(step.AsUint64x2()).AsUint8x16()
	}
	return c.AsUint32x4().Add(step.AsUint32x4()).AsUint8x16()
}

// counter holds four consecutive counter blocks, byte-reversed, one per
// lane, so that one lane-wise add advances them all (asm: counter).
type counter struct {
	reg vec.Uint8x64
	add increment
}

// loadCounter broadcasts the big-endian counter block to the four lanes,
// reverses its bytes and adds laneOffsets: lane i holds ctr+i (asm:
// loadCounter).
func loadCounter(ctr *[16]byte, add increment) counter {
	c := vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(ctr))
	return counter{reg: add.wide(reverse(c), laneOffsets), add: add}
}

// quad fills the four registers of a quad with the next counter blocks, in
// the blocks' own byte order and so ready for round key 0, and advances
// the counter past them (asm: counter.blocks): one VPSHUFB and one VPADDD
// per register.
func (c *counter) quad() quad {
	r := c.reg
	b0 := reverse(r)
	r = c.add.wide(r, laneStep)
	b1 := reverse(r)
	r = c.add.wide(r, laneStep)
	b2 := reverse(r)
	r = c.add.wide(r, laneStep)
	b3 := reverse(r)
	c.reg = c.add.wide(r, laneStep)
	return quad{b0, b1, b2, b3}
}

// quads is blocks for the eight registers of two quads (asm:
// counter.blocks).
func (c *counter) quads() (quad, quad) {
	r, a := c.reg, c.add
	b0 := reverse(r)
	r = a.wide(r, laneStep)
	b1 := reverse(r)
	r = a.wide(r, laneStep)
	b2 := reverse(r)
	r = a.wide(r, laneStep)
	b3 := reverse(r)
	r = a.wide(r, laneStep)
	b4 := reverse(r)
	r = a.wide(r, laneStep)
	b5 := reverse(r)
	r = a.wide(r, laneStep)
	b6 := reverse(r)
	r = a.wide(r, laneStep)
	b7 := reverse(r)
	c.reg = a.wide(r, laneStep)
	return quad{b0, b1, b2, b3}, quad{b4, b5, b6, b7}
}

// next is blocks for one register (asm: counter.blocks).
func (c *counter) next() vec.Uint8x64 {
	b := reverse(c.reg)
	c.reg = c.add.wide(c.reg, laneStep)
	return b
}

// tailOne returns the next register of counter blocks, leaving the
// counter where it is (asm: counter.tail, of one register).
func (c *counter) tailOne() vec.Uint8x64 { return reverse(c.reg) }

// store writes lane 0 of the counter, advanced by m blocks, back in
// big-endian form (asm: counter.store: MOVQ of m, VPADDD or VPADDQ, VPSHUFB
// and a 16-byte store). The step, m in the low lane, is
// tables.CounterAdd(m) made in a register: loaded from an array, it would
// wait on the array's smaller stores.
func (c counter) store(ctr *[16]byte, m int) {
	step := vec.Uint64x2{}.SetElem(0, uint64(m)).AsUint8x16()
	x := c.add.narrow(c.reg.GetLo().GetLo(), step)
	reverse16(x).StoreArray(ctr)
}

// ctr32Model is ctr32 (asm: ctrKernel).
func ctr32Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	ctrModel(inc32, keys, rounds, ctr, dst, src)
}

// ctr64Model is ctr64 (asm: ctrKernel).
func ctr64Model(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	defer vec.ZeroUpper()
	ctrModel(inc64, keys, rounds, ctr, dst, src)
}

// ctrModel runs 64 blocks (16 registers) per iteration while 64 remain,
// then 32, 16, 8 and 4 once each if that many remain, then the last
// n < 64 bytes in one register through masked loads and stores.
func ctrModel(add increment, keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte) {
	if len(src) <= shortBytes {
		if len(src) > 0 {
			ctrShort(add, keys, rounds, ctr, dst, src)
		}
		return
	}
	var k roundKeys
	loadRoundKeys(&k, keys, rounds)
	c := loadCounter(ctr, add)
	for len(src) >= 64*16 {
		ctrBatch(&c, &k, 16, dst, src)
		src, dst = src[64*16:], dst[64*16:]
	}
	for _, width := range stepWidths {
		if len(src) >= 64*width {
			ctrBatch(&c, &k, width, dst, src)
			src, dst = src[64*width:], dst[64*width:]
		}
	}
	m := ctrTail(&c, &k, dst, src)
	c.store(ctr, m)
}

// ctrBatch encrypts the next width registers of counter blocks and XORs
// them into width·64 bytes of src (asm: ctrBatch). Widths of eight
// registers or more run two quads at a time, width 4 one (see quad and
// roundsQuads), widths 2 and 1 a register at a time, in a vector the
// compiler registers rather than an array it keeps in memory.
func ctrBatch(c *counter, k *roundKeys, width int, dst, src []byte) {
	if width%8 == 0 {
		for i := 0; i < width; i += 8 {
			q, p := c.quads()
			q, p = whitenQuads(q, p, k)
			q, p = encryption.roundsQuads(i, q, p, k)
			q, p = xorQuads(q, p, src[64*i:])
			storeQuad(q, dst[64*i:])
			storeQuad(p, dst[64*i+256:])
		}
		return
	}
	if width%4 == 0 {
		for i := 0; i < width; i += 4 {
			q := c.quad()
			q = whitenQuad(q, k)
			q = encryption.roundsQuad(i, q, k)
			q = xorQuad(q, src[64*i:])
			storeQuad(q, dst[64*i:])
		}
		return
	}
	for i := 0; i < width; i++ {
		x := c.next()
		x = whitenOne(x, k)
		x = encryption.roundsOne(i, x, k)
		x = x.Xor(vec.LoadUint8x64(src[64*i:])) // asm: xorBlocks
		x.Store(dst[64*i:])                     // asm: storeBlocks
	}
}

// ctrTail encrypts the last n = len(src) < 64 bytes in one register: the
// keystream of the next four counters, XORed with a masked load of src and
// stored through the same mask. It returns the number of blocks used,
// ceil(n/16), without advancing the counter (asm: ctrTail).
func ctrTail(c *counter, k *roundKeys, dst, src []byte) int {
	n := len(src)
	if n == 0 {
		return 0
	}
	x := c.tailOne()
	x = whitenOne(x, k)
	x = encryption.roundsOne(0, x, k)
	x = loadMasked(src, n).Xor(x)
	storeMasked(x, dst, n)
	return (n + 15) / 16
}
