//go:build goexperiment.simd && amd64 && go1.27 && !vec_emulate

package vec

import "simd/archsimd"

// lanes and setLanes when vec's types are archsimd's vectors: through
// memory, with archsimd's own stores and loads.

func (x *Uint8x16) lanes() []uint8   { var a [16]uint8; x.v.StoreArray(&a); return a[:] }
func (x *Uint8x32) lanes() []uint8   { var a [32]uint8; x.v.StoreArray(&a); return a[:] }
func (x *Uint8x64) lanes() []uint8   { var a [64]uint8; x.v.StoreArray(&a); return a[:] }
func (x *Int8x16) lanes() []int8     { var a [16]int8; x.v.StoreArray(&a); return a[:] }
func (x *Int8x32) lanes() []int8     { var a [32]int8; x.v.StoreArray(&a); return a[:] }
func (x *Int8x64) lanes() []int8     { var a [64]int8; x.v.StoreArray(&a); return a[:] }
func (x *Uint32x4) lanes() []uint32  { var a [4]uint32; x.v.StoreArray(&a); return a[:] }
func (x *Uint32x8) lanes() []uint32  { var a [8]uint32; x.v.StoreArray(&a); return a[:] }
func (x *Uint32x16) lanes() []uint32 { var a [16]uint32; x.v.StoreArray(&a); return a[:] }
func (x *Uint64x2) lanes() []uint64  { var a [2]uint64; x.v.StoreArray(&a); return a[:] }
func (x *Uint64x4) lanes() []uint64  { var a [4]uint64; x.v.StoreArray(&a); return a[:] }
func (x *Uint64x8) lanes() []uint64  { var a [8]uint64; x.v.StoreArray(&a); return a[:] }

func (x *Uint8x16) setLanes(l []uint8)   { x.v = archsimd.LoadUint8x16(l) }
func (x *Uint8x32) setLanes(l []uint8)   { x.v = archsimd.LoadUint8x32(l) }
func (x *Uint8x64) setLanes(l []uint8)   { x.v = archsimd.LoadUint8x64(l) }
func (x *Int8x16) setLanes(l []int8)     { x.v = archsimd.LoadInt8x16(l) }
func (x *Int8x32) setLanes(l []int8)     { x.v = archsimd.LoadInt8x32(l) }
func (x *Int8x64) setLanes(l []int8)     { x.v = archsimd.LoadInt8x64(l) }
func (x *Uint32x4) setLanes(l []uint32)  { x.v = archsimd.LoadUint32x4(l) }
func (x *Uint32x8) setLanes(l []uint32)  { x.v = archsimd.LoadUint32x8(l) }
func (x *Uint32x16) setLanes(l []uint32) { x.v = archsimd.LoadUint32x16(l) }
func (x *Uint64x2) setLanes(l []uint64)  { x.v = archsimd.LoadUint64x2(l) }
func (x *Uint64x4) setLanes(l []uint64)  { x.v = archsimd.LoadUint64x4(l) }
func (x *Uint64x8) setLanes(l []uint64)  { x.v = archsimd.LoadUint64x8(l) }
