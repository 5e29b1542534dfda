package main

import (
	"crypto/aes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
	"golang.org/x/crypto/xts"
)

// The XTS tables time one data unit (a sector) per call, numbered as
// sector 7, whole blocks only: golang.org/x/crypto/xts, the crypto/aes row
// (Go has no XTS of its own), has no ciphertext stealing. Its key is the
// AES key followed by a second one of the same size, K1 || K2.

// stdXTS says what the crypto/aes row of the XTS tables is.
const stdXTS = "golang.org/x/crypto/xts on crypto/aes, one cipher.Block call per block"

// xtsOperations are the XTS tables, appended to operations. They are not
// in the default set, which they would make nearly twice as long (four
// tables more, and openssl's second per size): -ops xts-enc,xts-dec -sizes
// 512,4096 measures sectors.
var xtsOperations = []operation{
	{name: "xts-enc", title: "XTS encryption: one data unit per call (crypto/aes: " + stdXTS + ")", short: "XTS encryption", wholeBlocks: true, setup: setupXTS(false)},
	{name: "xts-dec", title: "XTS decryption: one data unit per call (crypto/aes: " + stdXTS + ")", short: "XTS decryption", wholeBlocks: true, setup: setupXTS(true)},
}

func init() { operations = append(operations, xtsOperations...) }

// defaultOperationNames lists the operations -ops names by default: all
// but XTS.
func defaultOperationNames() []string {
	var names []string
	for _, op := range operations {
		if !isXTS(op) {
			names = append(names, op.name)
		}
	}
	return names
}

// isXTS reports whether op is one of the XTS tables.
func isXTS(op operation) bool { return strings.HasPrefix(op.name, "xts-") }

// xtsKey is the XTS key made from an AES key: the key, then as many bytes
// of another pattern.
func xtsKey(key []byte) []byte { return append(slices.Clone(key), pattern(len(key), 9)...) }

// newXTS returns the contender's XTS encryption or decryption of one data
// unit.
func (c contender) newXTS(key []byte, decrypt bool) (func(dst, src []byte, sector uint64), error) {
	if c.backend == nil {
		x, err := xts.NewCipher(aes.NewCipher, key)
		if err != nil {
			return nil, err
		}
		if decrypt {
			return x.Decrypt, nil
		}
		return x.Encrypt, nil
	}
	defer impl.Select(c.backend)()
	x, err := vaes.NewXTS(key)
	if err != nil {
		return nil, err
	}
	if decrypt {
		return x.Decrypt, nil
	}
	return x.Encrypt, nil
}

// setupXTS returns the setup of XTS encryption, or of decryption if
// decrypt is set, whose input is crypto/aes's encryption of the pattern.
func setupXTS(decrypt bool) func(c contender, key []byte, size int) (func(), []byte, error) {
	return func(c contender, key []byte, size int) (func(), []byte, error) {
		if size < aes.BlockSize {
			return nil, nil, fmt.Errorf("XTS takes at least %d bytes, not %d", aes.BlockSize, size)
		}
		key = xtsKey(key)
		src := pattern(size, 3)
		if decrypt {
			enc, err := contender{name: reference}.newXTS(key, false)
			if err != nil {
				return nil, nil, err
			}
			enc(src, src, 7)
		}
		f, err := c.newXTS(key, decrypt)
		if err != nil {
			return nil, nil, err
		}
		dst := make([]byte, size)
		run := func() { f(dst, src, 7) }
		run()
		return run, slices.Clone(dst), nil
	}
}

// xtsSpeedArgs are the arguments that time openssl's XTS (encryption, or
// decryption if decrypt is set) with two keyBits keys on size-byte data
// units for one second. openssl names XTS by the size of one of its two
// keys: aes-128-xts takes 32 bytes.
func (o *openssl) xtsSpeedArgs(keyBits, size int, decrypt bool) []string {
	args := []string{"speed", "-mr", "-seconds", "1", "-bytes", strconv.Itoa(size)}
	if decrypt {
		args = append(args, "-decrypt")
	}
	return append(args, "-evp", fmt.Sprintf("aes-%d-xts", keyBits))
}

// xts measures openssl's XTS and returns nanoseconds per data unit.
func (o *openssl) xts(keyBits, size int, decrypt bool) (float64, error) {
	args := o.xtsSpeedArgs(keyBits, size, decrypt)
	out, err := runFor(30*time.Second, o.path, args...)
	if err != nil {
		return 0, fmt.Errorf("openssl %s: %v", strings.Join(args, " "), err)
	}
	rate, err := parseSpeed(out)
	if err != nil {
		return 0, err
	}
	return float64(size) / rate * 1e9, nil
}

// xtsMethod says how the openssl figures of the XTS tables were taken.
const xtsMethod = "openssl speed -evp aes-N-xts (one data unit per update, N the size of one of the two keys), " +
	"1 s per size in CPU time, run after the others"

// hasXTS reports whether the plan has an XTS table.
func (p *plan) hasXTS() bool { return slices.ContainsFunc(p.ops, isXTS) }

// addOpenSSLXTS runs openssl's XTS at every size of t, one of the XTS
// tables, and adds it to t as the last contender.
func (p *plan) addOpenSSLXTS(t *table) error {
	o := p.openssl
	decrypt := t.op.name == "xts-dec"
	var ns []float64
	for _, r := range t.rows {
		p.progress.show(fmt.Sprintf("openssl speed aes-%d-xts, %d B", t.keyBits, r.size))
		v, err := o.xts(t.keyBits, r.size, decrypt)
		if err != nil {
			return err
		}
		p.progress.add(1)
		ns = append(ns, v)
	}
	t.contenders = append(t.contenders, contender{name: o.version, note: xtsMethod})
	for i := range t.rows {
		t.rows[i].stats = append(t.rows[i].stats, newStat([]float64{ns[i]}))
		t.rows[i].wrong = append(t.rows[i].wrong, nil)
	}
	return nil
}
