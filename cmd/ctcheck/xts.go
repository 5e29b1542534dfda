package main

import (
	"math/rand/v2"

	"github.com/vaesgo/vaes"
	"github.com/vaesgo/vaes/internal/impl"
)

// xtsExperiments time XTS's EncryptTweak on backend b with the data unit
// (the Seal message's length, at least one block, so ciphertext stealing
// when it is not whole blocks) and then the tweak as the secret. The key
// is K1 = key and K2 = key with its last bit flipped.
func xtsExperiments(b *impl.Backend, p params, rng *rand.Rand, batch int, key []byte) []experiment {
	k := append(append([]byte(nil), key...), key...)
	k[len(k)-1] ^= 1
	restore := impl.Select(b)
	x, err := vaes.NewXTS(k)
	restore()
	if err != nil {
		panic(err)
	}
	n := max(p.msgLen, 16)
	data, tweaks := newSecrets(rng, n, batch), newSecrets(rng, 16, batch)
	msg, out := make([]byte, n), make([]byte, n)
	var tweak [16]byte
	copy(msg, data.fixed)
	copy(tweak[:], tweaks.fixed)
	return []experiment{
		{"XTS, data", data.prepare,
			func(i int) { copy(msg, data.get(i)) },
			func() { x.EncryptTweak(out, msg, tweak) }},
		{"XTS, tweak", tweaks.prepare,
			func(i int) { copy(tweak[:], tweaks.get(i)) },
			func() { x.EncryptTweak(out, msg, tweak) }},
	}
}
