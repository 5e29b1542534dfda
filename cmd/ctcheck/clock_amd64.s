//go:build !purego

#include "textflag.h"

// func cycles() uint64
//
// LFENCE before RDTSC waits for every earlier instruction to finish, so
// the call being timed cannot still be running when the counter is read;
// LFENCE after it keeps later instructions from starting before the read.
TEXT ·cycles(SB), NOSPLIT, $0-8
	LFENCE
	RDTSC
	LFENCE
	SHLQ $32, DX
	ORQ  DX, AX
	MOVQ AX, ret+0(FP)
	RET
