package conformance

import (
	"crypto/cipher"
	"fmt"
	"testing"
	"unsafe"
)

// The standard library has no multi-block ECB call, so the battery defines
// the contract of EncryptBlocks and DecryptBlocks in the standard
// library's style, checked in this order.
const (
	// MsgBlocksInput is the panic value when len(src) is not a multiple of
	// the block size.
	MsgBlocksInput = "crypto/aes: input not full blocks"
	// MsgBlocksOutput is the panic value when len(dst) < len(src).
	MsgBlocksOutput = "crypto/aes: output smaller than input"
	// MsgBlocksOverlap is the panic value when dst[:len(src)] and src
	// overlap other than exactly.
	MsgBlocksOverlap = "crypto/aes: invalid buffer overlap"
)

// stdBlocks is the reference EncryptBlocks and DecryptBlocks: the
// contract above, built on a standard library block cipher one block at a
// time.
type stdBlocks struct{ cipher.Block }

func (b stdBlocks) EncryptBlocks(dst, src []byte) { b.blocks(b.Encrypt, dst, src) }
func (b stdBlocks) DecryptBlocks(dst, src []byte) { b.blocks(b.Decrypt, dst, src) }

func (b stdBlocks) blocks(op func(dst, src []byte), dst, src []byte) {
	if len(src)%16 != 0 {
		panic(MsgBlocksInput)
	}
	if len(dst) < len(src) {
		panic(MsgBlocksOutput)
	}
	if inexactOverlap(dst[:len(src)], src) {
		panic(MsgBlocksOverlap)
	}
	for i := 0; i < len(src); i += 16 {
		op(dst[i:i+16], src[i:i+16])
	}
}

// NewStdBlocks wraps a crypto/aes block cipher with the reference
// EncryptBlocks and DecryptBlocks, for tests that run the battery on the
// standard library.
func NewStdBlocks(b cipher.Block) Blocks { return stdBlocks{b} }

// inexactOverlap reports whether x and y share memory at any index other
// than the corresponding one.
func inexactOverlap(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 || &x[0] == &y[0] {
		return false
	}
	x0 := uintptr(unsafe.Pointer(&x[0]))
	y0 := uintptr(unsafe.Pointer(&y[0]))
	return x0 <= y0+uintptr(len(y)-1) && y0 <= x0+uintptr(len(x)-1)
}

// blockCounts are the block counts the multi-block calls are checked at:
// every count up to a little past four batches of the widest backend, and
// the edges of larger batches.
func blockCounts() []int {
	var s []int
	top := 260
	if testing.Short() {
		top = 140
	}
	for n := 0; n <= top; n++ {
		s = append(s, n)
	}
	return append(s, 511, 512, 513, 1023, 1024, 1025)
}

// testBlocks checks a multi-block call against the reference over many
// block counts, buffer offsets, in place and out of place, and on bad
// lengths and overlaps.
func testBlocks(t *testing.T, got Blocks, want stdBlocks, op func(b Blocks, dst, src []byte)) {
	r := newRand(t)
	t.Run("Counts", func(t *testing.T) {
		for _, n := range blockCounts() {
			src := r.bytes(16 * n)
			g, w := make([]byte, 16*n), make([]byte, 16*n)
			op(got, g, src)
			op(want, w, src)
			if !equal(t, fmt.Sprintf("%d blocks", n), g, w) {
				return
			}
		}
	})
	t.Run("Layouts", func(t *testing.T) {
		for _, n := range []int{1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 29, 30, 31, 32, 33, 63, 64, 65, 130} {
			size := 16 * n
			init := r.bytes(2*size + 64)
			for o := range 16 {
				d := (o*7 + 3) % 16
				cases := []struct {
					name                       string
					dstLo, dstHi, srcLo, srcHi int
				}{
					{"OutOfPlace", size + 32 + d, 2*size + 32 + d, o, o + size},
					{"InPlace", o, o + size, o, o + size},
					{"LongDst", o, o + size + 16 + d, size + 32 + o, 2*size + 32 + o},
					{"OverlapByOne", o + 1, o + size + 1, o, o + size},
					{"OverlapByBlock", o + 16, o + size + 16, o, o + size},
					{"SrcAfterDst", o, o + size, o + size - 1, o + 2*size - 1},
					{"ShortDst", size + 32, 2*size + 31, o, o + size},
					{"PartialBlock", size + 32, 2*size + 32, o, o + size - 1 - d},
				}
				for _, c := range cases {
					sameOutcome(t, fmt.Sprintf("%d blocks, %s, offset %d", n, c.name, o), init, got, Blocks(want),
						func(b Blocks, mem []byte) ([]byte, error) {
							op(b, mem[c.dstLo:c.dstHi], mem[c.srcLo:c.srcHi])
							return nil, nil
						})
				}
			}
		}
	})
	t.Run("BadLengths", func(t *testing.T) {
		for _, c := range []struct{ dst, src int }{{16, 15}, {15, 16}, {32, 17}, {31, 32}, {0, 1}, {1, 0}, {160, 159}, {159, 160}, {1024, 1023}} {
			samePanicMsg(t, fmt.Sprintf("dst %d bytes, src %d bytes", c.dst, c.src),
				func() { op(got, make([]byte, c.dst, c.dst+64), make([]byte, c.src, c.src+64)) },
				func() { op(want, make([]byte, c.dst, c.dst+64), make([]byte, c.src, c.src+64)) })
		}
	})
}

// samePanicMsg is samePanic for cases where the reference may legitimately
// not panic (a valid call): then the implementation must not panic either.
func samePanicMsg(t *testing.T, what string, got, want func()) {
	t.Helper()
	wantP, wantMsg := catch(want)
	gotP, gotMsg := catch(got)
	if gotP != wantP || gotMsg != wantMsg {
		t.Errorf("%s: panic %q (%v), want %q (%v)", what, gotMsg, gotP, wantMsg, wantP)
	}
}
