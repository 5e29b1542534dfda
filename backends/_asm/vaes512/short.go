package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// shortBytes is the longest input of the short paths (model: shortBytes):
// one block or less runs on XMM registers, with the round keys read from
// memory by VAESENC itself, no lanes to sum, and plain 16-byte loads and
// stores for a whole block, which the CPU forwards from and to neighbouring
// code.
const shortBytes = 16

// like returns a new vector register of x's size, XMM or ZMM.
func like(x VecVirtual) VecVirtual {
	if x.Size() == 16 {
		return XMM()
	}
	if x.Size() == 32 {
		return YMM()
	}
	return ZMM()
}

// shortPath emits the branch that skips the short path when n > 16 and,
// unless empty is "", the one that leaves for the label empty when n is 0.
// It returns the label of the long path, which the caller places after the
// short path.
func shortPath(n GPVirtual, empty string) string {
	long := emit.NewLabel("long")
	CMPQ(n, U8(shortBytes))
	JA(LabelRef(long))
	if empty != "" {
		TESTQ(n, n)
		JZ(LabelRef(empty))
	}
	Comment("The short path: at most one block, on XMM registers.")
	return long
}

// rounds16 runs the whole cipher on the block in x, the round keys read
// from memory (model: rounds16).
func rounds16(d direction, s emit.Schedule, x VecVirtual) {
	VPXORD(s.Key(0), x, x)
	s.Rounds(
		func(key Mem) { d.round(key, x, x) },
		func(key Mem) { d.last(key, x, x) },
		nil)
}

// loadShort loads the n bytes at p, 1 <= n <= 16, zero-padded, into a new
// XMM register (model: loadShort): a plain load for a whole block, else a
// masked one.
func loadShort(p, n GPVirtual, mask OpmaskVirtual) VecVirtual {
	x := XMM()
	masked, done := emit.NewLabel("loadShortMasked"), emit.NewLabel("loadShortDone")
	CMPQ(n, U8(16))
	JNE(LabelRef(masked))
	VMOVDQU64(Mem{Base: p}, x)
	JMP(LabelRef(done))
	Label(masked)
	loadMaskedTo(x, Mem{Base: p}, n, mask)
	Label(done)
	return x
}

// storeShort stores the first n bytes of x to p, 1 <= n <= 16 (model:
// storeShort): a plain store for a whole block, else a masked one.
func storeShort(x VecVirtual, p, n GPVirtual, mask OpmaskVirtual) {
	masked, done := emit.NewLabel("storeShortMasked"), emit.NewLabel("storeShortDone")
	CMPQ(n, U8(16))
	JNE(LabelRef(masked))
	VMOVDQU64(x, Mem{Base: p})
	JMP(LabelRef(done))
	Label(masked)
	storeMasked(x, mask, Mem{Base: p}, n)
	Label(done)
}

// blocksShort encrypts or decrypts exactly one block (model: blocksShort).
func blocksShort(d direction, s emit.Schedule, dst, src GPVirtual) {
	x := XMM()
	VMOVDQU64(Mem{Base: src}, x)
	rounds16(d, s, x)
	VMOVDQU64(x, Mem{Base: dst})
}

// ctrShort runs counter mode on 1..16 bytes (model: ctrShort): the counter
// block, unreversed, is the cipher's input.
func ctrShort(add increment, s emit.Schedule, ctr, dst, src, n GPVirtual) {
	mask := byteMask(n)
	c, ks := XMM(), XMM()
	VMOVDQU64(Mem{Base: ctr}, c)
	VMOVDQA64(c, ks)
	rounds16(encryption, s, ks)
	x := loadShort(src, n, mask)
	VPXORD(ks, x, x)
	storeShort(x, dst, n, mask)
	storeCounter16(add, c, ctr)
}

// storeCounter16 stores the counter block c advanced by one (model:
// storeCounter16).
func storeCounter16(add increment, c VecVirtual, ctr GPVirtual) {
	t := XMM()
	VPSHUFB(byteReverse(), c, t)
	add(laneOffsets().Offset(16), t, t) // tables.CounterAdd(1)
	VPSHUFB(byteReverse(), t, t)
	VMOVDQU64(t, Mem{Base: ctr})
}

// ghashShort absorbs the block x (GCM's block order, zero-padded) into the
// GHASH value at yp (model: ghashShort): y ^ x reversed once, multiplied by
// H with its folded form beside it (mulAccumulateFolded: one fold, not two,
// after the multiply; Seal 1.5-4% faster at 16 and 64 bytes, where this
// runs twice per message, on the additional data and the lengths),
// reversed back and stored.
func ghashShort(table, yp GPVirtual, x VecVirtual) {
	Comment("ghashShort: y = (y ^ x)·H.")
	t := XMM()
	VPXORD(Mem{Base: yp}, x, t)
	VPSHUFB(byteReverse(), t, t)
	h1 := XMM()
	VMOVDQU64(keyPowers(table, powers-1), h1)
	var acc accumulator
	acc.mulAccumulateFolded(t, h1, foldPowers(h1))
	h := acc.reduceFolded()
	VPSHUFB(byteReverse(), h, h)
	VMOVDQU64(h, Mem{Base: yp})
}
