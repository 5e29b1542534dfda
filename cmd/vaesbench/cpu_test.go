package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestFeaturesCoverBackends requires the features line on amd64 to name
// every instruction set extension that the assembly backends' "// Requires:"
// lines list (SSE2, part of amd64, aside), so that a missing one shows
// there when dispatch passes a backend over.
func TestFeaturesCoverBackends(t *testing.T) {
	var names []string
	for _, f := range cpuFeatures("amd64") {
		names = append(names, f.Name)
	}
	files, err := filepath.Glob("../../backends/*/*_amd64.s")
	if err != nil || len(files) < 3 {
		t.Fatalf("the backends' assembly: %v files, error %v", len(files), err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		seen := false
		for _, line := range strings.Split(string(data), "\n") {
			list, ok := strings.CutPrefix(line, "// Requires: ")
			if !ok {
				continue
			}
			seen = true
			for _, ext := range strings.Split(list, ",") {
				ext = strings.ToLower(strings.TrimSpace(ext))
				if ext != "sse2" && !slices.Contains(names, ext) {
					t.Errorf("%s requires %s, which the features line does not name", file, ext)
				}
			}
		}
		if !seen {
			t.Errorf("%s: no // Requires: line", file)
		}
	}
}
