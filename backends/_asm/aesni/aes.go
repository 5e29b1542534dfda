package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// direction is the cipher run forwards or backwards: its round instruction
// and its last-round instruction.
type direction struct {
	round, last func(key, block Op)
}

var (
	encryption = direction{round: AESENC, last: AESENCLAST}
	decryption = direction{round: aesdec, last: aesdeclast}
)

// aesdec and aesdeclast emit AESDEC and AESDECLAST. avo v0.6.0's
// instruction table marks their block operand write-only (AESENC's is
// read-write, as it should be), so its register allocator would give the
// block the round key's register; listing the block as an input too
// restores the truth.
func aesdec(key, block Op)     { readWrite(x86.AESDEC(key, block)) }
func aesdeclast(key, block Op) { readWrite(x86.AESDECLAST(key, block)) }

func readWrite(i *ir.Instruction, err error) {
	if err != nil {
		panic(err)
	}
	i.Inputs = append(i.Inputs, i.Operands[1])
	Instruction(i)
}

// whiten adds round key 0 to every block (model: whiten).
func whiten(s emit.Schedule, blocks []VecVirtual) {
	k := XMM()
	MOVOU(s.Key(0), k)
	for _, b := range blocks {
		PXOR(k, b)
	}
}

// rounds runs rounds 1..Nr over the blocks (model: direction.rounds). Each round
// key is loaded into one register that every block's instruction reads:
// the XMM form of broadcasting it. between(i) runs after middle round i;
// see emit.Schedule.Rounds.
func (d direction) rounds(s emit.Schedule, blocks []VecVirtual, between func(i int)) {
	each := func(op func(key, block Op)) func(Mem) {
		return func(key Mem) {
			k := XMM()
			MOVOU(key, k)
			for _, b := range blocks {
				op(k, b)
			}
		}
	}
	s.Rounds(each(d.round), each(d.last), between)
}

// loadBlocks loads n consecutive blocks from src (model: loadBlocks).
func loadBlocks(src Mem, n int) []VecVirtual {
	blocks := make([]VecVirtual, n)
	for i := range blocks {
		blocks[i] = XMM()
		MOVOU(src.Offset(16*i), blocks[i])
	}
	return blocks
}

// xorBlocks XORs the consecutive blocks at src into blocks (model:
// xorBlocks).
func xorBlocks(blocks []VecVirtual, src Mem) {
	for i, b := range blocks {
		t := XMM()
		MOVOU(src.Offset(16*i), t)
		PXOR(t, b)
	}
}

// storeBlocks stores blocks to consecutive blocks at dst (model:
// storeBlocks).
func storeBlocks(blocks []VecVirtual, dst Mem) {
	for i, b := range blocks {
		MOVOU(b, dst.Offset(16*i))
	}
}

// advance moves each pointer forward by n bytes.
func advance(n int, pointers ...GPVirtual) {
	for _, p := range pointers {
		ADDQ(U32(n), p)
	}
}
