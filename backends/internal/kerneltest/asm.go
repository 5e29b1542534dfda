package kerneltest

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// AsmFunctions splits the assembly file into its functions by name (ctr32,
// seal, ...), each from its TEXT line to the next.
func AsmFunctions(t *testing.T, file string) map[string]string {
	t.Helper()
	funcs := map[string]string{}
	for _, body := range strings.Split(Source(t, file), "\nTEXT ·")[1:] {
		name, _, _ := strings.Cut(body, "(")
		funcs[name] = "TEXT ·" + body
	}
	if len(funcs) == 0 {
		t.Fatalf("no functions in %s", file)
	}
	return funcs
}

// Source returns the contents of file.
func Source(t *testing.T, file string) string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// baseline is what every amd64 CPU has, so Available need not check it.
var baseline = []string{"SSE", "SSE2"}

// Features checks that a backend's Available checks exactly the
// instruction set extensions its assembly uses beyond the amd64 baseline,
// as avo lists them in the "// Requires:" comments of the file; checked
// names the extensions Available checks. It returns the extensions the
// file requires, sorted.
func Features(t *testing.T, file string, checked []string) []string {
	t.Helper()
	var required []string
	for _, line := range strings.Split(Source(t, file), "\n") {
		list, ok := strings.CutPrefix(line, "// Requires: ")
		if !ok {
			continue
		}
		for _, name := range strings.Split(list, ", ") {
			if !slices.Contains(baseline, name) && !slices.Contains(required, name) {
				required = append(required, name)
			}
		}
	}
	if len(required) == 0 {
		t.Fatalf("no // Requires: lines in %s", file)
	}
	checked = slices.Clone(checked)
	slices.Sort(required)
	slices.Sort(checked)
	if !slices.Equal(required, checked) {
		t.Errorf("the assembly requires %v; Available checks %v", required, checked)
	}
	return required
}

// CounterBranch checks which functions of the assembly file branch on the
// counter, by the marks (labels, constants, instructions) a branching
// counter leaves in the .s: each function that public names must contain
// every mark listed for it, and every other function none of the marks
// listed for any.
func CounterBranch(t *testing.T, file string, public map[string][]string) {
	t.Helper()
	funcs := AsmFunctions(t, file)
	var marks []string
	for name, want := range public {
		for _, mark := range want {
			if !strings.Contains(funcs[name], mark) {
				t.Errorf("%s has no %s: the marks of the counter's branch have changed; update this test", name, mark)
			}
			if !slices.Contains(marks, mark) {
				marks = append(marks, mark)
			}
		}
	}
	for name, body := range funcs {
		if _, ok := public[name]; ok {
			continue
		}
		for _, mark := range marks {
			if strings.Contains(body, mark) {
				t.Errorf("%s contains %s: it branches on the counter", name, mark)
			}
		}
	}
}
