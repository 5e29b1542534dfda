package ghash

import "encoding/binary"

// Update absorbs data into the running GHASH value y under the hash key h
// (the Element of E_K(0^128)): y = (y ^ X_i)·H for each 16-byte block X_i of
// data, the last partial block padded with zeros. y is in GCM's block form.
// These are the semantics of the backends' GHASH kernel; Update does one
// multiply and one reduction per block.
func Update(h Element, y *[16]byte, data []byte) {
	k := MulX(h)
	acc := FromBlock(y)
	for len(data) >= 16 {
		acc = MulKey(acc.Xor(loadBlock(data)), k)
		data = data[16:]
	}
	if len(data) > 0 {
		acc = MulKey(acc.Xor(loadPartial(data)), k)
	}
	acc.PutBlock(y)
}

// UpdateAggregated computes the same as Update, N blocks at a time, where
// keys = Powers(h, N). For a group of blocks X_1..X_N, unrolling Update
// gives
//
//	y' = (y ^ X_1)·H^N ^ X_2·H^(N-1) ^ ... ^ X_N·H^1
//
// so block i (1-based) is multiplied by H^(N+1-i), the unreduced products
// are summed in Karatsuba form, and the sum is finished and reduced once.
// A last group of m < N blocks (the final partial block zero-padded) uses
// H^m..H^1 the same way. This is the loop structure of the vector code.
func UpdateAggregated(keys []Element, y *[16]byte, data []byte) {
	if len(keys) == 0 {
		panic("ghash: UpdateAggregated needs at least one key power")
	}
	var mids [MaxPowers]uint64
	m := mids[:0]
	if len(keys) > MaxPowers {
		m = make([]uint64, 0, len(keys))
	}
	for _, k := range keys {
		m = append(m, k.Hi^k.Lo)
	}
	acc := FromBlock(y)
	acc = updateAggregated(keys, m, acc, data)
	acc.PutBlock(y)
}

// updateAggregated is the loop of UpdateAggregated and UpdateTable, with
// the half sums of the key powers given: mids[i] = keys[i].Hi ^ keys[i].Lo.
func updateAggregated(keys []Element, mids []uint64, acc Element, data []byte) Element {
	n := len(keys)
	for len(data) >= 16*n {
		acc = aggregate(keys, mids, acc, data[:16*n])
		data = data[16*n:]
	}
	if len(data) > 0 {
		m := (len(data) + 15) / 16
		acc = aggregate(keys[:m], mids[:m], acc, data)
	}
	return acc
}

// aggregate absorbs the m = len(keys) blocks of data (the last one possibly
// partial) with one reduction, using keys[m-1] (H^m) for the first block
// down to keys[0] (H^1) for the last. The three parts of the
// products are summed in Karatsuba form and finished once.
func aggregate(keys []Element, mids []uint64, acc Element, data []byte) Element {
	m := len(keys)
	var lo, mid, hi Element
	for i := 0; i < m; i++ {
		var x Element
		if len(data) >= 16 {
			x = loadBlock(data)
			data = data[16:]
		} else {
			x = loadPartial(data)
		}
		if i == 0 {
			x = x.Xor(acc)
		}
		l, md, h := karatsubaMid(x, keys[m-1-i], mids[m-1-i])
		lo, mid, hi = lo.Xor(l), mid.Xor(md), hi.Xor(h)
	}
	return Reduce(lo, KaratsubaFinish(lo, mid, hi), hi)
}

// loadBlock returns the Element of the first 16 bytes of b.
func loadBlock(b []byte) Element {
	return Element{
		Hi: binary.BigEndian.Uint64(b[0:8]),
		Lo: binary.BigEndian.Uint64(b[8:16]),
	}
}

// loadPartial returns the Element of b (shorter than 16 bytes) padded with
// zeros to a full block.
func loadPartial(b []byte) Element {
	var block [16]byte
	copy(block[:], b)
	return FromBlock(&block)
}
