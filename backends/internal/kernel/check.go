package kernel

import "github.com/vaesgo/vaes/aesround"

// CheckSchedule panics with "<pkg>: invalid key schedule" unless ks has a
// round count the kernels know (10, 12 or 14): they address the last round
// key from it.
func CheckSchedule(pkg string, ks *aesround.Schedule) {
	if ks.Rounds != 10 && ks.Rounds != 12 && ks.Rounds != 14 {
		panic(pkg + ": invalid key schedule")
	}
}

// CheckLength panics with "<pkg>: output smaller than input" if dst is
// shorter than src.
func CheckLength(pkg string, dst, src []byte) {
	if len(dst) < len(src) {
		panic(pkg + ": output smaller than input")
	}
}

// CheckBlocks panics with "<pkg>: input not full blocks" unless len(src)
// is a multiple of 16, and then as CheckLength does.
func CheckBlocks(pkg string, dst, src []byte) {
	if len(src)%16 != 0 {
		panic(pkg + ": input not full blocks")
	}
	CheckLength(pkg, dst, src)
}
