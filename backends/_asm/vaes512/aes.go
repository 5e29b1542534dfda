package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
)

// direction is the cipher run forwards or backwards: its round instruction
// and its last-round instruction, in their three-operand VEX/EVEX forms
// (key, block, result).
type direction struct {
	round, last func(key, block, result Op)
}

var (
	encryption = direction{round: VAESENC, last: VAESENCLAST}
	decryption = direction{round: VAESDEC, last: VAESDECLAST}
)

// roundKeys holds every round key broadcast to the four lanes of its own
// ZMM register (model: roundKeys). The registers follow emit.Schedule's
// walk from both ends: round key 0, up to four extra keys that only
// AES-192 and AES-256 have, the nine middle keys Nr-9..Nr-1 and the last.
type roundKeys struct {
	s      emit.Schedule
	first  VecVirtual
	extra  [4]VecVirtual // keys 1, 2 (AES-256), Nr-11, Nr-10 (AES-192 and AES-256)
	middle [9]VecVirtual // keys Nr-9 .. Nr-1
	last   VecVirtual
	// onUse says the extra keys are not held: each round that needs one
	// broadcasts it into a new register first (loadRoundKeysOnUse); with
	// held set, only keys 1 and 2, AES-256's alone, are.
	onUse, held bool
}

// loadRoundKeys broadcasts the round keys into registers (model:
// loadRoundKeys), one VBROADCASTI32X4 each, loading the extra keys only
// for the key sizes that have them.
func loadRoundKeys(s emit.Schedule) *roundKeys {
	return loadRoundKeysTo(s, 64)
}

// loadRoundKeysTo is loadRoundKeys into registers of w = 32 or 64 bytes:
// YMM for code that runs only on half-width registers.
func loadRoundKeysTo(s emit.Schedule, w int) *roundKeys {
	k := &roundKeys{s: s, first: newVec(w), last: newVec(w)}
	for i := range k.middle {
		k.middle[i] = newVec(w)
	}
	for i := range k.extra {
		k.extra[i] = newVec(w)
	}
	k.load()
	return k
}

// load broadcasts the round keys into k's registers: round key 0, the
// nine middle keys and the last, then the extra keys, for the key sizes
// that have them, unless they are loaded on use. A second path into code
// that uses the registers loads them again with it.
func (k *roundKeys) load() {
	Comment("loadRoundKeys: every round key in every lane of its own register.")
	VBROADCASTI32X4(k.s.Key(0), k.first)
	for i := range k.middle {
		VBROADCASTI32X4(k.s.FromLast(9-i), k.middle[i])
	}
	VBROADCASTI32X4(k.s.FromLast(0), k.last)
	if k.onUse && !k.held {
		return
	}
	keys10, keys12 := emit.NewLabel("keys10"), emit.NewLabel("keys12")
	CMPQ(k.s.Nr, U8(12))
	JB(LabelRef(keys10))
	if !k.onUse {
		JE(LabelRef(keys12))
		VBROADCASTI32X4(k.s.Key(1), k.extra[0])
		VBROADCASTI32X4(k.s.Key(2), k.extra[1])
	}
	Label(keys12)
	VBROADCASTI32X4(k.s.FromLast(11), k.extra[2])
	VBROADCASTI32X4(k.s.FromLast(10), k.extra[3])
	Label(keys10)
}

// loadRoundKeysOnUse is loadRoundKeys for ZMM registers with the extra keys
// of AES-192 and AES-256 left in memory: rounds broadcasts each into a new
// register in the round that uses it (one load), which frees four
// registers for a kernel that needs them.
func loadRoundKeysOnUse(s emit.Schedule) *roundKeys {
	k := &roundKeys{s: s, first: ZMM(), last: ZMM(), onUse: true}
	for i := range k.middle {
		k.middle[i] = ZMM()
	}
	k.load()
	return k
}

// loadRoundKeysHalfOnUse is loadRoundKeysOnUse with the two extra keys
// AES-192 and AES-256 share held in registers: only AES-256's first two
// are broadcast on use.
func loadRoundKeysHalfOnUse(s emit.Schedule) *roundKeys {
	k := &roundKeys{s: s, first: ZMM(), last: ZMM(), onUse: true, held: true}
	for i := range k.middle {
		k.middle[i] = ZMM()
	}
	k.extra[2], k.extra[3] = ZMM(), ZMM()
	k.load()
	return k
}

// onUseKeys returns k with every extra key loaded on use: for code after
// the loops that hold some, which leaves their registers to other values.
func (k *roundKeys) onUseKeys() *roundKeys {
	u := *k
	u.onUse, u.held = true, false
	return &u
}

// extraKey returns extra key i for blocks of width w: its register, or, if
// the keys are loaded on use, a new register it is broadcast into.
func (k *roundKeys) extraKey(i, w int) VecVirtual {
	if !k.onUse || k.held && i >= 2 {
		return k.extra[i]
	}
	t := newVec(w)
	keys := [4]Mem{k.s.Key(1), k.s.Key(2), k.s.FromLast(11), k.s.FromLast(10)}
	VBROADCASTI32X4(keys[i], t)
	return t
}

// fit returns r at the width of x: a round key, the hash or any register
// holding the same 16 bytes in every lane serves a half-width tail through
// its YMM form.
func fit(r, x VecVirtual) VecVirtual {
	if x.Size() == 32 {
		return r.AsY().(VecVirtual)
	}
	return r
}

// newVec returns a new register of w = 32 or 64 bytes.
func newVec(w int) VecVirtual {
	if w == 32 {
		return YMM()
	}
	return ZMM()
}

// whiten adds round key 0 to every register of blocks (model: whiten).
func (k *roundKeys) whiten(blocks []VecVirtual) {
	for _, b := range blocks {
		VPXORD(fit(k.first, b), b, b)
	}
}

// rounds runs rounds 1..Nr over the blocks (model: direction.rounds), as
// emit.Schedule.Rounds does with keys in memory: a branch on the key size
// skips the first four extra rounds (AES-128) or two of them (AES-192),
// then come the nine middle rounds every key size has, with between(i), if
// not nil, after middle round i, and the last round.
func (k *roundKeys) rounds(d direction, blocks []VecVirtual, between func(i int)) {
	each := func(op func(key, block, result Op), key VecVirtual) {
		for _, b := range blocks {
			op(fit(key, b), b, b)
		}
	}
	rounds10, rounds12 := emit.NewLabel("rounds10"), emit.NewLabel("rounds12")
	CMPQ(k.s.Nr, U8(12))
	JB(LabelRef(rounds10))
	JE(LabelRef(rounds12))
	w := int(blocks[0].Size())
	Comment("Rounds 1 and 2 of AES-256.")
	each(d.round, k.extraKey(0, w))
	each(d.round, k.extraKey(1, w))
	Label(rounds12)
	Comment("Rounds Nr-11 and Nr-10: 1 and 2 of AES-192, 3 and 4 of AES-256.")
	each(d.round, k.extraKey(2, w))
	each(d.round, k.extraKey(3, w))
	Label(rounds10)
	for i := range k.middle {
		Commentf("Round Nr-%d.", 9-i)
		each(d.round, k.middle[i])
		if between != nil {
			between(i)
		}
	}
	Comment("Last round.")
	each(d.last, k.last)
}

// newBlocks returns n new ZMM registers.
func newBlocks(n int) []VecVirtual {
	blocks := make([]VecVirtual, n)
	for i := range blocks {
		blocks[i] = ZMM()
	}
	return blocks
}

// loadBlocks loads n consecutive registers of blocks from src (model:
// loadBlocks).
func loadBlocks(src Mem, n int) []VecVirtual {
	blocks := newBlocks(n)
	for i, b := range blocks {
		VMOVDQU64(src.Offset(64*i), b)
	}
	return blocks
}

// xorBlocks XORs consecutive registers of src into blocks (model: xorQuad
// and xorQuads).
func xorBlocks(blocks []VecVirtual, src Mem) {
	for i, b := range blocks {
		VPXORD(src.Offset(64*i), b, b)
	}
}

// storeBlocks stores blocks to consecutive registers' worth of dst (model:
// storeBlocks).
func storeBlocks(blocks []VecVirtual, dst Mem) {
	for i, b := range blocks {
		VMOVDQU64(b, dst.Offset(64*i))
	}
}

// byteMask returns an opmask register enabling bytes 0..n-1, for
// 1 <= n <= 64 (model: byteMask): BZHI clears the bits of an all-ones word
// from bit n up, and leaves the word whole for n = 64.
func byteMask(n GPVirtual) OpmaskVirtual {
	bits := GP64()
	MOVQ(I32(-1), bits)
	BZHIQ(n, bits, bits)
	k := K()
	KMOVQ(bits, k)
	return k
}

// loadMasked loads the n bytes at src, 1 <= n <= 64, through mask =
// byteMask(n) into a new register, the rest of it zero (model: loadMasked);
// see loadMaskedTo.
func loadMasked(src Mem, n GPVirtual, mask OpmaskVirtual) VecVirtual {
	return loadMaskedTo(ZMM(), src, n, mask)
}

// loadMaskedTo loads the n bytes at src, 1 <= n <= w, into x, a register of
// w = 16, 32 or 64 bytes, through mask = byteMask(n), and zeroes the rest
// of x (model: loadMasked). Disabled bytes are not read, and a fault on
// them is suppressed, so nothing past the end of the data is touched. But
// where the disabled bytes reach a page that holds none of the data, and
// that page is unmapped or not yet touched, the CPU suppresses the fault
// in a microcode assist, hundreds of cycles on Intel cores; so, when the
// register's w bytes cross a page boundary (pastPage), loadEnd loads the w
// bytes that end with the data instead, out of line (cold).
func loadMaskedTo(x VecVirtual, src Mem, n GPVirtual, mask OpmaskVirtual) VecVirtual {
	end, done := emit.NewLabel("loadEnd"), emit.NewLabel("loadMaskedDone")
	pastPage(src, int(x.Size()), end)
	VMOVDQU8_Z(src, mask, x)
	Label(done)
	cold = append(cold, func() {
		Label(end)
		loadEnd(x, src, n, mask)
		JMP(LabelRef(done))
	})
	return x
}

// storeMasked stores the n bytes of x that mask = byteMask(n) enables to
// dst, 1 <= n <= w, the size of x (model: storeMasked); the others are not
// written. As for loadMaskedTo, when the register's w bytes at dst cross a
// page boundary (pastPage), storeEnd stores through the w bytes that end
// with the data instead, out of line.
func storeMasked(x VecVirtual, mask OpmaskVirtual, dst Mem, n GPVirtual) {
	end, done := emit.NewLabel("storeEnd"), emit.NewLabel("storeMaskedDone")
	pastPage(dst, int(x.Size()), end)
	VMOVDQU8(x, mask, dst)
	Label(done)
	cold = append(cold, func() {
		Label(end)
		storeEnd(x, dst, n)
		JMP(LabelRef(done))
	})
}

// cold holds the out-of-line paths of the kernel being emitted (loadEnd,
// storeEnd), which emitCold places after its last instruction, so that
// the usual path runs straight through with one branch not taken.
var cold []func()

// emitCold emits the kernel's out-of-line paths, each ending with a jump
// back; main calls it after each kernel.
func emitCold() {
	for _, f := range cold {
		f()
	}
	cold = nil
}

// pageSize is the smallest page of amd64, 4 KiB (model: pageSize).
const pageSize = 4096

// pastPage jumps to end if the w bytes at m cross a page boundary (model:
// pastPage): then the bytes a masked load or store of the n bytes at m
// disables, n..w-1, may lie on a page that holds none of the data. The
// address is public. (Asking instead whether they reach past the page of
// the data's last byte would send fewer calls to the other path, but take
// two more instructions on every call.)
func pastPage(m Mem, w int, end string) {
	Commentf("pastPage: do the %d bytes cross a page boundary?", w)
	off := GP32()
	LEAL(m, off)
	ANDL(U32(pageSize-1), off)
	CMPL(off, U32(pageSize-w))
	JA(LabelRef(end))
}

// endMask returns the mask of bytes w-n..63 of a register (model:
// endMask): the last n of w, 1 <= n <= w, as they lie in the w bytes that
// end with the data.
func endMask(n GPVirtual, w int) OpmaskVirtual {
	s, bits := GP64(), GP64()
	MOVQ(U32(w), s)
	SUBQ(n, s)
	MOVQ(I32(-1), bits)
	SHLXQ(s, bits, bits)
	k := K()
	KMOVQ(bits, k)
	return k
}

// ramp returns a new register of x's size holding the bytes
// off, off+1, ... (model: ramp): a load from rampBytes, 0..127, at off.
func ramp(x VecVirtual, off GPVirtual) VecVirtual {
	base, r := GP64(), like(x)
	LEAQ(rampBytes(), base)
	VMOVDQU8(Mem{Base: base, Index: off, Scale: 1}, r)
	return r
}

// rampBytes are the bytes 0..127, the indexes of ramp (model: ramp).
func rampBytes() Mem {
	var b [8][16]byte
	for i := range 128 {
		b[i/16][i%16] = byte(i)
	}
	return emit.Data("rampBytes", b[:]...)
}

// loadEnd loads the n bytes at m into x (model: loadEnd) from the w bytes
// that end with them, at m+n-w, through endMask: the bytes it disables lie
// below m on m's own page (the w bytes at m cross a page boundary when
// pastPage sends the load here, so m is less than w bytes below it, and
// w <= 64). VPERMB with the indexes w-n+i then moves byte w-n+i down to i,
// and its zeroing mask, byteMask(n), clears bytes n and up.
func loadEnd(x VecVirtual, m Mem, n GPVirtual, mask OpmaskVirtual) {
	w := int(x.Size())
	Comment("loadEnd: the w bytes ending with the data, moved down by w-n.")
	low, s := GP64(), GP64()
	LEAQ(Mem{Base: m.Base, Index: n, Scale: 1, Disp: m.Disp - w}, low)
	VMOVDQU8_Z(Mem{Base: low}, endMask(n, w), x)
	MOVQ(U32(w), s)
	SUBQ(n, s)
	VPERMB_Z(x, ramp(x, s), mask, x)
}

// storeEnd stores the first n bytes of x to m (model: storeEnd) through
// the w bytes that end with them: VPERMB with the indexes n+i, which count
// modulo w, moves byte i up to w-n+i, and the store at m+n-w enables the
// last n bytes (endMask).
func storeEnd(x VecVirtual, m Mem, n GPVirtual) {
	w := int(x.Size())
	Comment("storeEnd: the data moved up by w-n, stored to the w bytes ending with it.")
	low := GP64()
	LEAQ(Mem{Base: m.Base, Index: n, Scale: 1, Disp: m.Disp - w}, low)
	y := like(x)
	VPERMB(x, ramp(x, n), y)
	VMOVDQU8(y, endMask(n, w), Mem{Base: low})
}

// keepMasked zeroes the bytes of x that mask disables (model: keepMasked).
func keepMasked(x VecVirtual, mask OpmaskVirtual) {
	VMOVDQU8_Z(x, mask, x)
}

// xor3 sets a = a ^ b ^ c with one VPTERNLOGD (model: xor3); 0x96 is the
// truth table of a three-way XOR.
func xor3(a, b, c Op) {
	VPTERNLOGD(U8(0x96), c, b, a)
}

// advance moves each pointer forward by n bytes.
func advance(n int, pointers ...GPVirtual) {
	for _, p := range pointers {
		ADDQ(U32(n), p)
	}
}
