package vaes

import (
	"testing"

	"github.com/vaesgo/vaes/internal/impl"
)

func best() *impl.Backend {
	for _, b := range impl.All() {
		if b.Available {
			return b
		}
	}
	return nil
}

func TestChoose(t *testing.T) {
	if b := choose(""); b != best() {
		t.Errorf("choose(\"\") = %s, want the best available, %s", b.Name, best().Name)
	}
	if b := choose("no-such-backend"); b != best() {
		t.Errorf("choose(unknown) = %s, want %s", b.Name, best().Name)
	}
	for _, b := range impl.All() {
		got := choose(b.Name)
		switch {
		case b.Available && got != b:
			t.Errorf("choose(%q) = %s, want it honoured", b.Name, got.Name)
		case !b.Available && got != best():
			t.Errorf("choose(%q) on a CPU that cannot run it = %s, want %s", b.Name, got.Name, best().Name)
		}
	}
}

func TestRegistry(t *testing.T) {
	want := []string{"vaes512", "vaes256", "aesni", "archsimd", "stdlib", "generic"}
	seen := map[string]bool{}
	for _, b := range impl.All() {
		seen[b.Name] = true
		// Key expansion and single blocks take aesni's kernels on the
		// backends whose CPUs have AES-NI, and nowhere else.
		onAESNI := b.ID == impl.AESNI || b.ID == impl.VAES256 || b.ID == impl.VAES512
		if want := onAESNI && hasAESNI; b.AESNI != want {
			t.Errorf("%s: AESNI = %v, want %v", b.Name, b.AESNI, want)
		}
	}
	// Every registered name is one of the documented six, in order.
	i := 0
	for _, b := range impl.All() {
		for i < len(want) && want[i] != b.Name {
			i++
		}
		if i == len(want) {
			t.Fatalf("backend %q is not documented or out of order", b.Name)
		}
	}
	if !seen["generic"] || !impl.Lookup("generic").Available {
		t.Error("generic must always be registered and available")
	}
}

func TestBackendIsActive(t *testing.T) {
	if Backend() != impl.Active().Name {
		t.Errorf("Backend() = %q, active is %q", Backend(), impl.Active().Name)
	}
}
