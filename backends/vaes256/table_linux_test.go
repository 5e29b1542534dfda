package vaes256

import (
	"testing"

	"github.com/vaesgo/vaes/backends/internal/kerneltest"
)

func TestTableAtGuardPages(t *testing.T) { kerneltest.TableAtGuardPages(t, config, rows) }
