package emit

import "fmt"

var labels = map[string]int{}

// NewLabel returns a label name starting with name that no earlier call has
// returned, so an emitter can be used twice in one function.
func NewLabel(name string) string {
	labels[name]++
	return fmt.Sprintf("%s_%d", name, labels[name])
}
