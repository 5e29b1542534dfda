package conformance

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// RunCTR checks NewCTR and the cipher.Stream it returns.
func RunCTR(t *testing.T, impl Impl) {
	t.Run("BadKeySize", func(t *testing.T) {
		iv := make([]byte, 16)
		for _, n := range badKeySizes() {
			_, err := impl.NewCTR(make([]byte, n), iv)
			_, want := aes.NewCipher(make([]byte, n))
			sameError(t, fmt.Sprintf("NewCTR(%d-byte key)", n), err, want)
		}
	})
	t.Run("BadIVLength", func(t *testing.T) { testCTRBadIV(t, impl) })
	forEachKeySize(t, func(t *testing.T, key []byte) {
		t.Run("ArgumentsCopied", func(t *testing.T) { testCTRArgsCopied(t, impl, key) })
		t.Run("Calls", func(t *testing.T) { testCTRCalls(t, impl, key) })
		t.Run("Lengths", func(t *testing.T) { testCTRLengths(t, impl, key) })
		t.Run("Offsets", func(t *testing.T) { testCTROffsets(t, impl, key) })
		t.Run("Pieces", func(t *testing.T) { testCTRPieces(t, impl, key) })
		t.Run("CounterWrap", func(t *testing.T) { testCTRWrap(t, impl, key) })
		t.Run("Allocations", func(t *testing.T) {
			s := newCTR(t, impl, key, make([]byte, 16))
			buf := make([]byte, 1024)
			noAllocs(t, "XORKeyStream", func() { s.XORKeyStream(buf, buf) })
		})
	})
}

func newCTR(t *testing.T, impl Impl, key, iv []byte) cipher.Stream {
	t.Helper()
	s, err := impl.NewCTR(key, iv)
	if err != nil {
		t.Fatalf("NewCTR: %v", err)
	}
	return s
}

// testCTRBadIV requires an error, worded as crypto/cipher.NewCTR's panic
// for the same call, for every IV length but 16. A bad key is reported
// before a bad IV, as crypto/aes.NewCipher fails before cipher.NewCTR runs.
func testCTRBadIV(t *testing.T, impl Impl) {
	key := make([]byte, 16)
	for _, n := range []int{0, 1, 8, 12, 15, 17, 24, 32} {
		iv := make([]byte, n)
		_, err := impl.NewCTR(key, iv)
		p, msg := catch(func() { cipher.NewCTR(stdBlock(t, key), iv) })
		if !p {
			t.Fatalf("cipher.NewCTR accepted a %d-byte IV; the case is wrong", n)
		}
		switch {
		case err == nil:
			t.Errorf("NewCTR(%d-byte IV): no error, want %q", n, msg)
		case err.Error() != msg:
			t.Errorf("NewCTR(%d-byte IV): error %q, want %q", n, err, msg)
		}
	}
	_, err := impl.NewCTR(make([]byte, 15), make([]byte, 15))
	_, want := aes.NewCipher(make([]byte, 15))
	sameError(t, "NewCTR(bad key, bad IV)", err, want)
}

// testCTRArgsCopied changes key and IV after NewCTR: the stream must not
// notice, and NewCTR must not change them.
func testCTRArgsCopied(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	iv := r.bytes(16)
	k, v := append([]byte(nil), key...), append([]byte(nil), iv...)
	s := newCTR(t, impl, k, v)
	equal(t, "key after NewCTR", k, key)
	equal(t, "IV after NewCTR", v, iv)
	for i := range k {
		k[i]++
	}
	for i := range v {
		v[i]++
	}
	got, want := make([]byte, 100), make([]byte, 100)
	s.XORKeyStream(got, got)
	stdCTR(t, key, iv).XORKeyStream(want, want)
	equal(t, "keystream after key and IV slices changed", got, want)
}

// testCTRCalls makes single XORKeyStream calls on fresh streams with many
// buffer layouts in one arena, on the implementation and crypto/cipher,
// and requires the same outcome.
func testCTRCalls(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	iv := r.bytes(16)
	const size = 12000
	init := r.bytes(size)
	type layout struct {
		dstLo, dstHi, srcLo, srcHi int
	}
	for _, n := range []int{0, 1, 3, 4, 8, 10, 15, 16, 17, 20, 32, 50, 127, 128, 129, 4096, 5000} {
		m := max(n, 1)
		cases := []struct {
			name string
			l    layout
		}{
			{"Separate", layout{6000, 6000 + n, 0, n}},
			{"InPlace", layout{7, 7 + n, 7, 7 + n}},
			{"LongDst", layout{6000, 6000 + n + 100, 0, n}},
			{"LongSrcRegion", layout{0, n, 6000, 6000 + n}},
			{"EmptySrcFullDst", layout{0, 100, 6000, 6000}},
			{"ShortDst", layout{6000, 6000 + m - 1, 0, m}},
			{"EmptyDst", layout{6000, 6000, 0, m}},
			{"OverlapByOne", layout{1, m + 1, 0, m}},
			{"OverlapOneByte", layout{m - 1, 2*m - 1, 0, m}},
			{"SrcAfterDstOneByte", layout{0, m, m - 1, 2*m - 1}},
			{"ShortDstOverlap", layout{1, m, 0, m}},
		}
		for _, c := range cases {
			sameOutcome(t, fmt.Sprintf("%s, %d bytes", c.name, n), init,
				newCTR(t, impl, key, iv), stdCTR(t, key, iv),
				func(s cipher.Stream, mem []byte) ([]byte, error) {
					s.XORKeyStream(mem[c.l.dstLo:c.l.dstHi], mem[c.l.srcLo:c.l.srcHi])
					return nil, nil
				})
		}
	}
	// A second call after a panicking one continues as crypto/cipher does.
	for _, n := range []int{5, 16, 33} {
		sameOutcome(t, fmt.Sprintf("call after panic, %d bytes", n), init,
			newCTR(t, impl, key, iv), stdCTR(t, key, iv),
			func(s cipher.Stream, mem []byte) ([]byte, error) {
				catch(func() { s.XORKeyStream(mem[1:n+1], mem[:n]) })
				s.XORKeyStream(mem[100:100+n], mem[200:200+n])
				return nil, nil
			})
	}
}

// ctrLengths are the message lengths CTR and GCM are checked at: every
// length up to 2100 bytes (up to 600 and then a stride in -short mode),
// and the batch edges of every backend.
func ctrLengths() []int {
	var s []int
	for n := 0; n <= 2100; n++ {
		if testing.Short() && n > 600 && n%37 != 0 {
			continue
		}
		s = append(s, n)
	}
	for _, blocks := range []int{8, 16, 30, 32, 60, 64, 128, 256, 512} {
		for _, d := range []int{-1, 0, 1} {
			if n := 16*blocks + d; n > 2100 {
				s = append(s, n)
			}
		}
	}
	return append(s, 16*30*3+7, 8192+1, 16384+15, 65536+3)
}

// testCTRLengths compares one call over each length with crypto/cipher,
// out of place and in place.
func testCTRLengths(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	for _, n := range ctrLengths() {
		iv := r.bytes(16)
		src := r.bytes(n)
		want := make([]byte, n)
		stdCTR(t, key, iv).XORKeyStream(want, src)
		got := make([]byte, n)
		newCTR(t, impl, key, iv).XORKeyStream(got, src)
		if !equal(t, fmt.Sprintf("%d bytes", n), got, want) {
			return
		}
		newCTR(t, impl, key, iv).XORKeyStream(src, src)
		if !equal(t, fmt.Sprintf("%d bytes in place", n), src, want) {
			return
		}
	}
}

// testCTROffsets compares calls whose buffers start at every offset
// within a 16-byte line.
func testCTROffsets(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	iv := r.bytes(16)
	for _, n := range []int{1, 15, 16, 17, 100, 127, 128, 129, 255, 479, 480, 481, 1023, 1024, 1025, 2049} {
		init := r.bytes(2*n + 64)
		for o := range 16 {
			d := (o*5 + 9) % 16
			sameOutcome(t, fmt.Sprintf("%d bytes, src offset %d, dst offset %d", n, o, d), init,
				newCTR(t, impl, key, iv), stdCTR(t, key, iv),
				func(s cipher.Stream, mem []byte) ([]byte, error) {
					s.XORKeyStream(mem[n+32+d:2*n+32+d], mem[o:o+n])
					return nil, nil
				})
			sameOutcome(t, fmt.Sprintf("%d bytes in place at offset %d", n, o), init,
				newCTR(t, impl, key, iv), stdCTR(t, key, iv),
				func(s cipher.Stream, mem []byte) ([]byte, error) {
					s.XORKeyStream(mem[o:o+n], mem[o:o+n])
					return nil, nil
				})
		}
	}
}

// testCTRPieces requires a stream cut into pieces to equal one call, for
// fixed and random piece sizes.
func testCTRPieces(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	iv := r.bytes(16)
	src := r.bytes(10000)
	want := make([]byte, len(src))
	stdCTR(t, key, iv).XORKeyStream(want, src)
	check := func(what string, next func() int) {
		s := newCTR(t, impl, key, iv)
		got := make([]byte, len(src))
		for i := 0; i < len(src); {
			n := min(next(), len(src)-i)
			s.XORKeyStream(got[i:i+n], src[i:i+n])
			i += n
		}
		equal(t, what, got, want)
	}
	for _, step := range []int{1, 3, 4, 8, 10, 15, 16, 17, 20, 32, 50, 127, 129, 480, 1024, 4096, 5000} {
		check(fmt.Sprintf("steps of %d", step), func() int { return step })
	}
	for i := range 10 {
		limit := []int{4, 20, 40, 300, 2000}[i%5]
		check(fmt.Sprintf("random steps below %d (%d)", limit, i), func() int { return r.IntN(limit) })
	}
}

// ctrWrapIVs are IVs near the carries of the 128-bit counter: the wrap to
// zero, the carry from the low 64 bits into the high 64, and low-word
// carries that land inside a batch.
func ctrWrapIVs(r testRand) [][]byte {
	fill := func(hi []byte, lo []byte) []byte { return append(append([]byte(nil), hi...), lo...) }
	ones := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	zero := make([]byte, 8)
	var ivs [][]byte
	for _, tail := range []byte{0xff, 0xfe, 0xf0, 0xc1, 0x80, 0x01} {
		lo := append(append([]byte(nil), ones[:7]...), tail)
		ivs = append(ivs, fill(ones, lo), fill(zero, lo), fill(r.bytes(8), lo))
	}
	lo32 := []byte{0x12, 0x34, 0x56, 0x78, 0xff, 0xff, 0xff, 0xfa}
	return append(ivs, fill(zero, lo32), fill(ones, lo32))
}

// testCTRWrap compares streams that cross the counter's carries, in one
// call and in random pieces.
func testCTRWrap(t *testing.T, impl Impl, key []byte) {
	r := newRand(t)
	for _, iv := range ctrWrapIVs(r) {
		for _, n := range []int{33, 16*8 + 5, 16*30 + 1, 16*64*2 + 5, 4000} {
			src := r.bytes(n)
			want := make([]byte, n)
			stdCTR(t, key, iv).XORKeyStream(want, src)
			got := make([]byte, n)
			newCTR(t, impl, key, iv).XORKeyStream(got, src)
			if !equal(t, fmt.Sprintf("IV %x, %d bytes", iv, n), got, want) {
				return
			}
			s := newCTR(t, impl, key, iv)
			for i := 0; i < n; {
				k := min(r.IntN(200), n-i)
				s.XORKeyStream(got[i:i+k], src[i:i+k])
				i += k
			}
			if !equal(t, fmt.Sprintf("IV %x, %d bytes in pieces", iv, n), got, want) {
				return
			}
		}
	}
}
