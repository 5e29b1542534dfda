package conformance

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// RunGCM checks the GCM constructors and the cipher.AEAD values they
// return.
func RunGCM(t *testing.T, impl Impl) {
	t.Run("BadKeySize", func(t *testing.T) { testGCMBadKey(t, impl) })
	t.Run("BadTagSize", func(t *testing.T) { testGCMBadSize(t, impl, false) })
	t.Run("BadNonceSize", func(t *testing.T) { testGCMBadSize(t, impl, true) })
	t.Run("Keys", func(t *testing.T) { testGCMKeys(t, impl) })
	forEachKeySize(t, func(t *testing.T, key []byte) {
		t.Run("Sizes", func(t *testing.T) { testGCMSizes(t, impl, key) })
		for _, s := range contractShapes {
			t.Run(s.name, func(t *testing.T) {
				got, want := s.build(t, impl, key)
				t.Run("Roundtrip", func(t *testing.T) { testGCMRoundtrip(t, got) })
				if s.random {
					t.Run("Seal", func(t *testing.T) { testGCMRandomSealCalls(t, key, got, want) })
				} else {
					t.Run("Seal", func(t *testing.T) { testGCMSealCalls(t, got, want) })
				}
				t.Run("Open", func(t *testing.T) { testGCMOpenCalls(t, got, want) })
				t.Run("Tampering", func(t *testing.T) { testGCMTampering(t, got, want) })
			})
		}
		t.Run("Lengths", func(t *testing.T) { testGCMLengths(t, impl, key) })
		t.Run("Offsets", func(t *testing.T) { testGCMOffsets(t, impl, key) })
		t.Run("AdditionalData", func(t *testing.T) { testGCMAdditionalData(t, impl, key) })
		t.Run("NonceSizes", func(t *testing.T) { testGCMNonceSizes(t, impl, key) })
		t.Run("TagSizes", func(t *testing.T) { testGCMTagSizes(t, impl, key) })
		t.Run("CounterWrap", func(t *testing.T) { testGCMWrap(t, impl, key) })
		t.Run("MessageTooLarge", func(t *testing.T) { testGCMTooLarge(t, impl, key) })
		t.Run("Concurrent", func(t *testing.T) { testConcurrent(t, impl, key) })
		t.Run("Allocations", func(t *testing.T) { testGCMAllocs(t, impl, key) })
	})
}

// testGCMBadKey requires every constructor to refuse a bad key with
// crypto/aes's error text.
func testGCMBadKey(t *testing.T, impl Impl) {
	for _, n := range badKeySizes() {
		key := make([]byte, n)
		_, want := aes.NewCipher(key)
		_, err := impl.NewGCM(key)
		sameError(t, fmt.Sprintf("NewGCM(%d-byte key)", n), err, want)
		_, err = impl.NewGCMWithNonceSize(key, 12)
		sameError(t, fmt.Sprintf("NewGCMWithNonceSize(%d-byte key, 12)", n), err, want)
		_, err = impl.NewGCMWithNonceSize(key, 0)
		sameError(t, fmt.Sprintf("NewGCMWithNonceSize(%d-byte key, 0)", n), err, want)
		_, err = impl.NewGCMWithTagSize(key, 16)
		sameError(t, fmt.Sprintf("NewGCMWithTagSize(%d-byte key, 16)", n), err, want)
		_, err = impl.NewGCMWithTagSize(key, 3)
		sameError(t, fmt.Sprintf("NewGCMWithTagSize(%d-byte key, 3)", n), err, want)
		_, err = impl.NewGCMWithRandomNonce(key)
		sameError(t, fmt.Sprintf("NewGCMWithRandomNonce(%d-byte key)", n), err, want)
	}
}

// testGCMBadSize requires NewGCMWithNonceSize or NewGCMWithTagSize to
// refuse a bad size with crypto/cipher's error text, and to accept every
// size crypto/cipher accepts.
func testGCMBadSize(t *testing.T, impl Impl, nonce bool) {
	key := make([]byte, 16)
	for n := -20; n <= 70; n++ {
		var s gcmShape
		var err error
		if nonce {
			s = gcmShape{name: fmt.Sprintf("NewGCMWithNonceSize(key, %d)", n), nonceSize: n}
			_, err = impl.NewGCMWithNonceSize(key, n)
		} else {
			s = gcmShape{name: fmt.Sprintf("NewGCMWithTagSize(key, %d)", n), tagSize: n}
			_, err = impl.NewGCMWithTagSize(key, n)
		}
		_, want := s.std(key)
		if n == 0 {
			// gcmShape reads a zero size as "the default"; ask directly.
			if nonce {
				_, want = StdGCM(key, 0, 16)
			} else {
				_, want = StdGCM(key, 12, 0)
			}
		}
		if want == nil {
			if err != nil {
				t.Errorf("%s: %v, want no error", s.name, err)
			}
			continue
		}
		sameError(t, s.name, err, want)
	}
}

// testGCMKeys seals and opens under many random keys of each size.
func testGCMKeys(t *testing.T, impl Impl) {
	r := newRand(t)
	n := 100
	if testing.Short() {
		n = 20
	}
	for range n {
		for _, size := range keySizes {
			key := r.bytes(size)
			got, want := shapeStd.build(t, impl, key)
			nonce, pt, aad := r.bytes(12), r.bytes(r.IntN(100)), r.bytes(r.IntN(20))
			ct := want.Seal(nil, nonce, pt, aad)
			if !equal(t, fmt.Sprintf("Seal with key %x", key), got.Seal(nil, nonce, pt, aad), ct) {
				return
			}
			back, err := got.Open(nil, nonce, ct, aad)
			if err != nil || !equal(t, fmt.Sprintf("Open with key %x", key), back, pt) {
				t.Errorf("Open with key %x: %v", key, err)
				return
			}
		}
	}
}

// testGCMSizes compares NonceSize and Overhead with crypto/cipher for
// every constructor, and checks the key is copied.
func testGCMSizes(t *testing.T, impl Impl, key []byte) {
	shapes := append([]gcmShape{}, contractShapes...)
	for n := 1; n <= 64; n++ {
		shapes = append(shapes, gcmShape{name: fmt.Sprintf("NonceSize=%d", n), nonceSize: n})
	}
	for n := 12; n <= 16; n++ {
		shapes = append(shapes, gcmShape{name: fmt.Sprintf("TagSize=%d", n), tagSize: n})
	}
	for _, s := range shapes {
		got, want := s.build(t, impl, key)
		if got.NonceSize() != want.NonceSize() {
			t.Errorf("%s: NonceSize() = %d, want %d", s.name, got.NonceSize(), want.NonceSize())
		}
		if got.Overhead() != want.Overhead() {
			t.Errorf("%s: Overhead() = %d, want %d", s.name, got.Overhead(), want.Overhead())
		}
	}
	k := append([]byte(nil), key...)
	g, err := impl.NewGCM(k)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "key after NewGCM", k, key)
	for i := range k {
		k[i]++
	}
	_, want := shapeStd.build(t, impl, key)
	nonce := make([]byte, 12)
	equal(t, "Seal after the key slice changed", g.Seal(nil, nonce, []byte("plaintext"), nil),
		want.Seal(nil, nonce, []byte("plaintext"), nil))
}

// testGCMRoundtrip seals and opens every combination of some plaintext
// and additional data lengths.
func testGCMRoundtrip(t *testing.T, a cipher.AEAD) {
	r := newRand(t)
	for _, n := range []int{0, 1, 15, 16, 17, 156, 1350, 8192, 8193} {
		for _, m := range []int{0, 1, 13, 156, 8193} {
			nonce, pt, aad := r.bytes(a.NonceSize()), r.bytes(n), r.bytes(m)
			ct := a.Seal(nil, nonce, pt, aad)
			if len(ct) != n+a.Overhead() {
				t.Errorf("Seal of %d bytes returned %d bytes, want %d", n, len(ct), n+a.Overhead())
			}
			back, err := a.Open(nil, nonce, ct, aad)
			if err != nil {
				t.Fatalf("Open(Seal(%d bytes), %d bytes of AAD): %v", n, m, err)
			}
			equal(t, fmt.Sprintf("Open(Seal(%d bytes), %d bytes of AAD)", n, m), back, pt)
		}
	}
}
