package vaes_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/conformance"
	"github.com/vaesgo/vaes/internal/impl"
)

// The conformance battery (TestXTS) holds XTS to IEEE 1619's vectors, to a
// reference on crypto/aes and to golang.org/x/crypto/xts on every backend.
// This file adds the fuzz target, the race test and the out-of-bounds
// tests of the public API with guard bytes; oob_linux_test.go's page tests
// cover the XTS kernels, and xts_linux_test.go the API at page edges.

// xtsOn returns vaes.NewXTS(key) built on backend b.
func xtsOn(t testing.TB, b *impl.Backend, key []byte) (*vaes.XTS, error) {
	t.Helper()
	defer impl.Select(b)()
	return vaes.NewXTS(key)
}

// FuzzXTS compares EncryptTweak and DecryptTweak, out of place and in
// place, on every backend with the battery's reference on crypto/aes.
// data's first byte picks the key size (32, 48 or 64 bytes), the key
// follows, and the rest is the data unit; tweak is used as its first 16
// bytes, zero-padded. A key with equal halves must be refused, and a data
// unit shorter than a block must panic.
func FuzzXTS(f *testing.F) {
	key := []byte("XTS key one, sixteen bytes each!XTS key two, in all 48 or 64 b..")
	for _, n := range []int{0, 15, 16, 17, 31, 32, 33, 127, 128, 129, 479, 480, 481, 511, 512, 513, 1023, 1024, 1025, 2063, 4096, 4111} {
		for ks := range 3 {
			f.Add(append([]byte{byte(ks)}, append(key[:32+16*ks], bytes.Repeat([]byte{byte(n)}, n)...)...), []byte{byte(n), 0xff, 0, 0x80})
		}
	}
	f.Add(append([]byte{0}, bytes.Repeat([]byte{7}, 32+40)...), []byte{1})
	f.Fuzz(func(t *testing.T, data, tweakBytes []byte) {
		if len(data) == 0 {
			return
		}
		ksz := 32 + 16*int(data[0]%3)
		data = data[1:]
		if len(data) < ksz {
			return
		}
		key, msg := data[:ksz], data[ksz:]
		var tweak [16]byte
		copy(tweak[:], tweakBytes)
		equalHalves := bytes.Equal(key[:ksz/2], key[ksz/2:])
		for _, b := range fuzzBackends() {
			x, err := xtsOn(t, b, key)
			if equalHalves {
				if err == nil {
					t.Fatalf("%s: NewXTS accepted a key with equal halves", b.Name)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(msg) == 0 {
				dst := make([]byte, 16)
				if p, v := catchPanic(func() { x.EncryptTweak(dst, msg, tweak) }); p || !bytes.Equal(dst, make([]byte, 16)) {
					t.Fatalf("%s: EncryptTweak of 0 bytes: panic %v, dst %x; want nothing done", b.Name, v, dst)
				}
				continue
			}
			if len(msg) < 16 {
				if p, _ := catchPanic(func() { x.EncryptTweak(make([]byte, 16), msg, tweak) }); !p {
					t.Fatalf("%s: EncryptTweak of %d bytes did not panic", b.Name, len(msg))
				}
				continue
			}
			for _, decrypt := range []bool{false, true} {
				want := conformance.XTSReference(t, key, decrypt, tweak, msg)
				run := x.EncryptTweak
				if decrypt {
					run = x.DecryptTweak
				}
				out := make([]byte, len(msg))
				run(out, msg, tweak)
				inPlace := bytes.Clone(msg)
				run(inPlace, inPlace, tweak)
				if !bytes.Equal(out, want) || !bytes.Equal(inPlace, want) {
					t.Fatalf("%s: XTS (decrypt %v) of %d bytes, tweak %x:\n got %x\n in place %x\nwant %x",
						b.Name, decrypt, len(msg), tweak, out, inPlace, want)
				}
			}
		}
	})
}

// catchPanic runs f and reports whether it panicked, and with what.
func catchPanic(f func()) (panicked bool, v any) {
	defer func() {
		if v = recover(); v != nil {
			panicked = true
		}
	}()
	f()
	return false, nil
}

// TestRaceXTS shares one *XTS per backend among many goroutines, each
// encrypting and decrypting its own data units of its own length (whole
// sectors and stolen tails) under its own tweaks, in place and out of
// place.
func TestRaceXTS(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(18, 19))
			key := oobBytes(rng, 64)
			x, err := xtsOn(t, b, key)
			if err != nil {
				t.Fatal(err)
			}
			type job struct {
				tweak  [16]byte
				pt, ct []byte
			}
			jobs := make([]job, raceWorkers)
			for w := range jobs {
				ls := raceLengths(b)
				n := max(16, ls[len(ls)-1-w%6])
				j := job{tweak: [16]byte(oobBytes(rng, 16)), pt: oobBytes(rng, n)}
				j.ct = conformance.XTSReference(t, key, false, j.tweak, j.pt)
				jobs[w] = j
			}
			raceRun(t, func(w int) error {
				j := jobs[w]
				for range 3 {
					ct := make([]byte, len(j.pt))
					x.EncryptTweak(ct, j.pt, j.tweak)
					if !bytes.Equal(ct, j.ct) {
						return fmt.Errorf("EncryptTweak of %d bytes differs", len(ct))
					}
					x.DecryptTweak(ct, ct, j.tweak)
					if !bytes.Equal(ct, j.pt) {
						return fmt.Errorf("DecryptTweak in place of %d bytes differs", len(ct))
					}
				}
				return nil
			})
		})
	}
}

// TestOOBGuardsXTS runs the four XTS methods on every backend at every
// length from 16 bytes up (see oobLengths), into a dst between guard bytes
// at a random offset, out of place and in place; the guard bytes must be
// untouched, and the input too when it is elsewhere.
func TestOOBGuardsXTS(t *testing.T) {
	for _, b := range oobBackends(false) {
		t.Run(b.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(20, 21))
			for _, ksz := range []int{32, 64} {
				key := oobBytes(rng, ksz)
				x, err := xtsOn(t, b, key)
				if err != nil {
					t.Fatal(err)
				}
				for _, n := range oobLengths(b) {
					if n < 16 {
						continue
					}
					tweak := [16]byte(oobBytes(rng, 16))
					src := oobBytes(rng, n)
					for _, decrypt := range []bool{false, true} {
						want := conformance.XTSReference(t, key, decrypt, tweak, src)
						for _, inPlace := range []bool{false, true} {
							dst, check := oobGuarded(rng, n)
							dst = dst[:n]
							in := bytes.Clone(src)
							if inPlace {
								copy(dst, src)
								in = dst
							}
							if decrypt {
								x.DecryptTweak(dst, in, tweak)
							} else {
								x.EncryptTweak(dst, in, tweak)
							}
							if msg := check(dst); msg != "" {
								t.Fatalf("XTS-AES-%d (decrypt %v) of %d bytes, in place %v: %s", ksz*4, decrypt, n, inPlace, msg)
							}
							if !bytes.Equal(dst, want) || !inPlace && !bytes.Equal(in, src) {
								t.Fatalf("XTS-AES-%d (decrypt %v) of %d bytes, in place %v: wrong output or input changed", ksz*4, decrypt, n, inPlace)
							}
						}
					}
				}
			}
		})
	}
}

// TestXTSAllocs requires every XTS method to allocate nothing on every
// backend, on whole sectors and with ciphertext stealing, out of place and
// in place.
func TestXTSAllocs(t *testing.T) {
	if conformance.RaceEnabled {
		t.Skip("the race detector allocates; allocation counts are meaningless")
	}
	for _, b := range oobBackends(false) {
		x, err := xtsOn(t, b, bytes.Repeat([]byte("0123456789abcdefg"), 3)[:48])
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{16, 17, 512, 4096 + 5} {
			src, dst := make([]byte, n), make([]byte, n)
			for name, f := range map[string]func(){
				"Encrypt":               func() { x.Encrypt(dst, src, 9) },
				"Decrypt":               func() { x.Decrypt(dst, src, 9) },
				"EncryptTweak in place": func() { x.EncryptTweak(dst, dst, [16]byte{3}) },
				"DecryptTweak in place": func() { x.DecryptTweak(dst, dst, [16]byte{3}) },
			} {
				if a := testing.AllocsPerRun(20, f); a != 0 {
					t.Errorf("%s: %s of %d bytes: %v allocations per call, want 0", b.Name, name, n, a)
				}
			}
		}
	}
}

func ExampleNewXTS() {
	// K1 || K2: two AES-256 keys, which must differ. In real use: secret
	// and random.
	key := make([]byte, 64)
	for i := range key {
		key[i] = byte(i)
	}
	x, err := vaes.NewXTS(key)
	if err != nil {
		panic(err)
	}
	sector := []byte("a 33-byte sector: not whole blocks")[:33]
	ct := make([]byte, len(sector))
	x.Encrypt(ct, sector, 42) // the tweak is the sector's number
	pt := make([]byte, len(ct))
	x.Decrypt(pt, ct, 42)
	fmt.Println(len(ct), string(pt), bytes.Equal(ct, sector))
	// Output:
	// 33 a 33-byte sector: not whole block false
}
