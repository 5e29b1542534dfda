package appcode

import (
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestSize builds a program that calls Run and checks that Run's machine
// code is within a tenth of Bytes on amd64, where the kernels it stands
// beside run.
func TestSize(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the size is tuned for amd64's code")
	}
	if testing.Short() {
		t.Skip("builds a program: not in -short")
	}
	exe, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	bin := dir + "/appcode.test.bin"
	build := exec.Command(exe, "test", "-c", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	out, err := exec.Command(exe, "tool", "nm", "-size", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) == 4 && strings.HasSuffix(f[3], "internal/appcode.Run") {
			n, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			if n < Bytes*9/10 || n > Bytes*11/10 {
				t.Errorf("Run is %d bytes of machine code, want about %d", n, Bytes)
			}
			t.Logf("Run: %d bytes", n)
			return
		}
	}
	t.Fatal("no appcode.Run in the test binary")
}

// TestRun checks that Run depends on its input and is deterministic.
func TestRun(t *testing.T) {
	a, b := Run(3), Run(3)
	if Run(1) == Run(2) || a != b {
		t.Error("Run is constant or not deterministic")
	}
}
