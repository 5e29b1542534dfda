package mix

import (
	"crypto/aes"
	"crypto/cipher"
	"slices"
	"testing"
)

// TestSizes checks the sequence's shape: fixed, and 40/30/30 within a
// few percent.
func TestSizes(t *testing.T) {
	s := Sizes()
	if !slices.Equal(s, Sizes()) {
		t.Fatal("Sizes differs between calls")
	}
	var small, mid, large int
	for _, n := range s {
		switch {
		case n >= 16 && n <= 128:
			small++
		case n >= 1200 && n <= 1400:
			mid++
		case n >= 4096 && n <= 16384:
			large++
		default:
			t.Fatalf("size %d outside the three ranges", n)
		}
	}
	for _, c := range []struct {
		name      string
		got, want int
	}{{"16-128", small, 40}, {"1200-1400", mid, 30}, {"4-16 KiB", large, 30}} {
		if pct := 100 * c.got / Messages; pct < c.want-6 || pct > c.want+6 {
			t.Errorf("%s: %d%% of the messages, want about %d%%", c.name, pct, c.want)
		}
	}
}

// TestRun runs the traffic on crypto/aes's GCM, with and without the
// application's code.
func TestRun(t *testing.T) {
	b, _ := aes.NewCipher(make([]byte, 16))
	g, _ := cipher.NewGCM(b)
	tr := New(g)
	if err := tr.Run(false); err != nil {
		t.Fatal(err)
	}
	if err := tr.Run(true); err != nil || tr.App == 0 {
		t.Fatalf("with the application's code: %v, App %d", err, tr.App)
	}
}
