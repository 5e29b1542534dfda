package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// increment is how a byte-reversed counter advances: VPADDD steps GCM's
// 32-bit counter (the low 32-bit lane of each block wraps by itself),
// VPADDQ steps the low 64 bits of a 128-bit counter (the Go caller splits a
// call where those would wrap, so no carry into the high half is ever
// needed here).
type increment func(step, c, dst Op)

var (
	inc32 increment = func(step, c, dst Op) { VPADDD(step, c, dst) }
	inc64 increment = func(step, c, dst Op) { VPADDQ(step, c, dst) }
)

// counter is the pair of counter blocks c, c+1, byte-reversed, one per lane
// (model: counter). It is in a register from one batch to the next and in
// the tails; during a batch, whose rounds need every register for blocks
// and the round key (and GHASH), it waits in a 32-byte slot of the frame,
// the only thing the kernels keep on the stack.
//
// A public counter (ctr64's: CTR128's counter is the caller's IV, which
// counter mode sends in the clear; sealPublic's and openPublic's: GCM with
// a 12-byte nonce, J0 = nonce || 0^31 || 1) also keeps its last byte in a
// general-purpose register, low, for the shortcut in blocks. GCM's counter
// in general is not public: for nonces other than 12 bytes it starts from
// J0 = GHASH_H(nonce), which depends on the hash key, so ctr32, seal and
// open never branch on it.
type counter struct {
	slot   Mem
	add    increment
	public bool
	pair   VecVirtual // the pair
	low    GPVirtual  // public only: the last byte of the low lane's counter block

	alignedBound GPVirtual // public GCM only: see loadAlignedBound

	// out, if not nil, are the registers that blocks and whitenedBlocks
	// of as many registers return, the same on every call: Seal keeps the
	// ciphertext of its last batch in them for the GHASH after the loop.
	out []VecVirtual
}

// newPairs returns w registers for counter blocks: c.out if it has w,
// else new ones.
func (c *counter) newPairs(w int) []VecVirtual {
	if len(c.out) == w {
		return c.out
	}
	pairs := make([]VecVirtual, w)
	for j := range pairs {
		pairs[j] = YMM()
	}
	return pairs
}

// loadCounter loads the big-endian counter block at ptr into both lanes,
// reverses its bytes and adds 0 and 1 (model: loadCounter).
func loadCounter(ptr GPVirtual, add increment, public bool) *counter {
	Comment("loadCounter: the pair c, c+1, byte-reversed.")
	c := &counter{slot: AllocLocal(32), add: add, public: public, pair: YMM()}
	VBROADCASTI128(Mem{Base: ptr}, c.pair)
	VPSHUFB(emit.ByteReverse2(), c.pair, c.pair)
	add(emit.PairStart(), c.pair, c.pair)
	if public {
		c.low = GP64()
		MOVBQZX(Mem{Base: ptr, Disp: 15}, c.low)
	}
	return c
}

// blocks returns w registers of counter blocks, c+2j and c+2j+1 in
// register j, back in the block's own byte order and so ready for round
// key 0 (model: counter.blocks): register j is the pair plus 2j, reversed.
//
// For a public counter, if the last byte of c plus 2w-1 does not overflow,
// one VPSHUFB turns the pair into big-endian form and one VPADDD per
// register adds 2j to the last bytes instead. The choice depends on the
// counter alone, which for a public counter is no secret.
func (c *counter) blocks(w int) []VecVirtual {
	Commentf("counter.blocks: %d registers of counter blocks.", w)
	pairs := c.newPairs(w)
	done := ""
	if c.public && w > 1 {
		var carry string
		carry, done = emit.NewLabel("counterCarry"), emit.NewLabel("counterDone")
		CMPQ(c.low, U32(256-2*w))
		JA(LabelRef(carry))
		Comment("Public counter, no carry out of the last byte: add to it in big-endian form.")
		VPSHUFB(emit.ByteReverse2(), c.pair, pairs[0])
		for j := 1; j < w; j++ {
			VPADDD(emit.LastByteAdds(14).Offset(32*(j-1)), pairs[0], pairs[j])
		}
		JMP(LabelRef(done))
		Label(carry)
	}
	c.reversedBlocks(pairs)
	if done != "" {
		Label(done)
	}
	return pairs
}

// reversedBlocks writes c+2j and c+2j+1 into pairs[j], back in the block's
// own byte order (model: counter.blocks without its shortcut): the pair
// plus 2j, reversed. Every counter may take this way.
func (c *counter) reversedBlocks(pairs []VecVirtual) {
	Comment("Add to the byte-reversed pair, then reverse each register.")
	adds := emit.PairAdds(15)
	for j := range pairs {
		if j == 0 {
			VPSHUFB(emit.ByteReverse2(), c.pair, pairs[j])
			continue
		}
		c.add(adds.Offset(32*(j-1)), c.pair, pairs[j])
		VPSHUFB(emit.ByteReverse2(), pairs[j], pairs[j])
	}
}

// whitenedBlocks returns w registers of counter blocks, as blocks does,
// with round key 0 already added (model: counter.whitenedBlocks), and
// advances the counter by n (counter.advance).
//
// A public counter whose last byte is 2 modulo 16 and does not overflow
// takes a shorter way: that byte's low four bits then go from 2 to 15
// across blocks 0 to 13 without a carry out of them, so block i differs
// from block i mod 2 by an XOR, lastByteXor2, and the whitened registers
// 1..w-2 are the whitened register 0 XOR a constant, one VPXOR each where
// blocks and whiten spend a VPADDD and a VPXOR. Blocks 14 and 15 carry into
// bit 4 and take the add. GCM's counter with a 12-byte nonce starts at 2
// and steps by 16 per batch, so every batch but the one where the byte
// wraps takes this way.
func (c *counter) whitenedBlocks(s emit.Schedule, w, n int) []VecVirtual {
	if !c.public || w != gcmWidth {
		pairs := c.blocks(w)
		c.advance(n)
		whiten(s, pairs)
		return pairs
	}
	Commentf("counter.whitenedBlocks: %d registers of counter blocks, whitened.", w)
	pairs := c.newPairs(w)
	carry, plain := emit.NewLabel("counterCarry"), emit.NewLabel("counterPlain")
	done, whitened := emit.NewLabel("counterDone"), emit.NewLabel("counterWhitened")
	CMPQ(c.low, c.alignedBound)
	JG(LabelRef(plain))
	Comment("Last byte 2 mod 16, no carry out of it: XOR the low four bits into place.")
	k := YMM()
	VBROADCASTI128(s.Key(0), k)
	VPSHUFB(emit.ByteReverse2(), c.pair, pairs[0])
	VPADDD(emit.LastByteAdds(14).Offset(32*(w-2)), pairs[0], pairs[w-1])
	VPXOR(k, pairs[0], pairs[0])
	xors := lastByteXor2(w - 2)
	for j := 1; j < w-1; j++ {
		VPXOR(xors.Offset(32*(j-1)), pairs[0], pairs[j])
	}
	VPXOR(k, pairs[w-1], pairs[w-1])
	JMP(LabelRef(whitened))

	Label(plain)
	CMPQ(c.low, U32(256-2*w))
	JA(LabelRef(carry))
	Comment("Public counter, no carry out of the last byte: add to it in big-endian form.")
	VPSHUFB(emit.ByteReverse2(), c.pair, pairs[0])
	for j := 1; j < w; j++ {
		VPADDD(emit.LastByteAdds(14).Offset(32*(j-1)), pairs[0], pairs[j])
	}
	JMP(LabelRef(done))

	Label(carry)
	Comment("Add to the byte-reversed pair, then reverse each register.")
	adds := emit.PairAdds(15)
	VPSHUFB(emit.ByteReverse2(), c.pair, pairs[0])
	for j := 1; j < w; j++ {
		c.add(adds.Offset(32*(j-1)), c.pair, pairs[j])
		VPSHUFB(emit.ByteReverse2(), pairs[j], pairs[j])
	}
	Label(done)
	whiten(s, pairs)
	Label(whitened)
	c.advance(n)
	return pairs
}

// loadAlignedBound sets the bound under which whitenedBlocks takes its XOR
// way (model: counter.whitenedBlocks): 256-2·gcmWidth-14 if the last byte
// is 2 modulo 16, which steps of 16 keep, else -1, so that one signed
// comparison of the last byte a batch chooses the way. It branches on the
// counter, which is public.
func (c *counter) loadAlignedBound() {
	Comment("counter.loadAlignedBound: the XOR way while the last byte is at most this.")
	c.alignedBound = GP64()
	r := GP64()
	set := emit.NewLabel("alignedBound")
	MOVQ(c.low, r)
	ANDQ(U8(15), r)
	MOVQ(I32(-1), c.alignedBound)
	CMPQ(r, U8(2))
	JNE(LabelRef(set))
	MOVQ(U32(256-2*gcmWidth-14), c.alignedBound)
	Label(set)
}

// lastByteXor2 returns 32-byte entries j = 1..n, entry j at offset 32(j-1)
// holding 2 XOR 2+2j in byte 15 of the low lane, 3 XOR 3+2j in byte 15 of
// the high lane and zero elsewhere (model: lastByteXor2): XORed into a
// pair of counter blocks in big-endian form whose last bytes are 2 and 3
// modulo 16 it adds 2j to both, for 2j <= 12.
func lastByteXor2(n int) Mem {
	blocks := make([][16]byte, 0, 2*n)
	for j := 1; j <= n; j++ {
		var lo, hi [16]byte
		lo[15] = byte(2 ^ (2 + 2*j))
		hi[15] = byte(3 ^ (3 + 2*j))
		blocks = append(blocks, lo, hi)
	}
	return emit.Data(fmt.Sprintf("lastByteXor2_%d", n), blocks...)
}

// advance adds n (even, at most 30) to both counters of the pair and moves
// the pair to the frame for the rest of the batch (model: counter.advance).
func (c *counter) advance(n int) {
	c.add(emit.PairAdds(15).Offset(32*(n/2-1)), c.pair, c.pair)
	VMOVDQU(c.pair, c.slot)
	if c.public {
		ADDB(U8(n), c.low.As8())
	}
}

// reload brings the pair back from the frame at the end of a batch.
func (c *counter) reload() {
	VMOVDQU(c.slot, c.pair)
}

// advanceLow adds m, a general-purpose register, to the low lane's counter
// (model: counter.advanceLow); from is the pair, in its register or in the
// frame. The result is in the low lane of the pair's register, the high
// lane cleared; store reads only that. The tails do it right after blocks
// when a register is free, so the counter does not wait for the rounds.
func (c *counter) advanceLow(m GPVirtual, from Op) {
	var step Op = XMM()
	if from == c.slot {
		step = c.pair.AsX() // the register is free: the pair is in the frame
	}
	VMOVQ(m, step)
	c.add(from, step, c.pair.AsX())
}

// store writes the low lane's counter back to ptr in big-endian form
// (model: counter.store).
func (c *counter) store(ptr GPVirtual) {
	x := c.pair.AsX()
	VPSHUFB(emit.ByteReverse(), x, x)
	VMOVDQU(x, Mem{Base: ptr})
}

// ctrKernel emits ctr32 or ctr64 (model: ctr32Model, ctr64Model); public
// says whether the counter is public (see counter). At most one block takes
// ctrShort.
func ctrKernel(name string, add increment, public bool) {
	api.Kernel(name, "func(keys *[15][16]byte, rounds int, ctr *[16]byte, dst, src []byte)")
	if name == "ctr32" {
		Doc("ctr32 XORs src with the keystream E(ctr), E(ctr+1), ... into dst,",
			"stepping the counter in the low 32 bits of the block, big-endian,",
			"modulo 2^32. Any length; on return ctr has advanced by the number of",
			"blocks used.")
	} else {
		Doc("ctr64 is ctr32 with the counter in the low 64 bits of the block. The",
			"caller makes sure they do not wrap within one call.")
	}
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	ctr := emit.LoadGP(Param("ctr"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	exit := emit.NewLabel("ctrExit")
	long := shortPath(n, exit)
	ctrShort(add, s, ctr, dst, src, n)
	Label(exit)
	RET()

	Label(long)
	c := loadCounter(ctr, add, public)
	loop, tail := emit.NewLabel("ctr30"), emit.NewLabel("ctrTail")
	Comment("30 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(batchBytes))
	JB(LabelRef(tail))
	pairs := c.blocks(15)
	c.advance(30)
	whiten(s, pairs)
	encryption.rounds(s, pairs, nil)
	xorStore(pairs, src, dst)
	c.reload()
	advance(batchBytes, src, dst)
	SUBQ(U32(batchBytes), n)
	JMP(LabelRef(loop))

	Label(tail)
	ctrTail(s, c, blockWidths, dst, src, n)
	c.store(ctr)
	VZEROUPPER()
	RET()
}

// ctrTail encrypts the last n bytes, fewer than the widest of widths holds
// (model: ctrTail): the keystream for the m = ceil(n/16) blocks left in one
// pass of the narrowest width that holds them; the whole blocks XORed and
// stored as in a batch; the keystream block of the partial one moved to a
// fixed register and XORed with the partial block through LoadPartialAVX
// and StorePartialAVX, so nothing past src+n is read and nothing past
// dst+n is written. The counter advances by m.
func ctrTail(s emit.Schedule, c *counter, widths []int, dst, src, n GPVirtual) {
	done, partial := emit.NewLabel("ctrTailDone"), emit.NewLabel("ctrTailPartial")
	Commentf("ctrTail: the last n < %d bytes.", 32*widths[0])
	TESTQ(n, n)
	JZ(LabelRef(done))

	Comment("m = ceil(n/16), the number of counter blocks used.")
	m := GP64()
	MOVQ(n, m)
	ADDQ(U8(15), m)
	SHRQ(U8(4), m)
	last := XMM() // the keystream block of the partial block
	tailWidths(n, widths, func(w, from int) {
		pairs := c.blocks(w)
		spill := w+2 > 16 // no register for the pair beside the blocks and the round key
		if spill {
			VMOVDQU(c.pair, c.slot)
		} else {
			c.advanceLow(m, c.pair.AsX())
		}
		whiten(s, pairs)
		encryption.rounds(s, pairs, nil)
		if spill {
			c.advanceLow(m, c.slot)
		}
		Comment("xorPairs, storePairs: the whole registers.")
		for j := 0; j < from; j++ {
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j], pairs[j])
			VMOVDQU(pairs[j], Mem{Base: dst, Disp: 32 * j})
		}
		exits := make([]string, w)
		for j := from; j < w; j++ {
			exits[j] = emit.NewLabel(fmt.Sprintf("ctrTailExit%d", j))
			CMPQ(n, U32(32*(j+1)))
			JB(LabelRef(exits[j]))
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j], pairs[j])
			VMOVDQU(pairs[j], Mem{Base: dst, Disp: 32 * j})
		}
		JMP(LabelRef(done))
		for j := from; j < w; j++ {
			Label(exits[j])
			low := emit.NewLabel("ctrTailLow")
			CMPQ(n, U32(32*j+16))
			JB(LabelRef(low))
			Comment("A whole block in the low lane; the partial one, if any, in the high lane.")
			VEXTRACTI128(U8(1), pairs[j], last)
			VPXOR(Mem{Base: src, Disp: 32 * j}, pairs[j].AsX(), pairs[j].AsX())
			VMOVDQU(pairs[j].AsX(), Mem{Base: dst, Disp: 32 * j})
			JMP(LabelRef(partial))
			Label(low)
			Comment("The partial block, if any, in the low lane.")
			VMOVDQU(pairs[j].AsX(), last)
			JMP(LabelRef(partial))
		}
	})

	Label(partial)
	TESTQ(U32(15), n)
	JZ(LabelRef(done))
	whole := GP64()
	MOVQ(n, whole)
	ANDQ(I8(-16), whole)
	sp, dp := GP64(), GP64()
	LEAQ(Mem{Base: src, Index: whole, Scale: 1}, sp)
	LEAQ(Mem{Base: dst, Index: whole, Scale: 1}, dp)
	x := XMM()
	emit.LoadPartialAVX(x, sp, n)
	VPXOR(last, x, x)
	emit.StorePartialAVX(x, dp, n)
	Label(done)
}
