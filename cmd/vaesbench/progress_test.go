package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgressOffTheTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := newProgress(f, 10)
	p.add(5)
	p.show("seal")
	p.clear()
	if st, _ := f.Stat(); st.Size() != 0 {
		t.Errorf("progress wrote %d bytes to a file", st.Size())
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if isTerminal(w) {
		t.Error("a pipe taken for a terminal")
	}
}

func TestProgressOnATerminal(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, total: 10, start: time.Now().Add(-time.Second)}
	p.add(1)
	p.show("seal AES-128, 16 bytes, a much longer line than the next")
	p.add(4)
	p.show("ctr")
	p.clear()
	parts := strings.Split(buf.String(), "\r")
	if len(parts) != 5 || parts[0] != "" {
		t.Fatalf("want three carriage-return updates and a clear, got %q", buf.String())
	}
	if !strings.Contains(parts[1], " 10%") || !strings.Contains(parts[2], " 50%") {
		t.Errorf("shares done: %q, %q", parts[1], parts[2])
	}
	if len(parts[2]) != len(parts[1]) || strings.TrimSpace(parts[3]) != "" || len(parts[3]) != len(parts[2]) {
		t.Errorf("shorter lines must cover the longer ones they replace: %q", parts)
	}
	if strings.Contains(buf.String(), "\n") {
		t.Error("the progress line wrote a newline")
	}
}

func TestProgressLine(t *testing.T) {
	p := &progress{total: 100, done: 25}
	got := p.line("ctr", 10*time.Second)
	if got != "vaesbench  25%, 30s left: ctr" {
		t.Errorf("line = %q", got)
	}
	p.done = 1 // too early to guess
	if got := p.line("seal", time.Second); strings.Contains(got, "left") {
		t.Errorf("line = %q guesses the time left from 1%%", got)
	}
}
