package aesni

import "testing"

// TestKernelSet checks the name KernelSet gives each kernel set that the
// exported functions can run on this CPU.
func TestKernelSet(t *testing.T) {
	avx, public := useAVX, usePublicAVX
	defer func() {
		setAVX(avx)
		setPublicAVX(public)
	}()
	if !setAVX(false) {
		if got := KernelSet(); got != "SSE" {
			t.Fatalf("without AVX kernels KernelSet() = %q, want SSE", got)
		}
		return
	}
	setPublicAVX(false)
	if got := KernelSet(); got != "SSE" {
		t.Errorf("useAVX off: KernelSet() = %q, want SSE", got)
	}
	setAVX(true)
	if got := KernelSet(); got != "AVX" {
		t.Errorf("useAVX on: KernelSet() = %q, want AVX", got)
	}
	setPublicAVX(true)
	if got := KernelSet(); got != "AVX+public" {
		t.Errorf("usePublicAVX on: KernelSet() = %q, want AVX+public", got)
	}
}
