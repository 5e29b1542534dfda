//go:build goexperiment.simd && amd64 && go1.27 && vec_emulate

package vec

import "simd/archsimd"

// Moving values between vec and archsimd goes through memory: to* loads the
// lanes of a vec value into a register, of* stores a register into a vec
// value. hw1* and hw2* turn an archsimd method into a function on vec values,
// so one generic harness can compare the two. (archsimd types cannot be type
// parameters yet: the compiler rejects them.)

func toU8x16(v Uint8x16) archsimd.Uint8x16 { return archsimd.LoadUint8x16Array(&v.a) }
func ofU8x16(x archsimd.Uint8x16) (v Uint8x16) {
	x.StoreArray(&v.a)
	return v
}

func hw1U8x16(f func(archsimd.Uint8x16) archsimd.Uint8x16) func(Uint8x16) Uint8x16 {
	return func(x Uint8x16) Uint8x16 { return ofU8x16(f(toU8x16(x))) }
}
func hw2U8x16(f func(x, y archsimd.Uint8x16) archsimd.Uint8x16) func(x, y Uint8x16) Uint8x16 {
	return func(x, y Uint8x16) Uint8x16 { return ofU8x16(f(toU8x16(x), toU8x16(y))) }
}

func toU8x32(v Uint8x32) archsimd.Uint8x32 { return archsimd.LoadUint8x32Array(&v.a) }
func ofU8x32(x archsimd.Uint8x32) (v Uint8x32) {
	x.StoreArray(&v.a)
	return v
}

func hw1U8x32(f func(archsimd.Uint8x32) archsimd.Uint8x32) func(Uint8x32) Uint8x32 {
	return func(x Uint8x32) Uint8x32 { return ofU8x32(f(toU8x32(x))) }
}
func hw2U8x32(f func(x, y archsimd.Uint8x32) archsimd.Uint8x32) func(x, y Uint8x32) Uint8x32 {
	return func(x, y Uint8x32) Uint8x32 { return ofU8x32(f(toU8x32(x), toU8x32(y))) }
}

func toU8x64(v Uint8x64) archsimd.Uint8x64 { return archsimd.LoadUint8x64Array(&v.a) }
func ofU8x64(x archsimd.Uint8x64) (v Uint8x64) {
	x.StoreArray(&v.a)
	return v
}

func hw1U8x64(f func(archsimd.Uint8x64) archsimd.Uint8x64) func(Uint8x64) Uint8x64 {
	return func(x Uint8x64) Uint8x64 { return ofU8x64(f(toU8x64(x))) }
}
func hw2U8x64(f func(x, y archsimd.Uint8x64) archsimd.Uint8x64) func(x, y Uint8x64) Uint8x64 {
	return func(x, y Uint8x64) Uint8x64 { return ofU8x64(f(toU8x64(x), toU8x64(y))) }
}

func toI8x16(v Int8x16) archsimd.Int8x16 { return archsimd.LoadInt8x16Array(&v.a) }
func ofI8x16(x archsimd.Int8x16) (v Int8x16) {
	x.StoreArray(&v.a)
	return v
}

func toI8x32(v Int8x32) archsimd.Int8x32 { return archsimd.LoadInt8x32Array(&v.a) }
func ofI8x32(x archsimd.Int8x32) (v Int8x32) {
	x.StoreArray(&v.a)
	return v
}

func toI8x64(v Int8x64) archsimd.Int8x64 { return archsimd.LoadInt8x64Array(&v.a) }
func ofI8x64(x archsimd.Int8x64) (v Int8x64) {
	x.StoreArray(&v.a)
	return v
}

func toU32x4(v Uint32x4) archsimd.Uint32x4 { return archsimd.LoadUint32x4Array(&v.a) }
func ofU32x4(x archsimd.Uint32x4) (v Uint32x4) {
	x.StoreArray(&v.a)
	return v
}

func hw1U32x4(f func(archsimd.Uint32x4) archsimd.Uint32x4) func(Uint32x4) Uint32x4 {
	return func(x Uint32x4) Uint32x4 { return ofU32x4(f(toU32x4(x))) }
}
func hw2U32x4(f func(x, y archsimd.Uint32x4) archsimd.Uint32x4) func(x, y Uint32x4) Uint32x4 {
	return func(x, y Uint32x4) Uint32x4 { return ofU32x4(f(toU32x4(x), toU32x4(y))) }
}

func toU32x8(v Uint32x8) archsimd.Uint32x8 { return archsimd.LoadUint32x8Array(&v.a) }
func ofU32x8(x archsimd.Uint32x8) (v Uint32x8) {
	x.StoreArray(&v.a)
	return v
}

func hw1U32x8(f func(archsimd.Uint32x8) archsimd.Uint32x8) func(Uint32x8) Uint32x8 {
	return func(x Uint32x8) Uint32x8 { return ofU32x8(f(toU32x8(x))) }
}
func hw2U32x8(f func(x, y archsimd.Uint32x8) archsimd.Uint32x8) func(x, y Uint32x8) Uint32x8 {
	return func(x, y Uint32x8) Uint32x8 { return ofU32x8(f(toU32x8(x), toU32x8(y))) }
}

func toU32x16(v Uint32x16) archsimd.Uint32x16 { return archsimd.LoadUint32x16Array(&v.a) }
func ofU32x16(x archsimd.Uint32x16) (v Uint32x16) {
	x.StoreArray(&v.a)
	return v
}

func hw1U32x16(f func(archsimd.Uint32x16) archsimd.Uint32x16) func(Uint32x16) Uint32x16 {
	return func(x Uint32x16) Uint32x16 { return ofU32x16(f(toU32x16(x))) }
}
func hw2U32x16(f func(x, y archsimd.Uint32x16) archsimd.Uint32x16) func(x, y Uint32x16) Uint32x16 {
	return func(x, y Uint32x16) Uint32x16 { return ofU32x16(f(toU32x16(x), toU32x16(y))) }
}

func toU64x2(v Uint64x2) archsimd.Uint64x2 { return archsimd.LoadUint64x2Array(&v.a) }
func ofU64x2(x archsimd.Uint64x2) (v Uint64x2) {
	x.StoreArray(&v.a)
	return v
}

func hw1U64x2(f func(archsimd.Uint64x2) archsimd.Uint64x2) func(Uint64x2) Uint64x2 {
	return func(x Uint64x2) Uint64x2 { return ofU64x2(f(toU64x2(x))) }
}
func hw2U64x2(f func(x, y archsimd.Uint64x2) archsimd.Uint64x2) func(x, y Uint64x2) Uint64x2 {
	return func(x, y Uint64x2) Uint64x2 { return ofU64x2(f(toU64x2(x), toU64x2(y))) }
}

func toU64x4(v Uint64x4) archsimd.Uint64x4 { return archsimd.LoadUint64x4Array(&v.a) }
func ofU64x4(x archsimd.Uint64x4) (v Uint64x4) {
	x.StoreArray(&v.a)
	return v
}

func hw1U64x4(f func(archsimd.Uint64x4) archsimd.Uint64x4) func(Uint64x4) Uint64x4 {
	return func(x Uint64x4) Uint64x4 { return ofU64x4(f(toU64x4(x))) }
}
func hw2U64x4(f func(x, y archsimd.Uint64x4) archsimd.Uint64x4) func(x, y Uint64x4) Uint64x4 {
	return func(x, y Uint64x4) Uint64x4 { return ofU64x4(f(toU64x4(x), toU64x4(y))) }
}

func toU64x8(v Uint64x8) archsimd.Uint64x8 { return archsimd.LoadUint64x8Array(&v.a) }
func ofU64x8(x archsimd.Uint64x8) (v Uint64x8) {
	x.StoreArray(&v.a)
	return v
}

func hw1U64x8(f func(archsimd.Uint64x8) archsimd.Uint64x8) func(Uint64x8) Uint64x8 {
	return func(x Uint64x8) Uint64x8 { return ofU64x8(f(toU64x8(x))) }
}
func hw2U64x8(f func(x, y archsimd.Uint64x8) archsimd.Uint64x8) func(x, y Uint64x8) Uint64x8 {
	return func(x, y Uint64x8) Uint64x8 { return ofU64x8(f(toU64x8(x), toU64x8(y))) }
}
