package ghash

// Clmul64 returns the 128-bit carry-less product of a and b as (hi, lo).
// PLACEHOLDER: the ghash owner replaces this with a constant-time version.
func Clmul64(a, b uint64) (hi, lo uint64) {
	for i := 0; i < 64; i++ {
		if b>>i&1 != 0 {
			lo ^= a << i
			if i > 0 {
				hi ^= a >> (64 - i)
			}
		}
	}
	return
}
