//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package vec

// lanes and setLanes of the emulation: the lanes are the array itself.

func (x *Uint8x16) lanes() []uint8   { return x.a[:] }
func (x *Uint8x32) lanes() []uint8   { return x.a[:] }
func (x *Uint8x64) lanes() []uint8   { return x.a[:] }
func (x *Int8x16) lanes() []int8     { return x.a[:] }
func (x *Int8x32) lanes() []int8     { return x.a[:] }
func (x *Int8x64) lanes() []int8     { return x.a[:] }
func (x *Uint32x4) lanes() []uint32  { return x.a[:] }
func (x *Uint32x8) lanes() []uint32  { return x.a[:] }
func (x *Uint32x16) lanes() []uint32 { return x.a[:] }
func (x *Uint64x2) lanes() []uint64  { return x.a[:] }
func (x *Uint64x4) lanes() []uint64  { return x.a[:] }
func (x *Uint64x8) lanes() []uint64  { return x.a[:] }

func (x *Uint8x16) setLanes(l []uint8)   { copy(x.a[:], l) }
func (x *Uint8x32) setLanes(l []uint8)   { copy(x.a[:], l) }
func (x *Uint8x64) setLanes(l []uint8)   { copy(x.a[:], l) }
func (x *Int8x16) setLanes(l []int8)     { copy(x.a[:], l) }
func (x *Int8x32) setLanes(l []int8)     { copy(x.a[:], l) }
func (x *Int8x64) setLanes(l []int8)     { copy(x.a[:], l) }
func (x *Uint32x4) setLanes(l []uint32)  { copy(x.a[:], l) }
func (x *Uint32x8) setLanes(l []uint32)  { copy(x.a[:], l) }
func (x *Uint32x16) setLanes(l []uint32) { copy(x.a[:], l) }
func (x *Uint64x2) setLanes(l []uint64)  { copy(x.a[:], l) }
func (x *Uint64x4) setLanes(l []uint64)  { copy(x.a[:], l) }
func (x *Uint64x8) setLanes(l []uint64)  { copy(x.a[:], l) }
