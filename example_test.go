package vaes_test

import (
	"bytes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/vaesgo/vaes"
)

func ExampleNewGCM() {
	key := make([]byte, 32) // in real use: a secret, random key
	g, err := vaes.NewGCM(key)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, g.NonceSize()) // must never repeat under one key
	sealed := g.Seal(nil, nonce, []byte("attack at dawn"), []byte("header"))
	opened, err := g.Open(nil, nonce, sealed, []byte("header"))
	fmt.Println(string(opened), err)
	// Output: attack at dawn <nil>
}

func ExampleNewGCMWithRandomNonce() {
	key := make([]byte, 16)
	rand.Read(key)
	aead, err := vaes.NewGCMWithRandomNonce(key)
	if err != nil {
		panic(err)
	}
	// The nonce is chosen by Seal and carried in front of the ciphertext.
	sealed := aead.Seal(nil, nil, []byte("hello"), nil)
	opened, err := aead.Open(nil, nil, sealed, nil)
	fmt.Println(len(sealed)-len("hello") == aead.Overhead(), string(opened), err)
	// Output: true hello <nil>
}

func ExampleNewGCMWithNonceSize() {
	key := make([]byte, 16)
	g, err := vaes.NewGCMWithNonceSize(key, 16)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, 16)
	sealed := g.Seal(nil, nonce, []byte("sixteen-byte nonce"), nil)
	fmt.Println(len(sealed))
	// Output: 34
}

func ExampleNewGCMWithTagSize() {
	key := make([]byte, 16)
	g, err := vaes.NewGCMWithTagSize(key, 12)
	if err != nil {
		panic(err)
	}
	nonce := make([]byte, g.NonceSize())
	sealed := g.Seal(nil, nonce, []byte("short tag"), nil)
	fmt.Println(len(sealed)-len("short tag"), g.Overhead())
	// Output: 12 12
}

func ExampleNewCipher() {
	// FIPS 197, appendix C.1.
	key, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	in, _ := hex.DecodeString("00112233445566778899aabbccddeeff")
	c, err := vaes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	out := make([]byte, 16)
	c.Encrypt(out, in)
	fmt.Printf("%x\n", out)
	// Output: 69c4e0d86a7b0430d8cdb78070b4c55a
}

func ExampleCipher_EncryptBlocks() {
	key := make([]byte, 16)
	c, _ := vaes.NewCipher(key)
	src := make([]byte, 4*vaes.BlockSize)
	dst := make([]byte, len(src))
	c.EncryptBlocks(dst, src) // ECB: four identical blocks encrypt alike
	fmt.Println(bytes.Equal(dst[:16], dst[48:]))
	back := make([]byte, len(dst))
	c.DecryptBlocks(back, dst)
	fmt.Println(bytes.Equal(back, src))
	// Output:
	// true
	// true
}

func ExampleNewCTR() {
	key := make([]byte, 16)
	iv := make([]byte, vaes.BlockSize)
	s, err := vaes.NewCTR(key, iv)
	if err != nil {
		panic(err)
	}
	msg := []byte("counter mode")
	s.XORKeyStream(msg, msg)
	back, _ := vaes.NewCTR(key, iv)
	back.XORKeyStream(msg, msg)
	fmt.Println(string(msg))
	// Output: counter mode
}

func ExampleBackend() {
	b := vaes.Backend()
	fmt.Println(b != "")
	// Output: true
}

func ExampleGCM_SealPieces() {
	key := make([]byte, 16)
	g, _ := vaes.NewGCM(key)
	nonce := make([]byte, g.NonceSize())
	// A TLS 1.3 record: the payload, then its content type, sealed as one
	// message without first copying them together.
	payload := []byte("GET / HTTP/1.1\r\n\r\n")
	contentType := []byte{23}
	record := g.SealPieces(nil, nonce, [][]byte{payload, contentType}, nil)

	whole := g.Seal(nil, nonce, append(payload, contentType...), nil)
	fmt.Println(bytes.Equal(record, whole))
	// Output: true
}

func ExampleGCM_NewSealer() {
	key := make([]byte, 16)
	g, _ := vaes.NewGCM(key)
	nonce := make([]byte, g.NonceSize())

	s := g.NewSealer(nonce, []byte("header"))
	var sealed []byte
	for _, chunk := range []string{"a message ", "that arrives ", "in chunks"} {
		sealed = s.Encrypt(sealed, []byte(chunk))
	}
	sealed = s.Tag(sealed)

	opened, err := g.Open(nil, nonce, sealed, []byte("header"))
	fmt.Println(string(opened), err)
	// Output: a message that arrives in chunks <nil>
}

func ExampleGCM_NewOpener() {
	key := make([]byte, 16)
	g, _ := vaes.NewGCM(key)
	nonce := make([]byte, g.NonceSize())
	sealed := g.Seal(nil, nonce, []byte("streamed plaintext"), nil)
	ciphertext, tag := sealed[:len(sealed)-g.Overhead()], sealed[len(sealed)-g.Overhead():]

	o := g.NewOpener(nonce, nil)
	var pending []byte // unauthenticated: hold it back until Verify
	pending = o.Decrypt(pending, ciphertext[:7])
	pending = o.Decrypt(pending, ciphertext[7:])
	if err := o.Verify(tag); err != nil {
		fmt.Println("discard everything:", err)
		return
	}
	fmt.Println(string(pending))
	// Output: streamed plaintext
}

// Given a *vaes.Cipher, crypto/cipher's own constructors return this
// package's modes, on the cipher's expanded key.
func Example_cryptoCipher() {
	key := make([]byte, 16)
	block, err := vaes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	_, isVAES := aead.(*vaes.GCM)
	fmt.Println(isVAES)

	nonce := make([]byte, aead.NonceSize())
	sealed := aead.Seal(nil, nonce, []byte("routed"), nil)
	direct, _ := vaes.NewGCM(key)
	fmt.Println(bytes.Equal(sealed, direct.Seal(nil, nonce, []byte("routed"), nil)))
	// Output:
	// true
	// true
}

func ExampleCipher_NewCBCEncrypter() {
	// NIST SP 800-38A, F.2.1 (CBC-AES128.Encrypt), the first block.
	key, _ := hex.DecodeString("2b7e151628aed2a6abf7158809cf4f3c")
	iv, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	plaintext, _ := hex.DecodeString("6bc1bee22e409f96e93d7e117393172a")
	block, err := vaes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	ciphertext := make([]byte, len(plaintext))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(ciphertext, plaintext)
	fmt.Printf("%x\n", ciphertext)

	cipher.NewCBCDecrypter(block, iv).CryptBlocks(ciphertext, ciphertext) // in place
	fmt.Printf("%x\n", ciphertext)
	// Output:
	// 7649abac8119b246cee98e9b12e9197d
	// 6bc1bee22e409f96e93d7e117393172a
}
