package shell

import (
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"
	"weak"

	"memsh/memfs"
)

// `< file` redirections.
//
// mvdan/sh wants an *os.File as stdin, so a redirected memfs file reaches
// the runner as the read end of an OS pipe. Copying the file into that
// pipe up front would make every command see a pipe where bash gives it a
// regular file: `wc < f` would pad its columns as for a pipe, and
// `{ head -n1; cat; } < f` would lose what head read ahead. So the copy
// starts only when a builtin or a function may read the pipe; a command
// run through the exec path (registry commands, WASI guests, scripts)
// claims the memfs file itself and reads it in place, sharing its offset
// with the next command of the group, as processes share an open file.

// redirectInput is one `< file` redirection.
type redirectInput struct {
	mu      sync.Mutex
	f       *memfs.File
	pw      *os.File
	pumping bool // the file is being copied into the pipe: no more claims
	closed  bool
	release func() // instead of closing f: it belongs to a descriptor above 2 (fds.go)
}

// redirects maps the pipe's read end (weakly: mvdan/sh closes and drops
// it when the statement ends) to its redirection.
var redirects sync.Map // weak.Pointer[os.File] -> *redirectInput

// redirectFrom returns the pipe mvdan/sh uses as the statement's stdin.
func redirectFrom(f *memfs.File) (*os.File, error) {
	return newRedirect(&redirectInput{f: f})
}

// redirectShared is redirectFrom for a file a descriptor above 2 keeps
// open (`<&3`): the statement reads it at the shared offset, and calls
// release instead of closing it.
func redirectShared(f *memfs.File, release func()) (*os.File, error) {
	return newRedirect(&redirectInput{f: f, release: release})
}

func newRedirect(in *redirectInput) (*os.File, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		in.closeFile()
		return nil, err
	}
	in.pw = pw
	key := weak.Make(pr)
	redirects.Store(key, in)
	// When the statement is over and the read end is gone, release the
	// write end and the memfs file.
	runtime.AddCleanup(pr, func(in *redirectInput) {
		redirects.Delete(key)
		in.close()
	}, in)
	return pr, nil
}

func lookupRedirect(r io.Reader) *redirectInput {
	pr, ok := r.(*os.File)
	if !ok || pr == nil {
		return nil
	}
	v, ok := redirects.Load(weak.Make(pr))
	if !ok {
		return nil
	}
	return v.(*redirectInput)
}

// claimStdin returns what a command run through the exec path reads:
// the memfs file of a `< file` redirection not yet copied into its pipe,
// or r itself.
func claimStdin(r io.Reader) io.Reader {
	in := lookupRedirect(r)
	if in == nil {
		return r
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.pumping || in.closed {
		return r
	}
	return in.f
}

// pumpStdin starts copying a `< file` redirection into its pipe, from the
// file's current offset, for a reader that only knows the pipe (a
// builtin, or the commands of a function).
func pumpStdin(r io.Reader) {
	in := lookupRedirect(r)
	if in == nil {
		return
	}
	in.mu.Lock()
	if in.pumping || in.closed {
		in.mu.Unlock()
		return
	}
	in.pumping = true
	in.mu.Unlock()
	go func() {
		io.CopyBuffer(in.pw, struct{ io.Reader }{in.f}, make([]byte, 64<<10))
		in.close()
	}()
}

func (in *redirectInput) close() {
	in.mu.Lock()
	defer in.mu.Unlock()
	if !in.closed {
		in.closed = true
		in.pw.Close()
		in.closeFile()
	}
}

func (in *redirectInput) closeFile() {
	if in.release != nil {
		in.release()
		return
	}
	in.f.Close()
}

// fileStdin is a metered stdin that is a memfs file: it keeps Stat and
// Seek, so commands can size their output by it (wc) and leave the
// offset after what they used (head).
type fileStdin struct {
	*countingReader
	f *memfs.File
}

func (s fileStdin) Stat() (fs.FileInfo, error) { return s.f.Stat() }

func (s fileStdin) Seek(off int64, whence int) (int64, error) { return s.f.Seek(off, whence) }
