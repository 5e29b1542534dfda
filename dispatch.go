package vaes

import (
	"os"

	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/archsimd"
	"github.com/vaesgo/vaes/backends/stdlib"
	"github.com/vaesgo/vaes/backends/vaes256"
	"github.com/vaesgo/vaes/backends/vaes512"
	"github.com/vaesgo/vaes/internal/impl"
)

// The backends, best first. dispatch picks the first one this CPU can run,
// unless VAES_BACKEND names another that it can run. Package
// internal/kernels reaches each one's kernels; this file only asks each
// backend whether the CPU can run it.
var (
	backendVAES512 = &impl.Backend{
		ID:        impl.VAES512,
		Name:      "vaes512",
		Available: vaes512.Available(),
		AESNI:     hasAESNI,
	}
	backendVAES256 = &impl.Backend{
		ID:        impl.VAES256,
		Name:      "vaes256",
		Available: vaes256.Available(),
		AESNI:     hasAESNI,
	}
	backendAESNI = &impl.Backend{
		ID:        impl.AESNI,
		Name:      "aesni",
		Available: hasAESNI,
		AESNI:     hasAESNI,
	}
	// archsimd runs the assembly backends' Go models compiled to vector
	// instructions: only with Go 1.27 or later and GOEXPERIMENT=simd on
	// amd64. It ranks below the assembly, and is the default of a purego
	// build with the experiment.
	backendArchSIMD = &impl.Backend{
		ID:        impl.ArchSIMD,
		Name:      "archsimd",
		Available: archsimd.Available(),
	}
	backendStdlib = &impl.Backend{
		ID:        impl.Stdlib,
		Name:      "stdlib",
		Available: stdlib.Available(),
		Std:       true,
	}
	backendGeneric = &impl.Backend{
		ID:        impl.Generic,
		Name:      "generic",
		Available: true,
	}
)

// hasAESNI is whether this CPU runs the aesni backend's kernels, which the
// VAES backends use for key expansion and single blocks.
var hasAESNI = aesni.Available()

func init() {
	for _, b := range []*impl.Backend{backendVAES512, backendVAES256, backendAESNI, backendArchSIMD, backendStdlib, backendGeneric} {
		impl.Register(b)
	}
	impl.Select(choose(os.Getenv("VAES_BACKEND")))
}

// choose returns the backend named by want if this CPU can run it, and
// otherwise the best one it can run.
func choose(want string) *impl.Backend {
	if b := impl.Lookup(want); b != nil && b.Available {
		return b
	}
	for _, b := range impl.All() {
		if b.Available {
			return b
		}
	}
	return backendGeneric
}

// Backend returns the name of the backend that NewCipher, NewCTR and the
// NewGCM functions build on: "vaes512", "vaes256", "aesni", "archsimd",
// "stdlib" or "generic".
//
// The choice is made once, when the program starts, from the CPU's features
// (as golang.org/x/sys/cpu reports them, so GODEBUG=cpu.avx512f=off and the
// like take effect). The environment variable VAES_BACKEND can name a
// backend; if the CPU cannot run it, the best one it can run is used, and
// Backend reports that. A value that names no backend (a misspelling such
// as "vaes521") is ignored the same way: the library prints nothing, so
// check Backend when it matters (cmd/vaesbench and cmd/ctcheck report
// either case in their first lines). The purego build tag leaves only
// generic, and archsimd when built with Go 1.27 or later and
// GOEXPERIMENT=simd on amd64, where it is the default.
func Backend() string { return impl.Active().Name }
