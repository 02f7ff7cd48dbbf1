package archive

import (
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

// tarTree is the tree the host's expectations were made from.
func tarTree(t *testing.T) *session {
	s := newSession(t, map[string]string{
		"/etc/passwd":           "root:x:0:0:root:/root:/bin/bash\n",
		"/etc/group":            "root:x:0:\n",
		"/home/user/d/f":        "hello\n",
		"/home/user/d/e/g":      "x\n",
		"/home/user/d/nul\x01x": "",
	})
	s.fs.Remove("/home/user/d/nul\x01x")
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.fs.Symlink("f", "/home/user/d/l"))
	must(s.fs.Link("/home/user/d/f", "/home/user/d/h"))
	mt := time.Date(2026, 11, 29, 19, 9, 0, 0, time.UTC)
	for _, p := range []string{"d/f", "d/e/g", "d/e", "d"} {
		must(s.fs.Chtimes("/home/user/"+p, mt, mt))
	}
	must(s.fs.Lchtimes("/home/user/d/l", mt, mt))
	return s
}

const tarListing = `drwxr-xr-x root/root         0 2026-11-29 19:09 d/
drwxr-xr-x root/root         0 2026-11-29 19:09 d/e/
-rw-r--r-- root/root         2 2026-11-29 19:09 d/e/g
-rw-r--r-- root/root         6 2026-11-29 19:09 d/f
hrw-r--r-- root/root         0 2026-11-29 19:09 d/h link to d/f
lrwxrwxrwx root/root         0 2026-11-29 19:09 d/l -> f
`

func TestTarCreateList(t *testing.T) {
	s := tarTree(t)
	o, e, st := s.run("", "tar", "-cvf", "a.tar", "d")
	if st != 0 || e != "" || o != "d/\nd/e/\nd/e/g\nd/f\nd/h\nd/l\n" {
		t.Fatalf("create: %q %q %d", o, e, st)
	}
	o, e, st = s.run("", "tar", "tvf", "a.tar")
	if st != 0 || e != "" || o != tarListing {
		t.Fatalf("list:\n%s%q %d", o, e, st)
	}
	o, _, _ = s.run("", "tar", "-tf", "a.tar")
	if o != "d/\nd/e/\nd/e/g\nd/f\nd/h\nd/l\n" {
		t.Fatalf("tf: %q", o)
	}
	o, e, st = s.run("", "tar", "-cvvf", "b.tar", "d/f", "d/h")
	if st != 0 || o != "-rw-r--r-- root/root         6 2026-11-29 19:09 d/f\nhrw-r--r-- root/root         0 2026-11-29 19:09 d/h link to d/f\n" {
		t.Fatalf("cvv: %q %q", o, e)
	}
	o, e, st = s.run("", "tar", "tf", "a.tar", "--wildcards", "d/*g")
	if st != 0 || o != "d/e/g\n" {
		t.Fatalf("wildcards: %q %q", o, e)
	}
	o, _, _ = s.run("", "tar", "tf", "a.tar", "--exclude=*g")
	if o != "d/\nd/e/\nd/f\nd/h\nd/l\n" {
		t.Fatalf("exclude: %q", o)
	}
	o, _, _ = s.run("", "tar", "tf", "a.tar", "--exclude=e")
	if o != "d/\nd/f\nd/h\nd/l\n" {
		t.Fatalf("exclude dir: %q", o)
	}
	o, e, st = s.run("", "tar", "tf", "a.tar", "d/nope", "d/e")
	if st != 2 || o != "d/e/\nd/e/g\n" || e != "tar: d/nope: Not found in archive\ntar: Exiting with failure status due to previous errors\n" {
		t.Fatalf("not found: %q %q %d", o, e, st)
	}
}

func TestTarExtract(t *testing.T) {
	s := tarTree(t)
	s.run("", "tar", "cf", "a.tar", "d")
	s.fs.MkdirAll("/home/user/o", 0o755)
	o, e, st := s.run("", "tar", "xvvf", "a.tar", "-C", "o", "--strip-components=1")
	want := strings.Join(strings.Split(tarListing, "\n")[1:], "\n")
	want = strings.Replace(want, "link to d/f", "link to f", 1)
	if st != 0 || e != "" || o != want {
		t.Fatalf("xvv:\n%s\n%q %d", o, e, st)
	}
	if s.read("/home/user/o/f") != "hello\n" || s.read("/home/user/o/e/g") != "x\n" || s.read("/home/user/o/h") != "hello\n" {
		t.Fatal("contents")
	}
	if l, _ := s.fs.Readlink("/home/user/o/l"); l != "f" {
		t.Fatal("symlink", l)
	}
	fi, _ := s.fs.Stat("/home/user/o/e")
	if !fi.ModTime().Equal(time.Date(2026, 11, 29, 19, 9, 0, 0, time.UTC)) {
		t.Fatal("dir mtime", fi.ModTime())
	}
	o, e, st = s.run("", "tar", "xOf", "a.tar", "d/e/g", "d/f")
	if st != 0 || o != "x\nhello\n" {
		t.Fatalf("-O: %q %q", o, e)
	}
	s.run("", "tar", "xf", "a.tar", "-C", "o")
	o, e, st = s.run("", "tar", "xkf", "a.tar", "-C", "o")
	if st != 2 || e != "tar: d/e/g: Cannot open: File exists\ntar: d/f: Cannot open: File exists\ntar: d/l: Cannot create symlink to ‘f’: File exists\ntar: Exiting with failure status due to previous errors\n" {
		t.Fatalf("-k: %q %d", e, st)
	}
}

func TestTarErrors(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"tar"}, Stderr: "tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\nTry 'tar --help' or 'tar --usage' for more information.\n", Status: 2},
		{Args: []string{"tar", "--creat", "--fil=x.tar", "a"}, Stderr: "tar: option '--fil=x.tar' is ambiguous; possibilities: '--file' '--files-from'\nTry 'tar --help' or 'tar --usage' for more information.\n", Status: 64},
		{Args: []string{"tar", "--lis", "--strip=1", "-f", "/dev/null"}, Stderr: "tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n", Status: 2},
		{Args: []string{"tar", "xz", "--foo=1"}, Stderr: "tar: unrecognized option '--foo=1'\nTry 'tar --help' or 'tar --usage' for more information.\n", Status: 64},
		{Args: []string{"tar", "-x", "-Q"}, Stderr: "tar: invalid option -- 'Q'\nTry 'tar --help' or 'tar --usage' for more information.\n", Status: 64},
		{Args: []string{"tar", "cZf", "a.tar", "x"}, Stderr: "tar: compress: Cannot exec: No such file or directory\ntar: Error is not recoverable: exiting now\n", Status: 2},
		{Args: []string{"tar", "Qf", "x"}, Stderr: "tar: invalid option -- 'Q'\nTry 'tar --help' or 'tar --usage' for more information.\n", Status: 64},
		{Args: []string{"tar", "xf", "nope.tar"}, Stderr: "tar: nope.tar: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n", Status: 2},
		{Args: []string{"tar", "tf", "g.tar"}, Files: map[string]string{"/home/user/g.tar": "garbage\n"}, Stderr: "tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n", Status: 2},
		{Args: []string{"tar", "cf", "a.tar"}, Stderr: "tar: Cowardly refusing to create an empty archive\nTry 'tar --help' or 'tar --usage' for more information.\n", Status: 2},
		{Args: []string{"tar", "xf", "-", "-C", "/nonexist"}, Stderr: "tar: /nonexist: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now\n", Status: 2},
	})
	s := newSession(t, map[string]string{"/home/user/f": "f\n", "/abs/x": "x\n"})
	_, e, st := s.run("", "tar", "cf", "c.tar", "nope", "f", "/abs/x")
	if st != 2 || e != "tar: nope: Cannot stat: No such file or directory\ntar: Removing leading `/' from member names\ntar: Exiting with failure status due to previous errors\n" {
		t.Fatalf("%q %d", e, st)
	}
	o, _, _ := s.run("", "tar", "tf", "c.tar")
	if o != "f\nabs/x\n" {
		t.Fatalf("%q", o)
	}
}

func TestTarCompressedRoundTrip(t *testing.T) {
	for _, c := range []struct{ flag, name string }{{"-z", "a.tgz"}, {"-J", "a.tar.xz"}, {"--zstd", "a.tar.zst"}, {"-a", "b.tar.gz"}, {"-a", "b.txz"}} {
		s := tarTree(t)
		if _, e, st := s.run("", "tar", "-c", c.flag, "-f", c.name, "d"); st != 0 {
			t.Fatalf("%s: %q", c.flag, e)
		}
		// Reading a file sniffs the compression, as GNU tar does.
		o, e, st := s.run("", "tar", "tvf", c.name)
		if st != 0 || o != tarListing {
			t.Fatalf("%s list: %q %q", c.flag, o, e)
		}
		// A pipe needs the option.
		data := s.read("/home/user/" + c.name)
		if c.flag == "-z" {
			_, e, st = s.run(data, "tar", "tf", "-")
			if st != 2 || e != "tar: Archive is compressed. Use -z option\ntar: Error is not recoverable: exiting now\n" {
				t.Fatalf("pipe: %q", e)
			}
			o, _, st = s.run(data, "tar", "xzOf", "-", "d/f")
			if st != 0 || o != "hello\n" {
				t.Fatalf("pipe -z: %q", o)
			}
		}
	}
}

func TestTarStdoutArchive(t *testing.T) {
	s := tarTree(t)
	arc, e, st := s.run("", "tar", "cvf", "-", "d/f")
	if st != 0 || e != "d/f\n" || len(arc) != 10240 {
		t.Fatalf("%q %d %d", e, st, len(arc))
	}
	s.fs.MkdirAll("/home/user/x", 0o755)
	o, _, st := s.run(arc, "tar", "xvf", "-", "-C", "x")
	if st != 0 || o != "d/f\n" || s.read("/home/user/x/d/f") != "hello\n" {
		t.Fatalf("%q", o)
	}
}

func TestTarAppendAndNames(t *testing.T) {
	s := tarTree(t)
	if _, e, st := s.run("", "tar", "cf", "a.tar", "d/f"); st != 0 {
		t.Fatal(e)
	}
	o, e, st := s.run("", "tar", "rvf", "a.tar", "d/e", "d/l")
	if st != 0 || o != "d/e/\nd/e/g\nd/l\n" {
		t.Fatalf("-rv: %q %q %d", o, e, st)
	}
	o, _, _ = s.run("", "tar", "tf", "a.tar")
	if o != "d/f\nd/e/\nd/e/g\nd/l\n" || len(s.read("/home/user/a.tar")) != 10240 {
		t.Fatalf("after -r: %q %d", o, len(s.read("/home/user/a.tar")))
	}
	s.run("", "tar", "czf", "a.tgz", "d/f")
	if _, e, st := s.run("", "tar", "rf", "a.tgz", "d/e"); st != 2 || e != "tar: Cannot update compressed archives\ntar: Error is not recoverable: exiting now\n" {
		t.Fatalf("-r on gzip: %q %d", e, st)
	}
	if _, e, st := s.run("", "tar", "tf"); st != 2 || e != "tar: Old option 'f' requires an argument.\nTry 'tar --help' or 'tar --usage' for more information.\n" {
		t.Fatalf("old option: %q %d", e, st)
	}
	_, e, _ = s.run("", "tar", "cf", "b.tar", "d/../d/f")
	o, _, _ = s.run("", "tar", "tf", "b.tar")
	if o != "d/f\n" || e != "tar: Removing leading `d/../' from member names\n" {
		t.Fatalf("dot-dot: %q %q", o, e)
	}
}
