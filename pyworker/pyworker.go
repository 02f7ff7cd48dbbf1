// Package pyworker runs python3 and any WASI preview1 program inside
// wazero, directly over memfs.
package pyworker

import (
	"context"
	"io"

	"memsh/memfs"
)

// API CONTRACT: the exported names and signatures in this file are what
// the shell codes against; the bodies are placeholders to be replaced.

// Config configures a Runtime. Zero values pick the documented defaults.
type Config struct {
	CacheDir       string // on-disk compilation cache; "" = the user's cache dir
	MemoryLimitMiB int    // guest memory cap; 0 = default
	PythonWasm     string // path to python.wasm on the host; "" = documented search order
}

// Runtime is the one wazero runtime of a process. It compiles nothing
// until asked (Preload, or the first program run).
type Runtime struct{}

// New returns a Runtime; it is cheap.
func New(cfg Config) *Runtime { return &Runtime{} }

// Preload compiles (or loads from the cache) python.wasm in the background.
func (r *Runtime) Preload() {}

// Close releases the runtime.
func (r *Runtime) Close() error { return nil }

// Proc is one program run: argv, environment, working directory, stdio and
// the filesystem the guest sees at "/".
type Proc struct {
	Args           []string // Args[0] is the program name
	Env            []string // "K=V"
	Dir            string   // absolute working directory in fs
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	FS             *memfs.FS
}

// RunPython runs CPython with p.Args[1:] as its arguments. It prints its
// own errors and returns the exit status (127 when python.wasm is not
// installed, 130 when ctx is cancelled, 124 when ctx's deadline passed).
func (r *Runtime) RunPython(ctx context.Context, p Proc) int { return 127 }

// RunModule runs a WASI preview1 module (bytes starting with "\0asm").
func (r *Runtime) RunModule(ctx context.Context, wasm []byte, p Proc) int { return 126 }

// IsWasm reports whether head starts with the wasm magic "\0asm".
func IsWasm(head []byte) bool {
	return len(head) >= 4 && string(head[:4]) == "\x00asm"
}
