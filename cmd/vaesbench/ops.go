package main

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"slices"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// reference is the name of the contender every other is compared with.
const reference = "crypto/aes"

// contender is one row group of the report: the standard library's
// crypto/aes and crypto/cipher, this module's API built on one backend, or
// openssl, which times itself.
type contender struct {
	name    string
	backend *impl.Backend // nil for the standard library and openssl
	note    string        // how an outside contender was measured; empty for the alternated ones
}

// displayName is the name a backend goes by in the report. The registry's
// "stdlib" backend wraps crypto/aes, so it gets a name that cannot be taken
// for the reference itself.
func displayName(b *impl.Backend) string {
	if b.Std {
		return "vaes-stdlib"
	}
	return b.Name
}

// newGCM, newCTR and newBlocks build the contender's cipher. The vaes
// constructors capture the backend selected when they are called.
func (c contender) newGCM(key []byte) (cipher.AEAD, error) {
	if c.backend == nil {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return cipher.NewGCM(block)
	}
	defer impl.Select(c.backend)()
	g, err := vaes.NewGCM(key)
	if err != nil {
		return nil, err
	}
	return g, nil
}

func (c contender) newCTR(key, iv []byte) (cipher.Stream, error) {
	if c.backend == nil {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return cipher.NewCTR(block, iv), nil
	}
	defer impl.Select(c.backend)()
	return vaes.NewCTR(key, iv)
}

// newBlocks returns a function that encrypts whole blocks. crypto/aes has
// no multi-block call, so its version loops over Encrypt as a caller would.
func (c contender) newBlocks(key []byte) (func(dst, src []byte), error) {
	if c.backend == nil {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		return func(dst, src []byte) {
			for i := 0; i < len(src); i += aes.BlockSize {
				block.Encrypt(dst[i:], src[i:])
			}
		}, nil
	}
	defer impl.Select(c.backend)()
	ci, err := vaes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return ci.EncryptBlocks, nil
}

// newCBC returns crypto/cipher's CBC encrypter or decrypter on the
// contender's block: crypto/aes's, or a vaes.Cipher, which crypto/cipher
// hands to the Cipher's own NewCBCEncrypter or NewCBCDecrypter, as it does
// in a program that swaps aes.NewCipher for vaes.NewCipher.
func (c contender) newCBC(key, iv []byte, decrypt bool) (cipher.BlockMode, error) {
	var block cipher.Block
	if c.backend == nil {
		b, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		block = b
	} else {
		defer impl.Select(c.backend)()
		b, err := vaes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		block = b
	}
	if decrypt {
		return cipher.NewCBCDecrypter(block, iv), nil
	}
	return cipher.NewCBCEncrypter(block, iv), nil
}

// operation is one table of the report.
type operation struct {
	name        string // as given to -ops
	title       string
	short       string // for the chart
	wholeBlocks bool   // sizes are rounded down to a multiple of 16

	// setup prepares c to run the operation on size bytes. It returns the
	// call to time, and the output of one call, which must equal
	// crypto/aes's.
	setup func(c contender, key []byte, size int) (run func(), out []byte, err error)
}

var operations = []operation{
	{name: "seal", title: "Seal: AES-GCM, 13-byte additional data", short: "GCM Seal", setup: setupSeal},
	{name: "open", title: "Open: AES-GCM, 13-byte additional data", short: "GCM Open", setup: setupOpen},
	{name: "ctr", title: "CTR: XORKeyStream", short: "CTR", setup: setupCTR},
	{name: "blocks", title: "EncryptBlocks: ECB over whole blocks (crypto/aes: a loop over Encrypt)", short: "EncryptBlocks (ECB)", wholeBlocks: true, setup: setupBlocks},
	{name: "cbc-enc", title: "CBC encryption: cipher.NewCBCEncrypter, whole blocks (crypto/aes: " + stdCBC + ")", short: "CBC encryption", wholeBlocks: true, setup: setupCBC(false)},
	{name: "cbc-dec", title: "CBC decryption: cipher.NewCBCDecrypter, whole blocks (crypto/aes: " + stdCBC + ")", short: "CBC decryption", wholeBlocks: true, setup: setupCBC(true)},
}

// operationNames lists the names -ops takes.
func operationNames() []string {
	var names []string
	for _, op := range operations {
		names = append(names, op.name)
	}
	return names
}

// aad is a TLS 1.2 record header's worth of additional data.
var aad = pattern(13, 5)

// pattern returns n bytes of a fixed pattern.
func pattern(n int, seed byte) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(i)*7 + seed
	}
	return p
}

func setupSeal(c contender, key []byte, size int) (func(), []byte, error) {
	g, err := c.newGCM(key)
	if err != nil {
		return nil, nil, err
	}
	nonce, pt := pattern(g.NonceSize(), 2), pattern(size, 3)
	out := make([]byte, 0, size+g.Overhead())
	run := func() { out = g.Seal(out[:0], nonce, pt, aad) }
	run()
	return run, slices.Clone(out), nil
}

func setupOpen(c contender, key []byte, size int) (func(), []byte, error) {
	g, err := c.newGCM(key)
	if err != nil {
		return nil, nil, err
	}
	nonce, pt := pattern(g.NonceSize(), 2), pattern(size, 3)
	ct := g.Seal(nil, nonce, pt, aad)
	out := make([]byte, 0, size)
	run := func() { out, err = g.Open(out[:0], nonce, ct, aad) }
	run()
	if err != nil {
		return nil, nil, fmt.Errorf("opening its own Seal's output: %v", err)
	}
	// Open's output is the plaintext whatever Seal did; return the
	// ciphertext too, so a pair that agrees only with itself is caught.
	return run, append(slices.Clone(out), ct...), nil
}

func setupCTR(c contender, key []byte, size int) (func(), []byte, error) {
	s, err := c.newCTR(key, pattern(aes.BlockSize, 4))
	if err != nil {
		return nil, nil, err
	}
	src, dst := pattern(size, 3), make([]byte, size)
	run := func() { s.XORKeyStream(dst, src) }
	run()
	return run, slices.Clone(dst), nil
}

func setupBlocks(c contender, key []byte, size int) (func(), []byte, error) {
	enc, err := c.newBlocks(key)
	if err != nil {
		return nil, nil, err
	}
	src, dst := pattern(size, 3), make([]byte, size)
	run := func() { enc(dst, src) }
	run()
	return run, slices.Clone(dst), nil
}

// setupCBC returns the setup of CBC encryption, or of decryption if
// decrypt is set. Decryption's input is crypto/aes's encryption of the
// pattern that encryption takes, so its first call gives the pattern back.
// The output to check is that of two calls, the second chained to the
// first by the chaining value the mode carries, so that a mode that
// restarted from the IV on every call would be caught.
func setupCBC(decrypt bool) func(c contender, key []byte, size int) (func(), []byte, error) {
	return func(c contender, key []byte, size int) (func(), []byte, error) {
		iv, src := pattern(aes.BlockSize, 4), pattern(size, 3)
		if decrypt {
			enc, err := contender{name: reference}.newCBC(key, iv, false)
			if err != nil {
				return nil, nil, err
			}
			enc.CryptBlocks(src, src)
		}
		m, err := c.newCBC(key, iv, decrypt)
		if err != nil {
			return nil, nil, err
		}
		dst := make([]byte, size)
		run := func() { m.CryptBlocks(dst, src) }
		run()
		out := slices.Clone(dst)
		run()
		return run, append(out, dst...), nil
	}
}
