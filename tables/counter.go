package tables

// CounterAdd returns the 16-byte constant that adds n to a counter block
// kept byte-reversed, with one vector add.
//
// GCM's counter is the last four bytes of the block, big-endian, and it wraps
// modulo 2^32 without touching the twelve bytes before it. After ByteReverse
// those four bytes are bytes 0..3 of the register, little-endian: the
// register's lowest 32-bit lane. The constant is n in that lane and zero in
// the other three, so PADDD (VPADDD) adds n to the counter, wraps it exactly
// as GCM's inc32 does, and leaves the nonce bytes unchanged.
//
// CTR mode's counter is the whole block, big-endian. After ByteReverse it is
// a little-endian 128-bit integer whose low 64 bits are the register's low
// 64-bit lane; the same constant, added with PADDQ, adds n to that lane, and
// the kernel propagates a carry into the high lane itself.
//
// A kernel that keeps several blocks in one wide register adds
// CounterAdd(0), CounterAdd(1), ... lane by lane to one broadcast counter.
func CounterAdd(n uint32) [16]byte {
	return [16]byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)}
}
