package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"memsh/shell"
	"memsh/shell/command"
)

// errScriptTooLong marks a script longer than memsh will hold.
var errScriptTooLong = errors.New("script too long")

// scriptLimit is the most a script (FILE or standard input) may hold:
// the in-memory limit of one held input, or the session's memory budget
// when that is smaller, so `memsh < /dev/zero` stops with a message.
func scriptLimit(maxMemory int64) int64 {
	limit := int64(command.MaxHeld)
	if maxMemory == 0 {
		maxMemory = shell.DefaultMaxMemory()
	}
	if maxMemory > 0 && maxMemory < limit {
		limit = maxMemory
	}
	return limit
}

// readScript reads the host file name, or r when name is "", up to limit
// bytes; past it the error names the limit. An endless file (/dev/zero)
// is read only that far.
func readScript(name string, r io.Reader, limit int64) ([]byte, error) {
	if name != "" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		what := "the script on standard input"
		if name != "" {
			what = name
		}
		return nil, fmt.Errorf("%s: %w: it exceeds the in-memory limit of %d MiB", what, errScriptTooLong, limit>>20)
	}
	return data, nil
}
