// Package vaes implements AES (NIST FIPS 197) and its modes GCM (SP 800-38D),
// CTR and CBC (SP 800-38A) and XTS (IEEE 1619, SP 800-38E) for Go, with
// hand-tuned amd64 assembly chosen at run time and a readable Go model
// behind every assembly kernel.
//
// # Use
//
// NewGCM returns a cipher.AEAD that is a drop-in replacement for
// cipher.NewGCM(aes.NewCipher(key)): the same ciphertexts, tags, errors and
// panics. NewCipher returns a cipher.Block with EncryptBlocks and
// DecryptBlocks for many blocks at once, and NewCTR a cipher.Stream.
//
// # With crypto/cipher
//
// A *Cipher also has the methods crypto/cipher looks for on a block that is
// not crypto/aes's own, so the standard constructors given one run this
// package's modes, on the cipher's expanded key:
//
//	block, err := vaes.NewCipher(key)
//	aead, err := cipher.NewGCM(block)            // a *vaes.GCM
//	stream := cipher.NewCTR(block, iv)           // vaes's counter mode
//	enc := cipher.NewCBCEncrypter(block, iv)     // vaes's CBC
//	dec := cipher.NewCBCDecrypter(block, iv)
//
// cipher.NewGCMWithNonceSize and cipher.NewGCMWithTagSize route the same
// way, with the same errors and panics as on a crypto/aes block, with two
// exceptions: cipher.NewGCMWithRandomNonce accepts only crypto/aes's block
// and returns an error for any other (use NewGCMWithRandomNonce here), and
// in FIPS 140-only mode crypto/cipher refuses any other block (below).
//
// # FIPS 140-3
//
// This package is not a FIPS 140-3 validated module. With
// GODEBUG=fips140=only (crypto/fips140.Enforced reports true) every
// constructor here refuses: NewCipher, NewCTR, the NewGCM functions and
// NewXTS return an error that says so, and a *Cipher's NewGCM, NewCTR and
// CBC constructors, called directly, return the error or raise the panic
// that crypto/cipher has in that mode for a block that is not crypto/aes's
// (crypto/cipher itself refuses a *Cipher before it looks for them). A
// program that must use validated cryptography only should use crypto/aes;
// one that chooses this package anyway can make its ciphers inside
// crypto/fips140.WithoutEnforcement.
//
// For real protocols a GCM also seals from pieces (SealPieces: a TLS 1.3
// record's payload and content type, without copying them together) and
// seals or opens a message that arrives in chunks (NewSealer, NewOpener).
//
// For storage, NewXTS returns XTS-AES (IEEE 1619, NIST SP 800-38E): data
// units of any length from 16 bytes, with ciphertext stealing, under a
// sector number or any 128-bit tweak. Its blocks run in each backend's
// widest batches, the tweaks computed in registers.
//
// A key used for one message costs little: NewGCM expands the key with the
// backend's own instructions and builds its whole table of powers of the
// hash key H at once, into one 1 KiB allocation that the garbage collector
// never scans.
//
// # Backends
//
// The implementation is picked once, when the program starts, best first:
//
//	vaes512   VAES and VPCLMULQDQ on 512-bit AVX-512 registers
//	vaes256   VAES and VPCLMULQDQ on 256-bit AVX2 registers
//	aesni     AES-NI and PCLMULQDQ on 128-bit registers
//	archsimd  the Go models compiled to vector instructions (Go 1.27 and
//	          GOEXPERIMENT=simd only), below the assembly
//	stdlib    crypto/aes and crypto/cipher, on arm64, ppc64x and s390x
//	generic   pure Go, everywhere
//
// Backend reports the choice. The environment variable VAES_BACKEND names a
// backend to use instead; GODEBUG=cpu.avx512f=off and similar settings read
// by golang.org/x/sys/cpu take a backend off the list; the purego build tag
// removes all assembly and leaves generic, or archsimd where it is built.
// Some kernels are tuned per CPU vendor, chosen once from CPUID: on AMD's
// cores aesni makes its GCM counter blocks in vector registers, and
// vaes512 seals messages of 129 to 256 bytes on 512-bit registers.
//
// The package writes nothing to standard output or error, so a
// VAES_BACKEND it cannot honour is passed over in silence and the best
// backend the CPU can run is used: a name that is none of the six above
// (a misspelling such as vaes521), or a backend this CPU cannot run. Check
// Backend where it matters; the commands cmd/vaesbench and cmd/ctcheck
// print a line saying so before anything else.
//
// # Guarantees
//
// Every backend runs in constant time: no branch and no memory access depends
// on the key, the plaintext or the ciphertext (the generic backend uses a
// bitsliced S-box and a carry-less multiply built from integer multiplies).
// *Cipher and *GCM hold no mutable state and are safe for concurrent use; a
// cipher.Stream from NewCTR is not. Bad input is met with the standard
// library's error or panic, word for word. Seal, Open and XORKeyStream
// allocate nothing beyond growing dst, and a failed Open clears the
// plaintext it had written. On amd64, arguments in the caller's local arrays
// stay there: no argument escapes to the heap. (The stdlib backend calls the
// standard library through interfaces, which do make arguments escape; on
// amd64 it is built only with the vaes_stdlib tag, for testing.)
package vaes
