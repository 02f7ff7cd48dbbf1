package pyworker

import (
	"io/fs"
	"testing"
)

func TestLinuxMode(t *testing.T) {
	for _, c := range []struct {
		m fs.FileMode
		b uint32
	}{
		{0o644, 0o644},
		{fs.ModeDir | 0o755, 0o755},
		{fs.ModeSetuid | 0o755, 0o4755},
		{fs.ModeSetgid | fs.ModeSticky | 0o700, 0o3700},
		{fs.ModeSymlink | 0o777, 0o777},
	} {
		if got := linuxMode(c.m); got != c.b {
			t.Errorf("linuxMode(%v) = %o, want %o", c.m, got, c.b)
		}
		if got := goMode(c.b); got != c.m&^fs.ModeType {
			t.Errorf("goMode(%o) = %v, want %v", c.b, got, c.m&^fs.ModeType)
		}
	}
}
