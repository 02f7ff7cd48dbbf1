// Package archive holds memsh's archive and compression commands: tar,
// gzip/gunzip/zcat, xz/unxz/xzcat, bzip2/bunzip2/bzcat, zstd/unzstd/zstdcat
// and zip/unzip. They work over memfs and stream: compressing or listing
// never holds a whole input in memory.
package archive

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"memsh/memfs"
)

// bufSize is the read and write chunk every command uses.
const bufSize = 64 << 10

// statusCancelled is what a command returns when its context ends.
const statusCancelled = 130

// newWriter buffers w in one large chunk.
func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, bufSize) }

// idNames maps uids and gids to names from the sandbox's /etc/passwd and
// /etc/group (in memfs, never the host's), loaded once per command.
type idNames struct {
	fsys          *memfs.FS
	users, groups map[uint32]string
}

// userName is uid's name, or "" when the sandbox does not know it.
func (n *idNames) userName(uid uint32) string {
	if n.users == nil {
		n.users = readIDFile(n.fsys, "/etc/passwd")
	}
	return n.users[uid]
}

// groupName is gid's name, or "".
func (n *idNames) groupName(gid uint32) string {
	if n.groups == nil {
		n.groups = readIDFile(n.fsys, "/etc/group")
	}
	return n.groups[gid]
}

// readIDFile parses "name:x:ID:..." lines; the first name for an id wins.
func readIDFile(fsys *memfs.FS, p string) map[uint32]string {
	m := map[uint32]string{}
	data, err := fsys.ReadFile(p)
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ":")
		if len(f) < 3 {
			continue
		}
		id, err := strconv.ParseUint(f[2], 10, 32)
		if err != nil {
			continue
		}
		if _, ok := m[uint32(id)]; !ok {
			m[uint32(id)] = f[0]
		}
	}
	return m
}
