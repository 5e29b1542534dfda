//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package vec

import "encoding/binary"

// The As* conversions reinterpret a register's bytes, so they must agree with
// the hardware on byte order: x86 is little-endian, lane 0 holds the lowest
// addressed bytes, and within a lane the lowest byte is the least significant.
// These helpers do that explicitly, so the package gives the same answers on a
// big-endian host.

func bytesToU32(dst []uint32, src []uint8) {
	for i := range dst {
		dst[i] = binary.LittleEndian.Uint32(src[4*i:])
	}
}

func u32ToBytes(dst []uint8, src []uint32) {
	for i, v := range src {
		binary.LittleEndian.PutUint32(dst[4*i:], v)
	}
}

func bytesToU64(dst []uint64, src []uint8) {
	for i := range dst {
		dst[i] = binary.LittleEndian.Uint64(src[8*i:])
	}
}

func u64ToBytes(dst []uint8, src []uint64) {
	for i, v := range src {
		binary.LittleEndian.PutUint64(dst[8*i:], v)
	}
}

// u32ToU64 joins pairs of 32-bit lanes: lane 2i is the low half of lane i.
func u32ToU64(dst []uint64, src []uint32) {
	for i := range dst {
		dst[i] = uint64(src[2*i]) | uint64(src[2*i+1])<<32
	}
}

// u64ToU32 splits each 64-bit lane into two 32-bit lanes, low half first.
func u64ToU32(dst []uint32, src []uint64) {
	for i, v := range src {
		dst[2*i] = uint32(v)
		dst[2*i+1] = uint32(v >> 32)
	}
}

func i8ToU8(dst []uint8, src []int8) {
	for i, v := range src {
		dst[i] = uint8(v)
	}
}

func u8ToI8(dst []int8, src []uint8) {
	for i, v := range src {
		dst[i] = int8(v)
	}
}
