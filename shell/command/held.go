package command

import (
	"errors"
	"fmt"
)

// MaxHeld caps what one command keeps in memory for one input (a line
// it must see whole, an input it must hold), so that `nl /dev/zero`
// fails with a message naming the limit instead of taking the whole
// process down. A variable so tests can lower it.
var MaxHeld = 1 << 30

// HeldLimitError is the error for an input over MaxHeld.
type HeldLimitError struct{}

func (HeldLimitError) Error() string {
	return fmt.Sprintf("input exceeds the in-memory limit of %d MiB", MaxHeld>>20)
}

// IsLimit reports whether err is a memory limit: HeldLimitError or a
// *MemoryLimitError. A command that otherwise reports read errors
// tersely prints these in full, so the message names the limit.
func IsLimit(err error) bool {
	var held HeldLimitError
	var mem *MemoryLimitError
	return errors.As(err, &held) || errors.As(err, &mem)
}
