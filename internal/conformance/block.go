package conformance

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// RunBlock checks NewCipher and the cipher.Block it returns, including the
// EncryptBlocks and DecryptBlocks methods.
func RunBlock(t *testing.T, impl Impl) {
	t.Run("BadKeySize", func(t *testing.T) {
		for _, n := range badKeySizes() {
			_, err := impl.NewCipher(make([]byte, n))
			_, want := aes.NewCipher(make([]byte, n))
			sameError(t, fmt.Sprintf("NewCipher(%d-byte key)", n), err, want)
		}
	})
	t.Run("Keys", func(t *testing.T) { testBlockKeys(t, impl) })
	forEachKeySize(t, func(t *testing.T, key []byte) {
		got, err := impl.NewCipher(key)
		if err != nil {
			t.Fatalf("NewCipher: %v", err)
		}
		want := stdBlock(t, key)
		t.Run("BlockSize", func(t *testing.T) {
			if got.BlockSize() != want.BlockSize() {
				t.Errorf("BlockSize() = %d, want %d", got.BlockSize(), want.BlockSize())
			}
		})
		t.Run("KeyCopied", func(t *testing.T) { testBlockKeyCopied(t, impl, key) })
		t.Run("Roundtrip", func(t *testing.T) { testBlockRoundtrip(t, got, want) })
		t.Run("Encrypt", func(t *testing.T) {
			testBlockCalls(t, got, want, cipher.Block.Encrypt)
		})
		t.Run("Decrypt", func(t *testing.T) {
			testBlockCalls(t, got, want, cipher.Block.Decrypt)
		})
		blocks, ok := got.(Blocks)
		if !ok {
			t.Fatalf("%T has no EncryptBlocks and DecryptBlocks methods", got)
		}
		ref := stdBlocks{want}
		t.Run("EncryptBlocks", func(t *testing.T) {
			testBlocks(t, blocks, ref, Blocks.EncryptBlocks)
		})
		t.Run("DecryptBlocks", func(t *testing.T) {
			testBlocks(t, blocks, ref, Blocks.DecryptBlocks)
		})
		t.Run("Allocations", func(t *testing.T) {
			src, dst := make([]byte, 16*70), make([]byte, 16*70)
			noAllocs(t, "Encrypt", func() { got.Encrypt(dst, src) })
			noAllocs(t, "Decrypt", func() { got.Decrypt(dst, src) })
			noAllocs(t, "EncryptBlocks", func() { blocks.EncryptBlocks(dst, src) })
			noAllocs(t, "DecryptBlocks", func() { blocks.DecryptBlocks(dst, src) })
		})
	})
}

// badKeySizes lists key lengths every constructor must refuse.
func badKeySizes() []int {
	var s []int
	for n := range 34 {
		if n != 16 && n != 24 && n != 32 {
			s = append(s, n)
		}
	}
	return append(s, 48, 64, 1000)
}

// testBlockKeys encrypts and decrypts under many random keys of each size.
func testBlockKeys(t *testing.T, impl Impl) {
	r := newRand(t)
	n := 200
	if testing.Short() {
		n = 40
	}
	for range n {
		for _, size := range keySizes {
			key := r.bytes(size)
			got, err := impl.NewCipher(key)
			if err != nil {
				t.Fatalf("NewCipher: %v", err)
			}
			want := stdBlock(t, key)
			src := r.bytes(16)
			g, w := make([]byte, 16), make([]byte, 16)
			got.Encrypt(g, src)
			want.Encrypt(w, src)
			if !equal(t, fmt.Sprintf("Encrypt with key %x", key), g, w) {
				return
			}
			got.Decrypt(g, src)
			want.Decrypt(w, src)
			if !equal(t, fmt.Sprintf("Decrypt with key %x", key), g, w) {
				return
			}
		}
	}
}

// testBlockKeyCopied changes the key after NewCipher: the cipher must not
// notice, nor may NewCipher change the key.
func testBlockKeyCopied(t *testing.T, impl Impl, key []byte) {
	k := append([]byte(nil), key...)
	b, err := impl.NewCipher(k)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "key after NewCipher", k, key)
	want := make([]byte, 16)
	stdBlock(t, key).Encrypt(want, make([]byte, 16))
	for i := range k {
		k[i] ^= 0xff
	}
	got := make([]byte, 16)
	b.Encrypt(got, make([]byte, 16))
	equal(t, "Encrypt after the key slice changed", got, want)
}

// testBlockRoundtrip runs random blocks through both directions and
// against the standard library.
func testBlockRoundtrip(t *testing.T, got, want cipher.Block) {
	r := newRand(t)
	for range 500 {
		p := r.bytes(16)
		c, cw, back := make([]byte, 16), make([]byte, 16), make([]byte, 16)
		got.Encrypt(c, p)
		want.Encrypt(cw, p)
		if !equal(t, "Encrypt", c, cw) {
			return
		}
		got.Decrypt(back, c)
		if !equal(t, "Decrypt(Encrypt(p))", back, p) {
			return
		}
		got.Decrypt(c, p)
		want.Decrypt(cw, p)
		if !equal(t, "Decrypt", c, cw) {
			return
		}
		got.Encrypt(back, c)
		if !equal(t, "Encrypt(Decrypt(c))", back, p) {
			return
		}
	}
}

// testBlockCalls makes one-block calls with many buffer layouts in a
// 64-byte arena, on the implementation and on crypto/aes, and requires the
// same outcome: same output, nothing else written, inputs untouched, and
// the same panic for short buffers and inexact overlap.
func testBlockCalls(t *testing.T, got, want cipher.Block, op func(b cipher.Block, dst, src []byte)) {
	type layout struct {
		name         string
		dstLo, dstHi int
		srcLo, srcHi int
	}
	layouts := []layout{
		{name: "Separate", dstLo: 0, dstHi: 16, srcLo: 32, srcHi: 48},
		{name: "SrcBeforeDst", dstLo: 40, dstHi: 56, srcLo: 8, srcHi: 24},
		{name: "InPlace", dstLo: 16, dstHi: 32, srcLo: 16, srcHi: 32},
		{name: "LongDst", dstLo: 0, dstHi: 48, srcLo: 48, srcHi: 64},
		{name: "LongSrc", dstLo: 0, dstHi: 16, srcLo: 16, srcHi: 64},
		{name: "InPlaceLong", dstLo: 16, dstHi: 64, srcLo: 16, srcHi: 48},
		{name: "OverlapByOne", dstLo: 17, dstHi: 33, srcLo: 16, srcHi: 32},
		{name: "OverlapOneByte", dstLo: 31, dstHi: 47, srcLo: 16, srcHi: 32},
		{name: "SrcAfterDstOneByte", dstLo: 16, dstHi: 32, srcLo: 31, srcHi: 47},
		{name: "OverlapPastBlock", dstLo: 0, dstHi: 40, srcLo: 16, srcHi: 32},
		{name: "ShortSrc", dstLo: 0, dstHi: 16, srcLo: 32, srcHi: 47},
		{name: "ShortDst", dstLo: 0, dstHi: 15, srcLo: 32, srcHi: 48},
		{name: "ShortBoth", dstLo: 0, dstHi: 15, srcLo: 32, srcHi: 47},
		{name: "EmptySrc", dstLo: 0, dstHi: 16, srcLo: 32, srcHi: 32},
		{name: "EmptyDst", dstLo: 0, dstHi: 0, srcLo: 32, srcHi: 48},
		{name: "OneByteEach", dstLo: 0, dstHi: 1, srcLo: 32, srcHi: 33},
		{name: "LongDstShortSrc", dstLo: 0, dstHi: 30, srcLo: 32, srcHi: 33},
		{name: "ShortDstLongSrc", dstLo: 0, dstHi: 1, srcLo: 32, srcHi: 64},
		{name: "ShortSrcOverlap", dstLo: 16, dstHi: 32, srcLo: 17, srcHi: 30},
	}
	for o := range 16 {
		layouts = append(layouts,
			layout{name: fmt.Sprintf("Misaligned%d", o), dstLo: 47 - o, dstHi: 63 - o, srcLo: o, srcHi: o + 16},
			layout{name: fmt.Sprintf("InPlaceMisaligned%d", o), dstLo: o + 3, dstHi: o + 19, srcLo: o + 3, srcHi: o + 19})
	}
	init := newRand(t).bytes(64)
	for _, l := range layouts {
		sameOutcome(t, l.name, init, got, want, func(b cipher.Block, mem []byte) ([]byte, error) {
			op(b, mem[l.dstLo:l.dstHi], mem[l.srcLo:l.srcHi])
			return nil, nil
		})
	}
	// The standard library checks lengths, not capacities: a slice cut
	// short from a longer array is still too short.
	for _, c := range []struct{ dst, src int }{{16, 15}, {15, 16}, {1, 1}, {100, 1}, {1, 100}} {
		samePanic(t, fmt.Sprintf("dst %d bytes, src %d bytes, spare capacity", c.dst, c.src),
			func() { op(got, make([]byte, c.dst+1)[:c.dst], make([]byte, c.src+1)[:c.src]) },
			func() { op(want, make([]byte, c.dst+1)[:c.dst], make([]byte, c.src+1)[:c.src]) })
	}
}
