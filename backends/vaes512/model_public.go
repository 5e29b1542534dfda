package vaes512

import (
	"encoding/binary"

	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// gcmCounter is what the GCM loops need of a counter (asm: gcmCounter):
// *counter for any counter block, *publicCounter for a public one.
type gcmCounter interface {
	blocks(n int) []vec.Uint8x64
	tail(n int) []vec.Uint8x64
	store(ctr *[16]byte, m int)
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
func loadPublicCounter(ctr *[16]byte, direct bool) *publicCounter {
	low := binary.BigEndian.Uint32(ctr[12:])
	if direct && low&0xff <= 0xff-3 {
		c := vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16Array(ctr))
		return &publicCounter{be: inc32.wide(c, beLanes()), low: low}
	}
	le := loadCounter(ctr, inc32)
	return &publicCounter{be: reverse(le.reg), low: low}
}

// beLanes returns the register that adds i to the last byte of the block
// in lane i (asm: emit.Data "beLanes").
func beLanes() vec.Uint8x64 {
	var b [4][16]byte
	for i := range b {
		b[i][15] = byte(i)
	}
	return lanes(b[0], b[1], b[2], b[3])
}

// beStep returns the register that adds k to the last byte of every block
// (asm: repeated "beStep<k>", in loopConsts).
func beStep(k int) vec.Uint8x64 {
	var b [16]byte
	b[15] = byte(k)
	return lanes(b, b, b, b)
}

// laneAdd returns tables.CounterAdd(k) in every lane (asm: repeated
// "laneAdd<k>", in loopConsts).
func laneAdd(k int) vec.Uint8x64 {
	a := tables.CounterAdd(uint32(k))
	return lanes(a, a, a, a)
}

// blocks returns the next n registers of counter blocks and advances the
// counter by 4n (asm: publicCounter.blocks).
func (c *publicCounter) blocks(n int) []vec.Uint8x64 {
	blocks := make([]vec.Uint8x64, n)
	if c.low&0xff <= uint32(0xff-(4*n+3)) {
		// No block of this call, nor of the next four be holds after it,
		// carries out of the last byte.
		blocks[0] = c.be
		for r := 1; r < n; r++ {
			blocks[r] = inc32.wide(c.be, beStep(4*r))
		}
		c.be = inc32.wide(c.be, beStep(4*n))
	} else {
		le := reverse(c.be)
		blocks[0] = c.be
		for r := 1; r < n; r++ {
			blocks[r] = reverse(inc32.wide(le, laneAdd(4*r)))
		}
		c.be = reverse(inc32.wide(le, laneAdd(4*n)))
	}
	c.low += uint32(4 * n)
	return blocks
}

// tail returns the next n registers of counter blocks, leaving the
// counter where it is (asm: publicCounter.tail): the first is be itself,
// the others go through the byte-reversed form, each one add from it.
func (c *publicCounter) tail(n int) []vec.Uint8x64 {
	blocks := make([]vec.Uint8x64, n)
	blocks[0] = c.be
	le := reverse(c.be)
	for r := 1; r < n; r++ {
		blocks[r] = reverse(inc32.wide(le, laneAdd(4*r)))
	}
	return blocks
}

// store writes the counter advanced by m blocks (asm:
// publicCounter.store): its last four bytes, big-endian, from low.
func (c *publicCounter) store(ctr *[16]byte, m int) {
	binary.BigEndian.PutUint32(ctr[12:], c.low+uint32(m))
}
