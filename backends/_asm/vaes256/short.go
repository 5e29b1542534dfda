package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// shortBytes is the longest input of the short paths (model: shortBytes):
// one block or less runs on XMM registers in VEX encodings, the round keys
// read from memory by VAESENC itself, no lanes to sum, and a whole block
// moved with plain 16-byte loads and stores, which the CPU forwards from
// and to neighbouring code.
const shortBytes = 16

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
	VPXOR(s.Key(0), x, x)
	s.Rounds(
		func(key Mem) { d.round(key, x, x) },
		func(key Mem) { d.last(key, x, x) },
		nil)
}

// loadShort loads the n bytes at p, 1 <= n <= 16, zero-padded, into a new
// XMM register (model: loadShort): a plain load for a whole block, else
// emit.LoadPartialAVX.
func loadShort(p, n GPVirtual) VecVirtual {
	x := XMM()
	partial, done := emit.NewLabel("loadShortPartial"), emit.NewLabel("loadShortDone")
	CMPQ(n, U8(16))
	JNE(LabelRef(partial))
	VMOVDQU(Mem{Base: p}, x)
	JMP(LabelRef(done))
	Label(partial)
	emit.LoadPartialAVX(x, p, n)
	Label(done)
	return x
}

// storeShort stores the first n bytes of x to p, 1 <= n <= 16 (model:
// storeShort): a plain store for a whole block, else emit.StorePartialAVX.
func storeShort(x VecVirtual, p, n GPVirtual) {
	partial, done := emit.NewLabel("storeShortPartial"), emit.NewLabel("storeShortDone")
	CMPQ(n, U8(16))
	JNE(LabelRef(partial))
	VMOVDQU(x, Mem{Base: p})
	JMP(LabelRef(done))
	Label(partial)
	emit.StorePartialAVX(x, p, n)
	Label(done)
}

// keepMask is 32 bytes of ones then 32 of zeros (model: keepMask): the
// bytes at offset 32-n enable the first n of those loaded from there, a
// block's (keepShort) or a register's (gcmTail).
func keepMask() Mem {
	var ones [16]byte
	for i := range ones {
		ones[i] = 0xff
	}
	return emit.Data("keepMask", ones, ones, [16]byte{}, [16]byte{})
}

// keepShort zeroes the bytes of x from n on, 1 <= n <= 16 (model:
// keepShort): one VPAND with the 16 bytes of keepMask at 32-n, an address
// that depends on the length alone.
func keepShort(x VecVirtual, n GPVirtual) {
	Comment("keepShort: zero the bytes past n.")
	off, base := GP64(), GP64()
	MOVQ(U32(32), off)
	SUBQ(n, off)
	LEAQ(keepMask(), base)
	VPAND(Mem{Base: base, Index: off, Scale: 1}, x, x)
}

// blocksShort encrypts or decrypts exactly one block (model: blocksShort).
func blocksShort(d direction, s emit.Schedule, dst, src GPVirtual) {
	x := XMM()
	VMOVDQU(Mem{Base: src}, x)
	rounds16(d, s, x)
	VMOVDQU(x, Mem{Base: dst})
}

// ctrShort runs counter mode on 1..16 bytes (model: ctrShort): the
// counter block, unreversed, is the cipher's input.
func ctrShort(add increment, s emit.Schedule, ctr, dst, src, n GPVirtual) {
	c, ks := XMM(), XMM()
	VMOVDQU(Mem{Base: ctr}, c)
	VMOVDQA(c, ks)
	rounds16(encryption, s, ks)
	x := loadShort(src, n)
	VPXOR(ks, x, x)
	storeShort(x, dst, n)
	storeCounter16(add, c, ctr)
}

// storeCounter16 stores the counter block c advanced by one (model:
// storeCounter16): reversed, stepped by add, reversed back.
func storeCounter16(add increment, c VecVirtual, ctr GPVirtual) {
	t := XMM()
	VPSHUFB(emit.ByteReverse(), c, t)
	add(emit.PairStart().Offset(16), t, t) // PairStart's high lane: tables.CounterAdd(1)
	VPSHUFB(emit.ByteReverse(), t, t)
	VMOVDQU(t, Mem{Base: ctr})
}

// foldPowers returns h·x^-64 for the key form h (model: foldPowers): the
// folded power, with which a product needs one fold instead of two. It
// depends on the table alone, so it runs beside the data's path.
func foldPowers(h VecVirtual) VecVirtual {
	Comment("foldPowers: h·x^-64.")
	t, f := XMM(), XMM()
	VPCLMULQDQ(U8(0x10), emit.ReflectedPoly(), h, t)
	VPSHUFD(U8(0x4e), h, f)
	VPXOR(t, f, f)
	return f
}

// mulShort returns x·h reduced, with hf = foldPowers(h) (model: mulShort):
// mid = x.lo·hf.lo ^ x.hi·h.lo, hi = x.lo·hf.hi ^ x.hi·h.hi, 64 bits
// apart, and one fold of mid into hi. x is overwritten.
func mulShort(x, h, hf VecVirtual) VecVirtual {
	Comment("mulShort: four products with the folded power, one fold.")
	m0, m1, h0 := XMM(), XMM(), XMM()
	VPCLMULQDQ(U8(0x00), hf, x, m0) // x.lo·hf.lo
	VPCLMULQDQ(U8(0x01), h, x, m1)  // x.hi·h.lo
	VPCLMULQDQ(U8(0x10), hf, x, h0) // x.lo·hf.hi
	VPCLMULQDQ(U8(0x11), h, x, x)   // x.hi·h.hi
	VPXOR(m1, m0, m0)
	VPXOR(h0, x, x)
	Comment("fold16(mid, hi).")
	t := XMM()
	VPCLMULQDQ(U8(0x10), emit.ReflectedPoly(), m0, t) // t = mid.lo·(0xC2<<56)
	VPSHUFD(U8(0x4e), m0, m0)
	VPXOR(t, x, x)
	VPXOR(m0, x, x)
	return x
}

// ghashShort absorbs the block x (GCM's block order, zero-padded) into the
// GHASH value at yp (model: ghashShort): y ^ x reversed once, multiplied
// by H^1 (slot 15) with its folded power, reversed back and stored.
func ghashShort(table, yp GPVirtual, x VecVirtual) {
	Comment("ghashShort: y = (y ^ x)·H.")
	h := XMM()
	VMOVDQU(key(table, powers-1), h)
	hf := foldPowers(h)
	VPXOR(Mem{Base: yp}, x, x)
	VPSHUFB(emit.ByteReverse(), x, x)
	r := mulShort(x, h, hf)
	VPSHUFB(emit.ByteReverse(), r, r)
	VMOVDQU(r, Mem{Base: yp})
}

// sealShort is seal on 1..16 bytes (model: sealShort).
func (k *gcmKernel) sealShort() {
	c, ks := XMM(), XMM()
	VMOVDQU(Mem{Base: k.ctrp}, c)
	VMOVDQA(c, ks)
	rounds16(encryption, k.s, ks)
	x := loadShort(k.src, k.n)
	VPXOR(ks, x, x)
	storeShort(x, k.dst, k.n)
	keepShort(x, k.n)
	ghashShort(k.table, k.yp, x)
	storeCounter16(inc32, c, k.ctrp)
}

// openShort is open on 1..16 bytes (model: openShort): the hash of the
// ciphertext runs while the block is encrypted.
func (k *gcmKernel) openShort() {
	c, ks := XMM(), XMM()
	VMOVDQU(Mem{Base: k.ctrp}, c)
	x := loadShort(k.src, k.n)
	VMOVDQA(x, ks)
	ghashShort(k.table, k.yp, ks)
	VMOVDQA(c, ks)
	rounds16(encryption, k.s, ks)
	VPXOR(ks, x, x)
	storeShort(x, k.dst, k.n)
	storeCounter16(inc32, c, k.ctrp)
}
