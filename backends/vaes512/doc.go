// Package vaes512 is the VAES-AVX512 backend: AES block encryption and
// decryption, counter mode, GHASH and the stitched GCM loops, in amd64
// assembly on the 32 512-bit ZMM registers, four blocks per register.
package vaes512
