// Package aesround implements AES's round functions and key expansion with
// the exact semantics of the x86 AES instructions, in constant time.
package aesround

// PLACEHOLDER signatures; the aesround owner replaces the bodies.

// EncryptRound is AESENC on each 16-byte block of state with the matching
// block of key: state = MixColumns(SubBytes(ShiftRows(state))) ^ key.
// len(state) == len(key), a multiple of 16, at most 64.
func EncryptRound(state, key []byte) { panic("todo") }

// EncryptLastRound is AESENCLAST: state = SubBytes(ShiftRows(state)) ^ key.
func EncryptLastRound(state, key []byte) { panic("todo") }

// DecryptRound is AESDEC: state = InvMixColumns(InvSubBytes(InvShiftRows(state))) ^ key.
func DecryptRound(state, key []byte) { panic("todo") }

// DecryptLastRound is AESDECLAST: state = InvSubBytes(InvShiftRows(state)) ^ key.
func DecryptLastRound(state, key []byte) { panic("todo") }

// InvMixColumns is AESIMC on each 16-byte block of state.
func InvMixColumns(state []byte) { panic("todo") }

// KeyGenAssist is AESKEYGENASSIST: with X1 = src[4:8], X3 = src[12:16],
// dst = SubWord(X1) | RotWord(SubWord(X1))^rcon | SubWord(X3) | RotWord(SubWord(X3))^rcon.
func KeyGenAssist(dst, src *[16]byte, rcon byte) { panic("todo") }

// Expand fills s from a 16-, 24- or 32-byte key; it panics on any other length.
func Expand(s *Schedule, key []byte) { panic("todo") }
