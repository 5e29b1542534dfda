package ghash

// Table holds a backend's precomputed GHASH key material: H and its powers,
// in whatever layout that backend's loops read. 64 slots of 16 bytes is room
// for H^1..H^32 together with their Karatsuba halves.
type Table [64][16]byte
