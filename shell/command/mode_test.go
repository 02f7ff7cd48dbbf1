package command

import (
	"io/fs"
	"testing"
)

func TestModeString(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		0o644:                                     "-rw-r--r--",
		fs.ModeDir | 0o755:                        "drwxr-xr-x",
		fs.ModeSymlink | 0o777:                    "lrwxrwxrwx",
		fs.ModeDir | fs.ModeSticky | 0o777:        "drwxrwxrwt",
		fs.ModeSetuid | 0o644:                     "-rwSr--r--",
		fs.ModeSetgid | 0o755:                     "-rwxr-sr-x",
		fs.ModeDevice | fs.ModeCharDevice | 0o666: "crw-rw-rw-",
		fs.ModeNamedPipe | 0o600:                  "prw-------",
	} {
		if got := ModeString(m); got != want {
			t.Errorf("ModeString(%v) = %q, want %q", m, got, want)
		}
	}
}
