package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// cbcDecryptKernel emits cbcDecrypt (model: cbcDecryptModel): one block on
// an XMM register (cbcShort), else the ECB loop's 64 blocks per iteration and its steps of 32, 16, 8 and 4 blocks,
// then the last 1..3 blocks in one register through masks, each register's
// previous ciphertext blocks added in its last round (chainedDecryption),
// and the last ciphertext block of each batch carried in lane 0 of a
// register, the chain, to the next (chainOperand). The loop holds 15
// registers of round keys, 16 of blocks and the chain, which in the last
// round becomes the operand of register 0 and then of each register in
// turn: all 32.
func cbcDecryptKernel() {
	api.Kernel("cbcDecrypt", "func(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte)")
	Doc("cbcDecrypt decrypts the len(src)/16 whole blocks of src into dst in",
		"cipher block chaining mode with the decryption round keys, iv the",
		"ciphertext block before src's first, and leaves src's last block in iv.",
		"len(src) is a multiple of 16, len(dst) >= len(src), dst is src or does",
		"not overlap it, rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	iv := emit.LoadGP(Param("iv"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())

	done, long := emit.NewLabel("cbcDone"), emit.NewLabel("cbcLong")
	TESTQ(n, n)
	JZ(LabelRef(done))
	CMPQ(n, U8(shortBytes))
	JNE(LabelRef(long))
	Comment("cbcShort: exactly one block, on an XMM register.")
	cbcShort(s, iv, dst, src)
	VZEROUPPER()
	RET()

	Label(long)
	k := loadRoundKeys(s)
	chain := loadChain(Mem{Base: iv})
	Comment("The mask of 64-bit lanes 2..7, blocks 1..3: chainOperand's.")
	lanes := GP64()
	MOVQ(U32(0xfc), lanes)
	skip := K()
	KMOVQ(lanes, skip)

	loop, steps := emit.NewLabel("cbc16"), emit.NewLabel("cbcSteps")
	Comment("64 blocks at a time.")
	Label(loop)
	CMPQ(n, U32(64*16))
	JB(LabelRef(steps))
	cbcBatch(k, 16, chain, skip, dst, src, n)
	JMP(LabelRef(loop))

	Label(steps)
	for _, width := range stepWidths {
		next := emit.NewLabel(fmt.Sprintf("cbcSkip%d", width))
		CMPQ(n, U32(64*width))
		JB(LabelRef(next))
		cbcBatch(k, width, chain, skip, dst, src, n)
		Label(next)
	}

	last := emit.NewLabel("cbcLast")
	TESTQ(n, n)
	JZ(LabelRef(last))
	cbcTail(k, chain, skip, dst, src, n)
	Label(last)
	storeChain(chain, Mem{Base: iv})
	Label(done)
	VZEROUPPER()
	RET()
}

// loadChain broadcasts the block at m into a new register (model:
// loadChain); cbcBatch and cbcTail reload the chain through reloadChain.
func loadChain(m Mem) VecVirtual {
	chain := ZMM()
	reloadChain(m, chain)
	return chain
}

// reloadChain broadcasts the block at m into chain, whose lane 0 is what
// counts (model: loadChain). The broadcast writes the whole register: a
// 16-byte load into its XMM part would, for avo's allocator, keep the
// register live through the last round, where all 32 are taken.
func reloadChain(m Mem, chain VecVirtual) {
	Comment("loadChain: the ciphertext block before the next batch, in lane 0 (and the others).")
	VBROADCASTI32X4(m, chain)
}

// storeChain stores lane 0 of chain to m (model: storeChain).
func storeChain(chain VecVirtual, m Mem) {
	Comment("storeChain: the last ciphertext block is the next call's iv.")
	VMOVDQU64(chain.AsX(), m)
}

// chainOperand turns chain into the previous ciphertext blocks of x, the
// first register of blocks of a batch or the tail, as loaded (model:
// chainOperand): the carried block stays in lane 0, and x's blocks 0..2
// move into lanes 1..3 over the rest, one VALIGNQ of x with itself by six
// 64-bit lanes under mask, lanes 2..7. (It was a masked load of the 64
// bytes at src-16 with those 16 bytes masked off; where they lay on an
// unmapped or untouched page, as before a buffer at the start of a page,
// the CPU took a microcode assist to suppress their fault. The blocks are
// in x already, so no load is needed.)
func chainOperand(chain, x VecVirtual, mask OpmaskVirtual) {
	Comment("chainOperand: the carried block, then the register's first blocks but its last.")
	VALIGNQ(U8(6), x, x, mask, chain)
}

// chainedDecryption is decryption whose last round, for the i-th register
// of blocks it meets, adds prev(i), the register's previous ciphertext
// blocks, to the last round key first (model: chainedDecryption): one
// VPXORD beside the rounds instead of one after them. Every operand is a
// new register, but only one is live at a time: avo gives them all the
// register that is left.
func chainedDecryption(prev func(i int) Op) direction {
	i := 0
	return direction{
		round: VAESDEC,
		last: func(key, block, result Op) {
			t := ZMM()
			VPXORD(prev(i), key, t)
			VAESDECLAST(t, block, result)
			i++
		},
	}
}

// cbcBatch decrypts width registers of blocks, reloads the chain with the
// batch's last ciphertext block and advances the pointers (model:
// cbcBatch). Register 0's previous blocks are chainOperand, register i's
// the 64 bytes at src+64i-16; every load of the batch comes before its
// first store.
func cbcBatch(k *roundKeys, width int, chain VecVirtual, skip OpmaskVirtual, dst, src, n GPVirtual) {
	Commentf("cbcBatch: %d registers.", width)
	blocks := loadBlocks(Mem{Base: src}, width)
	chainOperand(chain, blocks[0], skip)
	k.whiten(blocks)
	k.rounds(chainedDecryption(func(i int) Op {
		if i == 0 {
			return chain
		}
		return Mem{Base: src, Disp: 64*i - 16}
	}), blocks, nil)
	reloadChain(Mem{Base: src, Disp: 64*width - 16}, chain)
	storeBlocks(blocks, Mem{Base: dst})
	advance(64*width, src, dst)
	SUBQ(U32(64*width), n)
}

// cbcTail decrypts the last n bytes, 1..3 blocks, in one register through
// masked loads and stores, and reloads the chain with the last block
// (model: cbcTail).
func cbcTail(k *roundKeys, chain VecVirtual, skip OpmaskVirtual, dst, src, n GPVirtual) {
	Comment("cbcTail: the last 1..3 blocks, through masks.")
	mask := byteMask(n)
	x := loadMasked(Mem{Base: src}, n, mask)
	chainOperand(chain, x, skip)
	k.whiten([]VecVirtual{x})
	k.rounds(chainedDecryption(func(int) Op { return chain }), []VecVirtual{x}, nil)
	reloadChain(Mem{Base: src, Index: n, Scale: 1, Disp: -16}, chain)
	storeMasked(x, mask, Mem{Base: dst}, n)
}

// cbcShort decrypts exactly one block (model: cbcShort): the short path's
// rounds16 with the round keys read from memory, iv added after the last
// round, and plain 16-byte loads and stores. The ciphertext block is loaded
// first and stored to iv last, so dst may be src.
func cbcShort(s emit.Schedule, iv, dst, src GPVirtual) {
	c, x := XMM(), XMM()
	VMOVDQU64(Mem{Base: src}, c)
	VMOVDQA64(c, x)
	rounds16(decryption, s, x)
	VPXORD(Mem{Base: iv}, x, x)
	VMOVDQU64(x, Mem{Base: dst})
	VMOVDQU64(c, Mem{Base: iv})
}
