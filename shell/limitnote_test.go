package shell

import (
	"strings"
	"testing"

	"memsh/memfs"
)

// TestLimitNote: a write stopped by a memfs limit keeps the command's own
// coreutils message and gains one line that names the limit; a write the
// limits allow, or a failure that is not a limit's, gains nothing.
func TestLimitNote(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   memfs.Options
		script string
		want   []string // lines of stderr, in order
	}{
		{"file size", memfs.Options{MaxFileSize: 1024}, "head -c 2000 /dev/zero > f", []string{
			"head: write error: File too large",
			"memsh: file size limit reached: no file may grow past 1024 bytes (--max-file-size)",
		}},
		{"bytes", memfs.Options{MaxBytes: 64 << 10}, "head -c 100000 /dev/zero > f; head -c 100000 /dev/zero > g", []string{
			"head: write error: No space left on device",
			"head: write error: No space left on device",
			"memsh: filesystem size limit reached: all files together may hold 65536 bytes (--max-fs-bytes)",
		}},
		{"inodes", memfs.Options{MaxInodes: 400}, "mkdir d; for i in $(seq 500); do : > d/$i || break; done", nil},
		{"within limits", memfs.Options{MaxFileSize: 1024}, "head -c 1024 /dev/zero > f; cat f > /dev/full", []string{
			"cat: write error: No space left on device",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestSession(t, Options{FSOptions: tc.opts})
			_, errs, _ := run(t, s, tc.script, "")
			got := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if tc.want == nil {
				// the box's own files count too: only the last line is sure
				last := got[len(got)-1]
				if !strings.HasPrefix(last, "memsh: file count limit reached: the filesystem may hold 400 files") {
					t.Fatalf("stderr %q: no note naming the inode limit", errs)
				}
				return
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Fatalf("stderr\n%s\nwant\n%s", errs, strings.Join(tc.want, "\n"))
			}
			// The next line, hitting nothing, says nothing more.
			if _, errs, _ := run(t, s, "true", ""); errs != "" {
				t.Fatalf("a later line repeated the note: %q", errs)
			}
		})
	}
}
