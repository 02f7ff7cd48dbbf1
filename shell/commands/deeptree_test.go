package commands

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// deepDepth is deeper than PATH_MAX allows: "d/" 3,000 times is 6,000 bytes.
const deepDepth = 3000

// memChain builds dir/d in fsys as a chain of depth directories the way a
// script must (mkdir n; mv d n/d; mv n d), with the file "bottom" holding
// "deep\n" at the bottom and, when files > 0, that many more files per level.
func memChain(t testing.TB, fsys *memfs.FS, dir string, depth, files int) {
	t.Helper()
	d, n := dir+"/d", dir+"/n"
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(fsys.Mkdir(d, 0o755))
	must(fsys.WriteFile(d+"/bottom", []byte("deep\n"), 0o644))
	for i := range depth {
		for j := range files {
			must(fsys.WriteFile(d+"/f"+string(rune('a'+j%26))+string(rune('a'+j/26)), nil, 0o644))
		}
		if i == depth-1 {
			break
		}
		must(fsys.Mkdir(n, 0o755))
		must(fsys.Rename(d, n+"/d"))
		must(fsys.Rename(n, d))
	}
}

// hostChain builds the same chain on the host under dir.
func hostChain(t testing.TB, dir string, depth int) {
	t.Helper()
	d, n := filepath.Join(dir, "d"), filepath.Join(dir, "n")
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(d, 0o755))
	must(os.WriteFile(filepath.Join(d, "bottom"), []byte("deep\n"), 0o644))
	for range depth - 1 {
		must(os.Mkdir(n, 0o755))
		must(os.Rename(d, filepath.Join(n, "d")))
		must(os.Rename(n, d))
	}
}

// runMem runs argv with memsh's registry in dir of fsys.
func runMem(t testing.TB, fsys *memfs.FS, dir string, argv ...string) (stdout, stderr string, status int) {
	t.Helper()
	var run command.Func
	for _, c := range All() {
		if c.Name == argv[0] {
			run = c.Run
		}
	}
	if run == nil {
		t.Fatalf("no command %s", argv[0])
	}
	var out, errb bytes.Buffer
	mask := fs.FileMode(0o022)
	inv := &command.Invocation{
		Mask:    &mask,
		Args:    argv,
		Stdio:   command.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb},
		FS:      fsys,
		Dir:     dir,
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "PWD=" + dir, "LANG=C", "LC_ALL=C"},
		Width:   80,
	}
	status = run(context.Background(), inv)
	return out.String(), errb.String(), status
}

// runHost runs argv with the host's tools in dir.
func runHost(t testing.TB, dir string, argv ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		status = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errb.String(), status
}

// sortLines sorts the lines of s.
func sortLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	slices.Sort(lines)
	return strings.Join(lines, "")
}

// short shows the ends of a long output.
func short(s string) string {
	if len(s) <= 200 {
		return s
	}
	return s[:100] + "..." + s[len(s)-100:]
}

// TestDeepTreeAgainstGNU runs each tree-walking command over a chain
// deeper than PATH_MAX, in memsh and with the host's GNU tools, and
// requires the same output, status and resulting tree.
func TestDeepTreeAgainstGNU(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level chain per case; run without -short")
	}
	cases := [][]string{
		{"rm", "-r", "d"},
		{"rm", "-rf", "d/"},
		{"rm", "-rv", "d"},
		{"du", "d"},
		{"du", "-s", "d"},
		{"du", "-a", "--inodes", "d"},
		{"find", "d"},
		{"find", "d", "-name", "bottom"},
		{"find", "d", "-type", "f", "-delete"},
		{"find", "d", "-depth", "-name", "d"},
		{"chmod", "-R", "700", "d"},
		{"chmod", "-Rc", "go-w", "d"},
		{"chmod", "-Rv", "u+w", "d"},
		{"chown", "-R", "1000", "d"},
		{"chgrp", "-R", "1000", "d"},
		{"tar", "cf", "x.tar", "d"},
		{"grep", "-r", "deep", "d"},
		{"grep", "-rl", "deep", "d"},
		{"grep", "-rc", "nothing", "d"},
	}
	// then: a second command whose output must agree too
	then := map[string][]string{"tar": {"tar", "tf", "x.tar"}}
	for _, argv := range cases {
		if _, err := exec.LookPath(argv[0]); err != nil {
			t.Skipf("no host %s", argv[0])
		}
		t.Run(strings.Join(argv, " "), func(t *testing.T) {
			host := t.TempDir()
			hostChain(t, host, deepDepth)
			fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000}) // the sandbox user
			if err := fsys.Mkdir("/w", 0o755); err != nil {
				t.Fatal(err)
			}
			memChain(t, fsys, "/w", deepDepth, 0)
			wout, werr, wst := runHost(t, host, argv...)
			gout, gerr, gst := runMem(t, fsys, "/w", argv...)
			if gout != wout {
				t.Errorf("stdout: got %d bytes %q, GNU %d bytes %q", len(gout), short(gout), len(wout), short(wout))
			}
			if gerr != werr || gst != wst {
				t.Errorf("got status %d, stderr %q; GNU %d, %q", gst, short(gerr), wst, short(werr))
			}
			if next := then[argv[0]]; next != nil {
				wout, werr, wst := runHost(t, host, next...)
				gout, gerr, gst := runMem(t, fsys, "/w", next...)
				if gout != wout || gerr != werr || gst != wst {
					t.Errorf("%s: got %d bytes, %q, %d; GNU %d bytes, %q, %d", next, len(gout), short(gerr), gst, len(wout), short(werr), wst)
				}
			}
			// the trees left behind, with their modes (sorted: the host
			// lists a directory in its own order)
			hl, _, _ := runHost(t, host, "find", ".", "-printf", "%m %p\n")
			ml, _, _ := runMem(t, fsys, "/w", "find", ".", "-printf", "%m %p\n")
			hl, ml = sortLines(hl), sortLines(ml)
			if hl != ml {
				t.Errorf("tree left: got %d bytes, GNU %d", len(ml), len(hl))
				for i := range min(len(ml), len(hl)) {
					if ml[i] != hl[i] {
						t.Logf("first difference at %d: got %q, GNU %q", i, short(ml[max(0, i-20):min(len(ml), i+40)]), short(hl[max(0, i-20):min(len(hl), i+40)]))
						break
					}
				}
			}
			if t.Failed() {
				// keep the host's deep tree from failing t.TempDir's cleanup
				runHost(t, host, "rm", "-rf", "d")
			}
		})
	}
}

// TestHugeTree checks that the tree walkers cost time linear in the tree
// and bounded Go stack: a chain of 100,000 levels with 10 files per level
// (1,000,000 files), about 1 GB of memory. Run it with
//
//	go test ./shell/commands -run TestHugeTree -v
//
// It logs each command's time (docs/memfs.md records them).
func TestHugeTree(t *testing.T) {
	if testing.Short() {
		t.Skip("1,000,000 files; run without -short")
	}
	const depth, files = 100_000, 10
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.Mkdir("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	memChain(t, fsys, "/w", depth, files)
	t.Logf("build: %v", time.Since(start))
	for _, c := range []struct {
		argv []string
		want string
	}{
		{[]string{"du", "-s", "--inodes", "d"}, "1100001\td\n"},
		{[]string{"find", "d", "-name", "bottom", "-printf", "%d\n"}, "100000\n"},
		{[]string{"find", "d", "-type", "f", "-name", "faa", "-printf", "x"}, strings.Repeat("x", depth)},
		{[]string{"grep", "-r", "deep", "d"}, strings.Repeat("d/", depth) + "bottom:deep\n"},
		{[]string{"grep", "-rc", "--include=bottom", "deep", "d"}, strings.Repeat("d/", depth) + "bottom:1\n"},
		{[]string{"cp", "-r", "d", "e"}, ""},
		{[]string{"du", "-s", "--inodes", "e"}, "1100001\te\n"},
		{[]string{"diff", "-r", "d", "e"}, ""},
		{[]string{"rm", "-r", "e"}, ""},
		{[]string{"cp", "-a", "d", "e"}, ""},
		{[]string{"find", "e", "-name", "bottom", "-printf", "%d\n"}, "100000\n"},
		{[]string{"rm", "-r", "e"}, ""},
		{[]string{"chmod", "-R", "700", "d"}, ""},
		{[]string{"chown", "-R", "1000", "d"}, ""},
		{[]string{"rm", "-r", "d"}, ""},
	} {
		start := time.Now()
		out, errs, st := runMem(t, fsys, "/w", c.argv...)
		t.Logf("%s: %v", strings.Join(c.argv, " "), time.Since(start))
		if out != c.want || errs != "" || st != 0 {
			t.Errorf("%s: stdout %q, stderr %q, status %d", c.argv, short(out), short(errs), st)
		}
	}
	if _, err := fsys.Lstat("/w/d"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("d still there after rm -r: %v", err)
	}
}

// TestDeepTreeLsR lists a chain deeper than PATH_MAX. GNU ls -R stops
// where the path passes PATH_MAX ("cannot open directory ...: File name
// too long"); memsh's walks by directory handles and lists the whole
// chain, so GNU's output must be where memsh's starts.
func TestDeepTreeLsR(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level chain; run without -short")
	}
	fsys := memfs.New(memfs.Options{})
	if err := fsys.Mkdir("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	memChain(t, fsys, "/w", deepDepth, 0)
	var want strings.Builder
	for i := 1; i <= deepDepth; i++ {
		if i > 1 {
			want.WriteString("\n")
		}
		want.WriteString(strings.Repeat("d/", i-1) + "d:\n")
		if i < deepDepth {
			want.WriteString("d\n")
		} else {
			want.WriteString("bottom\n")
		}
	}
	gout, gerr, gst := runMem(t, fsys, "/w", "ls", "-R", "d")
	if gout != want.String() || gerr != "" || gst != 0 {
		t.Errorf("got %d bytes %q, stderr %q, status %d; want %d bytes", len(gout), short(gout), short(gerr), gst, want.Len())
	}
	if _, err := exec.LookPath("ls"); err != nil {
		return
	}
	host := t.TempDir()
	hostChain(t, host, deepDepth)
	wout, _, _ := runHost(t, host, "ls", "-R", "d")
	if !strings.HasPrefix(gout, wout) || len(wout) < 2000*len("d/") {
		t.Errorf("GNU's %d bytes are not where memsh's %d bytes start", len(wout), len(gout))
	}
	runHost(t, host, "rm", "-rf", "d")
}

// TestDeepTreeCp copies a chain deeper than PATH_MAX (where GNU cp stops
// with "File name too long") and requires the copy to hold the same
// tree: names, modes, sizes and, with -a, times.
func TestDeepTreeCp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level chain; run without -short")
	}
	for _, c := range []struct {
		argv   []string
		format string
	}{
		{[]string{"cp", "-r", "d", "e"}, "%m %s %y %P\n"},
		{[]string{"cp", "-a", "d", "e"}, "%m %s %y %T@ %P\n"},
	} {
		fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
		if err := fsys.Mkdir("/w", 0o755); err != nil {
			t.Fatal(err)
		}
		memChain(t, fsys, "/w", deepDepth, 2)
		if err := fsys.Chmod("/w/d/d/d/fba", 0o600); err != nil {
			t.Fatal(err)
		}
		if out, errs, st := runMem(t, fsys, "/w", c.argv...); out != "" || errs != "" || st != 0 {
			t.Fatalf("%s: stdout %q, stderr %q, status %d", c.argv, short(out), short(errs), st)
		}
		want, _, _ := runMem(t, fsys, "/w", "find", "d", "-printf", c.format)
		got, _, _ := runMem(t, fsys, "/w", "find", "e", "-printf", c.format)
		if got != want || strings.Count(got, "\n") != 3*deepDepth+1 {
			t.Errorf("%s: copy lists %d bytes %q, source %d bytes %q", c.argv, len(got), short(got), len(want), short(want))
		}
	}
}

// TestDeepTreeTarX extracts the archive of a chain deeper than PATH_MAX
// (where GNU tar stops with "File name too long") and requires the
// extracted tree to match the source entry by entry: names, modes,
// sizes and times.
func TestDeepTreeTarX(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level chain; run without -short")
	}
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.MkdirAll("/w/o", 0o755); err != nil {
		t.Fatal(err)
	}
	memChain(t, fsys, "/w", deepDepth, 2)
	if err := fsys.Chmod("/w/d/d/d/fba", 0o600); err != nil {
		t.Fatal(err)
	}
	if err := fsys.Chmod("/w/d/d", 0o750); err != nil {
		t.Fatal(err)
	}
	for _, argv := range [][]string{{"tar", "cf", "x.tar", "d"}, {"tar", "xf", "x.tar", "-C", "o"}} {
		if out, errs, st := runMem(t, fsys, "/w", argv...); out != "" || errs != "" || st != 0 {
			t.Fatalf("%s: stdout %q, stderr %q, status %d", argv, short(out), short(errs), st)
		}
	}
	const format = "%m %s %y %Ts %P\n"
	want, _, _ := runMem(t, fsys, "/w", "find", "d", "-printf", format)
	got, _, _ := runMem(t, fsys, "/w/o", "find", "d", "-printf", format)
	if got != want || strings.Count(got, "\n") != 3*deepDepth+1 {
		t.Errorf("extracted tree lists %d bytes %q, source %d bytes %q", len(got), short(got), len(want), short(want))
	}
}

// TestDeepTreeDiffR compares two chains deeper than PATH_MAX (where GNU
// diff stops with "File name too long"): equal, then with the bottom
// file changed and a file only on one side.
func TestDeepTreeDiffR(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level chain; run without -short")
	}
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.Mkdir("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	memChain(t, fsys, "/w", deepDepth, 2)
	if out, errs, st := runMem(t, fsys, "/w", "cp", "-r", "d", "e"); out != "" || errs != "" || st != 0 {
		t.Fatalf("cp -r: stdout %q, stderr %q, status %d", short(out), short(errs), st)
	}
	if out, errs, st := runMem(t, fsys, "/w", "diff", "-r", "d", "e"); out != "" || errs != "" || st != 0 {
		t.Errorf("diff -r of equal trees: stdout %q, stderr %q, status %d", short(out), short(errs), st)
	}
	deep := strings.Repeat("d/", deepDepth-1)
	for _, w := range []struct{ top, name, data string }{{"/w/e", "bottom", "deeper\n"}, {"/w/d", "extra", ""}} {
		f, err := chainBottom(t, fsys, w.top).OpenFile(w.name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(w.data)); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	want := "diff -r d/" + deep + "bottom e/" + deep + "bottom\n1c1\n< deep\n---\n> deeper\nOnly in d/" + deep[:len(deep)-1] + ": extra\n"
	if out, errs, st := runMem(t, fsys, "/w", "diff", "-r", "d", "e"); out != want || errs != "" || st != 1 {
		t.Errorf("diff -r: stdout %d bytes %q, stderr %q, status %d; want %d bytes", len(out), short(out), short(errs), st, len(want))
	}
}

// chainBottom opens the bottom directory of the chain top, by handles.
func chainBottom(t testing.TB, fsys *memfs.FS, top string) *memfs.Dir {
	t.Helper()
	d, err := fsys.OpenDir(top)
	for err == nil {
		var next *memfs.Dir
		if next, err = d.OpenDir("d", false); err == nil {
			d = next
		}
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return d
}

// TestDeepTreeUnzip extracts a zip of a chain deeper than PATH_MAX
// (written here with archive/zip: a directory and a file per level)
// and requires every entry, with its mode and size.
func TestDeepTreeUnzip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level archive; run without -short")
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	var want strings.Builder
	for i := 1; i <= deepDepth; i++ {
		dir := strings.Repeat("d/", i)
		h := &zip.FileHeader{Name: dir}
		h.SetMode(fs.ModeDir | 0o755)
		if _, err := zw.CreateHeader(h); err != nil {
			t.Fatal(err)
		}
		h = &zip.FileHeader{Name: dir + "f", Method: zip.Deflate}
		h.SetMode(0o640)
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("deep\n"))
		want.WriteString("755 d 4096 " + dir[:len(dir)-1] + "\n640 f 5 " + dir + "f\n")
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.Mkdir("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := fsys.WriteFile("/w/x.zip", buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errs, st := runMem(t, fsys, "/w", "unzip", "-q", "x.zip", "-d", "o"); out != "" || errs != "" || st != 0 {
		t.Fatalf("unzip: stdout %q, stderr %q, status %d", short(out), short(errs), st)
	}
	got, _, _ := runMem(t, fsys, "/w/o", "find", "d", "-printf", "%m %y %s %p\n")
	if sortLines(got) != sortLines(want.String()) {
		t.Errorf("unzip left %d bytes %q, want %d bytes", len(got), short(got), want.Len())
	}
}

// TestDeepTreeZipR archives a chain deeper than PATH_MAX with zip -r
// (where Info-ZIP stops with "name not matched") and extracts it with
// unzip: the tree must come back entry by entry.
func TestDeepTreeZipR(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 3,000-level chain; run without -short")
	}
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.Mkdir("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	memChain(t, fsys, "/w", deepDepth, 2)
	if err := fsys.Chmod("/w/d/d/d/fba", 0o600); err != nil {
		t.Fatal(err)
	}
	for _, argv := range [][]string{{"zip", "-rq", "x.zip", "d"}, {"unzip", "-q", "x.zip", "-d", "o"}} {
		if out, errs, st := runMem(t, fsys, "/w", argv...); out != "" || errs != "" || st != 0 {
			t.Fatalf("%s: stdout %q, stderr %q, status %d", argv, short(out), short(errs), st)
		}
	}
	const format = "%m %s %y %P\n"
	want, _, _ := runMem(t, fsys, "/w", "find", "d", "-printf", format)
	got, _, _ := runMem(t, fsys, "/w/o", "find", "d", "-printf", format)
	if got != want || strings.Count(got, "\n") != 3*deepDepth+1 {
		t.Errorf("extracted tree lists %d bytes %q, source %d bytes %q", len(got), short(got), len(want), short(want))
	}
}

// TestDeepTreeRg searches a chain of 100,000 directories with rg: the
// walk steps by directory handles and builds a path only for what it
// prints, so the whole search allocates memory linear in the tree. A
// walk that joins each directory's path to its parent's (as rg's did)
// allocates the sum of all the paths, about 10 GB here, and recursion
// one Go stack frame per level.
func TestDeepTreeRg(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 100,000-level chain; run without -short")
	}
	const depth = 100_000
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.Mkdir("/w", 0o755); err != nil {
		t.Fatal(err)
	}
	memChain(t, fsys, "/w", depth, 0)
	bottom := strings.Repeat("d/", depth) + "bottom"
	for _, c := range []struct {
		argv []string
		want string
	}{
		{[]string{"rg", "deep", "d"}, bottom + ":deep\n"},
		{[]string{"rg", "-c", "deep", "d/"}, bottom + ":1\n"},
		{[]string{"rg", "--files", "d"}, bottom + "\n"},
		{[]string{"rg", "-l", "-g", "bottom", "deep", "d"}, bottom + "\n"},
		{[]string{"rg", "nothing", "d"}, ""},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		out, errs, st := runMem(t, fsys, "/w", c.argv...)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %v, %d MB allocated", strings.Join(c.argv, " "), time.Since(start), alloc>>20)
		wantSt := 0
		if c.want == "" {
			wantSt = 1
		}
		if out != c.want || errs != "" || st != wantSt {
			t.Errorf("%s: stdout %d bytes %q, stderr %q, status %d", c.argv, len(out), short(out), short(errs), st)
		}
		// Linear: a few KB per level at most, far below the ~10 GB of
		// the paths of every level.
		if limit := uint64(depth) * 4 << 10; alloc > limit {
			t.Errorf("%s: %d MB allocated, more than %d MB for %d levels", c.argv, alloc>>20, limit>>20, depth)
		}
	}
}
