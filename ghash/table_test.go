package ghash

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

func TestInitTableLayout(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	h := randBlock(r)
	for _, n := range []int{1, 8, MaxPowers} {
		var tab Table
		for i := range tab { // InitTable must clear what it does not set
			tab[i] = [16]byte{0xff}
		}
		InitTable(&tab, &h, n)
		p := h
		for i := 0; i < MaxPowers; i++ {
			k := FromRegister(&tab[i])
			mid := FromRegister(&tab[MaxPowers+i])
			if i >= n {
				if k != (Element{}) || mid != (Element{}) {
					t.Fatalf("n=%d: slots %d and %d not zero", n, i, MaxPowers+i)
				}
				continue
			}
			if got := refMul(block(k), xBlock); got != p {
				t.Fatalf("n=%d: slot %d holds %x·x^-1, want H^%d = %x", n, i, got, i+1, p)
			}
			if mid != (Element{Lo: k.Hi ^ k.Lo}) {
				t.Fatalf("n=%d: slot %d = %x, want the half sum of slot %d", n, MaxPowers+i, tab[MaxPowers+i], i)
			}
			p = refMul(p, h)
		}
	}
}

func TestTableSize(t *testing.T) {
	// The half sums of the MaxPowers powers fill the table exactly.
	if len(Table{}) != 2*MaxPowers {
		t.Fatalf("Table has %d slots, InitTable lays out %d", len(Table{}), 2*MaxPowers)
	}
	if s := unsafe.Sizeof(Table{}); s != 512 {
		t.Fatalf("Table is %d bytes, want 512", s)
	}
}

func TestUpdateTable(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	var tab Table
	h := randBlock(r)
	InitTable(&tab, &h, MaxPowers)
	for n := 1; n <= MaxPowers; n++ {
		for _, l := range []int{0, 1, 15, 16, 17, 16*n - 1, 16 * n, 16*n + 1, 16*3*n + 7, 300} {
			y := randBlock(r)
			data := randBytes(r, l)
			want := refGHASH(h, y, data)
			UpdateTable(&tab, n, &y, data)
			if y != want {
				t.Fatalf("n=%d len %d: UpdateTable = %x, want %x", n, l, y, want)
			}
		}
	}
	// A table built for fewer powers serves any n up to that count.
	InitTable(&tab, &h, 8)
	y := randBlock(r)
	data := randBytes(r, 1000)
	want := refGHASH(h, y, data)
	UpdateTable(&tab, 5, &y, data)
	if y != want {
		t.Fatalf("n=5 on an 8-power table: UpdateTable = %x, want %x", y, want)
	}
}

func TestTablePanics(t *testing.T) {
	var tab Table
	var y, h [16]byte
	for _, n := range []int{0, -1, MaxPowers + 1} {
		mustPanic(t, func() { InitTable(&tab, &h, n) })
		mustPanic(t, func() { UpdateTable(&tab, n, &y, nil) })
	}
}

func mustPanic(t *testing.T, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Error("did not panic")
		}
	}()
	f()
}
