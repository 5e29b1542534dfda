package alias

import "testing"

func TestOverlap(t *testing.T) {
	buf := make([]byte, 64)
	cases := []struct {
		x, y         []byte
		any, inexact bool
	}{
		{buf[0:16], buf[16:32], false, false},
		{buf[0:16], buf[15:32], true, true},
		{buf[0:16], buf[0:16], true, false},
		{buf[0:16], buf[0:8], true, false},
		{buf[8:16], buf[0:9], true, true},
		{buf[0:0], buf[0:16], false, false},
		{buf[0:16], make([]byte, 16), false, false},
	}
	for i, c := range cases {
		if got := AnyOverlap(c.x, c.y); got != c.any {
			t.Errorf("case %d: AnyOverlap = %v, want %v", i, got, c.any)
		}
		if got := InexactOverlap(c.x, c.y); got != c.inexact {
			t.Errorf("case %d: InexactOverlap = %v, want %v", i, got, c.inexact)
		}
	}
}
