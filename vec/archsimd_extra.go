//go:build goexperiment.simd && amd64 && go1.27 && !vec_emulate

package vec

import "simd/archsimd"

// The operations vec has and archsimd lacks, built from archsimd's own
// when vec's types are archsimd's vectors (see archsimd_gen.go). Their
// documentation, and the instruction each one models, is the emulation's.

// BroadcastUint8x16ToUint8x32 returns x in both 128-bit groups.
// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
func BroadcastUint8x16ToUint8x32(x Uint8x16) Uint8x32 {
	return Uint8x32{archsimd.Uint8x32{}.SetLo(x.v).SetHi(x.v)}
}

// BroadcastUint8x16ToUint8x64 returns x in all four 128-bit groups.
// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
func BroadcastUint8x16ToUint8x64(x Uint8x16) Uint8x64 {
	h := archsimd.Uint8x32{}.SetLo(x.v).SetHi(x.v)
	return Uint8x64{archsimd.Uint8x64{}.SetLo(h).SetHi(h)}
}

// BroadcastUint32x4ToUint32x8 returns x in both 128-bit groups.
// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
func BroadcastUint32x4ToUint32x8(x Uint32x4) Uint32x8 {
	return Uint32x8{archsimd.Uint32x8{}.SetLo(x.v).SetHi(x.v)}
}

// BroadcastUint32x4ToUint32x16 returns x in all four 128-bit groups.
// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
func BroadcastUint32x4ToUint32x16(x Uint32x4) Uint32x16 {
	h := archsimd.Uint32x8{}.SetLo(x.v).SetHi(x.v)
	return Uint32x16{archsimd.Uint32x16{}.SetLo(h).SetHi(h)}
}

// BroadcastUint64x2ToUint64x4 returns x in both 128-bit groups.
// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
func BroadcastUint64x2ToUint64x4(x Uint64x2) Uint64x4 {
	return Uint64x4{archsimd.Uint64x4{}.SetLo(x.v).SetHi(x.v)}
}

// BroadcastUint64x2ToUint64x8 returns x in all four 128-bit groups.
// archsimd has no 128-bit group broadcast; SetLo and SetHi build one.
func BroadcastUint64x2ToUint64x8(x Uint64x2) Uint64x8 {
	h := archsimd.Uint64x4{}.SetLo(x.v).SetHi(x.v)
	return Uint64x8{archsimd.Uint64x8{}.SetLo(h).SetHi(h)}
}

// LoadUint8x16ArrayMasked loads the lanes of y that mask enables and sets
// the others to zero. archsimd has no masked load; a load and Masked
// compute the same, reading every lane of y.
func LoadUint8x16ArrayMasked(y *[16]uint8, mask Mask8x16) Uint8x16 {
	return Uint8x16{archsimd.LoadUint8x16Array(y).Masked(mask.v)}
}

// LoadUint8x32ArrayMasked is LoadUint8x16ArrayMasked for 32 lanes.
// archsimd has no masked load.
func LoadUint8x32ArrayMasked(y *[32]uint8, mask Mask8x32) Uint8x32 {
	return Uint8x32{archsimd.LoadUint8x32Array(y).Masked(mask.v)}
}

// LoadUint8x64ArrayMasked is LoadUint8x16ArrayMasked for 64 lanes.
// archsimd has no masked load.
func LoadUint8x64ArrayMasked(y *[64]uint8, mask Mask8x64) Uint8x64 {
	return Uint8x64{archsimd.LoadUint8x64Array(y).Masked(mask.v)}
}

// LoadUint32x4ArrayMasked is LoadUint8x16ArrayMasked for 32-bit lanes.
// archsimd has no masked load.
func LoadUint32x4ArrayMasked(y *[4]uint32, mask Mask32x4) Uint32x4 {
	return Uint32x4{archsimd.LoadUint32x4Array(y).Masked(mask.v)}
}

// LoadUint32x8ArrayMasked is LoadUint8x16ArrayMasked for 32-bit lanes.
// archsimd has no masked load.
func LoadUint32x8ArrayMasked(y *[8]uint32, mask Mask32x8) Uint32x8 {
	return Uint32x8{archsimd.LoadUint32x8Array(y).Masked(mask.v)}
}

// LoadUint32x16ArrayMasked is LoadUint8x16ArrayMasked for 32-bit lanes.
// archsimd has no masked load.
func LoadUint32x16ArrayMasked(y *[16]uint32, mask Mask32x16) Uint32x16 {
	return Uint32x16{archsimd.LoadUint32x16Array(y).Masked(mask.v)}
}

// LoadUint64x2ArrayMasked is LoadUint8x16ArrayMasked for 64-bit lanes.
// archsimd has no masked load.
func LoadUint64x2ArrayMasked(y *[2]uint64, mask Mask64x2) Uint64x2 {
	return Uint64x2{archsimd.LoadUint64x2Array(y).Masked(mask.v)}
}

// LoadUint64x4ArrayMasked is LoadUint8x16ArrayMasked for 64-bit lanes.
// archsimd has no masked load.
func LoadUint64x4ArrayMasked(y *[4]uint64, mask Mask64x4) Uint64x4 {
	return Uint64x4{archsimd.LoadUint64x4Array(y).Masked(mask.v)}
}

// LoadUint64x8ArrayMasked is LoadUint8x16ArrayMasked for 64-bit lanes.
// archsimd has no masked load.
func LoadUint64x8ArrayMasked(y *[8]uint64, mask Mask64x8) Uint64x8 {
	return Uint64x8{archsimd.LoadUint64x8Array(y).Masked(mask.v)}
}

// StoreArrayMasked stores the lanes of x that mask enables in y and leaves
// the other elements of y untouched. archsimd has byte-masked stores only
// for 512-bit vectors, so this one stores lane by lane; the mask is public
// (kernels derive it from lengths), so the branches may depend on it.
func (x Uint8x16) StoreArrayMasked(y *[16]uint8, mask Mask8x16) {
	var a [16]uint8
	x.v.StoreArray(&a)
	bits := mask.v.ToBits()
	for i := range a {
		if bits>>i&1 != 0 {
			y[i] = a[i]
		}
	}
}

// StoreArrayMasked is Uint8x16's StoreArrayMasked for 32 lanes:
// archsimd has byte-masked stores only for 512-bit vectors.
func (x Uint8x32) StoreArrayMasked(y *[32]uint8, mask Mask8x32) {
	var a [32]uint8
	x.v.StoreArray(&a)
	bits := mask.v.ToBits()
	for i := range a {
		if bits>>i&1 != 0 {
			y[i] = a[i]
		}
	}
}

// ShiftBytesLeft moves the bytes of x shift places toward its high end,
// shifting in zeros (VPSLLDQ). archsimd has no such operation: x above a
// zero vector, shifted right by 16-shift bytes, is the same.
func (x Uint8x16) ShiftBytesLeft(shift uint64) Uint8x16 {
	s := uint8(shift)
	if s > 16 {
		return Uint8x16{}
	}
	return Uint8x16{x.v.ConcatShiftBytesRight(archsimd.Uint8x16{}, uint64(16-s))}
}

// ShiftBytesLeftGrouped is ShiftBytesLeft on each 128-bit group of x.
// archsimd has no such operation.
func (x Uint8x32) ShiftBytesLeftGrouped(shift uint64) Uint8x32 {
	s := uint8(shift)
	if s > 16 {
		return Uint8x32{}
	}
	return Uint8x32{x.v.ConcatShiftBytesRightGrouped(archsimd.Uint8x32{}, uint64(16-s))}
}

// ShiftBytesLeftGrouped is ShiftBytesLeft on each 128-bit group of x.
// archsimd has no such operation.
func (x Uint8x64) ShiftBytesLeftGrouped(shift uint64) Uint8x64 {
	s := uint8(shift)
	if s > 16 {
		return Uint8x64{}
	}
	return Uint8x64{x.v.ConcatShiftBytesRightGrouped(archsimd.Uint8x64{}, uint64(16-s))}
}

// ShiftBytesRight moves the bytes of x shift places toward its low end,
// shifting in zeros (VPSRLDQ). archsimd has no such operation: a zero
// vector above x, shifted right by shift bytes, is the same.
func (x Uint8x16) ShiftBytesRight(shift uint64) Uint8x16 {
	return Uint8x16{archsimd.Uint8x16{}.ConcatShiftBytesRight(x.v, uint64(uint8(shift)))}
}

// ShiftBytesRightGrouped is ShiftBytesRight on each 128-bit group of x.
// archsimd has no such operation.
func (x Uint8x32) ShiftBytesRightGrouped(shift uint64) Uint8x32 {
	return Uint8x32{archsimd.Uint8x32{}.ConcatShiftBytesRightGrouped(x.v, uint64(uint8(shift)))}
}

// ShiftBytesRightGrouped is ShiftBytesRight on each 128-bit group of x.
// archsimd has no such operation.
func (x Uint8x64) ShiftBytesRightGrouped(shift uint64) Uint8x64 {
	return Uint8x64{archsimd.Uint8x64{}.ConcatShiftBytesRightGrouped(x.v, uint64(uint8(shift)))}
}
