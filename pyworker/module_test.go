package pyworker

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"memsh/memfs"
)

var (
	wasmMu    sync.Mutex
	wasmBuilt = map[string][]byte{}
)

// guestWasm builds testdata/NAME for GOOS=wasip1 once, caching the result
// in the user's cache dir keyed by the source and the Go version.
func guestWasm(t testing.TB, name string) []byte {
	t.Helper()
	wasmMu.Lock()
	defer wasmMu.Unlock()
	if b, ok := wasmBuilt[name]; ok {
		return b
	}
	src, err := os.ReadFile(filepath.Join("testdata", name, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256(append(src, runtime.Version()...))
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = t.TempDir()
	}
	out := filepath.Join(dir, "memsh", "testwasm", name+"-"+hex.EncodeToString(h[:8])+".wasm")
	if b, err := os.ReadFile(out); err == nil && IsWasm(b) {
		wasmBuilt[name] = b
		return b
	}
	os.MkdirAll(filepath.Dir(out), 0o755)
	gotool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gotool); err != nil {
		gotool = "go"
	}
	tmp := out + ".tmp"
	cmd := exec.Command(gotool, "build", "-o", tmp, "./testdata/"+name)
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s for wasip1: %v\n%s", name, err, b)
	}
	if err := os.Rename(tmp, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	wasmBuilt[name] = b
	return b
}

func runWasm(t testing.TB, ctx context.Context, wasm []byte, p Proc) result {
	t.Helper()
	var out, errb bytes.Buffer
	if p.Stdout == nil {
		p.Stdout = &out
	}
	if p.Stderr == nil {
		p.Stderr = &errb
	}
	if p.FS == nil {
		p.FS = newFS(t)
	}
	st := testRuntime().RunModule(ctx, wasm, p)
	return result{out.String(), errb.String(), st}
}

func TestModuleGuest(t *testing.T) {
	g := guestWasm(t, "guest")
	f := newFS(t)
	f.WriteFile("/sub/dir/in", []byte("memfs\x00\xff"), 0o644)
	ctx := context.Background()
	run := func(dir, stdin string, args ...string) result {
		t.Helper()
		return runWasm(t, ctx, g, Proc{Args: append([]string{"./guest.wasm"}, args...), Env: []string{"FOO=bar", "PWD=/elsewhere"}, Dir: dir, FS: f, Stdin: strings.NewReader(stdin)})
	}
	if r := run("/", "", "args", "a b", ""); r.stdout != "./guest.wasm\nargs\na b\n\n" || r.status != 0 {
		t.Errorf("args: %+v", r)
	}
	if r := run("/", "", "env", "FOO"); r.stdout != "bar\n" {
		t.Errorf("env: %+v", r)
	}
	if r := run("/sub/dir", "", "cwd"); r.stdout != "/sub/dir <nil>\n" {
		t.Errorf("cwd: %+v", r)
	}
	if r := run("/sub/dir", "", "cat", "in"); r.stdout != "memfs\x00\xff" {
		t.Errorf("cat relative: %+v", r)
	}
	if r := run("/", "stdin\x00\xff", "cat", "-"); r.stdout != "stdin\x00\xff" {
		t.Errorf("cat stdin: %+v", r)
	}
	if r := run("/sub", "", "write", "dir/out", "from wasm"); r.status != 0 {
		t.Errorf("write: %+v", r)
	}
	if b, _ := f.ReadFile("/sub/dir/out"); string(b) != "from wasm" {
		t.Errorf("memfs sees %q", b)
	}
	if r := run("/", "", "ls", "/sub/dir"); r.stdout != "in\nout\n" {
		t.Errorf("ls: %+v", r)
	}
	if r := run("/", "", "exit", "7"); r.status != 7 {
		t.Errorf("exit: %+v", r)
	}
	if r := run("/", "", "cat", "/nope"); r.status != 1 || !strings.Contains(r.stderr, "No such file or directory") {
		t.Errorf("missing file: %+v", r)
	}
	if r := run("/", "", "stderr", "e\x01\xff"); r.stderr != "e\x01\xff" {
		t.Errorf("stderr: %+v", r)
	}
}

// TestModuleStdinReadSize checks a guest asking for 64 KiB reads gets reads
// of 64 KiB from the shell's stream: no small fixed chunk in between.
func TestModuleStdinReadSize(t *testing.T) {
	g := guestWasm(t, "reader")
	const size = 64 << 10
	const total = 16 << 20
	rec := &recordingReader{r: io.LimitReader(zeros{}, total)}
	r := runWasm(t, context.Background(), g, Proc{Args: []string{"reader.wasm", fmt.Sprint(size)}, Dir: "/", Stdin: rec})
	want := fmt.Sprintf("%d %d %d\n", total, total/size, size)
	if r.status != 0 || r.stdout != want {
		t.Fatalf("got %+v, want %q", r, want)
	}
	for i, n := range rec.sizes {
		if n != size {
			t.Fatalf("read %d asked for %d bytes, want %d (sizes %v...)", i, n, size, rec.sizes[:min(len(rec.sizes), 8)])
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

type recordingReader struct {
	r     io.Reader
	sizes []int
}

func (r *recordingReader) Read(p []byte) (int, error) {
	r.sizes = append(r.sizes, len(p))
	return r.r.Read(p)
}

// wasmModule assembles a module from raw sections (id, payload).
func wasmModule(sections ...[]byte) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		b = append(b, s...)
	}
	return b
}

func section(id byte, payload ...byte) []byte {
	return append([]byte{id, byte(len(payload))}, payload...)
}

var (
	typeVoid   = section(1, 1, 0x60, 0, 0) // one type: () -> ()
	funcOne    = section(3, 1, 0)          // one function of type 0
	exportFn   = func(idx byte) []byte { return section(7, 1, 6, '_', 's', 't', 'a', 'r', 't', 0, idx) }
	codeUnreac = section(10, 1, 3, 0, 0x00, 0x0b)                        // body: unreachable; end
	codeNop    = section(10, 1, 2, 0, 0x0b)                              // body: end
	codeRecur  = section(10, 1, 4, 0, 0x10, 0x00, 0x0b)                  // body: call 0; end
	importEnv  = section(2, 1, 3, 'e', 'n', 'v', 3, 'f', 'o', 'o', 0, 0) // env.foo: type 0
)

func TestModuleErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		wasm   []byte
		status int
		stderr string
	}{
		{"trap", wasmModule(typeVoid, funcOne, exportFn(0), codeUnreac), 134, "bad.wasm: trap: unreachable\n"},
		{"stack overflow", wasmModule(typeVoid, funcOne, exportFn(0), codeRecur), 134, "bad.wasm: trap: stack overflow\n"},
		{"ok", wasmModule(typeVoid, funcOne, exportFn(0), codeNop), 0, ""},
		{"unsupported import", wasmModule(typeVoid, importEnv, funcOne, exportFn(1), codeNop), 126, "bad.wasm: cannot execute: unsupported import env.foo (only wasi_snapshot_preview1 and memsh are provided)\n"},
		{"no _start", wasmModule(typeVoid, funcOne, codeNop), 126, "bad.wasm: cannot execute: not a WASI command (no _start export)\n"},
		{"corrupt", []byte("\x00asm\x01\x00\x00\x00\xff\xff\xff"), 126, "bad.wasm: cannot execute: "},
		{"bad version", []byte("\x00asm\x02\x00\x00\x00"), 126, "bad.wasm: cannot execute: "},
		{"truncated", []byte("\x00as"), 126, "bad.wasm: cannot execute: not a WebAssembly module (bad magic number)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runWasm(t, ctx, tt.wasm, Proc{Args: []string{"bad.wasm"}, Dir: "/"})
			if r.status != tt.status || !strings.HasPrefix(r.stderr, tt.stderr) || strings.Count(r.stderr, "\n") > 1 {
				t.Errorf("got %d %q, want %d %q", r.status, r.stderr, tt.status, tt.stderr)
			}
		})
	}
	// The runtime survives all of that.
	if r := runWasm(t, ctx, guestWasm(t, "guest"), Proc{Args: []string{"g", "env", "X"}, Env: []string{"X=fine"}, Dir: "/"}); r.stdout != "fine\n" {
		t.Errorf("after errors: %+v", r)
	}
}

func TestModuleCancel(t *testing.T) {
	g := guestWasm(t, "guest")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	if r := runWasm(t, ctx, g, Proc{Args: []string{"g", "spin"}, Dir: "/"}); r.status != 130 {
		t.Errorf("cancelled spin: %+v", r)
	}
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if r := runWasm(t, ctx, g, Proc{Args: []string{"g", "cat", "-"}, Dir: "/", Stdin: pr}); r.status != 124 {
		t.Errorf("deadline on idle stdin: %+v", r)
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if r := runWasm(t, done, g, Proc{Args: []string{"g", "args"}, Dir: "/"}); r.status != 130 || r.stdout != "" {
		t.Errorf("already cancelled: %+v", r)
	}
}

func TestModuleMemoryLimit(t *testing.T) {
	rt := New(Config{MemoryLimitMiB: 64})
	defer rt.Close()
	// A module declaring 128 MiB of initial memory cannot be instantiated
	// under a 64 MiB cap.
	mem := section(5, 1, 0, 0x80, 0x10) // memory: min 2048 pages
	wasm := wasmModule(typeVoid, funcOne, mem, exportFn(0), codeNop)
	var errb bytes.Buffer
	st := rt.RunModule(context.Background(), wasm, Proc{Args: []string{"big.wasm"}, Dir: "/", FS: memfs.New(memfs.Options{}), Stderr: &errb})
	if st != 126 || !strings.HasPrefix(errb.String(), "big.wasm: cannot execute: ") {
		t.Errorf("got %d %q", st, errb.String())
	}
}
