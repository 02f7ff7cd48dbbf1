package shell

import (
	"fmt"
	"io"

	"memsh/memfs"
)

// noteLimits says which memfs limit stopped a write or a create during a
// Run. Commands report EFBIG and ENOSPC the way coreutils and CPython do
// ("head: write error: File too large", "OSError: [Errno 28] No space
// left on device"), which tells neither that the limit is memsh's nor
// which one it was; one line per limit hit, after the command's own
// message, does.
func (c *core) noteLimits(w io.Writer, before memfs.LimitHits) {
	after := c.fs.LimitHits()
	if after == before {
		return
	}
	u := c.fs.Usage()
	for l := range after {
		if after[l] == before[l] {
			continue
		}
		switch memfs.Limit(l) {
		case memfs.LimitFileSize:
			fmt.Fprintf(w, "memsh: file size limit reached: no file may grow past %d bytes (--max-file-size)\n", u.MaxFileSize)
		case memfs.LimitBytes:
			fmt.Fprintf(w, "memsh: filesystem size limit reached: all files together may hold %d bytes (--max-fs-bytes)\n", u.MaxBytes)
		case memfs.LimitMemory:
			fmt.Fprintf(w, "memsh: memory limit for files reached: all files together may hold %d bytes, half of this machine's memory (--max-fs-bytes sets a limit of your own)\n", c.fs.MemoryCeiling())
		case memfs.LimitInodes:
			fmt.Fprintf(w, "memsh: file count limit reached: the filesystem may hold %d files and directories\n", u.MaxInodes)
		}
	}
}
