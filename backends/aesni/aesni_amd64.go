//go:build amd64 && !purego

package aesni

import "golang.org/x/sys/cpu"

// features lists every instruction set extension beyond SSE2 that
// aesni_amd64.s uses, by the name avo gives it in the "// Requires:" lines
// of the .s, with the x/sys/cpu flag that reports it. A test checks the
// list against the .s.
var features = []struct {
	name string
	has  bool
}{
	{"AES", cpu.X86.HasAES},
	{"PCLMULQDQ", cpu.X86.HasPCLMULQDQ},
	{"SSSE3", cpu.X86.HasSSSE3},
}

var available = func() bool {
	for _, f := range features {
		if !f.has {
			return false
		}
	}
	return true
}()

// Available reports whether this CPU runs the kernels: it has AES-NI,
// PCLMULQDQ and SSSE3 (PSHUFB).
func Available() bool { return available }
