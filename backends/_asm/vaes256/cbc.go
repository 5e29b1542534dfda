package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// cbcDecryptKernel emits cbcDecrypt (model: cbcDecryptModel): 30 blocks
// per iteration while more than 30 remain, then one pass over the last
// 1..30 (cbcTail). Each block is decrypted with the ciphertext block before
// it folded into the last round key (chainedDecryption); register 0's
// previous blocks, the chain, wait in a 32-byte slot of the frame while
// the rounds hold every register.
func cbcDecryptKernel() {
	api.Kernel("cbcDecrypt", "func(keys *[15][16]byte, rounds int, iv *[16]byte, dst, src []byte)")
	Doc("cbcDecrypt decrypts the len(src)/16 whole blocks of src into dst in",
		"cipher block chaining mode with the decryption round keys, iv the block",
		"before the first, and leaves the last block of src in iv. len(src) is a",
		"multiple of 16, len(dst) >= len(src), dst is src or does not overlap it,",
		"rounds is 10, 12 or 14.")
	s := emit.LoadSchedule(Param("keys"), Param("rounds"))
	iv := emit.LoadGP(Param("iv"))
	dst := emit.LoadGP(Param("dst").Base())
	src := emit.LoadGP(Param("src").Base())
	n := emit.LoadGP(Param("src").Len())
	chain := AllocLocal(32)

	done := emit.NewLabel("cbcDone")
	TESTQ(n, n)
	JZ(LabelRef(done))
	firstChain(iv, src, chain)

	loop, tail := emit.NewLabel("cbc30"), emit.NewLabel("cbcTail")
	Comment("30 blocks at a time while more than 30 are left.")
	Label(loop)
	CMPQ(n, U32(batchBytes+16))
	JB(LabelRef(tail))
	pairs := cbcPass(s, chain, src, n, 15, 15)
	nextChain(src, chain)
	storePairs(pairs, dst, n, 15)
	advance(batchBytes, src, dst)
	SUBQ(U32(batchBytes), n)
	JMP(LabelRef(loop))

	Label(tail)
	cbcTail(s, chain, iv, dst, src, n, done)
	Label(done)
	VZEROUPPER()
	RET()
}

// firstChain stores register 0's first previous blocks to the chain slot:
// iv in the low lane, the first block of src in the high one (model:
// firstChain). src holds at least one block.
func firstChain(iv, src GPVirtual, chain Mem) {
	Comment("firstChain: iv and the first block.")
	c := YMM()
	VMOVDQU(Mem{Base: iv}, c.AsX())
	VINSERTI128(U8(1), Mem{Base: src}, c, c)
	VMOVDQU(c, chain)
}

// nextChain stores the next batch's chain, the batch's last block and the
// next one's first, to the slot before the batch stores anything (model:
// nextChain). The loop runs only while a block follows the batch.
func nextChain(src GPVirtual, chain Mem) {
	Comment("nextChain: the blocks around the batch's end, before any store.")
	c := YMM()
	VMOVDQU(Mem{Base: src, Disp: batchBytes - 16}, c)
	VMOVDQU(c, chain)
}

// cbcTail decrypts the last n bytes, 0 < n <= 480, in one pass of the
// narrowest width that holds them, then jumps to done (model: cbcTail).
func cbcTail(s emit.Schedule, chain Mem, iv, dst, src, n GPVirtual, done string) {
	Comment("cbcTail: the last n <= 480 bytes.")
	tailWidths(n, blockWidths, func(w, from int) {
		pairs := cbcPass(s, chain, src, n, w, from)
		lastCiphertext(src, n, iv)
		storePairs(pairs, dst, n, from)
		JMP(LabelRef(done))
	})
}

// lastCiphertext copies the last block of the n bytes at src to iv, before
// the pass stores anything (model: lastCiphertext).
func lastCiphertext(src, n, iv GPVirtual) {
	Comment("lastCiphertext: the chaining value for the next call.")
	x := XMM()
	VMOVDQU(Mem{Base: src, Index: n, Scale: 1, Disp: -16}, x)
	VMOVDQU(x, Mem{Base: iv})
}

// cbcPass loads the whole blocks of the n bytes at src into w registers
// (more than 32·from bytes are left) and decrypts them, each XORed with the
// ciphertext block before it (model: cbcPass). It stores nothing.
func cbcPass(s emit.Schedule, chain Mem, src, n GPVirtual, w, from int) []VecVirtual {
	pairs := loadPairs(src, n, w, from)
	whiten(s, pairs)
	chainedDecryption(s, pairs, chain, src, n, from)
	return pairs
}

// chainedDecryption runs decryption rounds 1..Nr over the blocks, the last
// with the round key plus each register's previous ciphertext blocks
// (model: chainedDecryption): the chain for register 0, the 32 bytes at
// src+32j-16 for register j, or the 16 there if the register holds one
// block (previousBlocks). The key is broadcast again for every register:
// the register it lands in takes the VPXOR, so the last round needs no
// register beyond the key's.
func chainedDecryption(s emit.Schedule, pairs []VecVirtual, chain Mem, src, n GPVirtual, from int) {
	round := func(key Mem) {
		k := YMM()
		VBROADCASTI128(key, k)
		for _, b := range pairs {
			VAESDEC(k, b, b)
		}
	}
	last := func(key Mem) {
		Comment("chainedDecryption: the last round key plus the previous ciphertext blocks.")
		// Register 0 holds a block in every pass; its operand is whole.
		ladder(n, len(pairs), max(from, 1),
			func(j int) {
				t := YMM()
				VBROADCASTI128(key, t)
				VPXOR(previousBlocks(chain, src, j), t, t)
				VAESDECLAST(t, pairs[j], pairs[j])
			},
			func(j int) {
				t := YMM()
				VBROADCASTI128(key, t)
				emit.ZeroUpper(x86.VPXOR(previousBlocks(chain, src, j), t.AsX(), t.AsX()))
				VAESDECLAST(t, pairs[j], pairs[j])
			})
	}
	s.Rounds(round, last, nil)
}

// previousBlocks is the address of register j's previous ciphertext
// blocks (model: previousBlocks).
func previousBlocks(chain Mem, src GPVirtual, j int) Mem {
	if j == 0 {
		return chain
	}
	return Mem{Base: src, Disp: 32*j - 16}
}
