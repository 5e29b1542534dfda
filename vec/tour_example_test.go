package vec_test

import (
	"encoding/hex"
	"fmt"

	"github.com/vaesgo/vaes/ghash"
	"github.com/vaesgo/vaes/vec"
)

// blocks prints the four 16-byte blocks of a 512-bit register in hex, one
// per line, lane 0 first.
func blocks(x vec.Uint8x64) {
	var b [64]byte
	x.StoreArray(&b)
	for i := 0; i < 64; i += 16 {
		fmt.Printf("block %d: %s\n", i/16, hex.EncodeToString(b[i:i+16]))
	}
}

// One AES round on four blocks at once, as the vaes512 kernels run it: the
// round key is broadcast to the four 128-bit lanes of a register, and one
// VAESENC does SubBytes, ShiftRows, MixColumns and AddRoundKey on every
// block. Block 0 is the state of FIPS 197, appendix C.1, after round 0
// (plaintext XOR key); round 1 turns it into the appendix's
// round[2].start, 89d810e8855ace682d1843d8cb128fe4. Blocks 1 to 3 are
// other states, so each lane visibly runs on its own.
func Example_aesRoundFourBlocks() {
	state, _ := hex.DecodeString("00102030405060708090a0b0c0d0e0f0" +
		"00000000000000000000000000000000" +
		"ffffffffffffffffffffffffffffffff" +
		"000102030405060708090a0b0c0d0e0f")
	key1, _ := hex.DecodeString("d6aa74fdd2af72fadaa678f1d6ab76fe") // round key 1

	x := vec.LoadUint8x64(state)
	k := vec.BroadcastUint8x16ToUint8x64(vec.LoadUint8x16(key1)) // VBROADCASTI32X4
	x = x.AESEncryptOneRound(k.AsUint32x16())                    // VAESENC, four blocks
	blocks(x)

	// Output:
	// block 0: 89d810e8855ace682d1843d8cb128fe4
	// block 1: b5c9179eb1cc1199b9c51b92b5c8159d
	// block 2: c0bc62ebc4b964ecccb06ee7c0bd60e8
	// block 3: bcc028b8fec241ab6a7f2590f13757a2
}

// One GHASH multiplication and its reduction in the register form the
// kernels use (see package ghash), on one 128-bit lane: the four carry-less
// products of a 64-bit half of a by a 64-bit half of the key form k give
// the 256-bit product as lo, mid and hi, and two folds, each one
// VPCLMULQDQ by the reflected polynomial's 0xC2<<56, a lane swap and an
// XOR, reduce it to 128 bits. The last line is package ghash's scalar
// reference for the same product and reduction.
func Example_ghashReduction() {
	lanes := func(name string, x vec.Uint64x2) {
		fmt.Printf("%-4s %016x %016x\n", name, x.GetElem(1), x.GetElem(0)) // high lane first
	}
	a := vec.LoadUint64x2([]uint64{0x0123456789abcdef, 0xfedcba9876543210}) // lane 0, lane 1
	k := vec.LoadUint64x2([]uint64{0x66e94bd4ef8a2c3b, 0x884cfa59ca342b2e})
	poly := vec.LoadUint64x2([]uint64{1, 0xc2 << 56})

	lo := a.CarrylessMultiplyEven(k)                                        // a.lo·k.lo
	mid := a.CarrylessMultiplyEvenOdd(k).Xor(a.CarrylessMultiplyOddEven(k)) // a.lo·k.hi + a.hi·k.lo
	hi := a.CarrylessMultiplyOdd(k)                                         // a.hi·k.hi
	lanes("lo", lo)
	lanes("mid", mid)
	lanes("hi", hi)

	// fold(x, y): x's low 64 bits times 0xC2<<56, plus x with its halves
	// swapped, added into y, the part 64 bits above x.
	fold := func(x, y vec.Uint64x2) vec.Uint64x2 {
		t := x.CarrylessMultiplyEvenOdd(poly)
		swapped := x.AsUint32x4().PermuteScalars(2, 3, 0, 1).AsUint64x2() // VPSHUFD $0x4e
		return y.Xor(t).Xor(swapped)
	}
	mid = fold(lo, mid)
	lanes("fold", mid)
	r := fold(mid, hi)
	lanes("sum", r)

	ref := ghash.Reduce(ghash.Schoolbook(
		ghash.Element{Hi: 0xfedcba9876543210, Lo: 0x0123456789abcdef},
		ghash.Element{Hi: 0x884cfa59ca342b2e, Lo: 0x66e94bd4ef8a2c3b}))
	fmt.Printf("ref  %016x %016x\n", ref.Hi, ref.Lo)

	// Output:
	// lo   006a870a0b6290ee 8f8e4b9fa6a47e59
	// mid  22aabc83107ced59 628b6b18d8d5b24a
	// hi   78a354f2078b80bb 4899b0039d1bcee0
	// fold c81f5ca3b36efb46 10e1ec12d3b722a4
	// sum  642bf6352cad95a1 c886eca02e7535a6
	// ref  642bf6352cad95a1 c886eca02e7535a6
}
