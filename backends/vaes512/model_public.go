package vaes512

import (
	"encoding/binary"

	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// gcmCounter is what the GCM loops need of a counter (asm: gcmCounter):
// a counter for any counter block, a publicCounter for a public one. It is
// one type that switches on public, which GCM's nonce length decides: an
// interface would make the arguments of every call escape to the heap.
type gcmCounter struct {
	public bool
	any    counter
	pub    publicCounter
}

// tailQuad returns the next four registers of counter blocks, leaving the
// counter where it is (asm: gcmCounter.tail; counter.tail and
// publicCounter.tail, here on a quad).
func (c *gcmCounter) tailQuad() quad {
	if c.public {
		p := &c.pub
		le := reverse(p.be)
		return quad{p.be, reverse(add32(le, laneAdd(4))), reverse(add32(le, laneAdd(8))), reverse(add32(le, laneAdd(12)))}
	}
	t := c.any.reg
	b0 := reverse(t)
	t = add32(t, laneStep)
	b1 := reverse(t)
	t = add32(t, laneStep)
	b2 := reverse(t)
	return quad{b0, b1, b2, reverse(add32(t, laneStep))}
}

// tail fills blocks with the next registers of counter blocks, leaving the
// counter where it is (asm: gcmCounter.tail).
func (c *gcmCounter) tail(blocks []vec.Uint8x64) {
	if c.public {
		c.pub.tail(blocks)
	} else {
		c.any.tail(blocks)
	}
}

// store writes the counter advanced by m blocks to ctr (asm:
// gcmCounter.store).
func (c *gcmCounter) store(ctr *[16]byte, m int) {
	if c.public {
		c.pub.store(ctr, m)
	} else {
		c.any.store(ctr, m)
	}
}

// publicCounter is the counter of sealPublic and openPublic (asm:
// publicCounter): the blocks ctr, ctr+1, ctr+2, ctr+3 in their own byte
// order, one per lane, and the 32-bit counter of lane 0 as an integer,
// low. While the last byte of the blocks does not wrap within a call of
// blocks, which low's low byte tells, the counter blocks are be plus a
// constant in that byte: one VPADDD each, no byte shuffle. The choice
// depends on the counter, so only a public counter may use it: GCM with a
// 12-byte nonce, whose J0 is nonce || 0^31 || 1.
type publicCounter struct {
	be  vec.Uint8x64
	low uint32
}

// loadPublicCounter loads the counter block (asm: loadPublicCounter): the
// low 32 bits into a general-purpose register and the four lanes ctr+i,
// big-endian, through the byte-reversed form; if direct, and the last byte
// does not wrap within the four lanes, as the broadcast block plus beLanes.
func loadPublicCounter(ctr *[16]byte, direct bool) publicCounter {
	low := binary.BigEndian.Uint32(ctr[12:])
	if direct && low&0xff <= 0xff-3 {
		c := vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(ctr))
		return publicCounter{be: inc32.wide(c, beLanes), low: low}
	}
	le := loadCounter(ctr, inc32)
	return publicCounter{be: reverse(le.reg), low: low}
}

// beLanes is the register that adds i to the last byte of the block in
// lane i (asm: emit.Data "beLanes"), built once, as the assembly's
// constants are: built at each call, its bytes went into the register
// through Go's SSE moves and a load that stalls on them.
var beLanes = func() vec.Uint8x64 {
	var b [4][16]byte
	for i := range b {
		b[i][15] = byte(i)
	}
	return lanes(b[0], b[1], b[2], b[3])
}()

// beStep returns the register that adds k to the last byte of every block,
// 0 <= k <= 16 (asm: repeated "beStep<k>", in loopConsts): built once, as
// the assembly's constants are, and loaded.
func beStep(k int) vec.Uint8x64 { return beSteps[k] }

var beSteps = func() (t [17]vec.Uint8x64) {
	for k := range t {
		var b [16]byte
		b[15] = byte(k)
		t[k] = lanes(b, b, b, b)
	}
	return t
}()

// laneAdd returns tables.CounterAdd(k) in every lane, 0 <= k <= 16 (asm:
// repeated "laneAdd<k>", in loopConsts), built once.
func laneAdd(k int) vec.Uint8x64 { return laneAdds[k] }

var laneAdds = func() (t [17]vec.Uint8x64) {
	for k := range t {
		a := tables.CounterAdd(uint32(k))
		t[k] = lanes(a, a, a, a)
	}
	return t
}()

// quad returns the next four registers of counter blocks and advances
// the counter by 16 (asm: publicCounter.blocks).
func (c *publicCounter) quad() quad {
	var q quad
	if c.low&0xff <= 0xff-(4*4+3) {
		// No block of this batch, nor of the next four be holds after
		// it, carries out of the last byte.
		q = quad{c.be, add32(c.be, beStep(4)), add32(c.be, beStep(8)), add32(c.be, beStep(12))}
		c.be = add32(c.be, beStep(16))
	} else {
		le := reverse(c.be)
		q = quad{c.be, reverse(add32(le, laneAdd(4))), reverse(add32(le, laneAdd(8))), reverse(add32(le, laneAdd(12)))}
		c.be = reverse(add32(le, laneAdd(16)))
	}
	c.low += 16
	return q
}

// add32 is inc32.wide, VPADDD, for the GCM counters, whose increment is
// always inc32: inc32 is a variable, so the compiler tests its lanes64
// at every add of inc32.wide.
func add32(x, y vec.Uint8x64) vec.Uint8x64 {
	return x.AsUint32x16().Add(y.AsUint32x16()).AsUint8x64()
}

// tail fills blocks with the next registers of counter blocks, leaving
// the counter where it is (asm: publicCounter.tail): the first is be
// itself, the others go through the byte-reversed form, each one add from
// it.
func (c *publicCounter) tail(blocks []vec.Uint8x64) {
	blocks[0] = c.be
	le := reverse(c.be)
	for r := 1; r < len(blocks); r++ {
		blocks[r] = reverse(inc32.wide(le, laneAdd(4*r)))
	}
}

// store writes the counter advanced by m blocks (asm:
// publicCounter.store): its last four bytes, big-endian, from low.
func (c *publicCounter) store(ctr *[16]byte, m int) {
	binary.BigEndian.PutUint32(ctr[12:], c.low+uint32(m))
}
