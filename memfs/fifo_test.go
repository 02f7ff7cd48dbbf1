package memfs

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFifo: a FIFO passes bytes from its writers to its readers through
// a bounded buffer, reads EOF once no writer is left, fails writes with
// EPIPE once no reader is left, and cannot seek.
func TestFifo(t *testing.T) {
	f := New(Options{})
	if err := f.Mkfifo("/p", 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.Mkfifo("/p", 0o600); !errors.Is(err, syscall.EEXIST) {
		t.Errorf("second mkfifo: %v", err)
	}
	if fi, err := f.Stat("/p"); err != nil || fi.Mode().Type() != fs.ModeNamedPipe || fi.Size() != 0 {
		t.Errorf("stat: %v %v", fi, err)
	}
	w, err := f.OpenFile("/p", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := f.Open("/p")
	if err != nil {
		t.Fatal(err)
	}
	// More than the buffer holds: the writer waits for the reader.
	big := strings.Repeat("x", 3*pipeCapacity+5)
	go func() {
		io.WriteString(w, big)
		w.Close()
	}()
	got, err := io.ReadAll(r)
	if err != nil || string(got) != big {
		t.Fatalf("read %d bytes, %v", len(got), err)
	}
	if _, err := r.Seek(0, io.SeekStart); !errors.Is(err, syscall.ESPIPE) {
		t.Errorf("seek: %v", err)
	}
	w2, _ := f.OpenFile("/p", os.O_WRONLY, 0)
	r.Close()
	if _, err := w2.Write([]byte("a")); !errors.Is(err, syscall.EPIPE) {
		t.Errorf("write with no reader: %v", err)
	}
	w2.Close()
	if err := f.Remove("/p"); err != nil {
		t.Error(err)
	}
}

// TestFifoUntracked: a FIFO made by MkfifoUntracked works as a FIFO, and
// neither it nor its removal reaches the undo journal: the step that
// made and removed it lists only the file made beside it, and undoing
// a step while the FIFO exists leaves it alone.
func TestFifoUntracked(t *testing.T) {
	f := New(Options{})
	f.MkdirAll("/dev/fd", 0o755)
	f.EnableUndo(0, 0)
	step := f.Checkpoint("cmd")
	if err := f.MkfifoUntracked("/dev/fd/63", 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.MkfifoUntracked("/dev/fd/63", 0o600); !errors.Is(err, syscall.EEXIST) {
		t.Errorf("second mkfifo: %v", err)
	}
	w, _ := f.OpenFile("/dev/fd/63", os.O_WRONLY, 0)
	r, _ := f.OpenFile("/dev/fd/63", os.O_RDONLY, 0)
	w.Write([]byte("hi"))
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "hi" {
		t.Errorf("read %q", b)
	}
	r.Close()
	f.WriteFile("/f", []byte("x"), 0o644)
	if err := f.Remove("/dev/fd/63"); err != nil {
		t.Fatal(err)
	}
	f.Checkpoint("next")
	info, ok := f.UndoStep(step)
	if !ok || len(info.Changes) != 1 || info.Changes[0].Path != "/f" {
		t.Errorf("step %d (%v): %+v", step, ok, info.Changes)
	}
	f.MkfifoUntracked("/dev/fd/62", 0o600)
	if _, err := f.Undo(step); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat("/f"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("/f after undo: %v", err)
	}
	if fi, err := f.Stat("/dev/fd/62"); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the pipe after undo: %v %v", fi, err)
	}
}

// TestFifoOpenWaits: OpenFileContext waits for the other end as open(2)
// does: a reader for a writer, a writer for a reader; O_RDWR and a
// reader with O_NONBLOCK do not wait; a writer with O_NONBLOCK and no
// reader fails with ENXIO; a cancelled wait fails with ctx's error and
// leaves no end open. Synchronised on the opens themselves, not sleeps.
func TestFifoOpenWaits(t *testing.T) {
	f := New(Options{})
	if err := f.Mkfifo("/p", 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opened := make(chan *File)
	go func() {
		r, err := f.OpenFileContext(ctx, "/p", os.O_RDONLY, 0)
		if err != nil {
			t.Error(err)
		}
		opened <- r
	}()
	// The writer's open waits for the reader, which waits for it.
	w, err := f.OpenFileContext(ctx, "/p", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := <-opened
	w.Write([]byte("hi"))
	w.Close()
	if b, err := io.ReadAll(r); string(b) != "hi" || err != nil {
		t.Errorf("read %q %v", b, err)
	}
	r.Close()

	rw, err := f.OpenFileContext(ctx, "/p", os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	rw.Write([]byte("lost"))
	rw.Close()
	if _, err := f.OpenFileContext(ctx, "/p", os.O_WRONLY|syscall.O_NONBLOCK, 0); !errors.Is(err, syscall.ENXIO) {
		t.Errorf("nonblocking writer: %v", err)
	}
	nr, err := f.OpenFileContext(ctx, "/p", os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	// What the O_RDWR end wrote went with the last close.
	if b, err := io.ReadAll(nr); len(b) != 0 || err != nil {
		t.Errorf("read %q %v after every end closed", b, err)
	}
	nr.Close()

	cctx, cancel := context.WithCancel(ctx)
	errc := make(chan error)
	go func() {
		_, err := f.OpenFileContext(cctx, "/p", os.O_WRONLY, 0)
		errc <- err
	}()
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled open: %v", err)
	}
	// The cancelled writer is gone: a write with a reader open, then
	// no writer left, so the reader sees EOF.
	nr, _ = f.OpenFile("/p", os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if b, err := io.ReadAll(nr); len(b) != 0 || err != nil {
		t.Errorf("read %q %v after a cancelled writer", b, err)
	}
	nr.Close()
}

// TestFifoDeadline: a read waiting on a FIFO with a writer that writes
// nothing ends at its deadline (os.ErrDeadlineExceeded) or when the
// file is closed (EBADF); data written later is still read.
func TestFifoDeadline(t *testing.T) {
	f := New(Options{})
	f.Mkfifo("/p", 0o644)
	rw, _ := f.OpenFile("/p", os.O_RDWR, 0)
	rw.SetReadDeadline(time.Now())
	if _, err := rw.Read(make([]byte, 4)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("read past the deadline: %v", err)
	}
	rw.SetReadDeadline(time.Time{})
	rw.Write([]byte("ok"))
	if b := make([]byte, 4); true {
		if n, err := rw.Read(b); string(b[:n]) != "ok" || err != nil {
			t.Errorf("read %q %v", b[:n], err)
		}
	}
	done := make(chan error)
	go func() {
		_, err := rw.Read(make([]byte, 4))
		done <- err
	}()
	// The read is waiting or about to; closing ends it either way.
	rw.Close()
	if err := <-done; !errors.Is(err, syscall.EBADF) {
		t.Errorf("read of a closed file: %v", err)
	}
	if err := rw.SetReadDeadline(time.Now()); !errors.Is(err, syscall.EBADF) {
		t.Errorf("deadline on a closed file: %v", err)
	}
}

// TestFifoTar: a FIFO goes into a tar archive as a FIFO member (type
// '6', its mode, no data; /dev/fd's FIFOs stay out) and comes back as a
// FIFO; a host directory's FIFO loads as one without being opened.
func TestFifoTar(t *testing.T) {
	f := New(Options{})
	f.MkdirAll("/d/dev/fd", 0o755)
	f.MkdirAll("/dev/fd", 0o755)
	f.Mkfifo("/d/p", 0o640)
	f.Mkfifo("/dev/fd/63", 0o600)
	var buf bytes.Buffer
	if err := f.ExportTar(&buf, "/"); err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(bytes.NewReader(buf.Bytes()))
	var fifos []string
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		if h.Typeflag == tar.TypeFifo {
			fifos = append(fifos, fmt.Sprintf("%s %o %d", h.Name, h.Mode, h.Size))
		}
	}
	if got := strings.Join(fifos, ","); got != "d/p 640 0" {
		t.Errorf("fifo members: %q", got)
	}
	g := New(Options{})
	if err := g.ImportTar(bytes.NewReader(buf.Bytes()), "/x"); err != nil {
		t.Fatal(err)
	}
	if fi, err := g.Lstat("/x/d/p"); err != nil || fi.Mode().String() != "prw-r-----" {
		t.Errorf("imported: %v %v", fi, err)
	}

	host := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(host, "hp"), 0o600); err != nil {
		t.Skip("no host FIFO:", err)
	}
	if err := g.ImportDir(host, "/h"); err != nil {
		t.Fatal(err)
	}
	if fi, err := g.Lstat("/h/hp"); err != nil || fi.Mode().String() != "prw-------" {
		t.Errorf("loaded from a host directory: %v %v", fi, err)
	}
}
