package aesround

import (
	"testing"

	"github.com/vaesgo/vaes/tables"
)

// TestSubBytes runs every byte value through every one of the 64 byte
// positions of the bitsliced S-box and its inverse.
func TestSubBytes(t *testing.T) {
	for v := range 256 {
		var in, out, back [64]byte
		for i := range in {
			in[i] = byte(v + 7*i)
		}
		var q [8]uint64
		load(&q, &in)
		subBytes(&q)
		store(&out, &q)
		invSubBytes(&q)
		store(&back, &q)
		for i := range in {
			if want := tables.SBox[in[i]]; out[i] != want {
				t.Fatalf("subBytes: byte %d = %#02x maps to %#02x, want %#02x", i, in[i], out[i], want)
			}
			if back[i] != in[i] {
				t.Fatalf("invSubBytes: byte %d = %#02x maps to %#02x, want %#02x", i, out[i], back[i], in[i])
			}
		}
	}
}

func TestInvSubBytes(t *testing.T) {
	for v := range 256 {
		var in, out [64]byte
		for i := range in {
			in[i] = byte(v + 11*i)
		}
		var q [8]uint64
		load(&q, &in)
		invSubBytes(&q)
		store(&out, &q)
		for i := range in {
			if want := tables.InvSBox[in[i]]; out[i] != want {
				t.Fatalf("invSubBytes: byte %d = %#02x maps to %#02x, want %#02x", i, in[i], out[i], want)
			}
		}
	}
}

// TestLayout checks the bit positions documented in slice.go.
func TestLayout(t *testing.T) {
	r := newRand(t)
	for range 50 {
		var b, back [64]byte
		fill(r, b[:])
		var q [8]uint64
		load(&q, &b)
		for k := range 4 {
			for c := range 4 {
				for row := range 4 {
					x := b[16*k+4*c+row]
					for i := range 8 {
						if got, want := q[i]>>(16*row+4*c+k)&1, uint64(x>>i&1); got != want {
							t.Fatalf("block %d row %d col %d bit %d: plane bit = %d, want %d", k, row, c, i, got, want)
						}
					}
				}
			}
		}
		store(&back, &q)
		if back != b {
			t.Fatalf("store(load(b)) = %x, want %x", back, b)
		}
	}
}

// TestSliceKey checks that sliceKey equals load of four copies of the key.
func TestSliceKey(t *testing.T) {
	r := newRand(t)
	for range 50 {
		var k block
		fill(r, k[:])
		var b [64]byte
		for j := range 4 {
			copy(b[16*j:], k[:])
		}
		var want, got [8]uint64
		load(&want, &b)
		sliceKey(&got, &k)
		if got != want {
			t.Fatalf("sliceKey(%x) = %x, want %x", k, got, want)
		}
	}
}

// TestLinearSteps compares each bitsliced linear step with the reference on
// four random blocks.
func TestLinearSteps(t *testing.T) {
	steps := []struct {
		name string
		f    func(*[8]uint64)
		ref  func(block) block
	}{
		{"shiftRows", shiftRows, refShiftRows},
		{"invShiftRows", invShiftRows, refInvShiftRows},
		{"mixColumns", mixColumns, refMixColumns},
		{"invMixColumns", invMixColumns, refInvMixColumns},
	}
	r := newRand(t)
	for _, s := range steps {
		for range 100 {
			var in, out [64]byte
			fill(r, in[:])
			var q [8]uint64
			load(&q, &in)
			s.f(&q)
			store(&out, &q)
			for j := range 4 {
				if want := s.ref(block(in[16*j:])); block(out[16*j:]) != want {
					t.Fatalf("%s: block %d of %x = %x, want %x", s.name, j, in, out[16*j:16*j+16], want)
				}
			}
		}
	}
}
