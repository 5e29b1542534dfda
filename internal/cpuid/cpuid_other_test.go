//go:build !amd64 || purego

package cpuid

import "testing"

// TestNothingWithoutAssembly checks that a build without CPUID reports both
// features absent, so dispatch never picks a VAES backend there.
func TestNothingWithoutAssembly(t *testing.T) {
	if VAES() || VPCLMULQDQ() {
		t.Fatal("a build without CPUID reports VAES or VPCLMULQDQ")
	}
	if AMD() || Family() != 0 {
		t.Fatal("a build without CPUID reports a vendor or a family")
	}
}
