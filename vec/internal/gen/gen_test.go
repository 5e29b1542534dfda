package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestUpToDate fails when the checked-in generated files (the *_gen.go
// files and archsimd_gen_test.go) differ from what the generator writes now,
// or when a generated file is missing or left over.
func TestUpToDate(t *testing.T) {
	files, err := generate(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Errorf("%s: %v (run go generate in vec)", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate in vec", name)
		}
	}
	// A generated file is recognised by its first line, as
	// scripts/regen.sh recognises it.
	onDisk, err := filepath.Glob(filepath.Join("..", "..", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range onDisk {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(src, []byte(header+"\n")) {
			continue
		}
		if _, ok := files[filepath.Base(path)]; !ok {
			t.Errorf("%s is not produced by the generator any more: delete it", path)
		}
	}
}
