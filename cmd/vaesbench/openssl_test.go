package main

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// The samples in testdata are openssl 3.0.19's own output on linux/amd64:
// `openssl speed -help`, and `openssl speed -mr -seconds 1 -bytes 1350
// -aead -evp aes-256-gcm`, which counted 1456584 messages of 1350 bytes in
// 0.86 s of CPU time.

func TestParseSpeedSample(t *testing.T) {
	out, err := os.ReadFile("testdata/openssl-3.0.19-speed.txt")
	if err != nil {
		t.Fatal(err)
	}
	rate, err := parseSpeed(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := 1456584 * 1350 / 0.86; math.Abs(rate-want) > 1 {
		t.Errorf("parseSpeed = %.2f bytes/s, want %.2f", rate, want)
	}
}

func TestParseSpeedRejects(t *testing.T) {
	for _, bad := range []string{
		"",
		"The 'numbers' are in 1000s of bytes per second processed.\nAES-128-GCM    2637547.07k\n",
		"+F:25:AES-128-GCM:fast\n",
		"+F:25:AES-128-GCM:0\n",
		"+F:25\n",
	} {
		if rate, err := parseSpeed([]byte(bad)); err == nil {
			t.Errorf("parseSpeed(%q) = %v, want an error", bad, rate)
		}
	}
}

func TestSpeedOptionsSample(t *testing.T) {
	help, err := os.ReadFile("testdata/openssl-3.0.19-speed-help.txt")
	if err != nil {
		t.Fatal(err)
	}
	opts := speedOptions(help)
	for _, want := range []string{"-evp", "-bytes", "-seconds", "-mr", "-aead", "-elapsed"} {
		if !opts[want] {
			t.Errorf("option %s not found in the help sample", want)
		}
	}
	for _, not := range []string{"Usage:", "+int", "val"} {
		if opts[not] {
			t.Errorf("%q taken for an option", not)
		}
	}
}

func TestSpeedArgs(t *testing.T) {
	o := &openssl{aead: true}
	got := strings.Join(o.speedArgs(256, 1350), " ")
	if got != "speed -mr -seconds 1 -bytes 1350 -aead -evp aes-256-gcm" {
		t.Errorf("speedArgs = %q", got)
	}
	o.aead = false
	if args := o.speedArgs(128, 16); slices.Contains(args, "-aead") || !slices.Contains(args, "aes-128-gcm") {
		t.Errorf("speedArgs without -aead = %q", args)
	}
}

// fakeOpenSSL puts at the head of the PATH an openssl script that
// answers version, speed -help and speed from the samples, and logs its
// arguments.
func fakeOpenSSL(t *testing.T) (log string) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake openssl is a shell script")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	log = filepath.Join(dir, "log")
	abs, _ := filepath.Abs("testdata")
	script := "#!" + sh + `
echo "$@" >> ` + log + `
case "$1 $2" in
"version ") echo "OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)";;
"speed -help") cat ` + abs + `/openssl-3.0.19-speed-help.txt; exit 1;;
"speed -mr") cat ` + abs + `/openssl-3.0.19-speed.txt;;
*) exit 3;;
esac
`
	if err := os.WriteFile(filepath.Join(dir, "openssl"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
	return log
}

func TestFindOpenSSL(t *testing.T) {
	log := fakeOpenSSL(t)
	o, err := findOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	if o.version != "OpenSSL 3.0.19" || !o.aead || !strings.HasPrefix(o.full, "OpenSSL 3.0.19 27 Jan 2026") {
		t.Errorf("findOpenSSL = %+v", o)
	}
	ns, err := o.seal(256, 1350)
	if err != nil {
		t.Fatal(err)
	}
	if want := 0.86 / 1456584 * 1e9; math.Abs(ns-want) > 0.01 {
		t.Errorf("seal = %.3f ns per message, want %.3f", ns, want)
	}
	calls, _ := os.ReadFile(log)
	if !strings.Contains(string(calls), "speed -mr -seconds 1 -bytes 1350 -aead -evp aes-256-gcm") {
		t.Errorf("openssl called as:\n%s", calls)
	}
}

func TestFindOpenSSLAbsent(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if o, err := findOpenSSL(); o != nil || err == nil || !strings.Contains(err.Error(), "not on the PATH") {
		t.Errorf("findOpenSSL with no openssl = %v, %v", o, err)
	}
}
