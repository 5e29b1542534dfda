package conformance

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// TestStdGCMInBounds requires every reference GCM the battery compares
// with, and the standard library Impl that TestStdlib runs it on, to stay
// within its output: none may reach crypto/cipher's short-tag assembly,
// which on amd64 (Go 1.26) writes past the end of its result (see StdGCM).
// First it shows that CheckSealBounds catches that assembly where the
// platform has the defect.
func TestStdGCMInBounds(t *testing.T) {
	if stdShortTagOverwrites() {
		b, err := aes.NewCipher(make([]byte, 16))
		if err != nil {
			t.Fatal(err)
		}
		// It stores a last block of r bytes as a whole one, 16-r-ts bytes
		// past a result with a ts-byte tag: none with a 15-byte tag.
		for ts := 12; ts <= 14; ts++ {
			raw, err := cipher.NewGCMWithTagSize(b, ts)
			if err != nil {
				t.Fatal(err)
			}
			err = CheckSealBounds(raw)
			if err == nil {
				t.Fatalf("CheckSealBounds passed crypto/cipher's assembly with a %d-byte tag, which writes past its result here", ts)
			}
			t.Logf("crypto/cipher's assembly, %d-byte tag: %v", ts, err)
		}
	} else {
		t.Log("crypto/cipher's Seal with a short tag stays in bounds on this platform")
	}

	shapes := append(append([]gcmShape{}, contractShapes...), streamShapes...)
	for ts := 12; ts <= 16; ts++ {
		shapes = append(shapes, gcmShape{name: fmt.Sprintf("TagSize=%d", ts), tagSize: ts})
	}
	for _, ns := range []int{1, 8, 12, 13, 16, 60} {
		shapes = append(shapes, gcmShape{name: fmt.Sprintf("NonceSize=%d", ns), nonceSize: ns})
	}
	std := stdlib()
	for _, size := range keySizes {
		key := make([]byte, size)
		for i := range key {
			key[i] = byte(i * 7)
		}
		for _, s := range shapes {
			want, err := s.std(key)
			if err != nil {
				t.Fatalf("AES-%d, %s: %v", size*8, s.name, err)
			}
			if err := CheckSealBounds(want); err != nil {
				t.Errorf("AES-%d, reference %s: %v", size*8, s.name, err)
			}
		}
		for ts := 12; ts <= 16; ts++ {
			a, err := std.NewGCMWithTagSize(key, ts)
			if err != nil {
				t.Fatalf("AES-%d, stdlib NewGCMWithTagSize(%d): %v", size*8, ts, err)
			}
			if err := CheckSealBounds(a); err != nil {
				t.Errorf("AES-%d, stdlib NewGCMWithTagSize(%d): %v", size*8, ts, err)
			}
		}
	}
}
