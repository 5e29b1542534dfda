//go:build goexperiment.simd && amd64 && !go1.27

package vec

import "testing"

// vec mirrors Go 1.27's simd/archsimd. Go 1.26's has another API for the
// same instructions (LoadUint8x16 took an array pointer, CarrylessMultiply
// lane selectors, ConcatShiftBytesRight its count first, and more), so with
// Go 1.26 the comparison with the hardware is not compiled; these tests say
// so instead of passing silently.

func TestArchsimd(t *testing.T) {
	t.Skip("vec mirrors Go 1.27's simd/archsimd: run GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=simd go test ./vec/")
}

func TestArchsimdAPI(t *testing.T) {
	t.Skip("vec mirrors Go 1.27's simd/archsimd: run GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=simd go test ./vec/")
}
