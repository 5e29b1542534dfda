package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// direction is the cipher run forwards or backwards: its round instruction
// and its last-round instruction, each (round key, block, destination).
type direction struct {
	round, last func(key, block, dst Op)
}

var (
	encryption = direction{round: VAESENC, last: VAESENCLAST}
	decryption = direction{round: VAESDEC, last: VAESDECLAST}
)

// whiten adds round key 0 to every block (model: whiten).
func whiten(s emit.Schedule, pairs []VecVirtual) {
	k := YMM()
	VBROADCASTI128(s.Key(0), k)
	for _, b := range pairs {
		VPXOR(k, b, b)
	}
}

// rounds runs rounds 1..Rounds over the blocks (model: rounds). Each round
// key is broadcast into both lanes of one register, the sixteenth beside
// up to fifteen registers of blocks, which every block's instruction
// reads. between(i) runs after middle round i; see emit.Schedule.Rounds.
func (d direction) rounds(s emit.Schedule, pairs []VecVirtual, between func(i int)) {
	each := func(op func(key, block, dst Op)) func(Mem) {
		return func(key Mem) {
			k := YMM()
			VBROADCASTI128(key, k)
			for _, b := range pairs {
				op(k, b, b)
			}
		}
	}
	s.Rounds(each(d.round), each(d.last), between)
}

// zeroPairs returns w new registers, those from index from on cleared:
// the tails load fewer blocks than their registers hold, and a register
// that no path writes must not look live to avo's allocator.
func zeroPairs(w, from int) []VecVirtual {
	pairs := make([]VecVirtual, w)
	for j := range pairs {
		pairs[j] = YMM()
		if j >= from {
			VPXOR(pairs[j], pairs[j], pairs[j])
		}
	}
	return pairs
}

// ladder emits, for the whole blocks of the n bytes left, whole(j) for
// each register j that they fill and half(j) for a register that holds
// only one: whole(j) unconditionally for j < from (the caller knows n >
// 32·from), then a CMPQ ladder for j = from..w-1 (model: the bounds of
// loadPairs, xorPairs and storePairs).
func ladder(n GPVirtual, w, from int, whole, half func(j int)) {
	for j := 0; j < from; j++ {
		whole(j)
	}
	if from == w {
		return
	}
	end := emit.NewLabel("ladderEnd")
	halves := make([]string, w)
	for j := from; j < w; j++ {
		halves[j] = emit.NewLabel(fmt.Sprintf("ladderHalf%d", j))
		CMPQ(n, U32(32*(j+1)))
		JB(LabelRef(halves[j]))
		whole(j)
	}
	JMP(LabelRef(end))
	for j := from; j < w; j++ {
		Label(halves[j])
		CMPQ(n, U32(32*j+16))
		JB(LabelRef(end))
		half(j)
		if j < w-1 {
			JMP(LabelRef(end))
		}
	}
	Label(end)
}

// loadPairs loads the whole blocks of the n bytes at src into w registers
// (model: loadPairs); registers from index from on may be left zero.
func loadPairs(src, n GPVirtual, w, from int) []VecVirtual {
	pairs := zeroPairs(w, from)
	ladder(n, w, from,
		func(j int) { VMOVDQU(Mem{Base: src, Disp: 32 * j}, pairs[j]) },
		func(j int) { emit.ZeroUpper(x86.VMOVDQU(Mem{Base: src, Disp: 32 * j}, pairs[j].AsX())) })
	return pairs
}

// storePairs stores the registers' blocks to the whole blocks of the n
// bytes at dst (model: storePairs).
func storePairs(pairs []VecVirtual, dst, n GPVirtual, from int) {
	ladder(n, len(pairs), from,
		func(j int) { VMOVDQU(pairs[j], Mem{Base: dst, Disp: 32 * j}) },
		func(j int) { VMOVDQU(pairs[j].AsX(), Mem{Base: dst, Disp: 32 * j}) })
}

// xorStore XORs full batches of src into the registers and stores them to
// dst (model: xorPairs, then storePairs, on a whole batch).
func xorStore(pairs []VecVirtual, src, dst GPVirtual) {
	for j, b := range pairs {
		VPXOR(Mem{Base: src, Disp: 32 * j}, b, b)
		VMOVDQU(b, Mem{Base: dst, Disp: 32 * j})
	}
}

// advance moves each pointer forward by n bytes.
func advance(n int, pointers ...GPVirtual) {
	for _, p := range pointers {
		ADDQ(U32(n), p)
	}
}

// tailWidths emits the CMPQ ladder that picks the pass of the narrowest of
// widths (largest first) whose registers hold the m = ceil(n/16) blocks
// left, n > 0 (model: tailWidth), testing the narrowest first: short
// messages, for which a compare is a visible part of the cost, take one.
// pass(w, from) emits the pass for w registers, knowing that more than
// 32·from bytes are left; it must end in a jump to its caller's exit.
func tailWidths(n GPVirtual, widths []int, pass func(w, from int)) {
	labels := make([]string, len(widths))
	for i := len(widths) - 1; i > 0; i-- {
		labels[i] = emit.NewLabel(fmt.Sprintf("width%d", widths[i]))
		CMPQ(n, U32(32*widths[i]))
		JBE(LabelRef(labels[i]))
	}
	for i, w := range widths {
		from := 0
		if i+1 < len(widths) {
			from = widths[i+1]
		}
		if i > 0 {
			Label(labels[i])
		}
		Commentf("A pass of %d registers: %d to %d blocks.", w, 2*from+1, 2*w)
		pass(w, from)
	}
}
