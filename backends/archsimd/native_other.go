//go:build !(goexperiment.simd && amd64 && go1.27) || vec_emulate

package archsimd

// chooseWidth returns 0: without Go 1.27's simd/archsimd, vec emulates
// every operation and this backend is not offered.
func chooseWidth() int { return 0 }
