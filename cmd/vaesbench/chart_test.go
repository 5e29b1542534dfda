package main

import (
	"bytes"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"testing"
)

// node is an SVG element, decoded generically.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []node     `xml:",any"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// walk calls f on n and every element inside it.
func (n *node) walk(f func(*node)) {
	f(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(f)
	}
}

// find returns every element inside n (n included) of the given name and,
// if class is not empty, class.
func (n *node) find(name, class string) []*node {
	var out []*node
	n.walk(func(m *node) {
		if m.XMLName.Local == name && (class == "" || m.attr("class") == class) {
			out = append(out, m)
		}
	})
	return out
}

var chartSizes = []int{16, 64, 256, 512, 1350, 4096, 16384}

func testChart(t *testing.T) (*node, string) {
	t.Helper()
	names := []string{reference, "aesni", "generic"}
	seal := fakeTable(op("seal"), 128, chartSizes, append(names, "OpenSSL 3.0.19"), []float64{4, 8, 0.1, 6})
	seal256 := fakeTable(op("seal"), 256, chartSizes, names, []float64{3, 6, 0.08})
	ctr := fakeTable(op("ctr"), 128, chartSizes, names, []float64{10, 12, 0.2})
	ctr256 := fakeTable(op("ctr"), 256, chartSizes, names, []float64{8, 0, 0.15}) // aesni failed here
	var buf bytes.Buffer
	c := chart{
		title:    "AES throughput on Example & Co <CPU>",
		subtitle: "linux/amd64",
		notes:    []string{"Made by: vaesbench -svg x.svg"},
		tables:   []*table{seal, seal256, ctr, ctr256},
	}
	if err := writeSVG(&buf, c); err != nil {
		t.Fatal(err)
	}
	var root node
	if err := xml.Unmarshal(buf.Bytes(), &root); err != nil {
		t.Fatalf("not well-formed XML: %v\n%s", err, buf.String())
	}
	return &root, buf.String()
}

func TestSVGStructure(t *testing.T) {
	root, text := testChart(t)
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element %v, want svg in the SVG namespace", root.XMLName)
	}
	if w, err := strconv.Atoi(root.attr("width")); err != nil || w != 2*margin+2*panelW {
		t.Errorf("width %q for two columns of panels", root.attr("width"))
	}
	if !strings.Contains(text, "Example &amp; Co &lt;CPU&gt;") {
		t.Error("the CPU's name is missing from the title or not escaped")
	}

	panels := root.find("g", "panel")
	if len(panels) != 4 {
		t.Fatalf("%d panels, want 4", len(panels))
	}
	titles := []string{"GCM Seal, AES-128", "GCM Seal, AES-256", "CTR, AES-128", "CTR, AES-256"}
	for i, p := range panels {
		if got := p.find("text", "")[0].Text; got != titles[i] {
			t.Errorf("panel %d title %q, want %q", i, got, titles[i])
		}
	}
	// Seal 128 draws aesni, openssl and, on top, crypto/aes; generic, a
	// fortieth of the top, is left out everywhere, and the failed aesni is
	// not drawn.
	want := [][]string{
		{"aesni", "OpenSSL 3.0.19", reference},
		{"aesni", reference},
		{"aesni", reference},
		{reference},
	}
	for i, p := range panels {
		var got []string
		for _, s := range p.find("g", "series") {
			got = append(got, s.attr("data-name"))
			if n := len(s.find("circle", "")); n != len(chartSizes) {
				t.Errorf("panel %d, %s: %d points, want %d", i, s.attr("data-name"), n, len(chartSizes))
			}
			if len(s.find("polyline", "")) != 1 {
				t.Errorf("panel %d, %s: no single polyline", i, s.attr("data-name"))
			}
		}
		if strings.Join(got, ",") != strings.Join(want[i], ",") {
			t.Errorf("panel %d draws %v, want %v", i, got, want[i])
		}
	}
	if !strings.Contains(text, "Left out") || !strings.Contains(text, "generic (at most 0.0267x crypto/aes)") {
		t.Error("the left-out line is not named in the notes")
	}
	var legend []string
	for _, g := range root.find("g", "legend") {
		for _, tx := range g.find("text", "") {
			legend = append(legend, tx.Text)
		}
	}
	if strings.Join(legend, ",") != "crypto/aes,aesni,OpenSSL 3.0.19" {
		t.Errorf("legend %v", legend)
	}
	if !strings.Contains(text, `stroke-dasharray`) {
		t.Error("the reference is not dashed")
	}
}

// TestSVGAxes checks that the x axis is logarithmic (sizes four times
// apart are equally far apart), labelled with the sizes, and that the y
// axis is linear from zero, with the points where their speed relative to
// crypto/aes puts them and a bar through each over its rounds' spread.
func TestSVGAxes(t *testing.T) {
	root, _ := testChart(t)
	p := root.find("g", "panel")[2] // CTR AES-128: crypto/aes at 10 GB/s, aesni at 12
	var xs []float64
	var labels []string
	for _, tx := range p.find("text", "xtick") {
		x, _ := strconv.ParseFloat(tx.attr("x"), 64)
		xs = append(xs, x)
		labels = append(labels, tx.Text)
	}
	if strings.Join(labels, " ") != "16 64 256 512 1350 4K 16K" {
		t.Errorf("x tick labels %v", labels)
	}
	if d1, d2 := xs[1]-xs[0], xs[2]-xs[1]; d1 <= 0 || math.Abs(d1-d2) > 0.2 {
		t.Errorf("16, 64 and 256 at x = %v: not a log scale", xs[:3])
	}
	if d := xs[3] - xs[2]; math.Abs(2*d-(xs[2]-xs[1])) > 0.2 {
		t.Errorf("512 is not half as far from 256 as 256 from 64")
	}

	ticks := map[string]float64{}
	for _, tx := range p.find("text", "ytick") {
		y, _ := strconv.ParseFloat(tx.attr("y"), 64)
		ticks[tx.Text] = y - 4 // labels sit 4 below their line
	}
	y0, ok0 := ticks["0"]
	y1, ok1 := ticks["1"]
	if !ok0 || !ok1 {
		t.Fatalf("y ticks %v: want 0 and 1 among them", ticks)
	}
	yAt := func(v float64) float64 { return y0 + (y1-y0)*v }
	for _, s := range p.find("g", "series") {
		want := map[string]float64{reference: 1, "aesni": 1.2}[s.attr("data-name")]
		for _, c := range s.find("circle", "") {
			cy, _ := strconv.ParseFloat(c.attr("cy"), 64)
			if math.Abs(cy-yAt(want)) > 0.2 {
				t.Errorf("%s point at y=%v, want %v for %vx crypto/aes", s.attr("data-name"), cy, yAt(want), want)
			}
		}
		// fakeTable's rounds are 0.9, 1 and 1.1 times the median: the bar
		// runs from median/1.1 to median/0.9 of the reference's speed.
		bars := s.find("line", "spread")
		if len(bars) != len(chartSizes) {
			t.Errorf("%s: %d spread bars, want %d", s.attr("data-name"), len(bars), len(chartSizes))
			continue
		}
		lo, _ := strconv.ParseFloat(bars[0].attr("y1"), 64)
		hi, _ := strconv.ParseFloat(bars[0].attr("y2"), 64)
		if math.Abs(lo-yAt(want/1.1)) > 0.2 || math.Abs(hi-yAt(want/0.9)) > 0.2 {
			t.Errorf("%s: spread bar from y=%v to %v, want %v to %v", s.attr("data-name"), lo, hi, yAt(want/1.1), yAt(want/0.9))
		}
	}
}

func TestYTicks(t *testing.T) {
	for _, c := range []struct{ top, step, ymax float64 }{
		{25.6, 5, 30},
		{12, 2, 12},
		{7.3, 2, 8},
		{0.16, 0.05, 0.2},
		{0, 0.2, 1},
	} {
		step, ymax := yTicks(c.top)
		if math.Abs(step-c.step) > 1e-9 || math.Abs(ymax-c.ymax) > 1e-9 {
			t.Errorf("yTicks(%v) = %v, %v; want %v, %v", c.top, step, ymax, c.step, c.ymax)
		}
	}
}

func TestWrap(t *testing.T) {
	got := wrap("one two three four five", 9)
	if strings.Join(got, "|") != "one two|three|four five" {
		t.Errorf("wrap: %q", got)
	}
	if got := wrap("averyveryverylongword x", 5); strings.Join(got, "|") != "averyveryverylongword|x" {
		t.Errorf("wrap of a long word: %q", got)
	}
}

// TestSVGCBCPanels checks that the CBC tables get panels of their own, one
// row below the other, titled by operation and key size.
func TestSVGCBCPanels(t *testing.T) {
	names := []string{reference, "aesni"}
	var tables []*table
	for _, name := range []string{"blocks", "cbc-enc", "cbc-dec"} {
		for _, kb := range []int{128, 256} {
			tables = append(tables, fakeTable(op(name), kb, chartSizes, names, []float64{2, 6}))
		}
	}
	var buf bytes.Buffer
	if err := writeSVG(&buf, chart{title: "CPU", tables: tables}); err != nil {
		t.Fatal(err)
	}
	var root node
	if err := xml.Unmarshal(buf.Bytes(), &root); err != nil {
		t.Fatal(err)
	}
	panels := root.find("g", "panel")
	want := []string{"EncryptBlocks (ECB), AES-128", "EncryptBlocks (ECB), AES-256",
		"CBC encryption, AES-128", "CBC encryption, AES-256", "CBC decryption, AES-128", "CBC decryption, AES-256"}
	if len(panels) != len(want) {
		t.Fatalf("%d panels, want %d", len(panels), len(want))
	}
	for i, p := range panels {
		if got := p.find("text", "")[0].Text; got != want[i] {
			t.Errorf("panel %d title %q, want %q", i, got, want[i])
		}
		if i >= 2 && p.attr("transform") == panels[i-2].attr("transform") {
			t.Errorf("panel %d drawn over panel %d", i, i-2)
		}
	}
}
