package pyworker

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

func TestPythonVersion(t *testing.T) {
	for _, flag := range []string{"-V", "--version"} {
		r := py(t, newFS(t), "/", "", flag)
		if r.status != 0 || !strings.HasPrefix(r.stdout, pyVersionPrefix(t)) || r.stderr != "" {
			t.Errorf("python3 %s = %+v", flag, r)
		}
	}
}

func TestPythonStatus(t *testing.T) {
	f := newFS(t)
	f.WriteFile("/sub/boom.py", []byte("import sys\n\nraise ValueError('bad')\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		stdin  string
		status int
		stdout string
		stderr []string // substrings
	}{
		{"exit n", []string{"-c", "import sys; sys.exit(3)"}, "", 3, "", nil},
		{"exit 0", []string{"-c", "raise SystemExit(0)"}, "", 0, "", nil},
		{"exit msg", []string{"-c", "import sys; sys.exit('gone')"}, "", 1, "", []string{"gone\n"}},
		{"exit 256 wraps", []string{"-c", "import sys; sys.exit(257)"}, "", 1, "", nil},
		// -1 is 0xffffffff, wazero's code for a cancelled ctx too.
		{"exit -1", []string{"-c", "import sys; sys.exit(-1)"}, "", 255, "", nil},
		{"traceback file line", []string{"boom.py"}, "", 1, "", []string{"Traceback (most recent call last):\n", `boom.py", line 3, in <module>`, "ValueError: bad\n"}},
		{"traceback -c line", []string{"-c", "x = 1\ny = 1/0"}, "", 1, "", []string{`File "<string>", line 2, in <module>`, "ZeroDivisionError: division by zero"}},
		{"syntax error", []string{"-c", "def ("}, "", 1, "", []string{"SyntaxError"}},
		{"missing script", []string{"nope.py"}, "", 2, "", []string{"python3: can't open file '/sub/nope.py': [Errno 2] No such file or directory\n"}},
		{"script under a file", []string{"boom.py/x.py"}, "", 2, "", []string{"python3: can't open file '/sub/boom.py/x.py': [Errno 20] Not a directory\n"}},
		{"missing script -S", []string{"-S", "/no/such.py"}, "", 2, "", []string{"python3: can't open file '/no/such.py': [Errno 2] No such file or directory\n"}},
		{"stdin script", nil, "import sys\nprint(6*7)\nsys.exit(4)\n", 4, "42\n", nil},
		{"dash script", []string{"-", "a1"}, "import sys; print(sys.argv)", 0, "['-', 'a1']\n", nil},
		{"stdin traceback", []string{"-"}, "\n\n1/0\n", 1, "", []string{`File "<stdin>", line 3, in <module>`}},
		{"unbuffered", []string{"-u", "-c", "import sys; print(sys.stdout.write_through)"}, "", 0, "True\n", nil},
		{"module", []string{"-m", "json.tool"}, `{"a": 1}`, 0, "{\n    \"a\": 1\n}\n", nil},
		{"bad option", []string{"-Z"}, "", 2, "", []string{"Unknown option: -Z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := py(t, f, "/sub", tt.stdin, tt.args...)
			if r.status != tt.status || r.stdout != tt.stdout {
				t.Errorf("got status %d stdout %q stderr %q; want %d %q", r.status, r.stdout, r.stderr, tt.status, tt.stdout)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr %q lacks %q", r.stderr, s)
				}
			}
		})
	}
}

func TestPythonArgvEnvCwd(t *testing.T) {
	f := newFS(t)
	f.WriteFile("/sub/dir/s.py", []byte("import os, sys\nprint(sys.argv)\nprint(os.getcwd())\nprint(os.environ.get('FOO'))\nprint(open('data').read())\n"), 0o644)
	f.WriteFile("/sub/dir/data", []byte("rel"), 0o644)
	f.WriteFile("/sub/dir/mymod.py", []byte("import os\nprint('mod', os.getcwd())\n"), 0o644)
	var out bytes.Buffer
	needPython(t)
	st := testRuntime().RunPython(context.Background(), Proc{
		Args: []string{"python3", "s.py", "a b", "-c"}, Env: []string{"FOO=bar baz"},
		Dir: "/sub/dir", Stdout: &out, Stderr: &out, FS: f,
	})
	want := "['s.py', 'a b', '-c']\n/sub/dir\nbar baz\nrel\n"
	if st != 0 || out.String() != want {
		t.Errorf("got %d %q, want %q", st, out.String(), want)
	}
	for _, args := range [][]string{
		{"-c", "import os; print(os.getcwd())"},
		{"-I", "-c", "import os; print(os.getcwd())"},
		{"-E", "-s", "-c", "import os; print(os.getcwd())"},
	} {
		if r := py(t, f, "/sub/dir", "", args...); r.stdout != "/sub/dir\n" || r.status != 0 {
			t.Errorf("%v: %+v", args, r)
		}
	}
	if r := py(t, f, "/sub/dir", "", "-m", "mymod"); r.stdout != "mod /sub/dir\n" {
		t.Errorf("-m mymod: %+v", r)
	}
	// -S skips site, so python stays in "/", but a relative script is still found.
	if r := py(t, f, "/sub/dir", "", "-S", "mymod.py"); r.stdout != "mod /\n" {
		t.Errorf("-S mymod.py: %+v", r)
	}
	if r := py(t, f, "/sub/dir", "", "./mymod.py"); r.stdout != "mod /sub/dir\n" {
		t.Errorf("-S mymod.py: %+v", r)
	}
	// The sitecustomize mount is read-only and the rest of memfs is untouched.
	r := py(t, f, "/", "", "-c", `
import os
p = '`+testLayout(t).sitePath()+`/x'
try:
    open(p, 'w')
except OSError as e:
    import errno
    print(e.errno == errno.EROFS or e.errno, end=' ')
print(sorted(os.listdir('/')))`)
	if r.stdout != "True ['dev', 'root', 'sub', 'tmp']\n" {
		t.Errorf("site mount: %+v", r)
	}
}

func TestPythonBinaryStdio(t *testing.T) {
	var all []byte
	for i := 0; i < 256; i++ {
		all = append(all, byte(i))
	}
	all = bytes.Repeat(all, 4)
	f := newFS(t)
	r := py(t, f, "/", string(all), "-c", `
import sys
data = sys.stdin.buffer.read()
sys.stdout.buffer.write(data)
sys.stderr.buffer.write(data[::-1])`)
	if r.status != 0 || r.stdout != string(all) {
		t.Errorf("stdout not binary-clean: status %d, %d bytes", r.status, len(r.stdout))
	}
	rev := make([]byte, len(all))
	for i := range all {
		rev[i] = all[len(all)-1-i]
	}
	if r.stderr != string(rev) {
		t.Errorf("stderr not binary-clean: %d bytes", len(r.stderr))
	}
}

// TestPythonFileSemantics runs each check as a python script asserting what
// CPython on Linux does, then checks the bytes from the Go side.
func TestPythonFileSemantics(t *testing.T) {
	tests := []struct {
		name string
		code string
		file string // checked from Go afterwards, if set
		want []byte
	}{
		{"buffered write", `
data = bytes(range(256)) * 100
with open('f', 'wb') as fh:
    fh.write(data)
assert open('f', 'rb').read() == data`, "f", bytes.Repeat(seq256(), 100)},
		{"unbuffered write", `
data = bytes(range(256)) * 100
with open('f', 'wb', buffering=0) as fh:
    for i in range(0, len(data), 1000):
        assert fh.write(data[i:i+1000]) == len(data[i:i+1000])
assert open('f', 'rb', buffering=0).read() == data`, "f", bytes.Repeat(seq256(), 100)},
		{"read at eof", `
open('f', 'wb').write(b'abc')
with open('f', 'rb') as fh:
    assert fh.read() == b'abc'
    assert fh.read() == b''
    assert fh.read(10) == b''
with open('f', 'rb', buffering=0) as fh:
    buf = bytearray(8)
    assert fh.readinto(buf) == 3 and buf[:3] == b'abc'
    assert fh.readinto(buf) == 0
    assert fh.read(5) == b''`, "f", []byte("abc")},
		{"overwrite", `
open('f', 'wb').write(b'hello world')
with open('f', 'r+b') as fh:
    fh.seek(6)
    fh.write(b'WORLD')
    fh.seek(0)
    fh.write(b'J')
assert open('f','rb').read() == b'Jello WORLD'`, "f", []byte("Jello WORLD")},
		{"append after seek", `
open('f', 'wb').write(b'abc')
with open('f', 'ab') as fh:
    fh.seek(0)
    fh.write(b'def')
    fh.flush()
    assert fh.tell() == 6
with open('f', 'a+b') as fh:
    fh.seek(1)
    assert fh.read(1) == b'b'
    fh.write(b'g')
assert open('f','rb').read() == b'abcdefg'`, "f", []byte("abcdefg")},
		{"append after reopen", `
for i in range(3):
    with open('f', 'a') as fh:
        fh.write('line%d\n' % i)
assert open('f').read() == 'line0\nline1\nline2\n'`, "f", []byte("line0\nline1\nline2\n")},
		{"sparse gap reads zeros", `
with open('f', 'wb') as fh:
    fh.write(b'ab')
    fh.seek(10)
    fh.write(b'cd')
assert open('f','rb').read() == b'ab' + bytes(8) + b'cd'
import os
os.truncate('f', 1)
with open('f', 'r+b') as fh:
    fh.seek(5)
    fh.write(b'z')
assert open('f','rb').read() == b'a' + bytes(4) + b'z', open('f','rb').read()`, "f", []byte("a\x00\x00\x00\x00z")},
		{"empty write past eof", `
open('f', 'wb').write(b'12345')
with open('f', 'r+b', buffering=0) as fh:
    fh.seek(100)
    assert fh.write(b'') == 0
import os
assert os.path.getsize('f') == 5
with open('f', 'r+b') as fh:
    fh.seek(100)
    fh.write(b'')
assert os.path.getsize('f') == 5`, "f", []byte("12345")},
		{"truncating open", `
open('f', 'wb').write(b'long content here')
open('f', 'wb').write(b'short')
assert open('f','rb').read() == b'short'
open('f', 'w').close()
assert open('f','rb').read() == b''`, "f", []byte{}},
		{"8 MiB in one go", `
data = bytes(range(256)) * 32768
with open('big', 'wb') as fh:
    fh.write(data)
    fh.flush()
assert open('big','rb').read() == data`, "big", bytes.Repeat(seq256(), 32768)},
		{"8 MiB in 1 KiB pieces", `
chunk = bytes(range(256)) * 4
with open('big', 'wb', buffering=0) as fh:
    for i in range(8192):
        fh.write(chunk)
with open('big2', 'wb') as fh:
    for i in range(8192):
        fh.write(chunk)
    fh.flush()
assert open('big','rb').read() == chunk * 8192
assert open('big2','rb').read() == chunk * 8192`, "big", bytes.Repeat(seq256(), 32768)},
		{"dirs and rename", `
import errno, os, shutil
os.makedirs('a/b/c')
open('a/b/c/f', 'w').write('x')
os.rename('a/b/c/f', 'a/g')
assert sorted(os.listdir('a')) == ['b', 'g']
assert [e.name for e in os.scandir('a/b')] == ['c']
os.symlink('g', 'a/link')
assert os.readlink('a/link') == 'g' and open('a/link').read() == 'x'
os.link('a/g', 'a/hard')
assert os.stat('a/g').st_nlink == 2
shutil.rmtree('a/b')
os.remove('a/link')
try:
    os.rmdir('a')
except OSError as e:
    assert e.errno == errno.ENOTEMPTY, e
try:
    open('missing')
except FileNotFoundError as e:
    assert str(e) == "[Errno %d] No such file or directory: 'missing'" % errno.ENOENT, str(e)
try:
    open('a', 'w')
except IsADirectoryError:
    pass
open('f', 'w').write('done')`, "f", []byte("done")},
	}
	// One python runs every case, each in a directory of its own, so the
	// suite pays python's start-up once.
	var script strings.Builder
	script.WriteString("import os, traceback\ncases = []\n")
	for i, tt := range tests {
		fmt.Fprintf(&script, "cases.append((%q, %q))\n", fmt.Sprintf("/tmp/c%d", i), tt.code)
	}
	script.WriteString(`
for d, code in cases:
    os.makedirs(d)
    os.chdir(d)
    try:
        exec(compile(code, d, 'exec'), {})
    except BaseException:
        print('FAIL', d)
        traceback.print_exc()
`)
	f := newFS(t)
	r := py(t, f, "/tmp", "", "-c", script.String())
	if r.status != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("status %d\n%s%s", r.status, r.stdout, r.stderr)
	}
	for i, tt := range tests {
		if tt.file == "" {
			continue
		}
		got, err := f.ReadFile(fmt.Sprintf("/tmp/c%d/%s", i, tt.file))
		if err != nil || !bytes.Equal(got, tt.want) {
			t.Errorf("%s: memfs sees %d bytes (err %v), want %d", tt.name, len(got), err, len(tt.want))
		}
	}
}

func seq256() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func TestPythonMaxFileSize(t *testing.T) {
	f := memfs.New(memfs.Options{MaxFileSize: 1025})
	r := py(t, f, "/", "", "-c", `
with open('/f', 'wb', buffering=0) as fh:
    assert fh.write(b'x' * 1025) == 1025
    try:
        fh.write(b'y')
    except OSError as e:
        import errno
        print('OSError', errno.errorcode[e.errno], e.strerror)
    else:
        print('no error')
import os
print(os.path.getsize('/f'))
`)
	if r.status != 0 || r.stdout != "OSError EFBIG File too large\n1025\n" {
		t.Errorf("got %+v", r)
	}
	if b, _ := f.ReadFile("/f"); len(b) != 1025 {
		t.Errorf("memfs file has %d bytes", len(b))
	}
}

func TestPythonSharesFS(t *testing.T) {
	f := newFS(t)
	f.WriteFile("/tmp/in", []byte("from go\x00\xff"), 0o644)
	r := py(t, f, "/tmp", "", "-c", `
data = open('in', 'rb').read()
assert data == b'from go\x00\xff', data
open('out', 'wb').write(data + b'!')`)
	if r.status != 0 {
		t.Fatalf("%+v", r)
	}
	if b, _ := f.ReadFile("/tmp/out"); string(b) != "from go\x00\xff!" {
		t.Errorf("out = %q", b)
	}
}

func TestPythonNotInstalled(t *testing.T) {
	rt := New(Config{PythonWasm: "/nonexistent/python.wasm"})
	defer rt.Close()
	var errb bytes.Buffer
	st := rt.RunPython(context.Background(), Proc{Args: []string{"python3", "-c", "pass"}, Stderr: &errb, FS: newFS(t), Dir: "/"})
	if st != 127 || !strings.HasPrefix(errb.String(), "python3: ") || !strings.Contains(errb.String(), "make build") {
		t.Errorf("status %d stderr %q", st, errb.String())
	}
}

func TestPythonNoFS(t *testing.T) {
	var errb bytes.Buffer
	st := testRuntime().RunPython(context.Background(), Proc{Args: []string{"python3", "x.py"}, Stderr: &errb})
	if st != 126 || errb.String() != "python3: no filesystem\n" {
		t.Errorf("status %d stderr %q", st, errb.String())
	}
}

func TestPythonCancel(t *testing.T) {
	needPython(t)
	f := newFS(t)
	// Busy in wasm code.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	st := testRuntime().RunPython(ctx, Proc{Args: []string{"python3", "-c", "while True: pass"}, FS: f, Dir: "/"})
	if st != 130 {
		t.Errorf("cancelled busy loop: status %d, want 130", st)
	}
	// Blocked on a stdin that never delivers.
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	st = testRuntime().RunPython(ctx, Proc{Args: []string{"python3", "-c", "import sys; sys.stdin.read()"}, Stdin: pr, FS: f, Dir: "/"})
	if st != 124 {
		t.Errorf("deadline while reading stdin: status %d, want 124", st)
	}
	// The runtime survives.
	if r := py(t, f, "/", "", "-c", "print('ok')"); r.stdout != "ok\n" {
		t.Errorf("after cancel: %+v", r)
	}
}

func TestPythonNoSpace(t *testing.T) {
	f := memfs.New(memfs.Options{MaxBytes: 4096})
	r := py(t, f, "/", "", "-c", `
try:
    open('/f', 'wb').write(b'x' * 100000)
except OSError as e:
    import errno
    print(errno.errorcode[e.errno], e.strerror)`)
	if r.stdout != "ENOSPC No space left on device\n" {
		t.Errorf("got %+v", r)
	}
}

func TestPythonSleep(t *testing.T) {
	f := newFS(t)
	r := py(t, f, "/", "", "-c", `
import time
t0 = time.monotonic(); w0 = time.time()
time.sleep(0.2)
dt = time.monotonic() - t0
assert 0.19 <= dt, dt
assert 0.19 <= time.time() - w0, time.time() - w0
import select
print('ok')`)
	if r.stdout != "ok\n" || r.status != 0 {
		t.Errorf("got %+v", r)
	}
	// A long sleep still ends with ctx.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	st := testRuntime().RunPython(ctx, Proc{Args: []string{"python3", "-c", "import time; time.sleep(60)"}, FS: f, Dir: "/"})
	if st != 124 || time.Since(t0) > 30*time.Second {
		t.Errorf("sleep under a deadline: status %d after %v", st, time.Since(t0))
	}
}

func TestPythonBrokenPipe(t *testing.T) {
	needPython(t)
	pr, pw := io.Pipe()
	pr.Close()
	var errb bytes.Buffer
	st := testRuntime().RunPython(context.Background(), Proc{
		Args: []string{"python3", "-c", "print('x' * 100000)"}, FS: newFS(t), Dir: "/", Stdout: pw, Stderr: &errb,
	})
	if st != 1 || !strings.Contains(errb.String(), "BrokenPipeError: [Errno 32] Broken pipe") {
		t.Errorf("status %d stderr %q", st, errb.String())
	}
}

// TestPythonBrokenPipeLines is `python3 -c '...print(i)' | head -1`: one
// traceback and status 1, as on Linux, not a second "Exception ignored"
// report from the flush at exit and status 120.
func TestPythonBrokenPipeLines(t *testing.T) {
	needPython(t)
	pr, pw := io.Pipe()
	go func() {
		pr.Read(make([]byte, 10))
		pr.Close()
	}()
	var errb bytes.Buffer
	st := testRuntime().RunPython(context.Background(), Proc{
		Args: []string{"python3", "-c", "for i in range(100000): print(i)"}, FS: newFS(t), Dir: "/", Stdout: pw, Stderr: &errb,
	})
	want := "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\nBrokenPipeError: [Errno 32] Broken pipe\n"
	if st != 1 || withoutSourceLines(errb.String()) != want {
		t.Errorf("status %d stderr %q, want 1 %q", st, errb.String(), want)
	}
}

// chanWriter reports each write on a channel.
type chanWriter chan string

func (c chanWriter) Write(p []byte) (int, error) {
	c <- string(p)
	return len(p), nil
}

// TestPythonStreams checks stdout leaves python as it is flushed, not at
// exit, and stdin arrives as it is written.
func TestPythonStreams(t *testing.T) {
	needPython(t)
	pr, pw := io.Pipe()
	out := make(chanWriter, 16)
	done := make(chan int, 1)
	go func() {
		done <- testRuntime().RunPython(context.Background(), Proc{
			Args: []string{"python3", "-u", "-c", `
import sys
print('ready')
for line in sys.stdin:
    print('got', line.strip())
`}, FS: newFS(t), Dir: "/", Stdin: pr, Stdout: out, Stderr: out,
		})
	}()
	expect := func(want string) {
		t.Helper()
		var got string
		for got != want {
			select {
			case s := <-out:
				got += s
			case <-time.After(60 * time.Second):
				t.Fatalf("waiting for %q, have %q", want, got)
			}
		}
	}
	expect("ready\n")
	pw.Write([]byte("one\n"))
	expect("got one\n")
	pw.Write([]byte("two\n"))
	expect("got two\n")
	pw.Close()
	if st := <-done; st != 0 {
		t.Errorf("status %d", st)
	}
}

// TestPythonSandbox pins what python says when asked for what WASI cannot
// give (docs/pyworker.md lists these).
func TestPythonSandbox(t *testing.T) {
	f := newFS(t)
	tests := []struct{ code, want string }{
		{"import threading; threading.Thread(target=print).start()", "RuntimeError: can't start new thread"},
		{"import socket; socket.socket()", "OSError: [Errno 95] Operation not supported"},
		{"import subprocess; subprocess.run(['ls'])", "OSError: [Errno 95] wasi does not support processes."},
		{"import os; os.system('ls')", "OSError: [Errno 95] wasi does not support processes."},
		{"import os; os.fork()", "AttributeError: module 'os' has no attribute 'fork'"},
		{"import ssl", "ModuleNotFoundError: No module named 'ssl'"},
	}
	if testLayout(t).zip != nil {
		// memsh's CPython ships ssl.py, as CPython built without OpenSSL does.
		tests[len(tests)-1].want = "ModuleNotFoundError: No module named '_ssl'"
	}
	var script strings.Builder
	script.WriteString("import _memsh_errno\n")
	for _, tt := range tests {
		// sitecustomize's hook gives the message an uncaught error prints.
		fmt.Fprintf(&script, "try:\n    exec(%q)\nexcept BaseException as e:\n    _memsh_errno.linux(e)\n    print(type(e).__name__ + ': ' + str(e))\nelse:\n    print('no error')\n", tt.code)
	}
	r := py(t, f, "/", "", "-c", script.String())
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.status != 0 || len(lines) != len(tests) {
		t.Fatalf("status %d stdout %q stderr %q", r.status, r.stdout, r.stderr)
	}
	for i, tt := range tests {
		if lines[i] != tt.want {
			t.Errorf("%s: got %q, want %q", tt.code, lines[i], tt.want)
		}
	}
	// The uncaught form, as a user sees it.
	if r := py(t, f, "/", "", "-c", tests[0].code); r.status != 1 || !strings.HasSuffix(r.stderr, "\n"+tests[0].want+"\n") {
		t.Errorf("uncaught: %+v", r)
	}
	r = py(t, f, "/", "", "-c", `
import json, re, sqlite3, zlib, bz2, hashlib, decimal, datetime, zoneinfo, csv, struct, random, select, os
db = sqlite3.connect(':memory:')
db.execute('create table t (x)')
db.execute('insert into t values (42)')
print(db.execute('select x from t').fetchone()[0], len(os.urandom(16)), zlib.decompress(zlib.compress(b'z')))`)
	if r.stdout != "42 16 b'z'\n" {
		t.Errorf("stdlib: %+v", r)
	}
}

func TestPythonMemoryLimit(t *testing.T) {
	needPython(t)
	rt := New(Config{MemoryLimitMiB: 128})
	defer rt.Close()
	var out, errb bytes.Buffer
	st := rt.RunPython(context.Background(), Proc{
		Args: []string{"python3", "-c", `
try:
    x = bytearray(512 << 20)
except MemoryError:
    print('MemoryError')
y = bytearray(16 << 20)
print('still fine')`}, FS: newFS(t), Dir: "/", Stdout: &out, Stderr: &errb,
	})
	if st != 0 || out.String() != "MemoryError\nstill fine\n" {
		t.Errorf("status %d stdout %q stderr %q", st, out.String(), errb.String())
	}
}

func TestPythonDevStdio(t *testing.T) {
	f := newFS(t)
	r := py(t, f, "/", "in\x00put", "-u", "-c", `
import os, stat
print(open('/dev/stdin', 'rb').read())
open('/dev/stdout', 'w').write('to stdout\n')
with open('/dev/stderr', 'a') as e:
    e.write('to stderr\n')
print(stat.S_ISCHR(os.stat('/dev/stdout').st_mode))
open('/dev/fd/1', 'wb').write(b'fd1\n')`)
	if r.status != 0 || r.stdout != "b'in\\x00put'\nto stdout\nTrue\nfd1\n" || r.stderr != "to stderr\n" {
		t.Errorf("got %+v", r)
	}
	for _, p := range []string{"/dev/stdout", "/dev/stderr", "/dev/stdin"} {
		if _, err := f.Stat(p); err == nil {
			t.Errorf("%s was created in memfs", p)
		}
	}
}

// TestPythonInteractive checks `python3 -i` evaluates each line as it
// arrives on a pipe (the TUI feeds typed lines this way), prompts on stderr.
func TestPythonInteractive(t *testing.T) {
	needPython(t)
	pr, pw := io.Pipe()
	out := make(chanWriter, 64)
	var errs bytes.Buffer
	var mu sync.Mutex
	done := make(chan int, 1)
	go func() {
		done <- testRuntime().RunPython(context.Background(), Proc{
			Args: []string{"python3", "-i"}, FS: newFS(t), Dir: "/", Stdin: pr, Stdout: out,
			Stderr: writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return errs.Write(p) }),
		})
	}()
	pw.Write([]byte("6*7\n"))
	select {
	case s := <-out:
		if s != "42\n" {
			t.Errorf("stdout %q", s)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("no result before EOF")
	}
	pw.Close()
	if st := <-done; st != 0 {
		t.Errorf("status %d", st)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.HasPrefix(errs.String(), pyVersionPrefix(t)) || !strings.Contains(errs.String(), ">>> ") {
		t.Errorf("stderr %q", errs.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestPythonLinuxErrno checks tracebacks carry Linux's errno and glibc's
// wording, for chained exceptions too, while caught errors keep the
// numbers the errno module defines.
func TestPythonLinuxErrno(t *testing.T) {
	f := newFS(t)
	f.WriteFile("/tmp/file", nil, 0o644)
	r := py(t, f, "/tmp", "", "-c", `
import errno, os
try:
    open('nope')
except OSError as e:
    assert e.errno == errno.ENOENT
try:
    os.mkdir('file')
except FileExistsError:
    open('file/x')`)
	want := "FileExistsError: [Errno 17] File exists: 'file'\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File \"<string>\", line 10, in <module>\nNotADirectoryError: [Errno 20] Not a directory: 'file/x'\n"
	if r.status != 1 || !strings.HasSuffix(withoutSourceLines(r.stderr), want) {
		t.Errorf("status %d stderr %q", r.status, r.stderr)
	}
	r = py(t, f, "/tmp", "", "-c", "import os; os.symlink('loop', 'loop'); open('loop')")
	if !strings.HasSuffix(r.stderr, "OSError: [Errno 40] Too many levels of symbolic links: 'loop'\n") {
		t.Errorf("ELOOP: %q", r.stderr)
	}
	// traceback prints a caught error as Linux would, and leaves it as
	// the program holds it.
	r = py(t, f, "/tmp", "", "-c", `
import errno, logging, os, traceback
try:
    os.rename('a', 'b')
except OSError as e:
    traceback.print_exc()
    logging.exception('failed')
    print(e.errno == errno.ENOENT, traceback.format_exception_only(OSError('plain')))`)
	want = "FileNotFoundError: [Errno 2] No such file or directory: 'a' -> 'b'\n"
	if r.status != 0 || r.stdout != "True ['OSError: plain\\n']\n" || strings.Count(r.stderr, want) != 2 || !strings.Contains(r.stderr, "ERROR:root:failed\n") {
		t.Errorf("traceback of a caught error: %+v", r)
	}
}

func TestPythonChdir(t *testing.T) {
	f := newFS(t)
	f.MkdirAll("/a/b/c", 0o755)
	f.Symlink("/a/b", "/lnk")
	r := py(t, f, "/a/b", "", "-c", `
import os
os.chdir('..'); print(os.getcwd())
os.chdir('b/c/../c//'); print(os.getcwd())
os.chdir('/lnk/c/..'); print(os.getcwd(), os.path.abspath('x'))
os.chdir('/'); print(os.getcwd())`)
	if r.stdout != "/a\n/a/b/c\n/a/b /a/b/x\n/\n" || r.status != 0 {
		t.Errorf("got %+v", r)
	}
	f.WriteFile("/a/b/s.py", []byte("import os, sys\nprint(os.getcwd(), sys.argv[0], __file__)\n"), 0o644)
	if r := py(t, f, "/lnk", "", "s.py"); r.stdout != "/a/b s.py /a/b/s.py\n" {
		t.Errorf("from a symlinked cwd: %+v", r)
	}
}

// TestPythonSiteFills checks what sitecustomize fills in for functions
// this build lacks or gets wrong: os.umask reports the shell's umask,
// os.chmod of a missing path raises, os.system fails as subprocess does;
// the tracebacks show the user's frames only, as for a C function.
func TestPythonSiteFills(t *testing.T) {
	needPython(t)
	var out bytes.Buffer
	st := testRuntime().RunPython(context.Background(), Proc{
		Args: []string{"python3", "-c", "import os; print(oct(os.umask(0o22)), oct(os.umask(0)))"}, FS: newFS(t), Dir: "/", Stdout: &out, Umask: 0o027,
	})
	if st != 0 || out.String() != "0o27 0o22\n" {
		t.Errorf("umask: status %d stdout %q", st, out.String())
	}
	for _, c := range []struct{ code, last string }{
		{"import os; os.chmod('nope', 0o644)", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'\n"},
		{"import os; os.system('ls')", "OSError: [Errno 95] wasi does not support processes.\n"},
		{"import os; os.get_terminal_size()", "OSError: [Errno 25] Inappropriate ioctl for device\n"},
		{"import os, shutil; os.chown('/', 1000, -1); shutil.chown('/', group=1000); os.chown('/', 0, 0)", "PermissionError: [Errno 1] Operation not permitted: '/'\n"},
	} {
		r := py(t, newFS(t), "/", "", "-c", c.code)
		want := "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n" + c.last
		if r.status != 1 || withoutSourceLines(r.stderr) != want {
			t.Errorf("%s: status %d stderr %q, want 1 %q", c.code, r.status, r.stderr, want)
		}
	}
}

// TestPythonRelativePythonpath checks relative PYTHONPATH entries name
// directories under the working directory, as on Linux (CPython makes them
// absolute before sitecustomize moves it there).
func TestPythonRelativePythonpath(t *testing.T) {
	needPython(t)
	f := newFS(t)
	f.MkdirAll("/sub/dir/lib", 0o755)
	f.WriteFile("/sub/dir/lib/zz.py", []byte("Z = 7\n"), 0o644)
	var out, errb bytes.Buffer
	st := testRuntime().RunPython(context.Background(), Proc{
		Args: []string{"python3", "-c", "import sys, zz; print(sys.path[1:4], zz.Z)"}, Env: []string{"PYTHONPATH=lib:/abs:../x"},
		FS: f, Dir: "/sub/dir", Stdout: &out, Stderr: &errb,
	})
	want := "['/sub/dir/lib', '/abs', '/sub/x'] 7\n"
	if st != 0 || out.String() != want {
		t.Errorf("status %d stdout %q stderr %q, want %q", st, out.String(), errb.String(), want)
	}
}

// TestPythonAsyncio checks asyncio's event loop runs without the
// socketpair it wakes itself with (WASI has no sockets; sitecustomize
// patches asyncio.selector_events when it is imported).
func TestPythonAsyncio(t *testing.T) {
	r := py(t, newFS(t), "/", "", "-c", `
import asyncio
async def work(n, d):
    await asyncio.sleep(d)
    return n * 2
async def main():
    print(await asyncio.gather(work(1, 0.02), work(2, 0), work(3, 0.01)))
    try:
        await asyncio.wait_for(asyncio.sleep(5), 0.01)
    except TimeoutError:
        print('timeout')
    loop = asyncio.get_running_loop()
    loop.call_soon_threadsafe(print, 'threadsafe')
    fut = loop.create_future()
    loop.call_later(0.01, fut.set_result, 'later')
    return await fut
print(asyncio.run(main()))
loop = asyncio.new_event_loop()
print(loop.run_until_complete(work(7, 0)))
loop.close()
`)
	want := "[2, 4, 6]\ntimeout\nthreadsafe\nlater\n14\n"
	if r.status != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("status %d stdout %q stderr %q, want 0 %q", r.status, r.stdout, r.stderr, want)
	}
}

// TestPythonSymlinkTarget checks a symlink keeps the target python gave
// it after python reuses the memory that held the string (wazero passes
// the target as a string over guest memory).
func TestPythonSymlinkTarget(t *testing.T) {
	f := newFS(t)
	r := py(t, f, "/tmp", "", "-c", `
import os
for i in range(20):
    os.symlink('target%d' % i, 'l%d' % i)
junk = [str(i) * 50 for i in range(20000)]
print([i for i in range(20) if os.readlink('l%d' % i) != 'target%d' % i])`)
	if r.status != 0 || r.stdout != "[]\n" {
		t.Errorf("status %d stdout %q stderr %q", r.status, r.stdout, r.stderr)
	}
	for i := range 20 {
		if got, err := f.Readlink(fmt.Sprintf("/tmp/l%d", i)); err != nil || got != fmt.Sprintf("target%d", i) {
			t.Errorf("l%d -> %q, %v", i, got, err)
		}
	}
}

// TestPythonModes checks os.stat reports permission bits and os.chmod sets
// them (WASI has neither; memsh's modeFS carries both), as on Linux.
func TestPythonModes(t *testing.T) {
	f := newFS(t)
	r := py(t, f, "/tmp", "", "-c", `
import os, stat, shutil, pathlib
open('a', 'w').write('x')
os.chmod('a', 0o751)
print(oct(os.stat('a').st_mode), stat.filemode(os.lstat('a').st_mode), oct(pathlib.Path('a').stat().st_mode))
os.symlink('a', 'l')
print(oct(os.lstat('l').st_mode), oct(os.stat(b'l').st_mode))
shutil.copy('a', 'b')
os.mkdir('d')
os.chmod('d', 0o1777)
os.chdir('d')
open('x', 'w').close()
os.chmod('../a', 0o4755)
print(oct(os.stat('x').st_mode), oct(os.stat('/tmp/d').st_mode), oct(os.stat('../a').st_mode))
print(os.stat('x').st_mtime == os.path.getmtime('x'))
os.chmod('nope', 0o600)`)
	want := "0o100751 -rwxr-x--x 0o100751\n0o120777 0o100751\n0o100666 0o41777 0o104755\nTrue\n" // umask 0
	if r.status != 1 || r.stdout != want || !strings.HasSuffix(r.stderr, "\nFileNotFoundError: [Errno 2] No such file or directory: 'nope'\n") {
		t.Errorf("status %d stdout %q stderr %q, want 1 %q", r.status, r.stdout, r.stderr, want)
	}
	for name, mode := range map[string]fs.FileMode{"/tmp/a": 0o755 | fs.ModeSetuid, "/tmp/b": 0o751, "/tmp/d": fs.ModeDir | fs.ModeSticky | 0o777} {
		if fi, err := f.Stat(name); err != nil || fi.Mode() != mode {
			t.Errorf("%s: mode %v, %v; want %v", name, fi.Mode(), err, mode)
		}
	}
}

// os.access checks the owner's permission bits, as the shell's test -r,
// -w and -x do; WASI's own answer ignored them (a file without an x bit
// was X_OK, and shutil.which found it).
func TestPythonAccess(t *testing.T) {
	f := newFS(t)
	f.MkdirAll("/t/d", 0o755)
	for name, mode := range map[string]fs.FileMode{"/t/none": 0, "/t/rw": 0o644, "/t/rwx": 0o755} {
		f.WriteFile(name, nil, mode)
		f.Chmod(name, mode)
	}
	f.Chmod("/t/d", 0o600)
	r := py(t, f, "/t", "", "-c", `
import os, shutil
for p in ('none', 'rw', 'rwx', 'd', 'missing'):
    print(p, *(int(os.access(p, m)) for m in (os.F_OK, os.R_OK, os.W_OK, os.X_OK, os.R_OK | os.X_OK)))
print(shutil.which('rw', path='.'), shutil.which('rwx', path='.'), os.access in os.supports_follow_symlinks)`)
	want := "none 1 0 0 0 0\nrw 1 1 1 0 0\nrwx 1 1 1 1 1\nd 1 1 1 0 0\nmissing 0 0 0 0 0\nNone ./rwx True\n"
	if r.status != 0 || r.stdout != want {
		t.Errorf("%+v, want stdout %q", r, want)
	}
}

// A MemoryError that ends python names the limit it ran into; one that
// python survives leaves no note.
func TestPythonMemoryLimitNote(t *testing.T) {
	needPython(t)
	rt := New(Config{MemoryLimitMiB: 64})
	defer rt.Close()
	for _, tt := range []struct {
		code, stderr string
		status       int
	}{
		{"x = bytearray(100 << 20)", "MemoryError\nmemsh: python3: guest memory limit reached: a program may use at most 64 MiB (--max-guest-memory)\n", 1},
		{"try: bytearray(100 << 20)\nexcept MemoryError: pass", "", 0},
		{"x = bytearray(2**40)", "OverflowError: cannot fit 'int' into an index-sized integer\n", 1}, // wasm32's size_t: no memory was asked for
	} {
		var out, errb bytes.Buffer
		st := rt.RunPython(context.Background(), Proc{Args: []string{"python3", "-c", tt.code}, FS: newFS(t), Dir: "/", Stdout: &out, Stderr: &errb})
		if st != tt.status || !strings.HasSuffix(errb.String(), tt.stderr) || (tt.stderr == "" && errb.Len() != 0) {
			t.Errorf("%q: status %d stderr %q; want %d, ending %q", tt.code, st, errb.String(), tt.status, tt.stderr)
		}
	}
}

// Python's PWD is the shell's (the logical directory, or none), as on
// Linux; only other WASI programs get PWD set to the physical directory.
func TestPythonPWD(t *testing.T) {
	f := newFS(t)
	f.MkdirAll("/real", 0o755)
	f.Symlink("/real", "/link")
	needPython(t)
	for _, env := range [][]string{{"PWD=/link", "A=1"}, {"A=1"}} {
		var out bytes.Buffer
		st := testRuntime().RunPython(context.Background(), Proc{
			Args: []string{"python3", "-c", "import os; print(os.environ.get('PWD'), os.getcwd())"},
			Env:  env, Dir: "/link", Stdout: &out, Stderr: &out, FS: f,
		})
		want := "/link /real\n"
		if len(env) == 1 {
			want = "None /real\n"
		}
		if st != 0 || out.String() != want {
			t.Errorf("env %q: status %d output %q, want %q", env, st, out.String(), want)
		}
	}
}

// closedOutput stands for a stream the shell closed (>&-).
type closedOutput struct{}

func (closedOutput) Write([]byte) (int, error) { return 0, syscall.EBADF }
func (closedOutput) Read([]byte) (int, error)  { return 0, syscall.EBADF }
func (closedOutput) Close() error              { return nil }

// A stdout or stderr the shell closed is None in python, as CPython makes
// a closed fd 1 or 2: print() says nothing and python exits 0, where the
// failing flush made it exit 120.
func TestPythonClosedStreams(t *testing.T) {
	needPython(t)
	code := "import sys; print(sys.stdout is None, sys.stderr is None); print('x', file=sys.stderr)"
	var out, errb bytes.Buffer
	st := testRuntime().RunPython(context.Background(), Proc{Args: []string{"python3", "-c", code}, FS: newFS(t), Dir: "/", Stdout: &command.WriteCheck{W: closedOutput{}}, Stderr: &errb})
	if st != 0 || errb.String() != "x\n" {
		t.Errorf(">&-: status %d stderr %q", st, errb.String())
	}
	st = testRuntime().RunPython(context.Background(), Proc{Args: []string{"python3", "-c", code + "; 1/0"}, FS: newFS(t), Dir: "/", Stdout: &out, Stderr: &command.Said{W: closedOutput{}}})
	if st != 1 || out.String() != "False True\nx\n" {
		t.Errorf("2>&-: status %d stdout %q", st, out.String())
	}
}

// python3 -m names a stdlib module by its .py path, as on Linux (the
// stdlib here is .pyc only), and -m zipfile does not print CPython
// 3.12.0's RuntimeWarning about zipfile.__main__.
func TestPythonDashMStdlib(t *testing.T) {
	f := newFS(t)
	r := py(t, f, "/tmp", "", "-m", "tarfile", "-h")
	if r.status != 0 || !strings.HasPrefix(r.stdout, "usage: tarfile.py [-h]") {
		t.Errorf("-m tarfile -h: %+v", r)
	}
	f.WriteFile("/tmp/a.txt", []byte("a\n"), 0o644)
	r = py(t, f, "/tmp", "", "-m", "zipfile", "-c", "z.zip", "a.txt")
	if r.status != 0 || r.stderr != "" {
		t.Errorf("-m zipfile -c: %+v", r)
	}
	r = py(t, f, "/tmp", "", "-m", "zipfile", "-l", "z.zip")
	if r.status != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "File Name") {
		t.Errorf("-m zipfile -l: %+v", r)
	}
}

// os.uname reports the kernel the shell's uname does; platform and
// socket.gethostname follow it.
func TestPythonUname(t *testing.T) {
	f := newFS(t)
	r := py(t, f, "/", "", "-c", `
import os, platform, socket
u = os.uname()
print(u.sysname, u.nodename, u.release, u.version)
print(platform.system(), platform.node(), socket.gethostname(), platform.platform().startswith('Linux-6.1.0-memsh-'))`)
	want := "Linux memsh 6.1.0-memsh #1 SMP PREEMPT_DYNAMIC memsh\nLinux memsh memsh True\n"
	if r.status != 0 || r.stdout != want {
		t.Errorf("%+v, want stdout %q", r, want)
	}
	f.MkdirAll("/etc", 0o755)
	f.WriteFile("/etc/hostname", []byte("  box\nother\n"), 0o644)
	if r = py(t, f, "/", "", "-c", "import os; print(os.uname().nodename, os.uname().machine != 'wasm32')"); r.stdout != "box True\n" {
		t.Errorf("/etc/hostname: %+v", r)
	}
}
