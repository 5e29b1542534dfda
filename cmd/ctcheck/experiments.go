package main

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
	"github.com/vaesgo/vaes/internal/kernels"
)

// An experiment times one call on two classes of secret input: class 0
// always the same fixed value, class 1 a fresh random value each time.
// Before each measurement, untimed, setup copies that measurement's secret
// into the one place the call reads it from (and, for a key, computes the
// key schedule and GHASH table there), so both classes run on the same
// memory, equally warm in the caches; the only difference is the secret.
//
// (Keeping a separate cipher per secret does not work: the cipher objects'
// own placement in memory makes some of them faster than others, and the
// t-test, which takes the measurements to be independent, sees that as a
// difference between the classes. An A/A run, -aa, shows such effects.)
type experiment struct {
	name string

	// prepare draws the random secrets of one batch, where measurement i
	// is of class classes[i].
	prepare func(rng *rand.Rand, classes []byte)

	// setup puts measurement i's secret in place, untimed.
	setup func(i int)

	// call is the timed call. It must not allocate.
	call func()
}

// params are the sizes every experiment uses.
type params struct {
	keySize int // bytes
	msgLen  int // Seal's plaintext
	blocks  int // EncryptBlocks' block count
}

// sameInputs gives class 1 the fixed inputs too (the -aa flag): an A/A
// run, whose |t| shows how large the method's noise is on this machine.
var sameInputs bool

// secrets holds one batch of secret inputs of one size.
type secrets struct {
	fixed []byte
	buf   []byte // batch × len(fixed)
}

func newSecrets(rng *rand.Rand, n, batch int) *secrets {
	s := &secrets{fixed: make([]byte, n), buf: make([]byte, n*batch)}
	fillRand(rng, s.fixed)
	return s
}

// prepare fills the batch: the fixed value for class 0, fresh random
// bytes for class 1.
func (s *secrets) prepare(rng *rand.Rand, classes []byte) {
	n := len(s.fixed)
	for i, c := range classes {
		in := s.buf[i*n : (i+1)*n]
		if c == 0 || sameInputs {
			copy(in, s.fixed)
		} else {
			fillRand(rng, in)
		}
	}
}

// get returns measurement i's secret.
func (s *secrets) get(i int) []byte {
	n := len(s.fixed)
	return s.buf[i*n : (i+1)*n]
}

func fillRand(rng *rand.Rand, b []byte) {
	for len(b) >= 8 {
		binary.LittleEndian.PutUint64(b, rng.Uint64())
		b = b[8:]
	}
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

// newGCM builds a GCM on backend b.
func newGCM(b *impl.Backend, key []byte) *vaes.GCM {
	restore := impl.Select(b)
	g, err := vaes.NewGCM(key)
	restore()
	if err != nil {
		panic(err)
	}
	return g
}

func newCipher(b *impl.Backend, key []byte) *vaes.Cipher {
	restore := impl.Select(b)
	c, err := vaes.NewCipher(key)
	restore()
	if err != nil {
		panic(err)
	}
	return c
}

// gcmState is GCM's key material on one backend, for the key experiments,
// which drive the kernels directly so that a new key can be put in place
// without building a new cipher. It seals with kernels.GCM, the sequence
// of kernel calls that vaes.GCM.Seal makes for a 12-byte nonce.
type gcmState struct {
	g kernels.GCM
}

func newGCMState(b *impl.Backend) *gcmState {
	return &gcmState{kernels.GCM{B: b, Key: new(kernels.GCMKey), Public: true, TagSize: 16}}
}

// setKey computes the key schedule, H = E_K(0) and the GHASH table.
func (s *gcmState) setKey(key []byte) { s.g.Key.Init(s.g.B, key) }

// seal is GCM.Seal's work on the kernels, without its argument checks.
func (s *gcmState) seal(out, nonce, msg, aad []byte) { s.g.Seal(out, nonce, msg, aad) }

// experiments returns the experiments for backend b. The stdlib backend
// has no kernels, so only its plaintext experiments run.
func experiments(b *impl.Backend, p params, rng *rand.Rand, batch int) []experiment {
	keys := newSecrets(rng, p.keySize, batch)
	msgs := newSecrets(rng, p.msgLen, batch)
	blocks := newSecrets(rng, 16*p.blocks, batch)
	nonce, aad := make([]byte, 12), make([]byte, 13)
	fillRand(rng, nonce)
	fillRand(rng, aad)
	dst := make([]byte, 0, p.msgLen+16)
	out := make([]byte, 16*p.blocks)
	msg := make([]byte, p.msgLen)
	in := make([]byte, 16*p.blocks)
	copy(msg, msgs.fixed)
	copy(in, blocks.fixed)

	var es []experiment
	if !b.Std {
		s := newGCMState(b)
		key := make([]byte, p.keySize)
		es = append(es,
			experiment{"Seal, key", keys.prepare,
				func(i int) { s.setKey(keys.get(i)) },
				func() { s.seal(dst[:p.msgLen+16], nonce, msg, aad) }},
			experiment{"EncryptBlocks, key", keys.prepare,
				func(i int) { kernels.Expand(b, &s.g.Key.KS, keys.get(i)) },
				func() { kernels.EncryptBlocks(b, &s.g.Key.KS, out, in) }},
			// The whole key setup: schedule, H and the table of powers.
			experiment{"key setup", keys.prepare,
				func(i int) { copy(key, keys.get(i)) },
				func() { s.setKey(key) }},
		)
	}
	g := newGCM(b, keys.fixed)
	c := newCipher(b, keys.fixed)
	es = append(es,
		experiment{"Seal, plaintext", msgs.prepare,
			func(i int) { copy(msg, msgs.get(i)) },
			func() { g.Seal(dst, nonce, msg, aad) }},
		experiment{"EncryptBlocks, plaintext", blocks.prepare,
			func(i int) { copy(in, blocks.get(i)) },
			func() { c.EncryptBlocks(out, in) }},
	)
	return append(es, xtsExperiments(b, p, rng, batch, keys.fixed)...)
}

// sink keeps the controls' results alive: the compiler keeps every store
// to a package variable, so leakyEqual's work is never dropped.
//
//lint:ignore U1000 written by the controls and never read, on purpose
var sink int

// controls returns experiments that leak on purpose, on backend b, to
// show that the method sees a leak of the size it is meant to rule out.
func controls(b *impl.Backend, p params, rng *rand.Rand, batch int) []experiment {
	msgs := newSecrets(rng, p.msgLen, batch)
	msgs.fixed[0] &^= 1
	key, nonce, aad := make([]byte, p.keySize), make([]byte, 12), make([]byte, 13)
	fillRand(rng, key)
	dst := make([]byte, 0, p.msgLen+16)
	msg := make([]byte, p.msgLen)
	g, c := newGCM(b, key), newCipher(b, key)
	var one [16]byte
	return []experiment{
		{"control: compare with early exit", msgs.prepare,
			func(i int) { copy(msg, msgs.get(i)) },
			func() { sink += leakyEqual(msg, msgs.fixed) }},
		// One extra block (a few dozen cycles) when the low bit of the
		// first plaintext byte is set: never for the fixed class, half
		// the time for the random one.
		{"control: Seal + 1 block if a secret bit is set", msgs.prepare,
			func(i int) { copy(msg, msgs.get(i)) },
			func() {
				if msg[0]&1 != 0 {
					c.Encrypt(one[:], one[:])
				}
				g.Seal(dst, nonce, msg, aad)
			}},
	}
}

// leakyEqual compares a and b and stops at the first difference: the
// textbook timing leak.
func leakyEqual(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return 0
		}
	}
	return 1
}
