package fileutil

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// A differential check: each script (one argv per line, words split on
// spaces, "\s" for a space inside a word) runs against memsh's commands
// over memfs and against the host's GNU coreutils in a temp dir; stdout,
// stderr and statuses must match. Skipped where the host has no GNU tools.
var diffScripts = []string{
	// mkdir / rmdir / rm
	"mkdir a\nmkdir a\nmkdir -p a/b/c\nmkdir -pv x/y\nls -R\nrmdir a\nrmdir -p a/b/c\nls",
	"mkdir -m 700 m\nmkdir -m u=rwx,g=rx,o= m2\nmkdir -m +t m3\nmkdir -m bad z\nls -l",
	"mkdir\nrmdir\nrm\nrm -f\ntouch\nmkdir x/y\ntouch x/y",
	"mkdir -p d/e\nput f hi\nrm d\nrm -d d\nrm nope\nrm -f nope\nrm -r .\nrm -r d/.\nrm -r /\nrm f/\nrm -rv d\nls",
	"mkdir -p a/b/c a/x\nrmdir -p a/b/c\nrmdir --ignore-fail-on-non-empty a\nrmdir -v a/x\nrmdir nope\nput f x\nrmdir f\nls -R",
	// touch
	"touch -d 2020-01-02\\s03:04:05 t1\ntouch -t 202001011200.30 t2\ntouch -d bogus t3\ntouch -t 99 t3\ntouch -c nope\nls -l --full-time",
	// chmod
	"put f x\nchmod 444 f\nchmod +w f\nchmod -v 755 f\nchmod -v 755 f\nchmod -c 755 f\nchmod -c 644 f\nchmod bad f\nchmod 644 nope\nchmod -f 644 nope\nchmod\nchmod 644",
	"put f x\nchmod u+s,g+s,+t f\nls -l f\nchmod -v a= f\nchmod -v u=rw,go=u f\nchmod -v g=u-w f\nchmod 8 f\nmkdir d\nchmod -R -v 700 d\nchmod -v +X f d\nchmod -w f\nls -l f\nchmod -v o-r,g+x f",
	// cp
	"put a hi\nmkdir d e\nln -s a la\nln -s d ld\ncp\ncp a\ncp a a\ncp d x\ncp nope x\ncp a nodir/x\ncp a b c\ncp -v a b\ncp -v a d\ncp -rv d e\ncp -n a b\ncp -T a d\ncp -rT d e2\nls -R",
	"put a hi\nmkdir d\nln -s a la\nln -s d ld\ncp -v la lb\nls -l\ncp -rv la ld lc/\nmkdir e3\ncp -rv la ld e3\nls -l e3\ncp -av la la2\ncp -P la la3\nls -l la2 la3\ncp a/ z",
	"put a hi\nmkdir d\nput f x\ncp -r d f\ncp a f d/\ncp a f f2\ncp a f f\ncp -rT d f\nmkdir -p s/t\ncp -r s s\ncp -s a sy\ncp -l a hl\ncp -vs a d/sy\ncp -t nope a\ncp -t f a\nls -lR",
	// mv
	"put a hi\nmkdir d e\nmv\nmv a\nmv a a\nmv d d/x\nput b x\nmv -v b b2\nmv nope x\nmv -v b2 d\nmv -n a d/b2\nmv -T a d\nmkdir e/d\nput e/d/z z\nmv d e\nmv -v d e\nls -R",
	"put a hi\nmkdir d\nput f x\nmv d f\nmv a f f\nmkdir -p s/t\nmv s s/t/u\nmv s s\nmv s/ s2/\nmv -t nope a\nmv -v a f\nls -l",
	// ln
	"put a hi\nmkdir d\nln\nln a\nln a b\nln a b\nln -v a c\nln -s a s1\nln -sv a d\nln -s a s1\nln -sf b s1\nln -sfv b s1\nln d hd\nln nope x\nln -s nope dangling\nln -sn d ld\nln -sfn a ld\nln -sf a ld2\nln -s d ld3\nln -sf a ld3\nls -l ld3 d\nln -T a d\nln -sT a d\nln a b c\nln -t d a\nln -r\nln -sr a d/rel\nln -L s1 hl\nln -P s1 hl2\nls -l",
	// readlink, realpath
	"put a hi\nmkdir d\nln -s a la\nln -s nope dang\nln -s loop1 loop2\nln -s loop2 loop1\nreadlink\nreadlink a\nreadlink -v a\nreadlink la dang\nreadlink -f la dang nope/x d/ a/\nreadlink -e dang\nreadlink -m nope/../x a/b\nreadlink -f loop1\nreadlink -ve loop1\nreadlink -n la\nreadlink -fv nope/x",
	"put a hi\nmkdir d\nln -s a la\nln -s nope dang\nln -s loop1 loop2\nln -s loop2 loop1\nrealpath\nrealpath la dang nope/x\nrealpath -e dang\nrealpath -m nope/../x\nrealpath -s la\nrealpath --relative-to=d a\nrealpath --relative-to=d/x/y a .\nrealpath loop1\nrealpath -q nope/x\nrealpath it's/x\nrealpath --relative-base=d a d/q\nrealpath -z a d",
}

func TestDifferential(t *testing.T) {
	if _, err := exec.LookPath("ls"); err != nil {
		t.Skip("no host coreutils")
	}
	if out, err := exec.Command("ls", "--version").Output(); err != nil || !bytes.Contains(out, []byte("GNU coreutils")) {
		t.Skip("host ls is not GNU coreutils")
	}
	table := map[string]command.Func{}
	for _, c := range Commands() {
		table[c.Name] = c.Run
	}
	for _, script := range diffScripts {
		t.Run(strings.ReplaceAll(strings.SplitN(script, "\n", 2)[0], "/", "_"), func(t *testing.T) {
			host := t.TempDir()
			fsys := memfs.New(memfs.Options{})
			if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
				t.Fatal(err)
			}
			fsys.MkdirAll("/etc", 0o755)
			fsys.WriteFile("/etc/passwd", []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644)
			fsys.WriteFile("/etc/group", []byte("root:x:0:\n"), 0o644)
			for _, line := range strings.Split(script, "\n") {
				argv := strings.Fields(line)
				for i := range argv {
					argv[i] = strings.ReplaceAll(argv[i], `\s`, " ")
				}
				if argv[0] == "put" {
					os.WriteFile(filepath.Join(host, argv[1]), []byte(argv[2]), 0o644)
					fsys.WriteFile("/home/user/"+argv[1], []byte(argv[2]), 0o644)
					continue
				}
				cmd := exec.Command(argv[0], argv[1:]...)
				cmd.Dir = host
				cmd.Env = []string{"LANG=C.UTF-8", "TZ=UTC", "PATH=" + os.Getenv("PATH")}
				var hout, herr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &hout, &herr
				cmd.Run()
				hstatus := cmd.ProcessState.ExitCode()
				run := table[argv[0]]
				if run == nil {
					t.Fatalf("no command %s", argv[0])
				}
				var mout, merr bytes.Buffer
				inv := &command.Invocation{
					Args:    argv,
					Stdio:   command.Stdio{Stdin: strings.NewReader(""), Stdout: &mout, Stderr: &merr},
					FS:      fsys,
					Dir:     "/home/user",
					Environ: []string{"LANG=C.UTF-8", "HOME=/home/user"},
					Width:   80,
				}
				mstatus := run(context.Background(), inv)
				ho := strings.ReplaceAll(hout.String(), host, "/home/user")
				he := strings.ReplaceAll(herr.String(), host, "/home/user")
				if ho != mout.String() || he != merr.String() || hstatus != mstatus {
					t.Errorf("%s\n--- host (%d):\n%s%s--- memsh (%d):\n%s%s", line, hstatus, ho, he, mstatus, mout.String(), merr.String())
				}
			}
		})
	}
}
