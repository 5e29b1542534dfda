package vaes

import (
	"os"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/generic"
	"github.com/vaesgo/vaes/backends/stdlib"
	"github.com/vaesgo/vaes/internal/impl"
)

// The backends, best first. dispatch picks the first one this CPU can run,
// unless VAES_BACKEND names another that it can run.
var (
	backendAESNI = &impl.Backend{
		ID:            impl.AESNI,
		Name:          "aesni",
		Available:     aesni.Available(),
		Expand:        aesni.Expand,
		EncryptBlocks: aesni.EncryptBlocks,
		DecryptBlocks: aesni.DecryptBlocks,
		CTR32:         aesni.CTR32,
		CTR128:        aesni.CTR128,
		GHASHInit:     aesni.GHASHInit,
		GHASH:         aesni.GHASH,
		Seal:          aesni.Seal,
		Open:          aesni.Open,
	}
	backendGeneric = &impl.Backend{
		ID:            impl.Generic,
		Name:          "generic",
		Available:     true,
		Expand:        aesround.Expand,
		EncryptBlocks: generic.EncryptBlocks,
		DecryptBlocks: generic.DecryptBlocks,
		CTR32:         generic.CTR32,
		CTR128:        generic.CTR128,
		GHASHInit:     generic.GHASHInit,
		GHASH:         generic.GHASH,
		Seal:          generic.Seal,
		Open:          generic.Open,
	}
	backendStdlib = &impl.Backend{
		ID:        impl.Stdlib,
		Name:      "stdlib",
		Available: stdlib.Available(),
		Std:       true,
	}
)

func init() {
	for _, b := range []*impl.Backend{backendAESNI, backendStdlib, backendGeneric} {
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
// NewGCM functions build on: "vaes512", "vaes256", "aesni", "stdlib" or
// "generic".
//
// The choice is made once, when the program starts, from the CPU's features
// (as golang.org/x/sys/cpu reports them, so GODEBUG=cpu.avx512f=off and the
// like take effect). The environment variable VAES_BACKEND can name a
// backend; if the CPU cannot run it, the best one it can run is used, and
// Backend reports that. The purego build tag leaves only generic.
func Backend() string { return impl.Active().Name }
