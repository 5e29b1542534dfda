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

// tailCounter returns the tail's own counter: the counter's blocks,
// byte-reversed, which step alike for any counter (asm:
// gcmCounter.tailCounter: a copy of a counter's register, or one VPSHUFB
// of a publicCounter's).
func (c *gcmCounter) tailCounter() counter {
	if c.public {
		return counter{reg: reverse(c.pub.be), add: inc32}
	}
	return c.any
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
// big-endian, through the byte-reversed form.
func loadPublicCounter(ctr *[16]byte) publicCounter {
	le := loadCounter(ctr, inc32)
	return publicCounter{be: reverse(le.reg), low: binary.BigEndian.Uint32(ctr[12:])}
}

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
