package interp

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"memsh/memfs"
)

var updatePass = flag.Bool("update-pass", false, "add the corpus cases the new interpreter passes to testdata/corpus_pass.txt")

// passListFile lists the testdata/diff cases the new interpreter must
// pass. It only grows: -update-pass adds new passes, never removes one.
const passListFile = "testdata/corpus_pass.txt"

// TestCorpus runs the repository's differential corpus (testdata/diff)
// through this interpreter. Every case named in the pass list must match
// bash's recorded stdout and status; the others are counted, so the
// figure shows how far the interpreter is from replacing the old one.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("../../testdata/diff/*.txtar")
	if err != nil || len(files) == 0 {
		t.Skip("no testdata/diff corpus")
	}
	want := readPassList(t)
	var mu sync.Mutex
	passed := map[string]bool{}
	t.Run("cases", func(t *testing.T) {
		for _, file := range files {
			name := strings.TrimSuffix(filepath.Base(file), ".txtar")
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				ar, err := txtar.ParseFile(file)
				if err != nil {
					t.Fatal(err)
				}
				sec := map[string]string{}
				for _, f := range ar.Files {
					sec[f.Name] = string(f.Data)
				}
				out, status := runCorpusCase(sec["script"])
				ok := out == sec["stdout"] && strconv.Itoa(status) == strings.TrimSpace(sec["status"])
				mu.Lock()
				passed[name] = ok
				mu.Unlock()
				if !ok && want[name] {
					t.Errorf("listed in %s but fails\n--- script\n%s--- got (status %d)\n%s--- want (status %s)\n%s",
						passListFile, sec["script"], status, out, strings.TrimSpace(sec["status"]), sec["stdout"])
				}
			})
		}
	})
	var names []string
	for n, ok := range passed {
		if ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	t.Logf("new interpreter passes %d of %d corpus cases (%d listed)", len(names), len(files), len(want))
	fmt.Fprintf(os.Stderr, "corpus: %d of %d pass\n", len(names), len(files))
	if *updatePass {
		for n := range want {
			if !passed[n] {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		if err := os.WriteFile(passListFile, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readPassList(t *testing.T) map[string]bool {
	data, err := os.ReadFile(passListFile)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	m := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			m[l] = true
		}
	}
	return m
}

// corpusEnv is what testdata/diff's scripts see (diff_test.go's).
var corpusEnv = []string{"HOME=/home/user", "PWD=/home/user", "OLDPWD=/home/user", "PATH=/usr/bin:/bin",
	"USER=user", "LOGNAME=user", "SHELL=/bin/bash", "TMPDIR=/tmp", "TERM=xterm-256color",
	"HOSTNAME=memsh", "SHLVL=1", "LANG=C.UTF-8", "TZ=UTC", "LC_ALL=", "COLUMNS=80"}

// runCorpusCase runs one corpus script as diff_test.go does, in a small
// Linux-like tree with /usr/bin entries for the registry's commands.
func runCorpusCase(script string) (string, int) {
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	for _, d := range []string{"/home/user/work", "/tmp", "/etc", "/usr/bin", "/usr/local/bin", "/root", "/var/tmp", "/dev/fd"} {
		fsys.MkdirAll(d, 0o755)
	}
	fsys.Chmod("/tmp", fs.ModeSticky|0o777)
	cmds := registry()
	for name := range cmds {
		fsys.WriteFile("/usr/bin/"+name, []byte("#!/bin/sh\nexec "+name+" \"$@\"\n"), 0o755)
	}
	fsys.Symlink("usr/bin", "/bin")
	fsys.WriteFile("/etc/passwd", []byte("root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n"), 0o644)
	fsys.WriteFile("/etc/hostname", []byte("memsh\n"), 0o644)
	r := New(Config{FS: fsys, Commands: cmds, Env: corpusEnv, Dir: "/home/user", Script: true})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	status, _ := r.Run(ctx, "cd /home/user/work\n"+script, Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	status = r.finish(ctx, status)
	return out.String(), status
}
