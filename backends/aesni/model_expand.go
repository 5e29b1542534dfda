package aesni

import (
	"github.com/vaesgo/vaes/tables"
	"github.com/vaesgo/vaes/vec"
)

// expandKeyModel is expandKey (asm: expandKey; reference:
// aesround.Expand). The schedule is a run of 4-byte words, FIPS 197's w[i];
// the assembly stores each step's words straight into enc at byte 4i, the
// model into a flat copy of it.
func expandKeyModel(enc, dec *[15][16]byte, key []byte) {
	var w [15 * 16]byte
	var nr int
	switch len(key) {
	case 16:
		nr = expand128(&w, key)
	case 24:
		nr = expand192(&w, key)
	default:
		nr = expand256(&w, key)
	}
	for i := 0; i <= nr; i++ {
		copy(enc[i][:], w[16*i:])
	}
	invertSchedule(enc, dec, nr)
}

// prefixXOR turns the four words of x into their running XOR (asm:
// prefixXOR): three shifts by one word (PSLLDQ) and XORs.
func prefixXOR(x vec.Uint32x4) vec.Uint32x4 {
	t := x.AsUint8x16()
	for i := 0; i < 3; i++ {
		t = t.ShiftBytesLeft(4)
		x = x.Xor(t.AsUint32x4())
	}
	return x
}

// keyGenAssist returns AESKEYGENASSIST of x with rcon, with the given lane
// broadcast (asm: keyGenAssist).
func keyGenAssist(x vec.Uint32x4, rcon byte, lane uint8) vec.Uint32x4 {
	return x.AESRoundKeyGenAssist(rcon).PermuteScalars(lane, lane, lane, lane)
}

// storeWords stores the four words of x as words i..i+3 (MOVOU).
func storeWords(w *[15 * 16]byte, i int, x vec.Uint32x4) { x.AsUint8x16().Store(w[4*i:]) }

// storeTwoWords stores the low two words of x as words i and i+1 (MOVQ).
func storeTwoWords(w *[15 * 16]byte, i int, x vec.Uint32x4) {
	x.AsUint8x16().StorePart(w[4*i : 4*i+8])
}

// expand128 makes the 44 words of AES-128, four per step (asm:
// expand128). It returns the number of rounds.
func expand128(w *[15 * 16]byte, key []byte) int {
	x := vec.LoadUint8x16(key).AsUint32x4()
	storeWords(w, 0, x)
	for step := 1; step <= 10; step++ {
		t := keyGenAssist(x, tables.Rcon[step-1], 3)
		x = prefixXOR(x).Xor(t)
		storeWords(w, 4*step, x)
	}
	return 10
}

// expand192 makes the 52 words of AES-192, six per step: x1 holds the
// first four, x2 the last two in its low half (asm: expand192).
func expand192(w *[15 * 16]byte, key []byte) int {
	x1 := vec.LoadUint8x16(key).AsUint32x4()
	part, _ := vec.LoadUint8x16Part(key[16:24])
	x2 := part.AsUint32x4()
	storeWords(w, 0, x1)
	storeTwoWords(w, 4, x2)
	for step := 1; step <= 8; step++ {
		t := keyGenAssist(x2, tables.Rcon[step-1], 1)
		x1 = prefixXOR(x1).Xor(t)
		storeWords(w, 6*step, x1)
		if step == 8 {
			break
		}
		// The next two words chain on from the last of these four.
		x2 = x2.Xor(x2.AsUint8x16().ShiftBytesLeft(4).AsUint32x4())
		x2 = x2.Xor(x1.PermuteScalars(3, 3, 3, 3))
		storeTwoWords(w, 6*step+4, x2)
	}
	return 12
}

// expand256 makes the 60 words of AES-256, four per step, alternating a
// temp word of RotWord(SubWord) with Rcon and one of plain SubWord (asm:
// expand256).
func expand256(w *[15 * 16]byte, key []byte) int {
	x1 := vec.LoadUint8x16(key).AsUint32x4()
	x2 := vec.LoadUint8x16(key[16:]).AsUint32x4()
	storeWords(w, 0, x1)
	storeWords(w, 4, x2)
	for step := 2; step <= 14; step++ {
		if step%2 == 0 {
			t := keyGenAssist(x2, tables.Rcon[step/2-1], 3)
			x1 = prefixXOR(x1).Xor(t)
			storeWords(w, 4*step, x1)
		} else {
			t := keyGenAssist(x1, 0, 2)
			x2 = prefixXOR(x2).Xor(t)
			storeWords(w, 4*step, x2)
		}
	}
	return 14
}

// invertSchedule fills dec from enc (asm: invertSchedule).
func invertSchedule(enc, dec *[15][16]byte, nr int) {
	dec[0], dec[nr] = enc[nr], enc[0]
	for i := 1; i < nr; i++ {
		vec.LoadUint8x16Array(&enc[nr-i]).AsUint32x4().AESInvMixColumns().AsUint8x16().StoreArray(&dec[i])
	}
}
