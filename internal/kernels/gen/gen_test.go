package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// root is the module's root, from this package's directory.
var root = filepath.Join("..", "..", "..")

// TestUpToDate fails when a checked-in generated file differs from what
// the generator writes now, or when a file the generator wrote is missing
// or left over.
func TestUpToDate(t *testing.T) {
	files, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s: %v (run go generate in internal/kernels)", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run go generate in internal/kernels", name)
		}
	}
	for _, dir := range []string{"internal/kernels", "backends/archsimd"} {
		paths, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range paths {
			if _, ok := files[dir+"/"+filepath.Base(path)]; !ok && generated(t, path) {
				t.Errorf("%s is not produced by the generator any more: delete it", path)
			}
		}
	}
}

// generated reports whether the file at path starts with the generator's
// header.
func generated(t *testing.T, path string) bool {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	first, _ := bufio.NewReader(f).ReadString('\n')
	return first == strings.SplitAfter(header, "\n")[0]
}

// TestValidate checks that the table's mistakes are caught.
func TestValidate(t *testing.T) {
	saved := ops
	defer func() { ops = saved }()
	row := saved[1] // EncryptBlocks
	for name, bad := range map[string]func(o *op){
		"duplicate name":        func(o *op) { o.name = "DecryptBlocks" },
		"public duplicate":      func(o *op) { o.name = "SealPublic" },
		"bad parameters":        func(o *op) { o.params = "ks *aesround.Schedule, []byte" },
		"no doc":                func(o *op) { o.doc = "" },
		"no archsimd doc":       func(o *op) { o.archsimdDoc = "" },
		"aesniFirst, no other":  func(o *op) { o.route = aesniFirst },
		"other, eachBackend":    func(o *op) { o.other = "generic.EncryptBlocks(ks, dst, src)" },
		"aesniFirst and public": func(o *op) { o.route, o.other, o.publicDoc = aesniFirst, "x", "x" },
		"key check, no key":     func(o *op) { o.check = checkKey },
		"length check, no dst":  func(o *op) { o.params, o.check = "ks *aesround.Schedule", checkLength },
	} {
		o := row
		bad(&o)
		ops = append(slices.Clone(saved), o)
		if err := validate(); err == nil {
			t.Errorf("%s: validate accepts it", name)
		}
	}
	ops = saved
	if err := validate(); err != nil {
		t.Errorf("the table: %v", err)
	}
}
