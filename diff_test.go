package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "time/tzdata" // the zones TestDifferentialAnyDate uses, on any machine

	"github.com/rogpeppe/go-internal/txtar"

	"memsh/shell"
)

var update = flag.Bool("update", false, "rewrite testdata/diff goldens from the host's bash and coreutils")

// TestDifferential runs every script in testdata/diff in memsh and checks
// stdout and the exit status against the golden recorded from GNU bash and
// coreutils. Where the host has bash, the script is also run there, so a
// golden that no longer matches real bash is caught too; -update rewrites
// the goldens from the host.
//
// Each archive holds a "script" file and the expected "stdout" and
// "status". Scripts run in an empty working directory and must not print
// anything that differs between machines (absolute paths, owners, dates).
func TestDifferential(t *testing.T) {
	runCorpus(t, "testdata/diff/*.txtar", false)
}

// TestKnownGaps runs testdata/diff/gaps: scripts where memsh is known to
// differ from bash (each says why), so the list of gaps stays true. When
// one starts to pass, this test fails: move it into testdata/diff.
func TestKnownGaps(t *testing.T) {
	if files, _ := filepath.Glob("testdata/diff/gaps/*.txtar"); len(files) == 0 {
		t.Skip("no known gaps: every one found so far is fixed")
	}
	runCorpus(t, "testdata/diff/gaps/*.txtar", true)
}

// TestDifferentialAnyDate runs the corpus in memsh (the goldens are not
// re-checked against bash) under fixed clocks and time zones: a day of
// the month with one digit and one with two, just before midnight UTC
// and at a year's end, in UTC and in a zone fourteen hours ahead, where
// the local date is another day. A script whose result moves with the
// date or the zone (the width of ls -l's date column, say) fails here
// on every day rather than on some days of some months.
func TestDifferentialAnyDate(t *testing.T) {
	files, err := filepath.Glob("testdata/diff/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no differential scripts: %v", err)
	}
	dates := []time.Time{
		time.Date(2026, time.March, 5, 23, 30, 0, 0, time.UTC),
		time.Date(2027, time.December, 31, 22, 15, 0, 0, time.UTC),
	}
	zones := []string{"UTC", "Etc/GMT-14"}
	for _, date := range dates {
		for _, zone := range zones {
			t.Run(date.Format("2006-01-02")+"/"+zone, func(t *testing.T) {
				t.Parallel()
				for _, file := range files {
					ar, err := txtar.ParseFile(file)
					if err != nil {
						t.Fatal(err)
					}
					sections := map[string]string{}
					for _, f := range ar.Files {
						sections[f.Name] = string(f.Data)
					}
					start := time.Now()
					clock := func() time.Time { return date.Add(time.Since(start)) }
					out, status := runMemsh(t, sections["script"], clock, zone)
					name := strings.TrimSuffix(filepath.Base(file), ".txtar")
					if out != sections["stdout"] || strconv.Itoa(status) != strings.TrimSpace(sections["status"]) {
						t.Errorf("%s: the result depends on the date or zone: status %d, stdout\n%s--- want status %s, stdout\n%s",
							name, status, out, strings.TrimSpace(sections["status"]), sections["stdout"])
					}
				}
			})
		}
	}
}

func runCorpus(t *testing.T, glob string, gaps bool) {
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no differential scripts match %s", glob)
	}
	bash, _ := exec.LookPath("bash")
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{}
			for _, f := range ar.Files {
				sections[f.Name] = string(f.Data)
			}
			script, ok := sections["script"]
			if !ok {
				t.Fatalf("%s: no script section", file)
			}
			if bash != "" {
				hostOut, hostStatus := runHost(t, bash, script)
				if *update {
					if hostOut != "" && !strings.HasSuffix(hostOut, "\n") {
						t.Fatalf("%s: stdout must end with a newline to be stored in txtar", file)
					}
					writeGolden(t, file, ar, hostOut, hostStatus)
					sections["stdout"], sections["status"] = hostOut, strconv.Itoa(hostStatus)+"\n"
				} else if hostOut != sections["stdout"] || strconv.Itoa(hostStatus)+"\n" != sections["status"] {
					t.Errorf("golden no longer matches the host's bash: host stdout %q status %d; run go test -run TestDifferential -update", hostOut, hostStatus)
				}
			}
			out, status := runMemsh(t, script, nil, "")
			if gaps {
				if out == sections["stdout"] && strconv.Itoa(status) == strings.TrimSpace(sections["status"]) {
					t.Errorf("memsh now matches bash here: move %s into testdata/diff", file)
				}
				return
			}
			if want := sections["stdout"]; out != want {
				t.Errorf("stdout differs from GNU bash/coreutils\n--- script\n%s--- memsh\n%s--- want\n%s", script, out, want)
			}
			if want := strings.TrimSpace(sections["status"]); strconv.Itoa(status) != want {
				t.Errorf("status: memsh %d, want %s\n--- script\n%s", status, want, script)
			}
		})
	}
}

// diffEnv is what both sides see: the same locale, zone and variables.
var diffEnv = []string{"LANG=C.UTF-8", "TZ=UTC", "LC_ALL=", "COLUMNS=80"}

// runMemsh runs script in a fresh session. clock, when not nil, is the
// session's clock; tz, when not "", replaces diffEnv's TZ.
func runMemsh(t *testing.T, script string, clock func() time.Time, tz string) (string, int) {
	t.Helper()
	env := append([]string{}, diffEnv...)
	if tz != "" {
		env = append(env, "TZ="+tz)
	}
	sess, err := shell.New(shell.Options{Env: env, Dir: "/home/user/work", Script: true, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if err := sess.FS().MkdirAll("/home/user/work", 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	status, err := sess.Run(ctx, "cd /home/user/work\n"+script, shell.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	if err != nil {
		t.Fatalf("memsh failed: %v (stderr %q)", err, errb.String())
	}
	return out.String(), status
}

func runHost(t *testing.T, bash, script string) (string, int) {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", script)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=/usr/bin:/bin", "HOME=" + dir, "TMPDIR=" + dir}, diffEnv...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stdin = strings.NewReader("")
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("host bash: %v", err)
	}
	return out.String(), status
}

func writeGolden(t *testing.T, file string, ar *txtar.Archive, stdout string, status int) {
	t.Helper()
	var files []txtar.File
	for _, f := range ar.Files {
		if f.Name == "script" {
			files = append(files, f)
		}
	}
	files = append(files,
		txtar.File{Name: "stdout", Data: []byte(stdout)},
		txtar.File{Name: "status", Data: []byte(strconv.Itoa(status) + "\n")})
	ar.Files = files
	if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}
