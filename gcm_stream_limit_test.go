package vaes

import (
	"testing"
)

const tooLarge = "crypto/cipher: message too large for GCM"

// panicValue returns what f panics with, or nil if it returns.
func panicValue(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// nearLimit returns a stream of gcmMaxPlaintext-room bytes so far: the
// length is set directly, since a message of 64 GiB is out of reach.
func nearLimit(s *gcmStream, room int) {
	s.textLen = gcmMaxPlaintext - uint64(room)
}

// TestSealerLimit requires the Encrypt that would take a message past
// GCM's limit to panic before allocating, and Tag and every Encrypt after
// it to panic the same way, while a chunk that reaches the limit exactly
// is accepted.
func TestSealerLimit(t *testing.T) {
	g, err := NewGCM(make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, g.NonceSize())
	src := make([]byte, 21)

	s := g.NewSealer(nonce, nil)
	nearLimit(&s.s, 20)
	allocs := testing.AllocsPerRun(10, func() {
		s.s.tooLarge = false
		if v := panicValue(func() { s.Encrypt(nil, src) }); v != tooLarge {
			t.Fatalf("Encrypt of 21 bytes with 20 left: panic %v, want %q", v, tooLarge)
		}
	})
	if allocs != 0 {
		t.Errorf("Encrypt(nil, src) over the limit: %v allocations, want 0 (the check comes first)", allocs)
	}
	for _, f := range []struct {
		name string
		call func()
	}{
		{"Encrypt of 1 byte", func() { s.Encrypt(nil, src[:1]) }},
		{"Encrypt of 0 bytes", func() { s.Encrypt(nil, nil) }},
		{"Tag", func() { s.Tag(nil) }},
	} {
		if v := panicValue(f.call); v != tooLarge {
			t.Errorf("%s after a message too large: panic %v, want %q", f.name, v, tooLarge)
		}
	}

	// Up to the limit is fine, and then nothing more fits.
	s = g.NewSealer(nonce, nil)
	nearLimit(&s.s, 20)
	if v := panicValue(func() { s.Encrypt(nil, src[:20]) }); v != nil {
		t.Fatalf("Encrypt of 20 bytes with 20 left: panic %v", v)
	}
	if v := panicValue(func() { s.Encrypt(nil, src[:1]) }); v != tooLarge {
		t.Errorf("Encrypt of 1 byte at the limit: panic %v, want %q", v, tooLarge)
	}
	s = g.NewSealer(nonce, nil)
	nearLimit(&s.s, 20)
	s.Encrypt(nil, src[:20])
	if v := panicValue(func() { s.Tag(nil) }); v != nil {
		t.Errorf("Tag at the limit: panic %v", v)
	}
}

// TestOpenerLimit is TestSealerLimit for the Opener, whose Verify returns
// an error after a message too large, even for the tag of the bytes that
// Decrypt did take.
func TestOpenerLimit(t *testing.T) {
	g, err := NewGCM(make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, g.NonceSize())
	src := make([]byte, 21)

	o := g.NewOpener(nonce, nil)
	nearLimit(&o.s, 20)
	allocs := testing.AllocsPerRun(10, func() {
		o.s.tooLarge = false
		if v := panicValue(func() { o.Decrypt(nil, src) }); v != tooLarge {
			t.Fatalf("Decrypt of 21 bytes with 20 left: panic %v, want %q", v, tooLarge)
		}
	})
	if allocs != 0 {
		t.Errorf("Decrypt(nil, src) over the limit: %v allocations, want 0 (the check comes first)", allocs)
	}
	if v := panicValue(func() { o.Decrypt(nil, src[:1]) }); v != tooLarge {
		t.Errorf("Decrypt of 1 byte after a message too large: panic %v, want %q", v, tooLarge)
	}

	// The tag of what this Opener did take, from a twin that was never
	// given too much: it passes there and must not pass here.
	twin := g.NewOpener(nonce, nil)
	nearLimit(&twin.s, 20)
	tag := twin.s.tag()
	twin = g.NewOpener(nonce, nil)
	nearLimit(&twin.s, 20)
	if err := twin.Verify(tag[:]); err != nil {
		t.Fatalf("Verify of the twin's own tag: %v", err)
	}
	if err := o.Verify(tag[:]); err == nil {
		t.Error("Verify after a message too large returned nil")
	}
}
