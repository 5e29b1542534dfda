package vec

import (
	"fmt"
	"math/bits"
	"testing"
)

// A table-driven AES round, the reference for the AES operations. The tables
// are built here from the definitions in FIPS 197 (multiplicative inverse in
// GF(2^8), then the affine map), so they share nothing with aesround.

var sbox, invSbox [256]byte

func init() {
	for x := range 256 {
		// inv = x^254, the inverse in GF(2^8) (0 for 0).
		inv := byte(1)
		for range 254 {
			inv = gmul(inv, byte(x))
		}
		if x == 0 {
			inv = 0
		}
		s := inv ^ bits.RotateLeft8(inv, 1) ^ bits.RotateLeft8(inv, 2) ^
			bits.RotateLeft8(inv, 3) ^ bits.RotateLeft8(inv, 4) ^ 0x63
		sbox[x] = s
		invSbox[s] = byte(x)
	}
}

// gmul multiplies in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
func gmul(a, b byte) byte {
	var p byte
	for b != 0 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
		b >>= 1
	}
	return p
}

// refRound applies one AES round variant to the 16-byte block s, whose byte
// 4c+r is row r, column c.
func refRound(s []byte, key []byte, inverse, last bool) {
	var t [16]byte
	for c := range 4 {
		for r := range 4 {
			if inverse { // InvShiftRows then InvSubBytes
				t[4*c+r] = invSbox[s[4*((c-r+4)%4)+r]]
			} else { // SubBytes then ShiftRows
				t[4*c+r] = sbox[s[4*((c+r)%4)+r]]
			}
		}
	}
	if !last {
		if inverse {
			refInvMixColumns(t[:])
		} else {
			for c := range 4 {
				a := t[4*c : 4*c+4]
				a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
				a[0] = gmul(a0, 2) ^ gmul(a1, 3) ^ a2 ^ a3
				a[1] = a0 ^ gmul(a1, 2) ^ gmul(a2, 3) ^ a3
				a[2] = a0 ^ a1 ^ gmul(a2, 2) ^ gmul(a3, 3)
				a[3] = gmul(a0, 3) ^ a1 ^ a2 ^ gmul(a3, 2)
			}
		}
	}
	for i := range t {
		s[i] = t[i] ^ key[i]
	}
}

func refInvMixColumns(t []byte) {
	for c := range 4 {
		a := t[4*c : 4*c+4]
		a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
		a[0] = gmul(a0, 14) ^ gmul(a1, 11) ^ gmul(a2, 13) ^ gmul(a3, 9)
		a[1] = gmul(a0, 9) ^ gmul(a1, 14) ^ gmul(a2, 11) ^ gmul(a3, 13)
		a[2] = gmul(a0, 13) ^ gmul(a1, 9) ^ gmul(a2, 14) ^ gmul(a3, 11)
		a[3] = gmul(a0, 11) ^ gmul(a1, 13) ^ gmul(a2, 9) ^ gmul(a3, 14)
	}
}

// checkAES checks one AES round operation at one width against refRound on
// every 16-byte group.
func checkAES[V, K any, P lanesOf[V, uint8], Q lanesOf[K, uint32]](t *testing.T, name string, op func(V, K) V, inverse, last bool) {
	t.Helper()
	r := newRand(name)
	for range iters {
		x, k := rnd[V, uint8, P](r), rnd[K, uint32, Q](r)
		want := lanesCopy[V, uint8, P](x)
		key := leBytes(lanesCopy[K, uint32, Q](k))
		for g := 0; g < len(want); g += 16 {
			refRound(want[g:g+16], key[g:g+16], inverse, last)
		}
		checkLanes(t, name, lanesCopy[V, uint8, P](op(x, k)), want)
	}
}

func TestAESRounds(t *testing.T) {
	checkAES[Uint8x16, Uint32x4](t, "Uint8x16.AESEncryptOneRound", Uint8x16.AESEncryptOneRound, false, false)
	checkAES[Uint8x16, Uint32x4](t, "Uint8x16.AESEncryptLastRound", Uint8x16.AESEncryptLastRound, false, true)
	checkAES[Uint8x16, Uint32x4](t, "Uint8x16.AESDecryptOneRound", Uint8x16.AESDecryptOneRound, true, false)
	checkAES[Uint8x16, Uint32x4](t, "Uint8x16.AESDecryptLastRound", Uint8x16.AESDecryptLastRound, true, true)
	checkAES[Uint8x32, Uint32x8](t, "Uint8x32.AESEncryptOneRound", Uint8x32.AESEncryptOneRound, false, false)
	checkAES[Uint8x32, Uint32x8](t, "Uint8x32.AESEncryptLastRound", Uint8x32.AESEncryptLastRound, false, true)
	checkAES[Uint8x32, Uint32x8](t, "Uint8x32.AESDecryptOneRound", Uint8x32.AESDecryptOneRound, true, false)
	checkAES[Uint8x32, Uint32x8](t, "Uint8x32.AESDecryptLastRound", Uint8x32.AESDecryptLastRound, true, true)
	checkAES[Uint8x64, Uint32x16](t, "Uint8x64.AESEncryptOneRound", Uint8x64.AESEncryptOneRound, false, false)
	checkAES[Uint8x64, Uint32x16](t, "Uint8x64.AESEncryptLastRound", Uint8x64.AESEncryptLastRound, false, true)
	checkAES[Uint8x64, Uint32x16](t, "Uint8x64.AESDecryptOneRound", Uint8x64.AESDecryptOneRound, true, false)
	checkAES[Uint8x64, Uint32x16](t, "Uint8x64.AESDecryptLastRound", Uint8x64.AESDecryptLastRound, true, true)
}

func TestAESKeyHelpers(t *testing.T) {
	checkUnary[Uint32x4, uint32](t, "Uint32x4.AESInvMixColumns", Uint32x4.AESInvMixColumns, func(i int, x []uint32) uint32 {
		b := leBytes(x)
		refInvMixColumns(b)
		return uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	})

	subWord := func(w uint32) uint32 {
		return uint32(sbox[w&0xff]) | uint32(sbox[w>>8&0xff])<<8 | uint32(sbox[w>>16&0xff])<<16 | uint32(sbox[w>>24])<<24
	}
	for _, rcon := range []uint8{0, 1, 2, 0x1b, 0x36, 0x80, 0xff} {
		checkUnary[Uint32x4, uint32](t, fmt.Sprintf("Uint32x4.AESRoundKeyGenAssist(%#x)", rcon),
			func(x Uint32x4) Uint32x4 { return x.AESRoundKeyGenAssist(rcon) },
			func(i int, x []uint32) uint32 {
				// Lanes 0, 1 come from x[1], lanes 2, 3 from x[3]. RotWord
				// moves memory byte 1 to byte 0: a right rotation of a
				// little-endian lane.
				w := subWord(x[i|1])
				if i&1 == 1 {
					w = bits.RotateLeft32(w, -8) ^ uint32(rcon)
				}
				return w
			})
	}
}

// TestAESWidthsAgree runs a whole cipher at every width with a key schedule
// built by AESRoundKeyGenAssist, and checks that 1, 2 and 4 blocks per
// register give the block-by-block result of the reference.
func TestAESWidthsAgree(t *testing.T) {
	r := newRand("widths")
	for range 20 {
		key := rnd[Uint32x4, uint32](r)
		keys := expand128(key)
		blocks := rnd[Uint8x64, uint8](r)

		want := lanesCopy[Uint8x64, uint8](blocks)
		for g := 0; g < 64; g += 16 {
			b := want[g : g+16]
			k0 := leBytes(keys[0].lanes())
			for i := range b {
				b[i] ^= k0[i]
			}
			for i := 1; i <= 10; i++ {
				refRound(b, leBytes(keys[i].lanes()), false, i == 10)
			}
		}

		x64 := blocks.Xor(BroadcastUint32x4ToUint32x16(keys[0]).AsUint8x64())
		x32lo := blocks.GetLo().Xor(BroadcastUint32x4ToUint32x8(keys[0]).AsUint8x32())
		x16 := blocks.GetLo().GetLo().Xor(keys[0].AsUint8x16())
		for i := 1; i < 10; i++ {
			x64 = x64.AESEncryptOneRound(BroadcastUint32x4ToUint32x16(keys[i]))
			x32lo = x32lo.AESEncryptOneRound(BroadcastUint32x4ToUint32x8(keys[i]))
			x16 = x16.AESEncryptOneRound(keys[i])
		}
		x64 = x64.AESEncryptLastRound(BroadcastUint32x4ToUint32x16(keys[10]))
		x32lo = x32lo.AESEncryptLastRound(BroadcastUint32x4ToUint32x8(keys[10]))
		x16 = x16.AESEncryptLastRound(keys[10])
		checkLanes(t, "4 blocks", x64.lanes(), want)
		checkLanes(t, "2 blocks", x32lo.lanes(), want[:32])
		checkLanes(t, "1 block", x16.lanes(), want[:16])

		// And back, with the equivalent inverse cipher's keys.
		y := x64.Xor(BroadcastUint32x4ToUint32x16(keys[10]).AsUint8x64())
		for i := 9; i >= 1; i-- {
			y = y.AESDecryptOneRound(BroadcastUint32x4ToUint32x16(keys[i].AESInvMixColumns()))
		}
		y = y.AESDecryptLastRound(BroadcastUint32x4ToUint32x16(keys[0]))
		if y.String() != blocks.String() {
			t.Fatalf("decryption did not invert encryption:\n%v\n%v", y, blocks)
		}
	}
}

// expand128 is the AES-128 key expansion done the way AES-NI code does it.
func expand128(k Uint32x4) [11]Uint32x4 {
	var keys [11]Uint32x4
	keys[0] = k
	rcon := uint8(1)
	for i := 1; i <= 10; i++ {
		// Lane 3 of the assist is RotWord(SubWord(w3)) ^ rcon; spread it.
		t := k.AESRoundKeyGenAssist(rcon).PermuteScalars(3, 3, 3, 3)
		// Each word of the new key is the XOR of all the old words up to
		// its position, plus t.
		b := k.AsUint8x16()
		b = b.Xor(b.ShiftBytesLeft(4))
		b = b.Xor(b.ShiftBytesLeft(8))
		k = b.AsUint32x4().Xor(t)
		keys[i] = k
		rcon = gmul(rcon, 2)
	}
	return keys
}
