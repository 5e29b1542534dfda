package vaes_test

import (
	"os"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// TestBackendEnv checks the choice dispatch made at init: the backend named
// by VAES_BACKEND when this CPU can run it, otherwise the best backend this
// CPU can run. CI runs the suite once per backend with VAES_BACKEND set, and
// this test is what makes each of those runs prove it used that backend.
func TestBackendEnv(t *testing.T) {
	var best *impl.Backend
	for _, b := range impl.All() {
		if b.Available {
			best = b
			break
		}
	}
	if best == nil {
		t.Fatal("no registered backend is available")
	}
	want := best.Name
	env := os.Getenv("VAES_BACKEND")
	if b := impl.Lookup(env); b != nil && b.Available {
		want = b.Name
	}
	if got := vaes.Backend(); got != want {
		t.Errorf("VAES_BACKEND=%q: Backend() = %q, want %q", env, got, want)
	}
	if got := impl.Active().Name; got != vaes.Backend() {
		t.Errorf("impl.Active() is %q, but Backend() reports %q", got, vaes.Backend())
	}
	t.Logf("VAES_BACKEND=%q, Backend() = %q", env, vaes.Backend())
}
