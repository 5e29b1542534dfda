package tables

// Rcon holds the round constants of the AES key schedule (FIPS 197
// section 5.2): Rcon[i] is x^i in GF(2^8) modulo x^8+x^4+x^3+x+1, the byte
// XORed into the first byte of the new word at step i+1 of the expansion
// (FIPS 197 numbers it Rcon[i+1]). AES-128 uses all ten, AES-192 the first
// eight and AES-256 the first seven. AESKEYGENASSIST takes it as its
// immediate operand.
var Rcon = [10]byte{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36}
