// Package conformance is the one test battery every backend of
// github.com/vaesgo/vaes runs.
//
// It is an ordinary package that imports "testing" so that the root
// package's tests, and its own self-test, can share it; nothing outside
// tests imports it. [Run] takes an [Impl], a set of constructors bound to
// one backend, and checks, as named subtests:
//
//   - the contracts of cipher.Block, cipher.Stream, cipher.BlockMode (CBC,
//     built by crypto/cipher on the block) and cipher.AEAD: round
//     trips, inputs left unmodified, appending to dst, exact overlap allowed
//     and inexact overlap refused, nothing written past the result, and a
//     failed Open leaving no plaintext behind;
//   - every bad input, against the standard library: the same error text
//     from constructors and the same panic value from Encrypt, Seal, Open
//     and XORKeyStream, found by making the same call on crypto/aes and
//     crypto/cipher;
//   - differential tests against crypto/aes and crypto/cipher over every
//     message length up to a little past 2 KiB, the batch edges of every
//     backend, misaligned buffers, in place and out of place, additional
//     data, nonce and tag sizes, CBC's chaining value carried across
//     calls and restarted by SetIV, and counter wrap-around in both CTR (the
//     128-bit counter) and GCM (the 32-bit counter, reached through nonces
//     built to make J0 end near 0xffffffff);
//   - the NIST ACVP vectors for AES-ECB and AES-CBC (each with its Monte
//     Carlo test), AES-CTR and AES-GCM, fetched at test time from a pinned
//     Go module.
//
// Differential checks compare more than results: each case runs on the
// implementation and on the standard library in two identical memory
// arenas, and the whole arena, the returned slice's place in it, the error
// text and any panic value must be the same afterwards.
//
// The battery passes when given the standard library itself (see the
// package's own test), which shows that its expectations are the standard
// library's behaviour and not a guess at it.
package conformance
