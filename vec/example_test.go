package vec_test

import (
	"encoding/hex"
	"fmt"

	"github.com/vaesgo/vaes/vec"
)

// AES-128 on one block, written the way AES-NI code is: the key schedule from
// AESRoundKeyGenAssist, then ten rounds. The key, plaintext and ciphertext are
// the example of FIPS 197, appendix C.1.
func Example_aes128() {
	key, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	plaintext, _ := hex.DecodeString("00112233445566778899aabbccddeeff")

	// Key expansion: new word i is the XOR of the old words 0..i and of
	// RotWord(SubWord(old word 3)) ^ rcon, which the assist leaves in lane 3.
	var keys [11]vec.Uint32x4
	keys[0] = vec.LoadUint8x16(key).AsUint32x4()
	rcons := []uint8{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36}
	for i, rcon := range rcons {
		k := keys[i]
		t := k.AESRoundKeyGenAssist(rcon).PermuteScalars(3, 3, 3, 3)
		b := k.AsUint8x16()
		b = b.Xor(b.ShiftBytesLeft(4))
		b = b.Xor(b.ShiftBytesLeft(8))
		keys[i+1] = b.AsUint32x4().Xor(t)
	}

	// Encryption.
	s := vec.LoadUint8x16(plaintext).Xor(keys[0].AsUint8x16())
	for i := 1; i < 10; i++ {
		s = s.AESEncryptOneRound(keys[i])
	}
	s = s.AESEncryptLastRound(keys[10])
	var out [16]byte
	s.StoreArray(&out)
	fmt.Println(hex.EncodeToString(out[:]))

	// Decryption, with the equivalent inverse cipher's round keys.
	s = s.Xor(keys[10].AsUint8x16())
	for i := 9; i >= 1; i-- {
		s = s.AESDecryptOneRound(keys[i].AESInvMixColumns())
	}
	s = s.AESDecryptLastRound(keys[0])
	s.StoreArray(&out)
	fmt.Println(hex.EncodeToString(out[:]))

	// Output:
	// 69c4e0d86a7b0430d8cdb78070b4c55a
	// 00112233445566778899aabbccddeeff
}
