package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress keeps one line on a terminal up to date while the run goes on,
// rewriting it in place with a carriage return. Work is counted in
// expected seconds, so the share done and the time left are estimates.
// Off a terminal it writes nothing.
type progress struct {
	w       io.Writer // nil when off
	total   float64   // expected seconds of work
	done    float64
	start   time.Time
	last    time.Time
	shown   int // length of the line on screen, padding included
	minStep time.Duration
}

// newProgress returns a progress line on f if f is a terminal, and one
// that does nothing otherwise.
func newProgress(f *os.File, total float64) *progress {
	p := &progress{total: total, start: time.Now(), minStep: 100 * time.Millisecond}
	if isTerminal(f) {
		p.w = f
	}
	return p
}

// isTerminal reports whether f is a character device, which on every
// system Go runs on is how a terminal shows itself to a program (a file or
// a pipe is not one). /dev/null is one too, and harmless.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && os.Getenv("TERM") != "dumb"
}

// add counts seconds of expected work as done.
func (p *progress) add(seconds float64) { p.done += seconds }

// show rewrites the line to say what is being measured now, at most ten
// times a second.
func (p *progress) show(what string) {
	if p.w == nil || time.Since(p.last) < p.minStep {
		return
	}
	p.last = time.Now()
	fmt.Fprint(p.w, "\r"+p.pad(p.line(what, time.Since(p.start))))
}

// line is the text of the progress line.
func (p *progress) line(what string, elapsed time.Duration) string {
	frac := 0.0
	if p.total > 0 {
		frac = min(p.done/p.total, 1)
	}
	left := ""
	if frac > 0.02 {
		rest := elapsed.Seconds() * (1 - frac) / frac
		left = fmt.Sprintf(", %.0fs left", rest)
	}
	return fmt.Sprintf("vaesbench %3.0f%%%s: %s", 100*frac, left, what)
}

// pad pads s with spaces to cover the longer line it replaces.
func (p *progress) pad(s string) string {
	if len(s) < p.shown {
		return s + strings.Repeat(" ", p.shown-len(s))
	}
	p.shown = len(s)
	return s
}

// clear removes the line, so that other output starts on a clean line.
func (p *progress) clear() {
	if p.w == nil || p.shown == 0 {
		return
	}
	fmt.Fprint(p.w, "\r"+strings.Repeat(" ", p.shown)+"\r")
	p.shown = 0
	p.last = time.Time{}
}
