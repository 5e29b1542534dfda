package vec

import "strconv"

// formatUnsigned renders lanes the way archsimd's String methods do:
// decimal values between braces, separated by commas, lowest lane first.
func formatUnsigned[E uint8 | uint32 | uint64](lanes []E) string {
	b := make([]byte, 0, 1+len(lanes)*4)
	b = append(b, '{')
	for i, v := range lanes {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return string(append(b, '}'))
}

// formatSigned is formatUnsigned for signed lanes.
func formatSigned(lanes []int8) string {
	b := make([]byte, 0, 1+len(lanes)*4)
	b = append(b, '{')
	for i, v := range lanes {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return string(append(b, '}'))
}
