package vec

import "testing"

// sink keeps results alive so the compiler cannot drop the work.
var sink any

func BenchmarkUint8x64Xor(b *testing.B) {
	x, y := BroadcastUint8x64(1), BroadcastUint8x64(2)
	for range b.N {
		x = x.Xor(y)
	}
	sink = x
}

func BenchmarkUint8x16AESEncryptOneRound(b *testing.B) {
	x, k := BroadcastUint8x16(1), BroadcastUint32x4(2)
	b.SetBytes(16)
	for range b.N {
		x = x.AESEncryptOneRound(k)
	}
	sink = x
}

func BenchmarkUint8x64AESEncryptOneRound(b *testing.B) {
	x, k := BroadcastUint8x64(1), BroadcastUint32x16(2)
	b.SetBytes(64)
	for range b.N {
		x = x.AESEncryptOneRound(k)
	}
	sink = x
}

func BenchmarkUint64x2CarrylessMultiplyEvenOdd(b *testing.B) {
	x, y := BroadcastUint64x2(0x123456789), BroadcastUint64x2(0xfedcba987)
	for range b.N {
		x = x.CarrylessMultiplyEvenOdd(y)
	}
	sink = x
}

func BenchmarkUint64x8CarrylessMultiplyEvenOdd(b *testing.B) {
	x, y := BroadcastUint64x8(0x123456789), BroadcastUint64x8(0xfedcba987)
	for range b.N {
		x = x.CarrylessMultiplyEvenOdd(y)
	}
	sink = x
}

func BenchmarkUint8x64PermuteOrZeroGrouped(b *testing.B) {
	x, idx := BroadcastUint8x64(7), BroadcastInt8x64(15)
	for range b.N {
		x = x.PermuteOrZeroGrouped(idx)
	}
	sink = x
}

func BenchmarkUint8x16PermuteOrZero(b *testing.B) {
	x, idx := BroadcastUint8x16(7), BroadcastInt8x16(15)
	for range b.N {
		x = x.PermuteOrZero(idx)
	}
	sink = x
}

func BenchmarkUint32x16Add(b *testing.B) {
	x, y := BroadcastUint32x16(7), BroadcastUint32x16(15)
	for range b.N {
		x = x.Add(y)
	}
	sink = x
}

func BenchmarkUint8x64AsUint64x8(b *testing.B) {
	x := BroadcastUint8x64(7)
	var y Uint64x8
	for range b.N {
		y = x.AsUint64x8()
		x = y.AsUint8x64()
	}
	sink = y
}
