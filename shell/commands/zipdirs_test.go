package commands

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"memsh/memfs"
)

// TestZipRAgainstGNU runs zip -r over a small tree, with a symlink loop
// (followed until a name would take 41 links, as path resolution
// allows), a dangling symlink and the archive inside the tree, in memsh
// and with the host's Info-ZIP; the order of entries is the host's
// directory order there, so lines are compared sorted.
func TestZipRAgainstGNU(t *testing.T) {
	if _, err := exec.LookPath("zip"); err != nil {
		t.Skip("no host zip")
	}
	for _, argv := range [][]string{
		{"zip", "-r", "x.zip", "d"}, {"zip", "-r", "x.zip", "."}, {"zip", "-r", "x", "d/", "e"}, {"zip", "-rD", "x.zip", "d"}, {"zip", "x.zip", "d", "e/g"}, {"zip", "-r", "d/x.zip", "d"},
	} {
		host := t.TempDir()
		fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
		must := func(err error) {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, d := range []string{"d/s/t", "e"} {
			must(fsys.MkdirAll("/w/"+d, 0o755))
			must(os.MkdirAll(filepath.Join(host, d), 0o755))
		}
		for _, f := range []string{"d/f", "d/s/t/g", "e/g", "d/s/h"} {
			must(os.WriteFile(filepath.Join(host, f), nil, 0o644))
			must(fsys.WriteFile("/w/"+f, nil, 0o644))
		}
		for _, l := range [][2]string{{"..", "d/l"}, {"nowhere", "d/s/dang"}, {"../e", "d/le"}} {
			must(os.Symlink(l[0], filepath.Join(host, l[1])))
			must(fsys.Symlink(l[0], "/w/"+l[1]))
		}
		wout, werr, wst := runHost(t, host, argv...)
		gout, gerr, gst := runMem(t, fsys, "/w", argv...)
		if sortLines(gout) != sortLines(wout) || gerr != werr || gst != wst {
			hl, ml := strings.Split(sortLines(wout), "\n"), strings.Split(sortLines(gout), "\n")
			var only []string
			for _, l := range hl {
				if !slices.Contains(ml, l) {
					only = append(only, "GNU only: "+l)
				}
			}
			for _, l := range ml {
				if !slices.Contains(hl, l) {
					only = append(only, "mem only: "+l)
				}
			}
			t.Errorf("%s: GNU %d %q, mem %d %q\n%s", argv, wst, werr, gst, gerr, strings.Join(only, "\n"))
		}
	}
}
