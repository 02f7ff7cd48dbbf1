package memfs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// modelNode is what the model keeps of one path: everything undo must
// put back. Hard links are compared through the group of paths sharing
// an inode number.
type modelNode struct {
	mode   fs.FileMode
	mtime  int64
	data   string
	target string
	nlink  int
	links  string // the sorted paths of the inode, for hard links
}

// model reads the whole tree into plain values.
func model(t *testing.T, f *FS) map[string]modelNode {
	t.Helper()
	m := map[string]modelNode{}
	byIno := map[uint64][]string{}
	for _, e := range f.Snapshot("/") {
		if strings.HasPrefix(e.Path, "/dev") {
			continue
		}
		n := modelNode{mode: e.Mode, mtime: e.ModTime.UnixNano(), nlink: e.Nlink}
		switch {
		case e.Mode.Type() == fs.ModeSymlink:
			n.target, _ = f.Readlink(e.Path)
		case e.Mode.IsRegular():
			b, err := f.ReadFile(e.Path)
			if err != nil && !errors.Is(err, fs.ErrPermission) {
				t.Fatalf("read %s: %v", e.Path, err)
			}
			n.data = string(b)
			byIno[e.Ino] = append(byIno[e.Ino], e.Path)
		}
		m[e.Path] = n
	}
	for _, ps := range byIno {
		slices.Sort(ps)
		for _, p := range ps {
			n := m[p]
			n.links = strings.Join(ps, ",")
			m[p] = n
		}
	}
	return m
}

func diffModels(want, got map[string]modelNode) string {
	var out []string
	for p, w := range want {
		if g, ok := got[p]; !ok {
			out = append(out, "missing "+p)
		} else if g != w {
			out = append(out, fmt.Sprintf("%s: got %+v want %+v", p, g, w))
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			out = append(out, "extra "+p)
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// liveBytes is the capacity the live tree holds (hard links once).
func liveBytes(f *FS) int64 {
	seen := map[uint64]bool{}
	var sum int64
	for _, e := range f.Snapshot("/") {
		if !seen[e.Ino] {
			seen[e.Ino] = true
			sum += e.Cap
		}
	}
	return sum
}

// checkBytes proves the byte count is the live capacity plus what the
// journal owns.
func checkBytes(t *testing.T, f *FS, when string) {
	t.Helper()
	j := f.jr.Load()
	j.mu.Lock()
	held := j.held
	j.mu.Unlock()
	if got, want := f.bytes.Load(), liveBytes(f)+held; got != want {
		t.Fatalf("%s: byte count %d, live %d + held %d = %d", when, got, liveBytes(f), held, want)
	}
}

func testClock() func() time.Time {
	var ns int64 = 1e18
	return func() time.Time { ns += 1000; return time.Unix(0, ns) }
}

// mutate applies one random change; failures (a missing path...) are fine.
func mutate(f *FS, r *rand.Rand) {
	names := []string{"/a", "/b", "/d/c", "/d/e", "/d/sub/f", "/g", "/d2/h"}
	dirs := []string{"/d", "/d/sub", "/d2", "/d3"}
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	blob := func() []byte { return bytes.Repeat([]byte{byte('a' + r.IntN(26))}, r.IntN(3000)) }
	switch r.IntN(15) {
	case 0:
		f.WriteFile(pick(names), blob(), 0o644)
	case 1: // append
		if fl, err := f.OpenFile(pick(names), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			fl.Write(blob())
			fl.Close()
		}
	case 2: // overwrite in place
		if fl, err := f.OpenFile(pick(names), os.O_WRONLY, 0); err == nil {
			fl.WriteAt([]byte("XY"), int64(r.IntN(100)))
			fl.Close()
		}
	case 3:
		f.Truncate(pick(names), int64(r.IntN(4000)))
	case 4:
		f.Remove(pick(names))
	case 5:
		f.RemoveAll(pick(dirs))
	case 6:
		f.Rename(pick(names), pick(names))
	case 7:
		f.Rename(pick(dirs), pick(dirs))
	case 8:
		f.Link(pick(names), pick(names))
	case 9:
		f.Symlink(pick(names), pick(names))
	case 10:
		f.Chmod(pick(names), fs.FileMode(r.IntN(0o1000)))
	case 11:
		f.Chtimes(pick(names), time.Time{}, time.Unix(int64(r.IntN(1e9)), 0))
	case 12:
		f.MkdirAll(pick(dirs), 0o755)
	case 13:
		f.Mkdir(pick(dirs), 0o700)
	case 14: // truncate through O_TRUNC then write
		if fl, err := f.OpenFile(pick(names), os.O_WRONLY|os.O_TRUNC, 0); err == nil {
			fl.Write(blob())
			fl.Close()
		}
	}
}

// TestUndoModel: random steps of random changes, then undo to random
// earlier checkpoints; each must give back exactly the tree it saw, and
// the byte count must stay honest throughout.
func TestUndoModel(t *testing.T) {
	for seed := range uint64(40) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 7))
			f := New(Options{Now: testClock()})
			f.EnableUndo(100, 1<<40)
			f.MkdirAll("/d/sub", 0o755)
			f.WriteFile("/a", []byte("hello"), 0o644)
			f.WriteFile("/d/c", []byte("world"), 0o600)
			f.Link("/a", "/g")
			var ids []uint64
			var states []map[string]modelNode
			for range 12 {
				ids = append(ids, f.Checkpoint("step"))
				states = append(states, model(t, f))
				for range 1 + r.IntN(6) {
					mutate(f, r)
				}
				checkBytes(t, f, "after a step")
			}
			for len(ids) > 0 {
				k := r.IntN(len(ids))
				if _, err := f.Undo(ids[k]); err != nil {
					t.Fatal(err)
				}
				if d := diffModels(states[k], model(t, f)); d != "" {
					t.Fatalf("undo to step %d:\n%s", k, d)
				}
				checkBytes(t, f, "after undo")
				ids, states = ids[:k], states[:k]
				// new changes after an undo are undoable too
				if r.IntN(2) == 0 {
					ids = append(ids, f.Checkpoint("again"))
					states = append(states, model(t, f))
					mutate(f, r)
				}
			}
			if j := f.jr.Load(); j.held != 0 {
				t.Errorf("journal still holds %d bytes with nothing to undo", j.held)
			}
		})
	}
}

// TestUndoOpenFile: a file removed by a step and still open stays usable;
// undo brings the name back with the bytes the step saw.
func TestUndoOpenFile(t *testing.T) {
	f := New(Options{Now: testClock()})
	f.EnableUndo(0, 0)
	f.WriteFile("/f", []byte("keep"), 0o644)
	id := f.Checkpoint("rm f")
	fl, _ := f.OpenFile("/f", os.O_RDWR, 0)
	f.Remove("/f")
	fl.WriteAt([]byte("XX"), 0)
	fl.Close()
	res, err := f.Undo(id)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := f.ReadFile("/f"); string(b) != "keep" {
		t.Errorf("after undo /f = %q, want keep", b)
	}
	if res.Paths != 1 || len(res.Steps) != 1 || res.Steps[0].Label != "rm f" {
		t.Errorf("result %+v", res)
	}
	checkBytes(t, f, "end")
}

// TestUndoCopiesOnce: writes after a checkpoint copy each chunk they
// touch once (here the first two of 16), and nothing of other files.
func TestUndoCopiesOnce(t *testing.T) {
	f := New(Options{})
	f.EnableUndo(0, 0)
	big := bytes.Repeat([]byte("x"), 1<<20)
	f.WriteFile("/big", big, 0o644)
	f.WriteFile("/other", big, 0o644)
	f.Checkpoint("w")
	before := f.copied.Load()
	fl, _ := f.OpenFile("/big", os.O_WRONLY, 0)
	for i := range 100 {
		fl.WriteAt([]byte("y"), int64(i*1000))
	}
	fl.Close()
	if c := f.copied.Load() - before; c != 2*chunkSize {
		t.Errorf("100 writes into the first 100 KB after a checkpoint copied %d bytes, want the two chunks they touch (%d)", c, 2*chunkSize)
	}
	checkBytes(t, f, "after the writes")
	if st, _ := f.UndoStep(f.jr.Load().cur.Load().id); len(st.Changes) != 1 || st.Changes[0] != (Change{Path: "/big", Kind: '~'}) || st.Written != 100 {
		t.Errorf("step %+v", st)
	}
}

// TestUndoLimits: the step limit and the budget drop the oldest history,
// give its bytes back, and Undo names the limit.
func TestUndoLimits(t *testing.T) {
	f := New(Options{})
	f.EnableUndo(3, 0)
	var ids []uint64
	for i := range 5 {
		ids = append(ids, f.Checkpoint("w"))
		f.WriteFile("/f", []byte(strings.Repeat("x", i+1)), 0o644)
	}
	if _, err := f.Undo(ids[0]); !errors.Is(err, ErrUndoDropped) || !strings.Contains(err.Error(), "last 3 commands") {
		t.Errorf("undo past the step limit: %v", err)
	}
	if _, err := f.Undo(ids[2]); err != nil {
		t.Fatal(err)
	}
	if b, _ := f.ReadFile("/f"); string(b) != "xx" {
		t.Errorf("/f = %q", b)
	}

	f = New(Options{MaxBytes: 3 << 20})
	f.EnableUndo(0, 1<<20)
	f.WriteFile("/f", make([]byte, 600<<10), 0o644)
	first := f.Checkpoint("1")
	f.WriteFile("/f", make([]byte, 600<<10), 0o644) // holds 600 KiB
	f.Checkpoint("2")
	f.WriteFile("/f", make([]byte, 600<<10), 0o644) // 1.2 MiB > budget: step 1 goes
	_, err := f.Undo(first)
	if !errors.Is(err, ErrUndoDropped) || !strings.Contains(err.Error(), "undo memory budget (1 MiB)") {
		t.Errorf("undo past the budget: %v", err)
	}
	checkBytes(t, f, "budget")

	// a write that needs the room the history holds gets it
	f = New(Options{MaxBytes: 2 << 20})
	f.EnableUndo(0, 1<<30)
	f.WriteFile("/f", make([]byte, 900<<10), 0o644)
	first = f.Checkpoint("rm")
	f.Remove("/f")
	if err := f.WriteFile("/g", make([]byte, 1500<<10), 0o644); err != nil {
		t.Fatalf("write needing the history's room: %v", err)
	}
	if _, err := f.Undo(first); !errors.Is(err, ErrUndoDropped) || !strings.Contains(err.Error(), "MaxBytes") {
		t.Errorf("undo after the history made room: %v", err)
	}
	checkBytes(t, f, "reclaim")
}

// BenchmarkCheckpoint: a checkpoint and a one-file change cost the same
// in a 10-file and a 10,000-file tree.
func BenchmarkCheckpoint(b *testing.B) {
	for _, total := range []int{10, 10000} {
		b.Run(fmt.Sprintf("tree=%d", total), func(b *testing.B) {
			f := New(Options{})
			f.EnableUndo(0, 0)
			for i := range 100 {
				f.MkdirAll(fmt.Sprintf("/d%d", i), 0o755)
			}
			for i := range total {
				f.WriteFile(fmt.Sprintf("/d%d/f%d", i%100, i), []byte("some bytes"), 0o644)
			}
			data := []byte("new")
			b.ReportAllocs()
			for b.Loop() {
				f.Checkpoint("echo new > /d1/f1")
				f.WriteFile("/d1/f1", data, 0o644)
			}
		})
	}
}

// TestUndoHammer: writers, renamers and removers run while steps start
// and undo runs; under -race this checks the journal's locking, and the
// byte count must balance at the end.
func TestUndoHammer(t *testing.T) {
	f := New(Options{MaxBytes: 8 << 20})
	f.EnableUndo(20, 2<<20)
	f.MkdirAll("/d", 0o755)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			for {
				select {
				case <-done:
					return
				default:
				}
				name := fmt.Sprintf("/d/f%d", r.IntN(8))
				switch r.IntN(5) {
				case 0:
					f.WriteFile(name, make([]byte, r.IntN(50000)), 0o644)
				case 1:
					if fl, err := f.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0); err == nil {
						fl.Write(make([]byte, r.IntN(5000)))
						fl.Close()
					}
				case 2:
					f.Rename(name, fmt.Sprintf("/d/f%d", r.IntN(8)))
				case 3:
					f.Remove(name)
				case 4:
					f.Truncate(name, int64(r.IntN(1000)))
				}
			}
		}()
	}
	r := rand.New(rand.NewPCG(9, 9))
	var ids []uint64
	for range 300 {
		ids = append(ids, f.Checkpoint("x"))
		if r.IntN(4) == 0 {
			k := r.IntN(len(ids))
			f.Undo(ids[k]) // may name a dropped step: fine
			ids = ids[:k]
		}
		f.UndoSteps()
	}
	close(done)
	wg.Wait()
	checkBytes(t, f, "after the hammer")
}

// TestUndoNoRoomToCopy: a write into a file the history shares, with no
// room left for the copy, drops the history and writes in place.
func TestUndoNoRoomToCopy(t *testing.T) {
	f := New(Options{MaxBytes: 1 << 20})
	f.EnableUndo(0, 0)
	f.WriteFile("/f", make([]byte, 1000<<10), 0o644) // no room for a copy of a chunk
	f.Checkpoint("w")
	fl, err := f.OpenFile("/f", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fl.WriteAt([]byte("x"), 10); err != nil {
		t.Errorf("write with no room for the copy: %v", err)
	}
	fl.Close()
	if _, lost := f.UndoLost(); !strings.Contains(lost, "MaxBytes") {
		t.Errorf("history not dropped for the write: %q", lost)
	}
	checkBytes(t, f, "no room")
}

// TestUndoClosedOrphan: a step that wrote into an unlinked file through
// its descriptor, undone after the last Close, leaves the inode freed
// (its bytes are not counted any more).
func TestUndoClosedOrphan(t *testing.T) {
	f := New(Options{})
	f.EnableUndo(0, 0)
	f.WriteFile("/f", make([]byte, 1000), 0o644)
	fl, err := f.OpenFile("/f", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Remove("/f")
	id := f.Checkpoint("write")
	fl.Write(make([]byte, 3000))
	fl.Close()
	if _, err := f.Undo(id); err != nil {
		t.Fatal(err)
	}
	checkBytes(t, f, "undo after the orphan closed")
	if got := f.bytes.Load(); got != 0 {
		t.Errorf("byte count %d after the orphan's undo, want 0", got)
	}
}
