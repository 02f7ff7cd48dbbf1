package pyworker

import (
	"testing"
)

func TestEscapePath(t *testing.T) {
	for _, p := range []string{"plain", "caf\xe9/\xff\xfe", "ok é \xc3", "\xf4\x8f"} {
		esc := escapePath([]byte(p))
		if got := rawPath(string(esc)); got != p {
			t.Errorf("%q escaped to %q, back to %q", p, esc, got)
		}
	}
	if got := rawPath("caf\u00e9 \ufffd"); got != "caf\u00e9 \ufffd" {
		t.Errorf("a UTF-8 name changed: %q", got)
	}
}

// Names that are not UTF-8 can be opened, listed, renamed and removed, as
// on Linux (wazero refused them with EPERM before memfs saw them).
func TestPythonRawNames(t *testing.T) {
	f := newFS(t)
	f.MkdirAll("/t", 0o755)
	f.WriteFile("/t/\xff", []byte("ff"), 0o644)
	r := py(t, f, "/t", "", "-c", `
import os
print(os.listdir('.'), open('\udcff').read(), open(b'\xff').read())
open(b'caf\xe9', 'w').write('x')
os.mkdir(b'd\xfe')
os.rename(b'caf\xe9', b'd\xfe/n\xfd')
os.symlink(b't\xfc', b'l\xfb')
os.chmod(b'd\xfe/n\xfd', 0o700)
print(os.readlink(b'l\xfb'), oct(os.stat(b'd\xfe/n\xfd').st_mode), os.access(b'd\xfe/n\xfd', os.X_OK))
os.remove(b'\xff')
print(sorted(os.listdir(b'.')), os.path.exists('d\udcfe/n\udcfd'))`)
	want := "['\\udcff'] ff ff\nb't\\xfc' 0o100700 True\n[b'd\\xfe', b'l\\xfb'] True\n"
	if r.status != 0 || r.stdout != want {
		t.Errorf("%+v, want stdout %q", r, want)
	}
	if b, err := f.ReadFile("/t/d\xfe/n\xfd"); err != nil || string(b) != "x" {
		t.Errorf("memfs has %q, %v", b, err)
	}
}
