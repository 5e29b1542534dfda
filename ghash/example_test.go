package ghash_test

import (
	"encoding/hex"
	"fmt"

	"github.com/vaesgo/vaes/ghash"
)

// GHASH of test case 2 of the GCM specification: one ciphertext block, no
// additional data, then the block of lengths (0 and 128 bits).
func ExampleUpdate() {
	var h, y [16]byte
	hex.Decode(h[:], []byte("66e94bd4ef8a2c3b884cfa59ca342b2e"))
	c, _ := hex.DecodeString("0388dace60b6a392f328c2b971b2fe78")
	lengths := make([]byte, 16)
	lengths[15] = 128

	ghash.Update(ghash.FromBlock(&h), &y, c)
	ghash.Update(ghash.FromBlock(&h), &y, lengths)
	fmt.Printf("%x\n", y)
	// Output: f38cbb1ad69223dcc3457ae5b6b0f885
}

// A backend fills a Table once per key and then hashes with it, eight
// blocks per reduction here.
func ExampleUpdateTable() {
	var h, y [16]byte
	hex.Decode(h[:], []byte("66e94bd4ef8a2c3b884cfa59ca342b2e"))
	c, _ := hex.DecodeString("0388dace60b6a392f328c2b971b2fe78")
	lengths := make([]byte, 16)
	lengths[15] = 128

	var t ghash.Table
	ghash.InitTable(&t, &h, 8)
	ghash.UpdateTable(&t, 8, &y, c)
	ghash.UpdateTable(&t, 8, &y, lengths)
	fmt.Printf("%x\n", y)
	// Output: f38cbb1ad69223dcc3457ae5b6b0f885
}
