package aesni

// KernelSet names the GCM kernels that Seal, Open, SealPublic and
// OpenPublic run on this CPU and build: "SSE" (seal and open: no AVX, or no
// assembly), "AVX" (sealAVX and openAVX for all four, AMD's cores) or
// "AVX+public" (SealPublic and OpenPublic on sealPublicAVX and
// openPublicAVX, Intel's cores). Tools print it; see the package doc.
func KernelSet() string {
	switch {
	case usePublicAVX:
		return "AVX+public"
	case useAVX:
		return "AVX"
	}
	return "SSE"
}
