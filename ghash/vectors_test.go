package ghash

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func unhex16(s string) [16]byte {
	var b [16]byte
	if copy(b[:], unhex(s)) != 16 {
		panic("not 16 bytes: " + s)
	}
	return b
}

// gcmHash is GHASH(H, A, C) of the GCM specification: the additional data
// and the ciphertext each padded to whole blocks, then the block of their
// lengths in bits, absorbed by update starting from zero.
func gcmHash(update func(y *[16]byte, data []byte), a, c []byte) [16]byte {
	var y, lens [16]byte
	update(&y, a)
	update(&y, c)
	binary.BigEndian.PutUint64(lens[0:8], uint64(len(a))*8)
	binary.BigEndian.PutUint64(lens[8:16], uint64(len(c))*8)
	update(&y, lens[:])
	return y
}

// TestGCMSpecVectors uses the hash keys, ciphertexts and GHASH values of
// McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", test
// cases 1 to 4.
func TestGCMSpecVectors(t *testing.T) {
	cases := []struct {
		name, h, a, c, ghash string
	}{
		{"TestCase1", "66e94bd4ef8a2c3b884cfa59ca342b2e", "", "",
			"00000000000000000000000000000000"},
		{"TestCase2", "66e94bd4ef8a2c3b884cfa59ca342b2e", "",
			"0388dace60b6a392f328c2b971b2fe78",
			"f38cbb1ad69223dcc3457ae5b6b0f885"},
		{"TestCase3", "b83b533708bf535d0aa6e52980d53b78", "",
			"42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e" +
				"21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
			"7f1b32b81b820d02614f8895ac1d4eac"},
		{"TestCase4", "b83b533708bf535d0aa6e52980d53b78",
			"feedfacedeadbeeffeedfacedeadbeefabaddad2",
			"42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e" +
				"21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
			"698e57f70e6ecc7fd9463b7260a9ae5f"},
	}
	for _, tc := range cases {
		h := unhex16(tc.h)
		a, c := unhex(tc.a), unhex(tc.c)
		want := unhex16(tc.ghash)
		var tab Table
		InitTable(&tab, &h, 8)
		keys := Powers(FromBlock(&h), 3)
		impls := map[string]func(y *[16]byte, data []byte){
			"ref":              func(y *[16]byte, d []byte) { *y = refGHASH(h, *y, d) },
			"Update":           func(y *[16]byte, d []byte) { Update(FromBlock(&h), y, d) },
			"UpdateAggregated": func(y *[16]byte, d []byte) { UpdateAggregated(keys, y, d) },
			"UpdateTable":      func(y *[16]byte, d []byte) { UpdateTable(&tab, 8, y, d) },
		}
		for name, update := range impls {
			if got := gcmHash(update, a, c); got != want {
				t.Errorf("%s %s: GHASH = %x, want %x", tc.name, name, got, want)
			}
		}
	}
}

// TestAgainstCryptoCipher computes GCM tags from this package's GHASH and
// compares them with crypto/cipher's: tag = E_K(J0) ^ GHASH(H, A, C) with
// H = E_K(0^128) and J0 = nonce || 0^31 || 1.
func TestAgainstCryptoCipher(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for i := 0; i < 200; i++ {
		key := randBytes(r, []int{16, 24, 32}[i%3])
		blk, err := aes.NewCipher(key)
		if err != nil {
			t.Fatal(err)
		}
		aead, err := cipher.NewGCM(blk)
		if err != nil {
			t.Fatal(err)
		}
		nonce := randBytes(r, 12)
		plain := randBytes(r, r.IntN(600))
		ad := randBytes(r, r.IntN(40))
		sealed := aead.Seal(nil, nonce, plain, ad)
		ct, tag := sealed[:len(plain)], sealed[len(plain):]

		var h, j0, ekj0 [16]byte
		blk.Encrypt(h[:], h[:])
		copy(j0[:], nonce)
		j0[15] = 1
		blk.Encrypt(ekj0[:], j0[:])
		var tab Table
		InitTable(&tab, &h, 8)
		y := gcmHash(func(y *[16]byte, d []byte) { UpdateTable(&tab, 8, y, d) }, ad, ct)
		var got [16]byte
		for j := range got {
			got[j] = y[j] ^ ekj0[j]
		}
		if string(got[:]) != string(tag) {
			t.Fatalf("case %d: tag from GHASH = %x, crypto/cipher's = %x", i, got, tag)
		}
	}
}
