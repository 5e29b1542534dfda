//go:build !(goexperiment.simd && amd64 && go1.27)

package vaes256

// gcmZeroUpper is VZEROUPPER (see model_gcmupper_simd.go); vec's portable
// vectors are arrays in memory, with no register state to clear.
func gcmZeroUpper() {}
