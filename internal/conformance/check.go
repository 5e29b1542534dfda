package conformance

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"unsafe"
)

// catch runs f and reports whether it panicked, and with what value, as
// text.
func catch(f func()) (panicked bool, msg string) {
	defer func() {
		if v := recover(); v != nil {
			panicked, msg = true, fmt.Sprint(v)
		}
	}()
	f()
	return false, ""
}

// samePanic requires got to panic with the same value as want, the same
// call on the standard library. It fails the test as broken if want does
// not panic at all: the case would then prove nothing.
func samePanic(t *testing.T, what string, got, want func()) {
	t.Helper()
	wantP, wantMsg := catch(want)
	if !wantP {
		t.Fatalf("%s: the standard library did not panic; the case is wrong", what)
	}
	gotP, gotMsg := catch(got)
	switch {
	case !gotP:
		t.Errorf("%s: no panic, want panic %q", what, wantMsg)
	case gotMsg != wantMsg:
		t.Errorf("%s: panic %q, want %q", what, gotMsg, wantMsg)
	}
}

// sameError requires got to be an error with the same text as want, which
// must itself be an error.
func sameError(t *testing.T, what string, got, want error) {
	t.Helper()
	if want == nil {
		t.Fatalf("%s: the standard library returned no error; the case is wrong", what)
	}
	switch {
	case got == nil:
		t.Errorf("%s: no error, want %q", what, want)
	case got.Error() != want.Error():
		t.Errorf("%s: error %q, want %q", what, got, want)
	}
}

// outcome is everything observable about one call made in a memory arena.
type outcome struct {
	mem      []byte // the arena afterwards
	panicked bool
	panicMsg string
	runtime  bool   // the panic was a runtime error (an index out of range...)
	err      string // "" for a nil error
	ret      []byte // the returned slice
	retOff   int    // where ret starts in the arena, or -1 if it lies elsewhere
}

// runIn runs f on a copy of init and records the outcome.
func runIn(init []byte, f func(mem []byte) ([]byte, error)) (o outcome) {
	o.mem = bytes.Clone(init)
	o.retOff = -1
	var ret []byte
	var err error
	func() {
		defer func() {
			if v := recover(); v != nil {
				_, o.runtime = v.(runtime.Error)
				o.panicked, o.panicMsg = true, fmt.Sprint(v)
			}
		}()
		ret, err = f(o.mem)
	}()
	if err != nil {
		o.err = err.Error()
	}
	o.ret = bytes.Clone(ret)
	o.retOff = offsetIn(o.mem, ret)
	return o
}

// offsetIn returns the offset of s's first element within mem's backing
// array, or -1 if s has no capacity or starts outside it.
func offsetIn(mem, s []byte) int {
	if cap(s) == 0 || cap(mem) == 0 {
		return -1
	}
	base := uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	if p < base || p >= base+uintptr(cap(mem)) {
		return -1
	}
	return int(p - base)
}

// sameOutcome runs f twice, once with got and once with want (the
// standard library's twin), each in its own copy of init, and requires
// identical outcomes: the same panic, the same error text, the same
// returned bytes at the same place, and the same arena contents.
//
// Where the standard library panics with a runtime error (an index out of
// range inside it, not a check of its contract) the implementation must
// panic too, with any message.
func sameOutcome[T any](t *testing.T, what string, init []byte, got, want T, f func(x T, mem []byte) ([]byte, error)) {
	t.Helper()
	w := runIn(init, func(mem []byte) ([]byte, error) { return f(want, mem) })
	g := runIn(init, func(mem []byte) ([]byte, error) { return f(got, mem) })
	if w.runtime && g.panicked {
		return
	}
	if g.panicked != w.panicked || g.panicMsg != w.panicMsg {
		t.Errorf("%s: panic %q (%v), want %q (%v)", what, g.panicMsg, g.panicked, w.panicMsg, w.panicked)
		return
	}
	if g.err != w.err {
		t.Errorf("%s: error %q, want %q", what, g.err, w.err)
	}
	if !bytes.Equal(g.ret, w.ret) || (g.ret == nil) != (w.ret == nil) {
		t.Errorf("%s: result %s, want %s", what, short(g.ret), short(w.ret))
	}
	if g.retOff != w.retOff {
		t.Errorf("%s: result starts at arena offset %d, want %d (-1: outside the arena)", what, g.retOff, w.retOff)
	}
	if i := firstDiff(g.mem, w.mem); i >= 0 {
		t.Errorf("%s: arena differs from byte %d: %s, want %s", what, i, short(g.mem[i:]), short(w.mem[i:]))
	}
}

// firstDiff returns the first index where a and b differ, or -1.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// short formats b in hex, truncated for messages.
func short(b []byte) string {
	const n = 40
	if b == nil {
		return "nil"
	}
	if len(b) > n {
		return fmt.Sprintf("%x... (%d bytes)", b[:n], len(b))
	}
	return fmt.Sprintf("%x (%d bytes)", b, len(b))
}

// equal fails the test if got and want differ.
func equal(t *testing.T, what string, got, want []byte) bool {
	t.Helper()
	if i := firstDiff(got, want); i >= 0 {
		t.Errorf("%s: differs from byte %d of %d: got %s, want %s", what, i, len(want), short(got[min(i, len(got)):]), short(want[min(i, len(want)):]))
		return false
	}
	return true
}

// SamePanic requires got to panic with the same value as want, the same
// call on the standard library, which must panic; for tests outside the
// battery.
func SamePanic(t *testing.T, what string, got, want func()) {
	t.Helper()
	samePanic(t, what, got, want)
}

// SameError requires got to be an error with the same text as want, which
// must itself be an error; for tests outside the battery.
func SameError(t *testing.T, what string, got, want error) {
	t.Helper()
	sameError(t, what, got, want)
}
