package backendenv

import (
	"strings"
	"testing"

	"github.com/vaesgo/vaes/internal/impl"
)

func TestNote(t *testing.T) {
	for _, c := range []struct {
		value, active string
		want          string // "" or the whole line
	}{
		{"", "aesni", ""},
		{"generic", "generic", ""},
		{"vaes521", "aesni", "VAES_BACKEND=vaes521: no backend has that name (the names are vaes512, vaes256, aesni, archsimd, stdlib, generic); using aesni"},
		{"GENERIC", "generic", "VAES_BACKEND=GENERIC: no backend has that name (the names are vaes512, vaes256, aesni, archsimd, stdlib, generic); using generic"},
	} {
		if got := Note(c.value, c.active); got != c.want {
			t.Errorf("Note(%q, %q) = %q, want %q", c.value, c.active, got, c.want)
		}
	}
	// A backend named but not chosen: unavailable (as though this CPU
	// lacked it), and available, which dispatch would not do.
	b := impl.Lookup("aesni")
	defer func(was bool) { b.Available = was }(b.Available)
	b.Available = false
	want := "VAES_BACKEND=aesni: this CPU (or build) cannot run it; using generic"
	if got := Note("aesni", "generic"); got != want {
		t.Errorf("Note(aesni, generic) with aesni unavailable = %q, want %q", got, want)
	}
	b.Available = true
	want = "VAES_BACKEND=aesni: not used; using generic"
	if got := Note("aesni", "generic"); got != want {
		t.Errorf("Note(aesni, generic) with aesni available = %q, want %q", got, want)
	}
}

// TestLine checks that Line reads the variable and the active backend.
func TestLine(t *testing.T) {
	t.Setenv("VAES_BACKEND", "vaes521")
	got := Line()
	if !strings.HasPrefix(got, "VAES_BACKEND=vaes521: no backend has that name") ||
		!strings.HasSuffix(got, "; using "+impl.Active().Name) {
		t.Errorf("Line() = %q", got)
	}
}
