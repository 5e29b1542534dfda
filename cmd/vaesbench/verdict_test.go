package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVerdict checks the verdict's range, sizes, key sizes and noisy
// figures on tables with known times.
func TestVerdict(t *testing.T) {
	sizes := []int{16, 1350, 16384}
	a := fakeTable(op("seal"), 128, sizes, []string{reference, "vaes512"}, []float64{1, 2})
	b := fakeTable(op("seal"), 256, sizes, []string{reference, "vaes512"}, []float64{1, 3})
	c := fakeTable(op("ctr"), 128, sizes, []string{reference, "vaes512"}, []float64{2, 2})
	quiet := func(tb *table) {
		for _, r := range tb.rows {
			for i, s := range r.stats {
				r.stats[i] = newStat([]float64{s.median, s.median, s.median})
			}
		}
	}
	quiet(a)
	quiet(b)
	quiet(c)
	// One figure of crypto/aes in the AES-256 table spread by ±25%.
	m := b.rows[1].stats[0].median
	b.rows[1].stats[0] = newStat([]float64{m * 0.75, m, m * 1.25})

	vs := verdicts([]*table{a, b, c}, "vaes512")
	if len(vs) != 2 {
		t.Fatalf("%d verdicts, want 2 (Seal, CTR): %+v", len(vs), vs)
	}
	s := vs[0]
	if s.lo < 1.99 || s.lo > 2.01 || s.hi < 2.99 || s.hi > 3.01 || s.small != 16 || s.large != 16384 || len(s.keys) != 2 || s.noisy != 1 || s.figures != 12 {
		t.Errorf("Seal verdict %+v, want 2-3x from 16 to 16384 over two key sizes, 1 of 12 figures noisy", s)
	}
	if v := vs[1]; v.lo < 0.99 || v.hi > 1.01 || v.noisy != 0 {
		t.Errorf("CTR verdict %+v, want 1x, none noisy", v)
	}
	var out bytes.Buffer
	printVerdict(&out, []*table{a, b, c}, "vaes512")
	text := out.String()
	for _, want := range []string{"vaes512 is 2.00-3.00x", "from 16 B to 16 KiB", "AES-128 and AES-256", "1 of 12 figures spread past ±10%", "re-run on a quiet one", "vaes512 is 1.00x"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the verdict:\n%s", want, text)
		}
	}
	if got := verdicts([]*table{a}, "vaes256"); len(got) != 0 {
		t.Errorf("a backend not measured got verdicts %+v", got)
	}
}
