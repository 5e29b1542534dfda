package conformance

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// cbcDir is one direction of CBC mode: crypto/cipher's constructor for it,
// and the method of the same name that crypto/cipher calls on a block that
// has one (its cbcEncAble and cbcDecAble interfaces).
type cbcDir struct {
	name   string
	new    func(b cipher.Block, iv []byte) cipher.BlockMode
	method func(b cipher.Block) (func(iv []byte) cipher.BlockMode, bool)
}

type cbcEncAble interface {
	NewCBCEncrypter(iv []byte) cipher.BlockMode
}

type cbcDecAble interface {
	NewCBCDecrypter(iv []byte) cipher.BlockMode
}

var cbcDirs = []cbcDir{
	{"Encrypter", cipher.NewCBCEncrypter, func(b cipher.Block) (func([]byte) cipher.BlockMode, bool) {
		m, ok := b.(cbcEncAble)
		if !ok {
			return nil, false
		}
		return m.NewCBCEncrypter, true
	}},
	{"Decrypter", cipher.NewCBCDecrypter, func(b cipher.Block) (func([]byte) cipher.BlockMode, bool) {
		m, ok := b.(cbcDecAble)
		if !ok {
			return nil, false
		}
		return m.NewCBCDecrypter, true
	}},
}

// ivSetter is the SetIV method crypto/aes's CBC modes have beside
// cipher.BlockMode's.
type ivSetter interface {
	SetIV(iv []byte)
}

// RunCBC checks cipher block chaining mode on the implementation's block
// cipher, built by crypto/cipher's NewCBCEncrypter and NewCBCDecrypter
// (which hand a block with methods of those names to them), against the
// same constructors on crypto/aes: results over every block count through
// the batch edges of every backend and past 8 KiB, buffer offsets, in place
// and out of place, memory around the output left alone, a message split
// over many CryptBlocks calls, SetIV, and every panic, word for word. The
// chaining value a call leaves is checked by the call after it.
func RunCBC(t *testing.T, impl Impl) {
	t.Run("BadIVLength", func(t *testing.T) { testCBCBadIV(t, impl) })
	forEachKeySize(t, func(t *testing.T, key []byte) {
		block, err := impl.NewCipher(key)
		if err != nil {
			t.Fatalf("NewCipher: %v", err)
		}
		std := stdBlock(t, key)
		for _, d := range cbcDirs {
			t.Run(d.name, func(t *testing.T) {
				c := cbcCase{d: d, got: block, want: std}
				t.Run("BlockSize", func(t *testing.T) {
					got, want := c.modes(make([]byte, 16))
					if got.BlockSize() != want.BlockSize() {
						t.Errorf("BlockSize() = %d, want %d", got.BlockSize(), want.BlockSize())
					}
				})
				t.Run("ArgumentsCopied", func(t *testing.T) { testCBCArgsCopied(t, c) })
				t.Run("Lengths", func(t *testing.T) { testCBCLengths(t, c) })
				t.Run("Layouts", func(t *testing.T) { testCBCLayouts(t, c) })
				t.Run("Pieces", func(t *testing.T) { testCBCPieces(t, c) })
				t.Run("Interleaved", func(t *testing.T) { testCBCInterleaved(t, c) })
				t.Run("SetIV", func(t *testing.T) { testCBCSetIV(t, c) })
				t.Run("Panics", func(t *testing.T) { testCBCPanics(t, c) })
				t.Run("Allocations", func(t *testing.T) {
					got, _ := c.modes(make([]byte, 16))
					src, dst := make([]byte, 16*70), make([]byte, 16*70)
					noAllocs(t, "CryptBlocks", func() { got.CryptBlocks(dst, src) })
					noAllocs(t, "CryptBlocks in place", func() { got.CryptBlocks(dst, dst) })
					if s, ok := got.(ivSetter); ok {
						noAllocs(t, "SetIV", func() { s.SetIV(src[:16]) })
					}
				})
			})
		}
	})
}

// cbcCase is one direction on one key: the implementation's block and
// crypto/aes's.
type cbcCase struct {
	d         cbcDir
	got, want cipher.Block
}

// modes returns a new mode on each block, both starting from iv.
func (c cbcCase) modes(iv []byte) (got, want cipher.BlockMode) {
	return c.d.new(c.got, iv), c.d.new(c.want, iv)
}

// setIV returns m's SetIV, failing the test if it has none.
func setIV(t *testing.T, m cipher.BlockMode) func([]byte) {
	t.Helper()
	s, ok := m.(ivSetter)
	if !ok {
		t.Fatalf("%T has no SetIV method (crypto/aes's CBC modes have one)", m)
	}
	return s.SetIV
}

// testCBCBadIV requires crypto/aes's panic, word for word, from both
// constructors given an IV of any length but 16, and from the block's own
// NewCBCEncrypter and NewCBCDecrypter methods if it has them (crypto/cipher
// checks the length before it calls them, but a program may call them
// directly).
func testCBCBadIV(t *testing.T, impl Impl) {
	key := make([]byte, 16)
	block, err := impl.NewCipher(key)
	if err != nil {
		t.Fatalf("NewCipher: %v", err)
	}
	std := stdBlock(t, key)
	for _, d := range cbcDirs {
		method, hasMethod := d.method(block)
		for _, n := range []int{0, 1, 8, 12, 15, 17, 24, 32} {
			iv := make([]byte, n)
			samePanic(t, fmt.Sprintf("cipher.NewCBC%s(block, %d-byte IV)", d.name, n),
				func() { d.new(block, iv) }, func() { d.new(std, iv) })
			if hasMethod {
				samePanic(t, fmt.Sprintf("block.NewCBC%s(%d-byte IV)", d.name, n),
					func() { method(iv) }, func() { d.new(std, iv) })
			}
		}
	}
}

// testCBCArgsCopied changes the IV after the constructor and after SetIV,
// and requires the mode not to notice; CryptBlocks must leave its source
// alone.
func testCBCArgsCopied(t *testing.T, c cbcCase) {
	r := newRand(t)
	iv := r.bytes(16)
	v := bytes.Clone(iv)
	got, want := c.d.new(c.got, v), c.d.new(c.want, iv)
	equal(t, "IV after the constructor", v, iv)
	for i := range v {
		v[i] ^= 0xff
	}
	src := r.bytes(16 * 40)
	srcCopy := bytes.Clone(src)
	g, w := make([]byte, len(src)), make([]byte, len(src))
	got.CryptBlocks(g, src)
	want.CryptBlocks(w, src)
	equal(t, "output after the IV slice changed", g, w)
	equal(t, "source after CryptBlocks", src, srcCopy)

	iv2 := r.bytes(16)
	v2 := bytes.Clone(iv2)
	setIV(t, got)(v2)
	setIV(t, want)(iv2)
	equal(t, "IV after SetIV", v2, iv2)
	for i := range v2 {
		v2[i] ^= 0xff
	}
	got.CryptBlocks(g, src)
	want.CryptBlocks(w, src)
	equal(t, "output after the SetIV slice changed", g, w)
}

// cbcBlockCounts are the message lengths, in blocks, CBC is checked at:
// every count through three batches of 64 (the widest backend's; two and
// three batches of 8 and 30 lie on the way), and the edges of 8 KiB, 16 KiB
// and beyond. In -short mode the counts run to 70 and the edges of two and
// three batches of each width follow.
func cbcBlockCounts() []int {
	top := 200
	if testing.Short() {
		top = 70
	}
	var s []int
	for n := 0; n <= top; n++ {
		s = append(s, n)
	}
	for _, n := range []int{89, 90, 91, 127, 128, 129, 191, 192, 193, 255, 256, 257, 511, 512, 513, 520, 1023, 1024, 1025, 2049} {
		if n > top {
			s = append(s, n)
		}
	}
	return s
}

// testCBCLengths compares one CryptBlocks call over each block count, out
// of place and in place, on fresh modes with random IVs, and then a
// three-block call after it, which shows the chaining value the first
// left.
func testCBCLengths(t *testing.T, c cbcCase) {
	r := newRand(t)
	for _, n := range cbcBlockCounts() {
		iv, src, next := r.bytes(16), r.bytes(16*n), r.bytes(48)
		for _, inPlace := range []bool{false, true} {
			got, want := c.modes(iv)
			g, w := make([]byte, len(src)), make([]byte, len(src))
			want.CryptBlocks(w, src)
			if inPlace {
				copy(g, src)
				got.CryptBlocks(g, g)
			} else {
				got.CryptBlocks(g, src)
			}
			what := fmt.Sprintf("%d blocks, in place %v", n, inPlace)
			if !equal(t, what, g, w) {
				return
			}
			gn, wn := make([]byte, 48), make([]byte, 48)
			got.CryptBlocks(gn, next)
			want.CryptBlocks(wn, next)
			if !equal(t, what+", then 3 blocks (the chaining value carried)", gn, wn) {
				return
			}
		}
	}
}

// testCBCLayouts makes single CryptBlocks calls with many buffer layouts in
// one arena, at every source offset within 16 bytes, on the implementation
// and on crypto/aes, and requires the same outcome: the same panic or none,
// and the same bytes everywhere in the arena, so that nothing is written
// before dst or past the result, in dst's spare capacity or elsewhere. A
// second call of two blocks into the arena's last 64 bytes follows each
// call that returns, to show the chaining value.
func testCBCLayouts(t *testing.T, c cbcCase) {
	r := newRand(t)
	iv := r.bytes(16)
	for _, n := range []int{0, 1, 2, 7, 8, 9, 29, 30, 31, 63, 64, 65, 129, 193} {
		size := 16 * n
		end := 2*size + 64 // the follow-up call's region starts here
		init := r.bytes(end + 64)
		for o := range 16 {
			d := (o*7 + 3) % 16
			cases := []struct {
				name                       string
				dstLo, dstHi, srcLo, srcHi int
			}{
				{"OutOfPlace", size + 32 + d, 2*size + 32 + d, o, o + size},
				{"InPlace", o, o + size, o, o + size},
				{"LongDst", o, o + size + 16 + d, size + 32 + o, 2*size + 32 + o},
				{"LongDstAroundSrc", o, o + size + 32 + size, o + size + 32, o + 2*size + 32},
				{"EmptySrc", o, o + size, o + size, o + size},
				{"OverlapByOne", o + 1, o + size + 1, o, o + size},
				{"OverlapByBlock", o + 16, o + size + 16, o, o + size},
				{"SrcAfterDst", o, o + size, o + size - 1, o + 2*size - 1},
				{"ShortDst", size + 32, 2*size + 31, o, o + size},
				{"PartialBlock", size + 32, 2*size + 32, o, o + size - 1 - d},
			}
			for _, l := range cases {
				if l.dstLo < 0 || l.srcLo < 0 || l.dstLo > l.dstHi || l.srcLo > l.srcHi || l.dstHi > end || l.srcHi > end {
					continue // no such layout for an empty message
				}
				got, want := c.modes(iv)
				sameOutcome(t, fmt.Sprintf("%d blocks, %s, offset %d", n, l.name, o), init, got, want,
					func(m cipher.BlockMode, mem []byte) ([]byte, error) {
						m.CryptBlocks(mem[l.dstLo:l.dstHi], mem[l.srcLo:l.srcHi])
						m.CryptBlocks(mem[end:end+32], mem[end+32:end+64])
						return nil, nil
					})
			}
		}
		if t.Failed() {
			return // one block count's failures tell the story
		}
	}
	// A call that panics leaves the chaining value as it was.
	for _, n := range []int{1, 8, 31, 65} {
		size := 16 * n
		init := r.bytes(2*size + 64)
		got, want := c.modes(iv)
		sameOutcome(t, fmt.Sprintf("call after a panic, %d blocks", n), init, got, want,
			func(m cipher.BlockMode, mem []byte) ([]byte, error) {
				m.CryptBlocks(mem[:32], mem[32:64])
				catch(func() { m.CryptBlocks(mem[1:size+1], mem[:size]) })
				catch(func() { m.CryptBlocks(mem[size+32:2*size+32], mem[:size-1]) })
				m.CryptBlocks(mem[size+32:2*size+32], mem[:size])
				return nil, nil
			})
	}
}

// testCBCPieces requires a message split over several CryptBlocks calls,
// of fixed and random numbers of blocks (empty calls among them), out of
// place and in place, to equal one call over the whole.
func testCBCPieces(t *testing.T, c cbcCase) {
	r := newRand(t)
	iv := r.bytes(16)
	const blocks = 600 // 9600 bytes, past 8 KiB
	src := r.bytes(16 * blocks)
	_, ref := c.modes(iv)
	want := make([]byte, len(src))
	ref.CryptBlocks(want, src)
	check := func(what string, next func() int) bool {
		for _, inPlace := range []bool{false, true} {
			got, _ := c.modes(iv)
			out := make([]byte, len(src))
			in := src
			if inPlace {
				copy(out, src)
				in = out
			}
			var steps []int
			for i := 0; i < blocks; {
				k := min(next(), blocks-i)
				steps = append(steps, k)
				got.CryptBlocks(out[16*i:16*(i+k)], in[16*i:16*(i+k)])
				i += k
			}
			if !equal(t, fmt.Sprintf("%s, in place %v", what, inPlace), out, want) {
				if len(steps) > 20 {
					steps = steps[:20]
				}
				t.Logf("the first calls took %v blocks", steps)
				return false
			}
		}
		return true
	}
	for _, step := range []int{1, 2, 3, 7, 8, 9, 29, 30, 31, 63, 64, 65, 100, 129, 512} {
		if !check(fmt.Sprintf("steps of %d blocks", step), func() int { return step }) {
			return
		}
	}
	for i := range 12 {
		limit := []int{3, 10, 40, 70, 200, 600}[i%6]
		if !check(fmt.Sprintf("random steps below %d blocks (%d)", limit, i), func() int { return r.IntN(limit) }) {
			return
		}
	}
}

// testCBCInterleaved runs two modes on the same block, with different IVs,
// call for call: each must keep its own chaining value.
func testCBCInterleaved(t *testing.T, c cbcCase) {
	r := newRand(t)
	ivA, ivB := r.bytes(16), r.bytes(16)
	src := r.bytes(16 * 300)
	gotA, wantA := c.modes(ivA)
	gotB, wantB := c.modes(ivB)
	outA, outB := make([]byte, len(src)), make([]byte, len(src))
	refA, refB := make([]byte, len(src)), make([]byte, len(src))
	wantA.CryptBlocks(refA, src)
	wantB.CryptBlocks(refB, src)
	for i := 0; i < len(src); {
		k := 16 * min(1+r.IntN(70), (len(src)-i)/16)
		gotA.CryptBlocks(outA[i:i+k], src[i:i+k])
		gotB.CryptBlocks(outB[i:i+k], src[i:i+k])
		i += k
	}
	equal(t, "first mode", outA, refA)
	equal(t, "second mode", outB, refB)
}

// testCBCSetIV starts new messages with SetIV, before any call and in the
// middle of a stream, and requires what crypto/aes's modes do; SetIV with
// an IV of any length but 16 must panic with crypto/aes's words and leave
// the chaining value alone.
func testCBCSetIV(t *testing.T, c cbcCase) {
	r := newRand(t)
	init := r.bytes(16 * 300)
	got, want := c.modes(r.bytes(16))
	setIV(t, got)
	setIV(t, want)
	ivs := [][]byte{r.bytes(16), r.bytes(16), r.bytes(16), r.bytes(16)}
	sameOutcome(t, "SetIV between calls", init, got, want,
		func(m cipher.BlockMode, mem []byte) ([]byte, error) {
			set := m.(ivSetter).SetIV
			set(ivs[0]) // before any call
			m.CryptBlocks(mem[:16*5], mem[16*150:16*155])
			set(ivs[1])
			m.CryptBlocks(mem[16*5:16*45], mem[16*155:16*195])
			m.CryptBlocks(mem[16*45:16*46], mem[16*195:16*196])
			set(ivs[2])
			set(ivs[3])                                         // the last SetIV counts
			m.CryptBlocks(mem[16*46:16*116], mem[16*46:16*116]) // in place
			set(ivs[1])
			m.CryptBlocks(mem[16*116:16*150], mem[16*200:16*234])
			return nil, nil
		})
	for _, n := range []int{0, 1, 8, 12, 15, 17, 24, 32} {
		got, want := c.modes(ivs[0])
		bad := make([]byte, n)
		samePanic(t, fmt.Sprintf("SetIV(%d-byte IV)", n),
			func() { got.(ivSetter).SetIV(bad) }, func() { want.(ivSetter).SetIV(bad) })
		g, w := make([]byte, 64), make([]byte, 64)
		got.CryptBlocks(g, init[:64])
		want.CryptBlocks(w, init[:64])
		equal(t, fmt.Sprintf("CryptBlocks after SetIV(%d-byte IV)", n), g, w)
	}
}

// testCBCPanics requires crypto/aes's panic, word for word, from
// CryptBlocks given a partial block, a short dst, both at once, or buffers
// that overlap other than exactly.
func testCBCPanics(t *testing.T, c cbcCase) {
	iv := make([]byte, 16)
	for _, l := range []struct{ dst, src int }{
		{16, 15}, {32, 17}, {16, 1}, {0, 1}, {1024, 1023}, // partial block
		{15, 16}, {16, 32}, {0, 16}, {1023, 1024}, {1024 - 16, 1024}, // short dst
		{15, 17}, {0, 31}, // both
	} {
		got, want := c.modes(iv)
		samePanic(t, fmt.Sprintf("dst %d bytes, src %d bytes", l.dst, l.src),
			func() { got.CryptBlocks(make([]byte, l.dst, l.dst+64), make([]byte, l.src, l.src+64)) },
			func() { want.CryptBlocks(make([]byte, l.dst, l.dst+64), make([]byte, l.src, l.src+64)) })
	}
	for _, o := range []struct {
		name                       string
		dstLo, dstHi, srcLo, srcHi int
	}{
		{"dst one byte after src", 1, 65, 0, 64},
		{"dst one block after src", 16, 80, 0, 64},
		{"src one byte after dst", 0, 64, 1, 65},
		{"src one block after dst", 0, 64, 16, 80},
		{"last byte of src is first of dst", 63, 127, 0, 64},
		{"long dst, its first len(src) bytes overlap", 0, 128, 32, 80},
	} {
		got, want := c.modes(iv)
		mem := make([]byte, 256)
		samePanic(t, o.name,
			func() { got.CryptBlocks(mem[o.dstLo:o.dstHi], mem[o.srcLo:o.srcHi]) },
			func() { want.CryptBlocks(mem[o.dstLo:o.dstHi], mem[o.srcLo:o.srcHi]) })
	}
}
