package memfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
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
