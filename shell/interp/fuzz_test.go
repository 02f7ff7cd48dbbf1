package interp

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
)

// FuzzRun parses and runs arbitrary text with a deadline: the interpreter
// must neither panic nor hang (go test -fuzz FuzzRun ./shell/interp).
func FuzzRun(f *testing.F) {
	for _, c := range interpCases {
		f.Add(c.script)
	}
	f.Add(`a=(1 2); declare -A h=([k]=v); echo "${a[@]:1}" ${h[k]/v/w} $((1/0))`)
	f.Add(`f() { f; }; f`)
	f.Add(`while break; do echo x; done; x=${y:?}; echo ${!z}`)
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "/dev/zero") || strings.Contains(src, "yes") {
			t.Skip("unbounded output")
		}
		fsys := memfs.New(memfs.Options{MaxBytes: 1 << 20})
		r := New(Config{FS: fsys, Commands: registry(), Dir: "/", Script: true, MaxCallDepth: 50})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		done := make(chan struct{})
		go func() {
			defer close(done)
			st, _ := r.Run(ctx, src, Stdio{Stdout: io.Discard, Stderr: io.Discard})
			r.Finish(ctx, st)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("hung on %q", src)
		}
	})
}
