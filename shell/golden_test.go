package shell

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/scripts")

// TestGolden runs the txtar scripts in testdata/scripts. Each holds files
// to create (sections named by absolute path), an optional "stdin", the
// "script", and the expected "stdout", "stderr" and "status". Run with
// -update to record what memsh does now.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/scripts/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatal("no golden scripts")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			s := newTestSession(t, Options{})
			sections := map[string]string{}
			for _, f := range ar.Files {
				if strings.HasPrefix(f.Name, "/") {
					if err := s.FS().MkdirAll(filepath.Dir(f.Name), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := s.FS().WriteFile(f.Name, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				sections[f.Name] = string(f.Data)
			}
			var out, errb bytes.Buffer
			st, err := s.Run(context.Background(), sections["script"], Stdio{Stdin: strings.NewReader(sections["stdin"]), Stdout: &out, Stderr: &errb})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{"stdout": out.String(), "stderr": errb.String(), "status": strconv.Itoa(st) + "\n"}
			if *update {
				var kept []txtar.File
				for _, f := range ar.Files {
					if _, ok := got[f.Name]; !ok {
						kept = append(kept, f)
					}
				}
				for _, name := range []string{"stdout", "stderr", "status"} {
					kept = append(kept, txtar.File{Name: name, Data: []byte(got[name])})
				}
				ar.Files = kept
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"stdout", "stderr", "status"} {
				want := sections[name]
				if name == "status" && want == "" {
					want = "0\n"
				}
				if got[name] != want {
					t.Errorf("%s:\n got %q\nwant %q", name, got[name], want)
				}
			}
		})
	}
}
