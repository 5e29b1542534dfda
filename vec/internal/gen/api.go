package main

import (
	"fmt"
	"strings"
)

// Each emit function writes one generated file. The feature named in an Asm
// line is the one archsimd requires for the same operation, so a reader can
// port a model to archsimd and know what to check; operations archsimd lacks
// say so and name the feature the instruction needs.

func emitTypes(f *file) {
	for _, t := range all {
		f.doc(fmt.Sprintf("%s is a %d-bit SIMD vector of %d %ss, lane 0 at the lowest address.",
			t.Name, t.Bits(), t.N, t.Elem))
		f.code("type {T} struct {\n\ta [{N}]{E}\n}", "T", t.Name, "N", t.N, "E", t.Elem)

		f.doc(fmt.Sprintf("Len returns %d, the number of lanes in %s.", t.N, t.A()))
		f.code("func (x {T}) Len() int { return {N} }", "T", t.Name, "N", t.N)

		format := "formatUnsigned"
		if t.Signed() {
			format = "formatSigned"
		}
		f.doc("String formats the lanes of x in decimal, lowest first, as {1,2,3}.")
		f.code("func (x {T}) String() string { return {F}(x.a[:]) }", "T", t.Name, "F", format)
	}
}

func emitLoads(f *file) {
	for _, t := range all {
		bfeat := "AVX2"
		if t.Bits() == 512 {
			bfeat = map[int]string{8: "AVX512BW", 32: "AVX512F", 64: "AVX512F"}[t.EBits]
		}
		f.doc(fmt.Sprintf("Broadcast%s returns %s with every lane set to x.\n\n%s",
			t.Name, t.A(), emulated(bfeat)))
		f.code("func Broadcast{T}(x {E}) {T} {\n\tvar r {T}\n\tfor i := range r.a {\n\t\tr.a[i] = x\n\t}\n\treturn r\n}",
			"T", t.Name, "E", t.Elem)

		f.doc(fmt.Sprintf("Load%s loads %s from the first %d elements of s. It panics if s is shorter.",
			t.Name, t.A(), t.N))
		f.code("func Load{T}(s []{E}) {T} { return {T}{[{N}]{E}(s)} }", "T", t.Name, "N", t.N, "E", t.Elem)

		f.doc(fmt.Sprintf("Load%sArray loads %s from the array y.", t.Name, t.A()))
		f.code("func Load{T}Array(y *[{N}]{E}) {T} { return {T}{*y} }", "T", t.Name, "N", t.N, "E", t.Elem)

		f.doc(fmt.Sprintf("Load%sPart loads %s from s, setting the lanes past len(s) to zero, and returns it "+
			"with the number of lanes loaded, min(len(s), %d). When s has %[3]d or more elements it is Load%[1]s.",
			t.Name, t.A(), t.N))
		f.code("func Load{T}Part(s []{E}) ({T}, int) {\n\tvar r {T}\n\treturn r, copy(r.a[:], s)\n}",
			"T", t.Name, "E", t.Elem)

		f.doc(fmt.Sprintf("Store stores x in the first %d elements of s. It panics if s is shorter.", t.N))
		f.code("func (x {T}) Store(s []{E}) { *(*[{N}]{E})(s) = x.a }", "T", t.Name, "N", t.N, "E", t.Elem)

		f.doc("StoreArray stores x in the array y.")
		f.code("func (x {T}) StoreArray(y *[{N}]{E}) { *y = x.a }", "T", t.Name, "N", t.N, "E", t.Elem)

		f.doc(fmt.Sprintf("StorePart stores as many lanes of x as fit in s, lowest first, and returns how many, "+
			"min(len(s), %d). When s has %[1]d or more elements it is Store.", t.N))
		f.code("func (x {T}) StorePart(s []{E}) int { return copy(s, x.a[:]) }", "T", t.Name, "E", t.Elem)
	}
}

func maskBits(t vtype) string {
	switch {
	case t.N <= 8:
		return "uint8"
	case t.N == 16:
		return "uint16"
	case t.N == 32:
		return "uint32"
	}
	return "uint64"
}

// kSuffix is the opmask instruction suffix for t's lane count.
func kSuffix(t vtype) string {
	return map[string]string{"uint8": "B", "uint16": "W", "uint32": "D", "uint64": "Q"}[maskBits(t)]
}

func emitMasks(f *file) {
	for _, t := range unsigned {
		m, bits := t.Mask(), maskBits(t)
		f.doc(fmt.Sprintf("%s says which of the %d lanes of %s an operation touches. "+
			"Lane i is enabled when bit i of its bitmap is set, as in an AVX-512 opmask register.", m, t.N, t.A()))
		f.code("type {M} struct {\n\tbits {B}\n}", "M", m, "B", bits)

		keep, note := "y", ""
		if t.N < 8 {
			keep = fmt.Sprintf("y & %#x", 1<<t.N-1)
			note = fmt.Sprintf(" Only the low %d bits of y count.", t.N)
		}
		f.doc(fmt.Sprintf("%sFromBits returns the mask whose bitmap is y: bit i set enables lane i.%s\n\n%s",
			m, note, asm("KMOV"+kSuffix(t), "AVX512")))
		f.code("func {M}FromBits(y {B}) {M} { return {M}{{K}} }", "M", m, "B", bits, "K", keep)

		toInstr, toFeat := "KMOV"+kSuffix(t), "AVX512"
		switch {
		case t.EBits == 8 && t.N <= 32:
			toInstr, toFeat = "VPMOVMSKB", feature(t)
		case t.EBits == 32 && t.N <= 8:
			toInstr, toFeat = "VMOVMSKPS", "AVX"
		case t.EBits == 64 && t.N <= 4:
			toInstr, toFeat = "VMOVMSKPD", "AVX"
		}
		f.doc(fmt.Sprintf("ToBits returns the bitmap of x: bit i is set when lane i is enabled.\n\n%s",
			asm(toInstr, toFeat)))
		f.code("func (x {M}) ToBits() {B} { return x.bits }", "M", m, "B", bits)

		f.doc("And returns the mask of the lanes enabled in both x and y.\n\n" + asm("KAND"+kSuffix(t), "AVX512"))
		f.code("func (x {M}) And(y {M}) {M} { return {M}{x.bits & y.bits} }", "M", m)

		f.doc("Or returns the mask of the lanes enabled in x, y or both.\n\n" + asm("KOR"+kSuffix(t), "AVX512"))
		f.code("func (x {M}) Or(y {M}) {M} { return {M}{x.bits | y.bits} }", "M", m)
	}
}

func emitMasked(f *file) {
	for _, t := range unsigned {
		var load, store, feat string
		switch {
		case t.EBits == 8:
			load, store, feat = "VMOVDQU8.Z", "VMOVDQU8", "AVX512"
		case t.Bits() == 512:
			store = fmt.Sprintf("VMOVDQU%d", t.EBits)
			load, feat = store+".Z", "AVX512"
		case t.EBits == 32:
			load, store, feat = "VMASKMOVD", "VMASKMOVD", "AVX2"
		default:
			load, store, feat = "VMASKMOVQ", "VMASKMOVQ", "AVX2"
		}
		extra := ""
		if t.EBits == 8 && t.N < 64 {
			extra = "\n\narchsimd has byte-masked stores only for 512-bit vectors; " +
				"vec adds this width, which AVX-512 has (BW with VL)."
		}
		was := fmt.Sprintf(" (Go 1.26's called this one LoadMasked%s)", t.Name)
		if t.EBits == 8 && t.N < 64 {
			was = ""
		}
		f.doc(fmt.Sprintf("Load%sArrayMasked loads the lanes of y that mask enables and sets the others to zero.\n\n"+
			"archsimd has no masked load%s; vec names it after StoreArrayMasked. "+
			"Load%[1]sArray(y).Masked(mask) computes the same in archsimd, but reads every lane of y.\n\n%s",
			t.Name, was, asm(load, feat)))
		f.code(`func Load{T}ArrayMasked(y *[{N}]{E}, mask {M}) {T} {
	var r {T}
	for i := range r.a {
		r.a[i] = y[i] & -{E}(mask.bits>>i&1)
	}
	return r
}`, "T", t.Name, "N", t.N, "E", t.Elem, "M", t.Mask())

		f.doc(fmt.Sprintf("StoreArrayMasked stores the lanes of x that mask enables in y and leaves the other elements of y untouched.%s\n\n%s",
			extra, asm(store, feat)))
		f.code(`func (x {T}) StoreArrayMasked(y *[{N}]{E}, mask {M}) {
	for i := range x.a {
		if mask.bits>>i&1 != 0 {
			y[i] = x.a[i]
		}
	}
}`, "T", t.Name, "N", t.N, "E", t.Elem, "M", t.Mask())
	}
}

func emitBitwise(f *file) {
	f.code(`import "encoding/binary"`)
	for _, t := range unsigned {
		// 512-bit logic instructions exist per 32- and 64-bit lane; archsimd
		// uses the D form for byte vectors.
		suffix := ""
		if t.Bits() == 512 {
			suffix = "D"
			if t.EBits == 64 {
				suffix = "Q"
			}
		}
		ops := []struct{ name, what, op, instr string }{
			{"And", "the bitwise AND of x and y", "&=", "VPAND"},
			{"Or", "the bitwise OR of x and y", "|=", "VPOR"},
			{"Xor", "the bitwise exclusive OR of x and y", "^=", "VPXOR"},
			{"AndNot", "x AND NOT y, the bits of x that are clear in y (x &^ y)", "&^=", "VPANDN"},
		}
		// Byte vectors are worked on eight bytes at a time, which is three
		// times faster than byte by byte.
		binOp, notOp := `for i := range x.a {
		x.a[i] {SYM} y.a[i]
	}`, `for i := range x.a {
		x.a[i] = ^x.a[i]
	}`
		if t.EBits == 8 {
			binOp = `for i := 0; i < {N}; i += 8 {
		binary.LittleEndian.PutUint64(x.a[i:], binary.LittleEndian.Uint64(x.a[i:]) {BIN} binary.LittleEndian.Uint64(y.a[i:]))
	}`
			notOp = `for i := 0; i < {N}; i += 8 {
		binary.LittleEndian.PutUint64(x.a[i:], ^binary.LittleEndian.Uint64(x.a[i:]))
	}`
		}
		for _, o := range ops {
			f.doc(fmt.Sprintf("%s returns %s.\n\n%s", o.name, o.what, asm(o.instr+suffix, feature(t))))
			f.code("func (x {T}) {OP}(y {T}) {T} {\n\t"+binOp+"\n\treturn x\n}",
				"T", t.Name, "OP", o.name, "SYM", o.op, "BIN", strings.TrimSuffix(o.op, "="), "N", t.N)
		}
		f.doc("Not returns the bitwise complement of x.\n\n" + emulated(feature(t)))
		f.code("func (x {T}) Not() {T} {\n\t"+notOp+"\n\treturn x\n}", "T", t.Name, "N", t.N)
	}
}

func emitArith(f *file) {
	for _, t := range concat(u32, u64) {
		sfx := map[int]string{32: "D", 64: "Q"}[t.EBits]
		kv := []any{"T", t.Name, "B", t.EBits, "M", t.EBits - 1}
		f.doc(fmt.Sprintf("Add returns the lane-wise sum of x and y, modulo 2^%d.\n\n%s",
			t.EBits, asm("VPADD"+sfx, feature(t))))
		f.code(`func (x {T}) Add(y {T}) {T} {
	for i := range x.a {
		x.a[i] += y.a[i]
	}
	return x
}`, kv...)

		f.doc(fmt.Sprintf("ShiftAllLeft shifts every lane of x left by shift bits, "+
			"shifting in zeros; a count of %d or more clears every lane.\n\n%s", t.EBits, asm("VPSLL"+sfx, feature(t))))
		f.code(`func (x {T}) ShiftAllLeft(shift uint64) {T} {
	for i := range x.a {
		x.a[i] <<= shift
	}
	return x
}`, kv...)

		f.doc(fmt.Sprintf("ShiftAllRight shifts every lane of x right by shift bits, "+
			"shifting in zeros; a count of %d or more clears every lane.\n\n%s", t.EBits, asm("VPSRL"+sfx, feature(t))))
		f.code(`func (x {T}) ShiftAllRight(shift uint64) {T} {
	for i := range x.a {
		x.a[i] >>= shift
	}
	return x
}`, kv...)

		f.doc(fmt.Sprintf("ShiftAllLeftConcatMod%d shifts each lane of x left by shift mod %[1]d bits "+
			"and fills the vacated low bits with the top bits of the same lane of y: "+
			"each lane is the high half of the %d-bit x:y shifted left.\n\n%s",
			t.EBits, 2*t.EBits, asm("VPSHLD"+sfx, "AVX512VBMI2")))
		f.code(`func (x {T}) ShiftAllLeftConcatMod{B}(y {T}, shift uint64) {T} {
	s := shift & {M}
	for i := range x.a {
		x.a[i] = x.a[i]<<s | y.a[i]>>({B}-s)
	}
	return x
}`, kv...)

		f.doc(fmt.Sprintf("ShiftAllRightConcatMod%d shifts each lane of x right by shift mod %[1]d bits "+
			"and fills the vacated high bits with the low bits of the same lane of y: "+
			"each lane is the low half of the %d-bit y:x shifted right.\n\n%s",
			t.EBits, 2*t.EBits, asm("VPSHRD"+sfx, "AVX512VBMI2")))
		f.code(`func (x {T}) ShiftAllRightConcatMod{B}(y {T}, shift uint64) {T} {
	s := shift & {M}
	for i := range x.a {
		x.a[i] = x.a[i]>>s | y.a[i]<<({B}-s)
	}
	return x
}`, kv...)
	}
}

func emitConversions(f *file) {
	shapes := [][]vtype{u8, i8, u32, u64}
	for wi := range 3 {
		for _, from := range shapes {
			for _, to := range shapes {
				x, r := from[wi], to[wi]
				if x == r {
					continue
				}
				f.doc(fmt.Sprintf("As%s returns the bits of x as %s: lane 0 of either holds the lowest bytes, "+
					"each lane little-endian, as in the register. No instruction runs; only the type changes.",
					r.Name, r.A()))
				f.code("func (x {X}) As{R}() {R} {\n{BODY}}", "X", x.Name, "R", r.Name, "BODY", convertBody(x, r))
			}
		}
	}
}

// convertBody converts through the helpers in lanes.go; int8 vectors go by
// way of the uint8 vector of the same width.
func convertBody(x, r vtype) string {
	via := sameWidth(u8, x)
	switch {
	case x.Signed() && r.Elem != "uint8", r.Signed() && x.Elem != "uint8":
		return fmt.Sprintf("\treturn x.As%s().As%s()\n", via.Name, r.Name)
	}
	helper := map[[2]string]string{
		{"uint8", "int8"}:    "u8ToI8",
		{"int8", "uint8"}:    "i8ToU8",
		{"uint8", "uint32"}:  "bytesToU32",
		{"uint32", "uint8"}:  "u32ToBytes",
		{"uint8", "uint64"}:  "bytesToU64",
		{"uint64", "uint8"}:  "u64ToBytes",
		{"uint32", "uint64"}: "u32ToU64",
		{"uint64", "uint32"}: "u64ToU32",
	}[[2]string{x.Elem, r.Elem}]
	return fmt.Sprintf("\tvar r %s\n\t%s(r.a[:], x.a[:])\n\treturn r\n", r.Name, helper)
}

func emitHalves(f *file) {
	for _, t := range wide {
		list := map[int][]vtype{8: u8, 32: u32, 64: u64}[t.EBits]
		h := list[w(t)-1]
		ext, ins := "VEXTRACTI128", "VINSERTI128"
		if t.Bits() == 512 {
			ext, ins = "VEXTRACTI64X4", "VINSERTI64X4"
		}
		half := t.N / 2
		kv := []any{"T", t.Name, "H", h.Name, "HALF", half}
		f.doc(fmt.Sprintf("GetLo returns the low half of x, lanes 0 to %d.\n\n%s", half-1, asm(ext, feature(t))))
		f.code("func (x {T}) GetLo() {H} {\n\tvar r {H}\n\tcopy(r.a[:], x.a[:{HALF}])\n\treturn r\n}", kv...)

		f.doc(fmt.Sprintf("GetHi returns the high half of x, lanes %d to %d.\n\n%s", half, t.N-1, asm(ext, feature(t))))
		f.code("func (x {T}) GetHi() {H} {\n\tvar r {H}\n\tcopy(r.a[:], x.a[{HALF}:])\n\treturn r\n}", kv...)

		f.doc(fmt.Sprintf("SetLo returns x with its low half, lanes 0 to %d, replaced by y.\n\n%s", half-1, asm(ins, feature(t))))
		f.code("func (x {T}) SetLo(y {H}) {T} {\n\tcopy(x.a[:{HALF}], y.a[:])\n\treturn x\n}", kv...)

		f.doc(fmt.Sprintf("SetHi returns x with its high half, lanes %d to %d, replaced by y.\n\n%s", half, t.N-1, asm(ins, feature(t))))
		f.code("func (x {T}) SetHi(y {H}) {T} {\n\tcopy(x.a[{HALF}:], y.a[:])\n\treturn x\n}", kv...)
	}
}

func emitBroadcasts(f *file) {
	for _, list := range [][]vtype{u8, u32, u64} {
		x := list[0]
		for _, r := range list[1:] {
			instr, feat := "VBROADCASTI128", "AVX2"
			if r.Bits() == 512 {
				instr, feat = "VBROADCASTI32X4", "AVX512"
				if r.EBits == 64 {
					instr = "VBROADCASTI64X2"
				}
			}
			f.doc(fmt.Sprintf("Broadcast%sTo%s returns %s with x in each of its 128-bit groups, "+
				"the way a round key is spread over %d blocks.\n\n"+
				"archsimd has no such operation; vec names it after its argument and result types.\n\n%s",
				x.Name, r.Name, r.A(), r.Bits()/128, asm(instr, feat)))
			f.code(`func Broadcast{X}To{R}(x {X}) {R} {
	var r {R}
	for g := 0; g < {N}; g += {G} {
		copy(r.a[g:g+{G}], x.a[:])
	}
	return r
}`, "X", x.Name, "R", r.Name, "N", r.N, "G", x.N)
		}
	}
}

func emitElems(f *file) {
	for _, t := range []vtype{u8[0], u32[0], u64[0]} {
		sfx := map[int]string{8: "B", 32: "D", 64: "Q"}[t.EBits]
		kv := []any{"T", t.Name, "E", t.Elem}
		f.doc(fmt.Sprintf("GetElem returns lane index of x. It panics if index is %d or more, as archsimd does.\n\n%s",
			t.N, asm("VPEXTR"+sfx, "AVX")))
		f.code("func (x {T}) GetElem(index uint8) {E} { return x.a[index] }", kv...)

		f.doc(fmt.Sprintf("SetElem returns x with lane index set to y. It panics if index is %d or more, as archsimd does.\n\n%s",
			t.N, asm("VPINSR"+sfx, "AVX")))
		f.code("func (x {T}) SetElem(index uint8, y {E}) {T} {\n\tx.a[index] = y\n\treturn x\n}", kv...)
	}
}

func emitAES(f *file) {
	f.code(`import "github.com/vaesgo/vaes/aesround"`)
	ops := []struct{ name, fn, instr, what string }{
		{"AESEncryptOneRound", "EncryptRound", "VAESENC",
			"runs one middle round of the AES cipher (FIPS 197) on each 128-bit group of x: " +
				"ShiftRows, SubBytes, MixColumns, then XOR with the round key in the same group of y."},
		{"AESEncryptLastRound", "EncryptLastRound", "VAESENCLAST",
			"runs the final round of the AES cipher (FIPS 197) on each 128-bit group of x: " +
				"ShiftRows, SubBytes, then XOR with the round key in the same group of y; there is no MixColumns."},
		{"AESDecryptOneRound", "DecryptRound", "VAESDEC",
			"runs one middle round of the equivalent inverse cipher (FIPS 197, section 5.3.5) on each 128-bit group of x: " +
				"InvShiftRows, InvSubBytes, InvMixColumns, then XOR with the round key in the same group of y, " +
				"which must already have been through InvMixColumns (see Uint32x4.AESInvMixColumns)."},
		{"AESDecryptLastRound", "DecryptLastRound", "VAESDECLAST",
			"runs the final round of the inverse cipher (FIPS 197) on each 128-bit group of x: " +
				"InvShiftRows, InvSubBytes, then XOR with the round key in the same group of y; there is no InvMixColumns."},
	}
	for _, t := range u8 {
		k := sameWidth(u32, t)
		feat := [...]string{"AVXAES", "VAES", "AVX512VAES"}[w(t)]
		for _, o := range ops {
			f.doc(fmt.Sprintf("%s %s Byte 4c+r of a group is row r, column c of the AES state, "+
				"and the key's bytes are those of its lanes in memory order.\n\n%s",
				o.name, o.what, asm(o.instr, feat)))
			f.code(`func (x {T}) {OP}(y {K}) {T} {
	k := y.As{T}()
	aesround.{FN}(x.a[:], k.a[:])
	return x
}`, "T", t.Name, "OP", o.name, "K", k.Name, "FN", o.fn)
		}
	}
}

func emitPermutes(f *file) {
	for _, t := range u8 {
		bits := map[int]int{16: 4, 32: 5, 64: 6}[t.N]
		f.doc(fmt.Sprintf("Permute returns the bytes of x rearranged across the whole vector: "+
			"lane i of the result is lane indices[i] of x, of which only the low %d bits (0 to %d) count.\n\n%s",
			bits, t.N-1, asm("VPERMB", "AVX512VBMI")))
		f.code(`func (x {T}) Permute(indices {T}) {T} {
	var r {T}
	permuteBytes(r.a[:], x.a[:], indices.a[:])
	return r
}`, "T", t.Name)
	}
	f.doc("PermuteOrZero returns the bytes of x rearranged: lane i of the result is lane indices[i]&15 of x, " +
		"or zero when indices[i] is negative.\n\n" + asm("VPSHUFB", "AVX"))
	f.code(`func (x {T}) PermuteOrZero(indices {I}) {T} {
	var r {T}
	shuffleGroup(r.a[:], x.a[:], indices.a[:])
	return r
}`, "T", u8[0].Name, "I", i8[0].Name)
	for _, t := range u8[1:] {
		f.doc("PermuteOrZeroGrouped is PermuteOrZero within each 128-bit group: lane i of the result is byte " +
			"indices[i]&15 of the group of x that holds lane i, or zero when indices[i] is negative.\n\n" +
			asm("VPSHUFB", feature(t)))
		f.code(`func (x {T}) PermuteOrZeroGrouped(indices {I}) {T} {
	var r {T}
	for g := 0; g < {N}; g += 16 {
		shuffleGroup(r.a[g:g+16], x.a[g:g+16], indices.a[g:g+16])
	}
	return r
}`, "T", t.Name, "I", sameWidth(i8, t).Name, "N", t.N)
	}
}

func emitByteShifts(f *file) {
	f.doc("ConcatShiftBytesRight returns the low 16 bytes of the 32-byte value with x in its high half " +
		"and y in its low half, shifted right by shift bytes; a shift of 32 or more gives zero. " +
		"Only the low 8 bits of shift count, as in the instruction's immediate.\n\n" +
		asm("VPALIGNR", "AVX"))
	f.code(`func (x {T}) ConcatShiftBytesRight(y {T}, shift uint64) {T} {
	var r {T}
	alignGroup(r.a[:], x.a[:], y.a[:], uint8(shift))
	return r
}`, "T", u8[0].Name)
	for _, t := range u8[1:] {
		f.doc("ConcatShiftBytesRightGrouped is ConcatShiftBytesRight on each 128-bit group: " +
			"every group of the result is the low 16 bytes of the group of x above the group of y, " +
			"shifted right by shift bytes.\n\n" + asm("VPALIGNR", feature(t)))
		f.code(`func (x {T}) ConcatShiftBytesRightGrouped(y {T}, shift uint64) {T} {
	var r {T}
	for g := 0; g < {N}; g += 16 {
		alignGroup(r.a[g:g+16], x.a[g:g+16], y.a[g:g+16], uint8(shift))
	}
	return r
}`, "T", t.Name, "N", t.N)
	}

	for _, dir := range []struct{ name, toward, instr, helper, same string }{
		{"Left", "high", "VPSLLDQ", "shiftGroupLeft", "x.ConcatShiftBytesRight(zero, 16-shift) for shift up to 16"},
		{"Right", "low", "VPSRLDQ", "shiftGroupRight", "zero.ConcatShiftBytesRight(x, shift)"},
	} {
		f.doc(fmt.Sprintf("ShiftBytes%s moves the bytes of x shift places toward its %s end, shifting in zeros; "+
			"a shift above 15 gives zero. Only the low 8 bits of shift count, as in the instruction's immediate.\n\narchsimd has no such operation (it equals %s); vec adds it "+
			"under a name in archsimd's style.\n\n%s", dir.name, dir.toward, dir.same, asm(dir.instr, "AVX")))
		f.code(`func (x {T}) ShiftBytes{D}(shift uint64) {T} {
	var r {T}
	{H}(r.a[:], x.a[:], uint8(shift))
	return r
}`, "T", u8[0].Name, "D", dir.name, "H", dir.helper)
		for _, t := range u8[1:] {
			f.doc(fmt.Sprintf("ShiftBytes%sGrouped is ShiftBytes%[1]s on each 128-bit group of x.\n\n"+
				"archsimd has no such operation; vec adds it under a name in archsimd's style.\n\n%s",
				dir.name, asm(dir.instr, feature(t))))
			f.code(`func (x {T}) ShiftBytes{D}Grouped(shift uint64) {T} {
	var r {T}
	for g := 0; g < {N}; g += 16 {
		{H}(r.a[g:g+16], x.a[g:g+16], uint8(shift))
	}
	return r
}`, "T", t.Name, "D", dir.name, "H", dir.helper, "N", t.N)
		}
	}
}

func emitLaneShuffles(f *file) {
	// PSHUFD.
	f.doc("PermuteScalars returns {x[a&3], x[b&3], x[c&3], x[d&3]}.\n\n" + asm("VPSHUFD", "AVX"))
	f.code(`func (x {T}) PermuteScalars(a, b, c, d uint8) {T} {
	return {T}{[4]uint32{x.a[a&3], x.a[b&3], x.a[c&3], x.a[d&3]}}
}`, "T", u32[0].Name)
	for _, t := range u32[1:] {
		f.doc("PermuteScalarsGrouped is PermuteScalars on each 128-bit group: lanes 4g to 4g+3 of the result are " +
			"{x[4g+a&3], x[4g+b&3], x[4g+c&3], x[4g+d&3]}.\n\n" + asm("VPSHUFD", feature(t)))
		f.code(`func (x {T}) PermuteScalarsGrouped(a, b, c, d uint8) {T} {
	var r {T}
	for g := 0; g < {N}; g += 4 {
		r.a[g], r.a[g+1], r.a[g+2], r.a[g+3] = x.a[g+int(a&3)], x.a[g+int(b&3)], x.a[g+int(c&3)], x.a[g+int(d&3)]
	}
	return r
}`, "T", t.Name, "N", t.N)
	}

	// SHUFPS and SHUFPD.
	f.doc("ConcatPermuteScalars returns four lanes chosen from the eight of x and y: selectors 0 to 3 name lanes of x, " +
		"4 to 7 lanes of y, and a chooses lane 0 of the result, d lane 3. " +
		"Selectors must be 0 to 7: vec takes them modulo 8, but archsimd does not define larger ones. " +
		"When a and b name lanes of x and c and d lanes of y it is one instruction.\n\n" + asm("VSHUFPS", "AVX"))
	f.code(`func (x {T}) ConcatPermuteScalars(a, b, c, d uint8, y {T}) {T} {
	xs, ys := x.a[:], y.a[:]
	return {T}{[4]uint32{pickFromPair(xs, ys, a), pickFromPair(xs, ys, b), pickFromPair(xs, ys, c), pickFromPair(xs, ys, d)}}
}`, "T", u32[0].Name)
	for _, t := range u32[1:] {
		f.doc("ConcatPermuteScalarsGrouped is ConcatPermuteScalars on each 128-bit group: selectors 0 to 3 name lanes of " +
			"the group of x, 4 to 7 lanes of the same group of y. Selectors must be 0 to 7, as for ConcatPermuteScalars.\n\n" + asm("VSHUFPS", [...]string{"", "AVX", "AVX512"}[w(t)]))
		f.code(`func (x {T}) ConcatPermuteScalarsGrouped(a, b, c, d uint8, y {T}) {T} {
	var r {T}
	for g := 0; g < {N}; g += 4 {
		xs, ys := x.a[g:g+4], y.a[g:g+4]
		r.a[g], r.a[g+1], r.a[g+2], r.a[g+3] = pickFromPair(xs, ys, a), pickFromPair(xs, ys, b), pickFromPair(xs, ys, c), pickFromPair(xs, ys, d)
	}
	return r
}`, "T", t.Name, "N", t.N)
	}
	f.doc("ConcatPermuteScalars returns two lanes chosen from the four of x and y: selectors 0 and 1 name lanes of x, " +
		"2 and 3 lanes of y (taken modulo 4), and a chooses lane 0 of the result, b lane 1.\n\n" + asm("VSHUFPD", "AVX"))
	f.code(`func (x {T}) ConcatPermuteScalars(a, b uint8, y {T}) {T} {
	return {T}{[2]uint64{pickFromPair(x.a[:], y.a[:], a), pickFromPair(x.a[:], y.a[:], b)}}
}`, "T", u64[0].Name)
	for _, t := range u64[1:] {
		f.doc("ConcatPermuteScalarsGrouped is ConcatPermuteScalars on each 128-bit group: selectors 0 and 1 name lanes of " +
			"the group of x, 2 and 3 lanes of the same group of y.\n\n" + asm("VSHUFPD", [...]string{"", "AVX", "AVX512"}[w(t)]))
		f.code(`func (x {T}) ConcatPermuteScalarsGrouped(a, b uint8, y {T}) {T} {
	var r {T}
	for g := 0; g < {N}; g += 2 {
		xs, ys := x.a[g:g+2], y.a[g:g+2]
		r.a[g], r.a[g+1] = pickFromPair(xs, ys, a), pickFromPair(xs, ys, b)
	}
	return r
}`, "T", t.Name, "N", t.N)
	}

	// VPERM2I128.
	for _, t := range []vtype{u8[1], u32[1], u64[1]} {
		f.doc("ConcatPermute128Scalars treats x and y as four 128-bit groups, x's two then y's two, and returns " +
			"group lo followed by group hi. It panics if lo or hi is above 3.\n\n" + asm("VPERM2I128", "AVX2"))
		f.code(`func (x {T}) ConcatPermute128Scalars(lo, hi uint8, y {T}) {T} {
	var r {T}
	select128(r.a[:], x.a[:], y.a[:], lo, hi)
	return r
}`, "T", t.Name)
	}

	// PUNPCKL/H.
	for _, t := range concat(u32, u64) {
		g := t.PerGroup()
		sfx := map[int]string{32: "DQ", 64: "QDQ"}[t.EBits]
		grouped, within := "", ""
		if t.Bits() > 128 {
			grouped, within = "Grouped", " of each 128-bit group"
		}
		for _, h := range []struct{ name, half, instr string }{{"Lo", "low", "VPUNPCKL"}, {"Hi", "high", "VPUNPCKH"}} {
			off := 0
			if h.name == "Hi" {
				off = g / 2
			}
			f.doc(fmt.Sprintf("Interleave%s%s interleaves the %s halves%s of x and y: x's lane, then y's, "+
				"then the next of x's, and so on.\n\n%s", h.name, grouped, h.half, within, asm(h.instr+sfx, feature(t))))
			f.code(`func (x {T}) Interleave{H}{GR}(y {T}) {T} {
	var r {T}
	for g := 0; g < {N}; g += {G} {
		interleaveGroup(r.a[g:g+{G}], x.a[g:g+{G}], y.a[g:g+{G}], {OFF})
	}
	return r
}`, "T", t.Name, "H", h.name, "GR", grouped, "N", t.N, "G", g, "OFF", off)
		}
	}
}
