package conformance

import "testing"

// noAllocs requires f to allocate nothing. Sanitizer builds allocate on
// their own, so the check is not made there.
func noAllocs(t *testing.T, what string, f func()) {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector allocates; allocation counts are meaningless")
	}
	if n := testing.AllocsPerRun(20, f); n != 0 {
		t.Errorf("%s: %v allocations per call, want 0", what, n)
	}
}
