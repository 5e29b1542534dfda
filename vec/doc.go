// Package vec models the 128-, 256- and 512-bit SIMD registers of amd64 as
// plain Go values, so that the library's kernels can be written once as
// readable Go, run on any architecture, and be held byte for byte against
// the assembly that does the same steps in real registers.
//
// # Shape
//
// Each vector type is a fixed array of lanes: Uint8x16, Uint8x32 and
// Uint8x64 hold bytes; Uint32x4, Uint32x8 and Uint32x16 hold 32-bit words;
// Uint64x2, Uint64x4 and Uint64x8 hold 64-bit words; Int8x16, Int8x32 and
// Int8x64 exist for the indices of byte shuffles. Lane 0 sits at the lowest
// address, and the As* conversions reinterpret the bytes exactly as the
// register does (each lane little-endian), on any host. Mask8x16 to Mask64x8
// are bitmaps, one bit per lane, like AVX-512 opmask registers.
//
// Values are copied, never shared: every operation returns a new vector and
// leaves its operands alone, and nothing allocates.
//
// # Names
//
// Types, functions and methods carry the names, receivers, argument orders
// and results of Go's own simd/archsimd package as Go 1.27 has it (Go 1.27.3,
// GOEXPERIMENT=simd), for the subset this library needs, so a model reads like
// archsimd code. Each doc comment ends with the instruction the operation
// models and the CPU feature archsimd requires for it, in archsimd's form:
//
//	Asm: VAESENC, CPU Feature: AVX512VAES
//
// So LoadUint8x64 takes a slice and LoadUint8x64Array an array pointer,
// Store and StoreArray likewise; LoadUint8x64Part returns the vector and the
// number of lanes it loaded and StorePart the number it stored; the
// carry-less multiplies are CarrylessMultiplyEven, Odd, EvenOdd and OddEven
// at every width; shift counts are uint64 and come after the other vector
// (ConcatShiftBytesRight(y, shift), ShiftAllLeftConcatMod32(y, shift)); the
// lane selections from two vectors are ConcatPermuteScalars, its Grouped form
// and ConcatPermute128Scalars.
//
// A few operations have no archsimd counterpart. They are named in
// archsimd's style and say so in their documentation:
//
//   - LoadUint8x16ArrayMasked and the other LoadTArrayMasked functions:
//     Go 1.27's archsimd has no masked load (Go 1.26's had LoadMaskedT);
//     LoadTArray(y).Masked(mask) computes the same there, reading all of y;
//   - the StoreArrayMasked methods of Uint8x16 and Uint8x32 (archsimd masks
//     byte stores only at 512 bits; AVX-512 has them at every width);
//   - BroadcastUint8x16ToUint8x32, BroadcastUint8x16ToUint8x64 and the
//     Uint32 and Uint64 forms: one 128-bit group copied to every group
//     (VBROADCASTI128, VBROADCASTI32X4, VBROADCASTI64X2), the way a round
//     key is spread over 2 or 4 blocks;
//   - ShiftBytesLeft and ShiftBytesRight on Uint8x16, and their Grouped
//     forms on the wider byte vectors (VPSLLDQ, VPSRLDQ).
//
// Go 1.26's Broadcast1To methods, which Go 1.27 made internal, are gone from
// vec too; nothing here used them.
//
// Where archsimd leaves a result undefined, vec picks the instruction's:
// ConcatPermuteScalars takes its selectors modulo 8, and the byte shifts
// take their counts modulo 256, as the immediate byte does.
// AESRoundKeyGenAssist is documented as the instruction behaves (archsimd's
// comment describes other lanes); the tests hold vec to the hardware, not to
// the comment.
//
// # Two builds
//
// Built with Go 1.27 or later and GOEXPERIMENT=simd on amd64, vec is
// archsimd itself: each type is a one-field struct around archsimd's type
// of the same name, which the compiler keeps in a vector register, and
// each operation a call of archsimd's, which it inlines to the instruction
// (archsimd_gen.go, written by internal/gen from the emulation's
// declarations, docs included). The operations archsimd lacks are built
// from archsimd's own in archsimd_extra.go. LoadTPart reads no element past
// the end of the slice, where Go 1.27.3's archsimd loads the whole array
// and masks it (at 512 bits, and for 32- and 64-bit lanes at every width):
// the 512-bit byte vectors join two of archsimd's 256-bit byte parts, which
// it loads in pieces, and the wider lanes copy the part into a zeroed
// array; part_linux_test.go loads every part from the end of a page. In
// every other build, or with the
// tag vec_emulate, vec is the emulation below. The models of the backends
// compile unchanged either way; the backend archsimd runs them in the
// first build. That build needs the CPU features its operations name: a
// model run on a CPU without them stops with an illegal instruction, so the
// backend archsimd runs only the models the CPU supports.
//
// # Speed and constant time
//
// The emulation is a model, not an accelerator: an operation is a loop
// over lanes, so a 512-bit XOR costs a few nanoseconds instead of a
// fraction of one. The
// AES operations hand the whole register, up to 64 bytes, to package
// aesround in one call, so its bitsliced S-box handles four blocks at once;
// Uint8x64 is therefore the fastest way to run AES through vec.
//
// No branch and no memory address depends on the contents of a vector.
// The AES operations are as constant-time as aesround, the carry-less
// multiplies as ghash.Clmul64. The byte shuffles that take their indices
// from a vector (Permute, PermuteOrZero and PermuteOrZeroGrouped) select
// with masks and shifts instead of indexing memory. What the hardware
// encodes in the instruction, or takes from an opmask register, is public
// here too and may steer branches: shift counts, selectors, element indices,
// and the masks of the masked loads and stores (which kernels derive from
// lengths).
//
// # Tests
//
// vec_test.go checks every operation against a scalar reference on random
// inputs, the AES rounds against a table-driven AES written in the test.
// archsimd_test.go, built only with Go 1.27 or later, GOEXPERIMENT=simd on
// amd64 and the tag vec_emulate, runs every operation of the emulation and
// the real instruction through simd/archsimd on 10,000 random inputs each
// and requires equal results, panics included;
// it skips an operation only when the CPU lacks the feature, and fails if
// any exported operation is not compared. archsimd_docs_test.go holds every
// declaration to archsimd's source in the same toolchain: the same
// parameters and results, names included, and the same Asm line (the masks'
// excepted: vec names the opmask instruction by the mask's width, KMOVQ for
// Mask8x64, where archsimd names it by the lane's), and every operation
// archsimd lacks must say so:
//
//	GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=simd go test -tags vec_emulate ./vec/
//
// Without the tag, the same command runs vec_test.go's scalar references
// on the archsimd build. Go 1.26's archsimd has another API, so under Go
// 1.26 with GOEXPERIMENT=simd the two tests are not compiled and skip,
// saying why.
//
// The repetitive declarations live in the *_gen.go files, written by
// internal/gen from the lane helpers in this package; run go generate after
// changing the generator.
//
//go:generate go run ./internal/gen
package vec
