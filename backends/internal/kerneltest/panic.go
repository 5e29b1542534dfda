package kerneltest

import "testing"

// WantPanic checks that f panics with the string msg.
func WantPanic(t *testing.T, msg string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != msg {
			t.Errorf("panic %v, want %q", r, msg)
		}
	}()
	f()
}
