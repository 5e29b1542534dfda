package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/vaesgo/vaes/backends/_asm/internal/api"
	"github.com/vaesgo/vaes/backends/_asm/internal/emit"
	"github.com/vaesgo/vaes/tables"
)

// expandKey emits the key expansion (model: expandKeyModel; reference:
// aesround.Expand). Each key size has its own unrolled sequence, because
// AESKEYGENASSIST takes the round constant as an immediate.
//
// The schedule is a run of 4-byte words (FIPS 197's w[i], word i at byte
// 4i of enc), so each step stores the words it makes at their offset,
// whatever round key they fall in: for AES-192 a step makes six words, a
// whole round key and half of the next.
func expandKey() {
	api.Kernel("expandKey", "func(enc, dec *[15][16]byte, key []byte)")
	Doc("expandKey writes the round keys of key (16, 24 or 32 bytes) to enc and",
		"the keys of the equivalent inverse cipher to dec, as aesround.Expand",
		"lays them out. Slots past the last round are not written.")
	enc := emit.LoadGP(Param("enc"))
	dec := emit.LoadGP(Param("dec"))
	key := emit.LoadGP(Param("key").Base())
	n := emit.LoadGP(Param("key").Len())
	nr := GP64()

	aes128, aes192, inverse := emit.NewLabel("expand128"), emit.NewLabel("expand192"), emit.NewLabel("inverse")
	CMPQ(n, U8(24))
	JB(LabelRef(aes128))
	JE(LabelRef(aes192))
	expand256(enc, key)
	MOVQ(U32(14), nr)
	JMP(LabelRef(inverse))
	Label(aes192)
	expand192(enc, key)
	MOVQ(U32(12), nr)
	JMP(LabelRef(inverse))
	Label(aes128)
	expand128(enc, key)
	MOVQ(U32(10), nr)
	Label(inverse)
	invertSchedule(enc, dec, nr)
	RET()
}

// word returns the address of word i of the schedule at enc.
func word(enc GPVirtual, i int) Mem { return Mem{Base: enc, Disp: 4 * i} }

// prefixXOR turns the four words of x into their running XOR, w0, w0^w1,
// w0^w1^w2, w0^w1^w2^w3: with the new temp word t added, that is four
// consecutive words of the schedule (model: prefixXOR).
func prefixXOR(x VecVirtual) {
	t := XMM()
	MOVO(x, t)
	for i := 0; i < 3; i++ {
		PSLLDQ(U8(4), t)
		PXOR(t, x)
	}
}

// keyGenAssist returns AESKEYGENASSIST of x with rcon, with lane lane of
// the result broadcast to all four (model: keyGenAssist). Lane 1 is
// RotWord(SubWord(x[1])) ^ rcon, lane 2 SubWord(x[3]), lane 3
// RotWord(SubWord(x[3])) ^ rcon.
func keyGenAssist(x VecVirtual, rcon byte, lane int) VecVirtual {
	t := XMM()
	AESKEYGENASSIST(U8(rcon), x, t)
	PSHUFD(U8(0x55*lane), t, t)
	return t
}

// expand128 makes the 44 words of AES-128 (model: expand128): four per
// step, from the previous four and RotWord(SubWord) of the last.
func expand128(enc, key GPVirtual) {
	Comment("AES-128: w[i] = w[i-4] ^ temp, 4 words per step.")
	x := XMM()
	MOVOU(Mem{Base: key}, x)
	MOVOU(x, word(enc, 0))
	for step := 1; step <= 10; step++ {
		t := keyGenAssist(x, tables.Rcon[step-1], 3)
		prefixXOR(x)
		PXOR(t, x)
		MOVOU(x, word(enc, 4*step))
	}
}

// expand192 makes the 52 words of AES-192 (model: expand192): six per
// step, x1 holding the first four and x2 the last two (in its low half).
func expand192(enc, key GPVirtual) {
	Comment("AES-192: w[i] = w[i-6] ^ temp, 6 words per step.")
	x1, x2 := XMM(), XMM()
	MOVOU(Mem{Base: key}, x1)
	MOVQ(Mem{Base: key, Disp: 16}, x2)
	MOVOU(x1, word(enc, 0))
	MOVQ(x2, word(enc, 4))
	for step := 1; step <= 8; step++ {
		t := keyGenAssist(x2, tables.Rcon[step-1], 1)
		prefixXOR(x1)
		PXOR(t, x1)
		MOVOU(x1, word(enc, 6*step))
		if step == 8 {
			break // 52 words: the last step's other two are not needed
		}
		Comment("The next two words chain on from the last of these four.")
		u, last := XMM(), XMM()
		MOVO(x2, u)
		PSLLDQ(U8(4), u)
		PXOR(u, x2)
		PSHUFD(U8(0xff), x1, last)
		PXOR(last, x2)
		MOVQ(x2, word(enc, 6*step+4))
	}
}

// expand256 makes the 60 words of AES-256 (model: expand256): four per
// step, alternating RotWord(SubWord) with Rcon and plain SubWord for the
// temp word.
func expand256(enc, key GPVirtual) {
	Comment("AES-256: w[i] = w[i-8] ^ temp, 4 words per step, two kinds of step.")
	x1, x2 := XMM(), XMM()
	MOVOU(Mem{Base: key}, x1)
	MOVOU(Mem{Base: key, Disp: 16}, x2)
	MOVOU(x1, word(enc, 0))
	MOVOU(x2, word(enc, 4))
	for step := 2; step <= 14; step++ {
		if step%2 == 0 {
			t := keyGenAssist(x2, tables.Rcon[step/2-1], 3)
			prefixXOR(x1)
			PXOR(t, x1)
			MOVOU(x1, word(enc, 4*step))
		} else {
			t := keyGenAssist(x1, 0, 2)
			prefixXOR(x2)
			PXOR(t, x2)
			MOVOU(x2, word(enc, 4*step))
		}
	}
}

// invertSchedule fills dec from enc (model: invertSchedule): dec[0] =
// enc[nr], dec[i] = InvMixColumns(enc[nr-i]) (AESIMC), dec[nr] = enc[0].
func invertSchedule(enc, dec, nr GPVirtual) {
	Comment("invertSchedule: the equivalent inverse cipher's keys.")
	p, q, count := GP64(), GP64(), GP64()
	MOVQ(nr, p)
	SHLQ(U8(4), p)
	x, y := XMM(), XMM()
	MOVOU(Mem{Base: enc}, x)
	MOVOU(x, Mem{Base: dec, Index: p, Scale: 1})
	ADDQ(enc, p)
	MOVOU(Mem{Base: p}, x)
	MOVOU(x, Mem{Base: dec})
	MOVQ(dec, q)
	MOVQ(nr, count)
	DECQ(count)
	loop := emit.NewLabel("inverseRound")
	Label(loop)
	SUBQ(U8(16), p)
	ADDQ(U8(16), q)
	MOVOU(Mem{Base: p}, x) // legacy SSE memory operands must be aligned; the schedule need not be
	AESIMC(x, y)
	MOVOU(y, Mem{Base: q})
	DECQ(count)
	JNZ(LabelRef(loop))
}
