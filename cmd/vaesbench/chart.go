package main

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"
)

// The chart is one SVG file: a title naming the CPU, a legend, and one
// panel per table (a row per operation, a column per key size), each
// plotting the speed relative to crypto/aes, measured in the same rounds,
// against the message size on a logarithmic axis, with a bar through each
// point from its slowest round to its fastest. Plotted so, the gains at 16
// to 512 bytes show as plainly as those at 16 KiB, where GB/s would lay
// them along the bottom; crypto/aes is the dashed line at 1. The y axis is
// linear from zero, so that "twice as fast" looks twice as high; a line
// that would lie along the bottom of every panel it is in (generic, the
// pure-Go model, is a hundred times slower than the rest) is left out and
// named in a note instead.

// Panel geometry, in SVG user units (pixels in a browser).
const (
	panelW, panelH = 470, 300
	plotLeft       = 62 // room for the y tick labels and the axis title
	plotRight      = 18
	plotTop        = 34 // room for the panel title
	plotBottom     = 52 // room for the x tick labels and the axis title
	margin         = 12
	legendY        = 72 // the first legend row's text baseline
	legendRowH     = 20
	footLineH      = 16
	leaveOut       = 0.05 // a line whose peak is under this share of its panel's top is left out
)

// chartColors gives each contender the same colour in every panel and
// every run; others take colours from spare, in order.
var chartColors = map[string]string{
	reference:     "#222222",
	"vaes512":     "#d62728",
	"vaes256":     "#ff7f0e",
	"aesni":       "#1f77b4",
	"vaes-stdlib": "#9467bd",
	"generic":     "#8c564b",
}

var spareColors = []string{"#2ca02c", "#17becf", "#e377c2", "#bcbd22", "#7f7f7f"}

// line is one contender as the chart draws it.
type line struct {
	name, color, dash string
}

// chart is what writeSVG draws.
type chart struct {
	title    string   // names the CPU
	subtitle string   // platform and toolchain
	notes    []string // lines under the panels: method, command
	tables   []*table
}

// writeSVG draws c.
func writeSVG(w io.Writer, c chart) error {
	lines, left := chartLines(c.tables)
	notes := c.notes
	if len(left) > 0 {
		notes = append(slices.Clone(notes), "Left out, as they would lie along the bottom of every panel: "+strings.Join(left, "; ")+".")
	}

	keys, ops := grid(c.tables)
	cols, rows := max(len(keys), 1), max(len(ops), 1)
	// Wide enough for the panels, and for the title and subtitle at about
	// 11 and 7 units a character.
	width := 2*margin + max(cols*panelW, 11*len(c.title), 7*len(c.subtitle))
	var wrapped []string
	for _, n := range notes {
		wrapped = append(wrapped, wrap(n, (width-2*margin)/6)...)
	}
	notes = wrapped
	legend := layoutLegend(lines, width-2*margin)
	legendRows := 1
	for _, it := range legend {
		legendRows = max(legendRows, it.row+1)
	}
	top := legendY + legendRows*legendRowH + 8
	height := top + rows*panelH + 10 + len(notes)*footLineH + margin

	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Helvetica, Arial, sans-serif">`+"\n",
		width, height, width, height)
	fmt.Fprintf(b, "<title>%s</title>\n", esc(c.title))
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	fmt.Fprintf(b, `<text x="%d" y="28" font-size="18" font-weight="bold" fill="#111">%s</text>`+"\n", margin, esc(c.title))
	fmt.Fprintf(b, `<text x="%d" y="48" font-size="12" fill="#444">%s</text>`+"\n", margin, esc(c.subtitle))

	fmt.Fprintln(b, `<g class="legend" font-size="12">`)
	for _, it := range legend {
		x, y := margin+it.x, legendY+it.row*legendRowH
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2.5"%s/>`,
			x, y-4, x+24, y-4, it.color, dashAttr(it.dash))
		fmt.Fprintf(b, `<circle cx="%d" cy="%d" r="3" fill="%s"/>`, x+12, y-4, it.color)
		fmt.Fprintf(b, `<text x="%d" y="%d" fill="#111">%s</text>`+"\n", x+30, y, esc(it.name))
	}
	fmt.Fprintln(b, `</g>`)

	for _, t := range c.tables {
		col, row := slices.Index(keys, t.keyBits), slices.Index(ops, t.op.name)
		drawPanel(b, t, lines, margin+col*panelW, top+row*panelH)
	}

	for i, n := range notes {
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" fill="#444">%s</text>`+"\n",
			margin, top+rows*panelH+10+(i+1)*footLineH-4, esc(n))
	}
	fmt.Fprintln(b, `</svg>`)
	return b.Flush()
}

// chartLines picks the contenders to draw, in order of first appearance,
// and describes those left out.
func chartLines(tables []*table) (lines []line, left []string) {
	drawn := make(map[string]bool)
	peak := make(map[string]float64)
	var order []string
	for _, t := range tables {
		top := 0.0
		for i := range t.contenders {
			for _, r := range t.rows {
				top = max(top, r.ratio(i))
			}
		}
		for i, c := range t.contenders {
			if !slices.Contains(order, c.name) {
				order = append(order, c.name)
			}
			p := 0.0
			for _, r := range t.rows {
				p = max(p, r.ratio(i))
			}
			peak[c.name] = max(peak[c.name], p)
			if p >= leaveOut*top && p > 0 {
				drawn[c.name] = true
			}
		}
	}
	spare := 0
	for _, name := range order {
		if !drawn[name] {
			left = append(left, fmt.Sprintf("%s (at most %sx %s)", name, sig3(peak[name]), reference))
			continue
		}
		color, ok := chartColors[name]
		if !ok {
			color = spareColors[spare%len(spareColors)]
			spare++
		}
		dash := ""
		switch {
		case name == reference:
			dash = "7 4"
		case !isBackend(tables, name):
			dash = "2 3" // openssl: timed by itself, not alternated
		}
		lines = append(lines, line{name, color, dash})
	}
	return lines, left
}

// isBackend reports whether name is one of this module's backends in any
// table.
func isBackend(tables []*table, name string) bool {
	for _, t := range tables {
		for _, c := range t.contenders {
			if c.name == name && c.backend != nil {
				return true
			}
		}
	}
	return false
}

// grid lists the key sizes (the chart's columns) and the operations (its
// rows) in the order the tables come.
func grid(tables []*table) (keys []int, ops []string) {
	for _, t := range tables {
		if !slices.Contains(keys, t.keyBits) {
			keys = append(keys, t.keyBits)
		}
		if !slices.Contains(ops, t.op.name) {
			ops = append(ops, t.op.name)
		}
	}
	return keys, ops
}

// legendItem is one entry of the legend, placed.
type legendItem struct {
	line
	x, row int
}

// layoutLegend places the entries left to right, wrapping at width.
func layoutLegend(lines []line, width int) []legendItem {
	var items []legendItem
	x, row := 0, 0
	for _, l := range lines {
		w := 30 + 7*len(l.name) + 22 // sample, text at about 7 units a character, gap
		if x > 0 && x+w > width {
			x, row = 0, row+1
		}
		items = append(items, legendItem{l, x, row})
		x += w
	}
	return items
}

// drawPanel draws one table's lines in the panel whose top left corner is
// (px, py).
func drawPanel(b *bufio.Writer, t *table, lines []line, px, py int) {
	plotW := float64(panelW - plotLeft - plotRight)
	plotH := float64(panelH - plotTop - plotBottom)
	x0, y0 := float64(plotLeft), float64(plotTop)

	sizes := make([]int, len(t.rows))
	top := 0.0
	for k, r := range t.rows {
		sizes[k] = r.size
		for i, c := range t.contenders {
			if drawnLine(lines, c.name) != nil {
				_, hi := r.ratioRange(i)
				top = max(top, r.ratio(i), hi)
			}
		}
	}
	step, ymax := yTicks(top)
	lo, hi := logRange(sizes)
	xAt := func(size int) float64 { return x0 + plotW*(math.Log2(float64(size))-lo)/(hi-lo) }
	yAt := func(v float64) float64 { return y0 + plotH*(1-v/ymax) }

	fmt.Fprintf(b, `<g class="panel" transform="translate(%d,%d)">`+"\n", px, py)
	fmt.Fprintf(b, `<text x="%g" y="22" font-size="14" font-weight="bold" fill="#111">%s, AES-%d</text>`+"\n",
		x0, esc(t.op.short), t.keyBits)

	// Grid and ticks.
	for v := 0.0; v <= ymax+step/2; v += step {
		y := yAt(v)
		fmt.Fprintf(b, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#e4e4e4"/>`, x0, y, x0+plotW, y)
		fmt.Fprintf(b, `<text class="ytick" x="%g" y="%.1f" font-size="11" text-anchor="end" fill="#333">%s</text>`+"\n",
			x0-6, y+4, tickLabel(v))
	}
	for _, s := range sizes {
		x := xAt(s)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%g" x2="%.1f" y2="%g" stroke="#eeeeee"/>`, x, y0, x, y0+plotH)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%g" x2="%.1f" y2="%g" stroke="#333"/>`, x, y0+plotH, x, y0+plotH+4)
		fmt.Fprintf(b, `<text class="xtick" x="%.1f" y="%g" font-size="11" text-anchor="middle" fill="#333">%s</text>`+"\n",
			x, y0+plotH+17, sizeLabel(s))
	}
	fmt.Fprintf(b, `<path d="M%g %g V%g H%g" fill="none" stroke="#333"/>`+"\n", x0, y0, y0+plotH, x0+plotW)
	fmt.Fprintf(b, `<text x="%g" y="%g" font-size="12" text-anchor="middle" fill="#333">message size, bytes (log scale)</text>`+"\n",
		x0+plotW/2, y0+plotH+38)
	fmt.Fprintf(b, `<text x="0" y="0" font-size="12" text-anchor="middle" fill="#333" transform="translate(16,%g) rotate(-90)">speed relative to %s</text>`+"\n",
		y0+plotH/2, reference)

	// The lines, the reference last: dashed, it stays visible where a
	// backend runs at the same speed.
	order := make([]int, 0, len(t.contenders))
	for i := 1; i < len(t.contenders); i++ {
		order = append(order, i)
	}
	order = append(order, 0)
	for _, i := range order {
		c := t.contenders[i]
		l := drawnLine(lines, c.name)
		if l == nil {
			continue
		}
		var pts []string
		var marks strings.Builder
		for _, r := range t.rows {
			v := r.ratio(i)
			if v == 0 {
				continue
			}
			x, y := xAt(r.size), yAt(v)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
			if lo, hi := r.ratioRange(i); hi > lo {
				fmt.Fprintf(&marks, `<line class="spread" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1.5"/>`,
					x, yAt(lo), x, yAt(hi), l.color)
			}
			fmt.Fprintf(&marks, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s, %d bytes: %sx %s, %s GB/s</title></circle>`,
				x, y, l.color, esc(c.name), r.size, sig3(v), reference, sig3(r.gbps(i)))
		}
		if len(pts) == 0 {
			continue
		}
		fmt.Fprintf(b, `<g class="series" data-name="%s">`, esc(c.name))
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2" stroke-linejoin="round"%s/>`,
			strings.Join(pts, " "), l.color, dashAttr(l.dash))
		fmt.Fprintf(b, "%s</g>\n", marks.String())
	}
	fmt.Fprintln(b, `</g>`)
}

// drawnLine returns the line for name, or nil if it is left out.
func drawnLine(lines []line, name string) *line {
	for i := range lines {
		if lines[i].name == name {
			return &lines[i]
		}
	}
	return nil
}

// yTicks returns a tick step of 1, 2, 2.5 or 5 times a power of ten that
// cuts [0, top] into at most six steps, and the axis top, a whole number
// of steps at or above top.
func yTicks(top float64) (step, ymax float64) {
	if top <= 0 {
		return 0.2, 1
	}
	raw := top / 6
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if step = m * pow; step >= raw {
			break
		}
	}
	return step, math.Ceil(top/step-1e-9) * step
}

// logRange returns the chart's x range in log2(bytes), with a little room
// either side of the smallest and largest size.
func logRange(sizes []int) (lo, hi float64) {
	lo, hi = math.Log2(float64(slices.Min(sizes))), math.Log2(float64(slices.Max(sizes)))
	pad := max(0.04*(hi-lo), 0.3)
	return lo - pad, hi + pad
}

// sizeLabel writes whole kibibytes as 4K, 16K and other sizes in bytes.
func sizeLabel(n int) string {
	if n >= 1024 && n%1024 == 0 {
		return fmt.Sprintf("%dK", n/1024)
	}
	return fmt.Sprint(n)
}

// tickLabel writes a tick value without needless decimals.
func tickLabel(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

func dashAttr(dash string) string {
	if dash == "" {
		return ""
	}
	return fmt.Sprintf(` stroke-dasharray="%s"`, dash)
}

// wrap breaks s into lines of at most width characters at spaces (a
// longer word gets a line of its own). At 11 units, a character of the
// chart's notes is about 6 units wide.
func wrap(s string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// esc escapes text for SVG.
func esc(s string) string { return html.EscapeString(s) }
