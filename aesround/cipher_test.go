package aesround

import (
	"crypto/aes"
	"fmt"
	"testing"
)

// FIPS 197 Appendix B and C: cipher examples.
var fipsCiphers = []struct {
	name, key, in, out string
}{
	{"B", "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32"},
	{"C.1 AES-128", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
	{"C.2 AES-192", "000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
	{"C.3 AES-256", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
}

func TestFIPS197Cipher(t *testing.T) {
	for _, tc := range fipsCiphers {
		var s Schedule
		Expand(&s, mustHex(tc.key))
		in, out := block(mustHex(tc.in)), block(mustHex(tc.out))
		// The example block in each of the four positions, the others
		// holding other data.
		for pos := range 4 {
			var src, dst, back [64]byte
			for j := range src {
				src[j] = byte(j * 37)
			}
			copy(src[16*pos:], in[:])
			EncryptBlocks4(&s, &dst, &src)
			if got := block(dst[16*pos:]); got != out {
				t.Errorf("%s: EncryptBlocks4, position %d = %x, want %x", tc.name, pos, got, out)
			}
			DecryptBlocks4(&s, &back, &dst)
			if back != src {
				t.Errorf("%s: DecryptBlocks4, position %d = %x, want %x", tc.name, pos, back, src)
			}
		}
		// One round at a time, as the AES-NI code runs it.
		st := xor(in, s.Enc[0])
		for i := 1; i < s.Rounds; i++ {
			EncryptRound(st[:], s.Enc[i][:])
		}
		EncryptLastRound(st[:], s.Enc[s.Rounds][:])
		if st != out {
			t.Errorf("%s: AESENC rounds = %x, want %x", tc.name, st, out)
		}
		st = xor(out, s.Dec[0])
		for i := 1; i < s.Rounds; i++ {
			DecryptRound(st[:], s.Dec[i][:])
		}
		DecryptLastRound(st[:], s.Dec[s.Rounds][:])
		if st != in {
			t.Errorf("%s: AESDEC rounds = %x, want %x", tc.name, st, in)
		}
	}
}

// TestFIPS197C1Rounds follows the state through every round of the C.1
// example (round[r].start in the appendix).
func TestFIPS197C1Rounds(t *testing.T) {
	starts := []string{
		"00102030405060708090a0b0c0d0e0f0",
		"89d810e8855ace682d1843d8cb128fe4",
		"4915598f55e5d7a0daca94fa1f0a63f7",
		"fa636a2825b339c940668a3157244d17",
		"247240236966b3fa6ed2753288425b6c",
		"c81677bc9b7ac93b25027992b0261996",
		"c62fe109f75eedc3cc79395d84f9cf5d",
		"d1876c0f79c4300ab45594add66ff41f",
		"fde3bad205e5d0d73547964ef1fe37f1",
		"bd6e7c3df2b5779e0b61216e8b10b689",
		"69c4e0d86a7b0430d8cdb78070b4c55a", // output
	}
	var s Schedule
	Expand(&s, mustHex("000102030405060708090a0b0c0d0e0f"))
	st := xor(block(mustHex("00112233445566778899aabbccddeeff")), s.Enc[0])
	for r := 1; r <= 10; r++ {
		if want := block(mustHex(starts[r-1])); st != want {
			t.Fatalf("round[%d].start = %x, want %x", r, st, want)
		}
		if r < 10 {
			EncryptRound(st[:], s.Enc[r][:])
		} else {
			EncryptLastRound(st[:], s.Enc[r][:])
		}
	}
	if want := block(mustHex(starts[10])); st != want {
		t.Errorf("output = %x, want %x", st, want)
	}
}

// TestAgainstStdlib compares the whole cipher with crypto/aes and with the
// reference, for random keys of every size.
func TestAgainstStdlib(t *testing.T) {
	r := newRand(t)
	for _, n := range []int{16, 24, 32} {
		for range 50 {
			key := make([]byte, n)
			fill(r, key)
			var s Schedule
			Expand(&s, key)
			c, err := aes.NewCipher(key)
			if err != nil {
				t.Fatal(err)
			}
			enc := refExpand(key)
			var src, dst, back [64]byte
			fill(r, src[:])
			EncryptBlocks4(&s, &dst, &src)
			for j := range 4 {
				var want block
				c.Encrypt(want[:], src[16*j:16*j+16])
				if got := block(dst[16*j:]); got != want {
					t.Fatalf("AES-%d key %x: block %x encrypts to %x, crypto/aes says %x", 8*n, key, src[16*j:16*j+16], got, want)
				}
				if ref := refEncrypt(enc, block(src[16*j:])); ref != want {
					t.Fatalf("AES-%d: reference disagrees with crypto/aes", 8*n)
				}
				if ref := refDecrypt(enc, want); ref != block(src[16*j:]) {
					t.Fatalf("AES-%d: reference decryption disagrees", 8*n)
				}
			}
			DecryptBlocks4(&s, &back, &dst)
			if back != src {
				t.Fatalf("AES-%d: DecryptBlocks4(EncryptBlocks4(x)) = %x, want %x", 8*n, back, src)
			}
		}
	}
}

// TestKeysReuse checks that EncKeys and DecKeys, set up once, give the same
// results as the one-shot functions over many calls, in place.
func TestKeysReuse(t *testing.T) {
	r := newRand(t)
	for _, n := range []int{16, 24, 32} {
		key := make([]byte, n)
		fill(r, key)
		var s Schedule
		Expand(&s, key)
		var ek EncKeys
		var dk DecKeys
		ek.Init(&s)
		dk.Init(&s)
		for range 20 {
			var buf, want [64]byte
			fill(r, buf[:])
			orig := buf
			EncryptBlocks4(&s, &want, &buf)
			ek.Encrypt4(&buf, &buf)
			if buf != want {
				t.Fatalf("AES-%d: EncKeys.Encrypt4 = %x, want %x", 8*n, buf, want)
			}
			dk.Decrypt4(&buf, &buf)
			if buf != orig {
				t.Fatalf("AES-%d: DecKeys.Decrypt4 = %x, want %x", 8*n, buf, orig)
			}
		}
	}
}

func BenchmarkEncryptBlocks4(b *testing.B) {
	for _, n := range []int{16, 32} {
		key := make([]byte, n)
		var s Schedule
		Expand(&s, key)
		var buf [64]byte
		b.Run(fmt.Sprintf("AES-%d", 8*n), func(b *testing.B) {
			b.SetBytes(64)
			for b.Loop() {
				EncryptBlocks4(&s, &buf, &buf)
			}
		})
		b.Run(fmt.Sprintf("AES-%d/EncKeys", 8*n), func(b *testing.B) {
			var k EncKeys
			k.Init(&s)
			b.SetBytes(64)
			for b.Loop() {
				k.Encrypt4(&buf, &buf)
			}
		})
		b.Run(fmt.Sprintf("AES-%d/stdlib", 8*n), func(b *testing.B) {
			c, _ := aes.NewCipher(key)
			b.SetBytes(64)
			for b.Loop() {
				for j := 0; j < 64; j += 16 {
					c.Encrypt(buf[j:j+16], buf[j:j+16])
				}
			}
		})
	}
}

func BenchmarkDecryptBlocks4(b *testing.B) {
	var s Schedule
	Expand(&s, make([]byte, 16))
	var buf [64]byte
	b.Run("AES-128", func(b *testing.B) {
		b.SetBytes(64)
		for b.Loop() {
			DecryptBlocks4(&s, &buf, &buf)
		}
	})
	b.Run("AES-128/DecKeys", func(b *testing.B) {
		var k DecKeys
		k.Init(&s)
		b.SetBytes(64)
		for b.Loop() {
			k.Decrypt4(&buf, &buf)
		}
	})
}

func BenchmarkEncryptRound(b *testing.B) {
	state, key := make([]byte, 64), make([]byte, 64)
	b.SetBytes(64)
	for b.Loop() {
		EncryptRound(state, key)
	}
}

func BenchmarkExpand(b *testing.B) {
	for _, n := range []int{16, 32} {
		key := make([]byte, n)
		b.Run(fmt.Sprintf("AES-%d", 8*n), func(b *testing.B) {
			var s Schedule
			for b.Loop() {
				Expand(&s, key)
			}
		})
	}
}

// TestFIPS197C1EquivalentInverse checks the Dec schedule against the
// ik_sch values of FIPS 197 Appendix C.1 (equivalent inverse cipher), which
// makes them known-answer tests of AESIMC, and follows the state through the
// first AESDEC rounds (round[r].istart).
func TestFIPS197C1EquivalentInverse(t *testing.T) {
	ikSch := []string{
		"13111d7fe3944a17f307a78b4d2b30c5",
		"13aa29be9c8faff6f770f58000f7bf03",
		"1362a4638f2586486bff5a76f7874a83",
		"8d82fc749c47222be4dadc3e9c7810f5",
		"72e3098d11c5de5f789dfe1578a2cccb",
		"2ec410276326d7d26958204a003f32de",
		"a8a2f5044de2c7f50a7ef79869671294",
		"c7c6e391e54032f1479c306d6319e50c",
		"a0db02992286d160a2dc029c2485d561",
		"8c56dff0825dd3f9805ad3fc8659d7fd",
		"000102030405060708090a0b0c0d0e0f",
	}
	istart := []string{
		"7ad5fda789ef4e272bca100b3d9ff59f",
		"54d990a16ba09ab596bbf40ea111702f",
		"3e1c22c0b6fcbf768da85067f6170495",
		"b458124c68b68a014b99f82e5f15554c",
		"e8dab6901477d4653ff7f5e2e747dd4f",
	}
	var s Schedule
	Expand(&s, mustHex("000102030405060708090a0b0c0d0e0f"))
	for i, k := range ikSch {
		if want := block(mustHex(k)); s.Dec[i] != want {
			t.Errorf("Dec[%d] = %x, want round[%d].ik_sch = %x", i, s.Dec[i], i, want)
		}
	}
	for i := 1; i < 10; i++ { // AESIMC on the encryption keys directly
		k := s.Enc[10-i]
		InvMixColumns(k[:])
		if want := block(mustHex(ikSch[i])); k != want {
			t.Errorf("InvMixColumns(Enc[%d]) = %x, want %x", 10-i, k, want)
		}
	}
	st := xor(block(mustHex("69c4e0d86a7b0430d8cdb78070b4c55a")), s.Dec[0])
	for r := 1; r < len(istart); r++ {
		if want := block(mustHex(istart[r-1])); st != want {
			t.Fatalf("round[%d].istart = %x, want %x", r, st, want)
		}
		DecryptRound(st[:], s.Dec[r][:])
	}
	if want := block(mustHex(istart[len(istart)-1])); st != want {
		t.Errorf("round[%d].istart = %x, want %x", len(istart), st, want)
	}
}
