// Package archive holds memsh's archive and compression commands: tar,
// gzip/gunzip/zcat, xz/unxz/xzcat, bzip2/bunzip2/bzcat, zstd/unzstd/zstdcat
// and zip/unzip. They work over memfs and stream: compressing or listing
// never holds a whole input in memory.
package archive

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// bufSize is the read and write chunk every command uses.
const bufSize = 64 << 10

// statusCancelled is what a command returns when its context ends.
const statusCancelled = 130

// ctxReader fails a Read once the context is done, so every copy loop
// stops on Ctrl-C without checking the context itself.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF && c.ctx.Err() != nil {
		return n, c.ctx.Err()
	}
	return n, err
}

// ctxWriter fails a Write once the context is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// nopCloser keeps stdin open when a command is done with it.
type nopCloser struct{ io.Reader }

func (nopCloser) Close() error { return nil }

// dirReader stands for an opened directory: reading it fails with EISDIR,
// as read(2) does.
type dirReader struct{ name string }

func (d dirReader) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: syscall.EISDIR}
}

// openInput opens an operand for reading: "-" is stdin, anything else a
// memfs path. A directory opens, and fails on the first read with EISDIR.
func openInput(ctx context.Context, inv *command.Invocation, name string) (io.ReadCloser, error) {
	if name == "-" {
		return nopCloser{ctxReader{ctx, inv.Stdin}}, nil
	}
	f, err := inv.FS.Open(inv.Abs(name))
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nopCloser{dirReader{name}}, nil
	}
	return struct {
		io.Reader
		io.Closer
	}{ctxReader{ctx, f}, f}, nil
}

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

// location is the time zone for printed times: UTC unless TZ names one.
func location(inv *command.Invocation) *time.Location {
	tz, ok := inv.LookupEnv("TZ")
	if !ok || tz == "" || tz == "UTC" || tz == "UTC0" {
		return time.UTC
	}
	if loc, err := time.LoadLocation(strings.TrimPrefix(tz, ":")); err == nil {
		return loc
	}
	return time.UTC
}
