package vaes

import "errors"

// errFIPS140Only is what every constructor returns in FIPS 140-only mode
// (GODEBUG=fips140=only), where [crypto/fips140.Enforced] reports true: this
// package is not a FIPS 140-3 validated module, and a program that asked
// for validated cryptography only must not run it unawares. A program may
// still opt in for a call with [crypto/fips140.WithoutEnforcement].
var errFIPS140Only = errors.New("vaes: not allowed in FIPS 140-only mode: this package is not a FIPS 140-3 validated module")

// The panics and the error of crypto/cipher in FIPS 140-only mode for a
// block that is not crypto/aes's, which a *Cipher's mode constructors
// repeat when they are called directly (crypto/cipher refuses a *Cipher
// before it calls them).
const (
	fipsCTRPanic = "crypto/cipher: use of CTR with non-AES ciphers is not allowed in FIPS 140-only mode"
	fipsCBCPanic = "crypto/cipher: use of CBC with non-AES ciphers is not allowed in FIPS 140-only mode"
)

// errFIPSGCM is cipher.NewGCM's, NewGCMWithNonceSize's and
// NewGCMWithTagSize's error in that mode, whatever the block.
var errFIPSGCM = errors.New("crypto/cipher: use of GCM with arbitrary IVs is not allowed in FIPS 140-only mode, use NewGCMWithRandomNonce")
