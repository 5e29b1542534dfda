package ghash

// Table holds a backend's precomputed GHASH key material: H and its powers,
// in whatever layout that backend's loops read. 32 slots of 16 bytes (512
// bytes) is room for H^1..H^16 together with their Karatsuba half sums, or
// for H^1..H^32 alone. A new GCM key fills one, so its size is part of what
// every new key costs.
//
// InitTable and UpdateTable use this layout, for n powers (1 <= n <= 16):
//
//	slot i, i < n:            key form of H^(i+1), MulX(H^(i+1)), in register
//	                          form (PutRegister: Lo little-endian in bytes 0..7,
//	                          Hi in bytes 8..15)
//	slot 16+i, i < n:         that key's half sum Hi ^ Lo, little-endian in
//	                          bytes 0..7; bytes 8..15 zero
//	every other slot:         zero
//
// Other backends may lay out their tables differently; each documents its own.
type Table [32][16]byte

// MaxPowers is the largest number of key powers InitTable puts in a Table,
// and the slot where their half sums begin.
const MaxPowers = 16

// InitTable fills t with the key powers H^1..H^n of the hash key h (the
// block E_K(0^128)) in the layout documented on Table. It panics unless
// 1 <= n <= MaxPowers.
func InitTable(t *Table, h *[16]byte, n int) {
	if n < 1 || n > MaxPowers {
		panic("ghash: number of key powers out of range")
	}
	*t = Table{}
	// Powers' steps, without its slice: InitTable runs for every new key.
	h1 := MulX(FromBlock(h))
	k := h1
	for i := 0; i < n; i++ {
		if i > 0 {
			k = MulKey(k, h1)
		}
		k.PutRegister(&t[i])
		Element{Lo: k.Hi ^ k.Lo}.PutRegister(&t[MaxPowers+i])
	}
}

// UpdateTable is UpdateAggregated with N = n and the key powers read from a
// table that InitTable filled with at least n powers: the same result as
// Update, n blocks per reduction. It panics unless 1 <= n <= MaxPowers.
func UpdateTable(t *Table, n int, y *[16]byte, data []byte) {
	if n < 1 || n > MaxPowers {
		panic("ghash: number of key powers out of range")
	}
	var keys [MaxPowers]Element
	var mids [MaxPowers]uint64
	for i := 0; i < n; i++ {
		keys[i] = FromRegister(&t[i])
		mids[i] = FromRegister(&t[MaxPowers+i]).Lo
	}
	acc := updateAggregated(keys[:n], mids[:n], FromBlock(y), data)
	acc.PutBlock(y)
}
