package aesround

// EncryptRound is AESENC on each 16-byte block of state with the matching
// block of key: state = MixColumns(SubBytes(ShiftRows(state))) ^ key.
// len(state) == len(key), a multiple of 16, at most 64.
func EncryptRound(state, key []byte) { round(state, key, encryptRound) }

// EncryptLastRound is AESENCLAST: state = SubBytes(ShiftRows(state)) ^ key.
// The lengths are as for EncryptRound.
func EncryptLastRound(state, key []byte) { round(state, key, encryptLastRound) }

// DecryptRound is AESDEC: state = InvMixColumns(InvSubBytes(InvShiftRows(state))) ^ key.
// The lengths are as for EncryptRound.
func DecryptRound(state, key []byte) { round(state, key, decryptRound) }

// DecryptLastRound is AESDECLAST: state = InvSubBytes(InvShiftRows(state)) ^ key.
// The lengths are as for EncryptRound.
func DecryptLastRound(state, key []byte) { round(state, key, decryptLastRound) }

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

func encryptRound(q *[8]uint64) {
	shiftRows(q)
	subBytes(q)
	mixColumns(q)
}

func encryptLastRound(q *[8]uint64) {
	shiftRows(q)
	subBytes(q)
}

func decryptRound(q *[8]uint64) {
	invShiftRows(q)
	invSubBytes(q)
	invMixColumns(q)
}

func decryptLastRound(q *[8]uint64) {
	invShiftRows(q)
	invSubBytes(q)
}

// round applies steps to the blocks of state, bitsliced, then XORs key in.
// Missing blocks are zero while bitsliced and are not written back.
func round(state, key []byte, steps func(*[8]uint64)) {
	checkBlocks(state)
	if len(key) != len(state) {
		panic("aesround: key and state lengths differ")
	}
	var b [64]byte
	var q [8]uint64
	copy(b[:], state)
	load(&q, &b)
	steps(&q)
	store(&b, &q)
	for i := range state {
		state[i] = b[i] ^ key[i]
	}
}

// checkBlocks panics unless state is one to four whole blocks.
func checkBlocks(state []byte) {
	if len(state) == 0 || len(state) > 64 || len(state)%16 != 0 {
		panic("aesround: state is not 1 to 4 whole blocks")
	}
}
