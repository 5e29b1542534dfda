package aesround

import "encoding/binary"

// EncryptRound is AESENC on each 16-byte block of state with the matching
// block of key: state = MixColumns(SubBytes(ShiftRows(state))) ^ key.
// len(state) == len(key), a multiple of 16, at most 64.
func EncryptRound(state, key []byte) { round(state, key, encRound) }

// EncryptLastRound is AESENCLAST: state = SubBytes(ShiftRows(state)) ^ key.
// The lengths are as for EncryptRound.
func EncryptLastRound(state, key []byte) { round(state, key, encLastRound) }

// DecryptRound is AESDEC: state = InvMixColumns(InvSubBytes(InvShiftRows(state))) ^ key.
// The lengths are as for EncryptRound.
func DecryptRound(state, key []byte) { round(state, key, decRound) }

// DecryptLastRound is AESDECLAST: state = InvSubBytes(InvShiftRows(state)) ^ key.
// The lengths are as for EncryptRound.
func DecryptLastRound(state, key []byte) { round(state, key, decLastRound) }

// InvMixColumns is AESIMC on each 16-byte block of state (16, 32, 48 or 64
// bytes): it turns an encryption round key into the matching round key of
// the equivalent inverse cipher.
func InvMixColumns(state []byte) {
	checkBlocks(state)
	var b [64]byte
	var q [8]uint64
	copy(b[:], state)
	load(&q, &b)
	invMixColumns(&q)
	store(&b, &q)
	copy(state, b[:])
}

// roundKind selects the instruction round models.
type roundKind int

const (
	encRound     roundKind = iota // AESENC
	encLastRound                  // AESENCLAST
	decRound                      // AESDEC
	decLastRound                  // AESDECLAST
)

// round runs one round of the given kind on the blocks of state, bitsliced,
// then XORs key in. Missing blocks are zero while bitsliced and are not
// written back.
func round(state, key []byte, kind roundKind) {
	checkBlocks(state)
	if len(key) != len(state) {
		panic("aesround: key and state lengths differ")
	}
	var b [64]byte
	var q [8]uint64
	copy(b[:], state)
	load(&q, &b)
	switch kind {
	case encRound:
		shiftRows(&q)
		subBytes(&q)
		mixColumns(&q)
	case encLastRound:
		shiftRows(&q)
		subBytes(&q)
	case decRound:
		invShiftRows(&q)
		invSubBytes(&q)
		invMixColumns(&q)
	case decLastRound:
		invShiftRows(&q)
		invSubBytes(&q)
	}
	store(&b, &q)
	for i := 0; i < len(state); i += 8 {
		binary.LittleEndian.PutUint64(state[i:], binary.LittleEndian.Uint64(b[i:])^binary.LittleEndian.Uint64(key[i:]))
	}
}

// checkBlocks panics unless state is one to four whole blocks.
func checkBlocks(state []byte) {
	if len(state) == 0 || len(state) > 64 || len(state)%16 != 0 {
		panic("aesround: state is not 1 to 4 whole blocks")
	}
}
