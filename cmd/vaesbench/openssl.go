package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// openssl is the openssl command found on the PATH, measured as one more
// contender in the Seal tables. Its figures come from its own timing loop,
// run after the Go contenders, not alternated with them.
type openssl struct {
	path    string
	version string // "OpenSSL 3.0.19", the first two words of `openssl version`
	full    string // the whole of `openssl version`
	aead    bool   // speed has -aead: a TLS-like sequence of whole messages
}

// findOpenSSL looks for openssl on the PATH and asks it its version and
// what its speed command can do. It returns nil and the reason when there
// is no usable openssl.
func findOpenSSL() (*openssl, error) {
	path, err := exec.LookPath("openssl")
	if err != nil {
		return nil, errors.New("not on the PATH")
	}
	out, err := runFor(5*time.Second, path, "version")
	if err != nil {
		return nil, fmt.Errorf("%s version: %v", path, err)
	}
	full := strings.TrimSpace(string(out))
	words := strings.Fields(full)
	if len(words) < 2 {
		return nil, fmt.Errorf("%s version: unexpected answer %q", path, full)
	}
	help, _ := runFor(5*time.Second, path, "speed", "-help") // some versions exit 1 after the help
	opts := speedOptions(help)
	for _, need := range []string{"-evp", "-bytes", "-seconds", "-mr"} {
		if !opts[need] {
			return nil, fmt.Errorf("%s speed has no %s option", words[0]+" "+words[1], need)
		}
	}
	return &openssl{path: path, version: words[0] + " " + words[1], full: full, aead: opts["-aead"]}, nil
}

// speedOptions returns the options `openssl speed -help` lists.
func speedOptions(help []byte) map[string]bool {
	opts := make(map[string]bool)
	s := bufio.NewScanner(bytes.NewReader(help))
	for s.Scan() {
		if f := strings.Fields(s.Text()); len(f) > 0 && strings.HasPrefix(f[0], "-") {
			opts[f[0]] = true
		}
	}
	return opts
}

// method says how the openssl figures were taken, for the report.
func (o *openssl) method() string {
	if o.aead {
		return "openssl speed -aead (per message a fresh nonce, 13 bytes of additional data, the tag), " +
			"1 s per size in CPU time, run after the others"
	}
	return "openssl speed without -aead (one long stream of updates, no per-message nonce or tag), " +
		"1 s per size in CPU time, run after the others"
}

// speedArgs are the arguments that time AES-GCM encryption with a keyBits
// key on size-byte messages for one second.
func (o *openssl) speedArgs(keyBits, size int) []string {
	args := []string{"speed", "-mr", "-seconds", "1", "-bytes", strconv.Itoa(size)}
	if o.aead {
		args = append(args, "-aead")
	}
	return append(args, "-evp", fmt.Sprintf("aes-%d-gcm", keyBits))
}

// seal measures openssl's AES-GCM encryption and returns nanoseconds per
// message.
func (o *openssl) seal(keyBits, size int) (float64, error) {
	out, err := runFor(30*time.Second, o.path, o.speedArgs(keyBits, size)...)
	if err != nil {
		return 0, fmt.Errorf("openssl %s: %v", strings.Join(o.speedArgs(keyBits, size), " "), err)
	}
	rate, err := parseSpeed(out)
	if err != nil {
		return 0, err
	}
	return float64(size) / rate * 1e9, nil
}

// parseSpeed reads the bytes per second from the machine-readable output
// of `openssl speed -mr -bytes N`: the last figure on its "+F:" line.
func parseSpeed(out []byte) (float64, error) {
	s := bufio.NewScanner(bytes.NewReader(out))
	for s.Scan() {
		line := s.Text()
		if !strings.HasPrefix(line, "+F:") {
			continue
		}
		f := strings.Split(line, ":")
		if len(f) < 4 {
			break
		}
		rate, err := strconv.ParseFloat(f[len(f)-1], 64)
		if err != nil || rate <= 0 {
			return 0, fmt.Errorf("openssl speed: bad rate in %q", line)
		}
		return rate, nil
	}
	return 0, errors.New("openssl speed: no +F: line in its output")
}

// runFor runs a command, giving up after limit, and returns its standard
// output and standard error together.
func runFor(limit time.Duration, path string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	return exec.CommandContext(ctx, path, args...).CombinedOutput()
}
