package ghash

// Powers returns the key forms of H^1..H^n: element i is MulX(H^(i+1)).
// These are the multipliers of aggregated GHASH (see UpdateAggregated). It
// panics if n < 1.
func Powers(h Element, n int) []Element {
	if n < 1 {
		panic("ghash: number of powers must be at least 1")
	}
	keys := make([]Element, n)
	keys[0] = MulX(h)
	for i := 1; i < n; i++ {
		// keys[i-1] is the reflected form of H^i·x^-1; times H it is
		// H^(i+1)·x^-1, which is the key form of H^(i+1).
		keys[i] = MulKey(keys[i-1], keys[0])
	}
	return keys
}
