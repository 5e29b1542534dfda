package vaes

import (
	"os"

	"github.com/vaesgo/vaes/aesround"
	"github.com/vaesgo/vaes/backends/aesni"
	"github.com/vaesgo/vaes/backends/generic"
	"github.com/vaesgo/vaes/backends/stdlib"
	"github.com/vaesgo/vaes/backends/vaes256"
	"github.com/vaesgo/vaes/backends/vaes512"
	"github.com/vaesgo/vaes/internal/impl"
)

// The backends, best first. dispatch picks the first one this CPU can run,
// unless VAES_BACKEND names another that it can run.
var (
	backendVAES512 = &impl.Backend{
		ID:            impl.VAES512,
		Name:          "vaes512",
		Available:     vaes512.Available(),
		Expand:        expandFor(impl.VAES512),
		EncryptBlocks: vaes512.EncryptBlocks,
		DecryptBlocks: vaes512.DecryptBlocks,
		CTR32:         vaes512.CTR32,
		CTR128:        vaes512.CTR128,
		GHASHInit:     vaes512.GHASHInit,
		GHASH:         vaes512.GHASH,
		Seal:          vaes512.Seal,
		Open:          vaes512.Open,
	}
	backendVAES256 = &impl.Backend{
		ID:            impl.VAES256,
		Name:          "vaes256",
		Available:     vaes256.Available(),
		Expand:        expandFor(impl.VAES256),
		EncryptBlocks: vaes256.EncryptBlocks,
		DecryptBlocks: vaes256.DecryptBlocks,
		CTR32:         vaes256.CTR32,
		CTR128:        vaes256.CTR128,
		GHASHInit:     vaes256.GHASHInit,
		GHASH:         vaes256.GHASH,
		Seal:          vaes256.Seal,
		Open:          vaes256.Open,
	}
	backendAESNI = &impl.Backend{
		ID:            impl.AESNI,
		Name:          "aesni",
		Available:     aesni.Available(),
		Expand:        expandFor(impl.AESNI),
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

// expandFor returns the key expansion the kernel switch uses for a backend,
// as a function value for impl.Backend.
func expandFor(id impl.ID) func(*aesround.Schedule, []byte) {
	b := &impl.Backend{ID: id}
	return func(ks *aesround.Schedule, key []byte) { expandKey(b, ks, key) }
}

func init() {
	for _, b := range []*impl.Backend{backendVAES512, backendVAES256, backendAESNI, backendStdlib, backendGeneric} {
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
