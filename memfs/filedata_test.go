package memfs

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"testing"
)

// checkData proves fl's file holds exactly want, read whole and in
// pieces that cross chunk boundaries, and that its chunks keep their
// shape: full chunks but the last, which is never a hole.
func checkData(t *testing.T, fl *File, want []byte, when string) {
	t.Helper()
	fi, _ := fl.Stat()
	if fi.Size() != int64(len(want)) {
		t.Fatalf("%s: size %d, want %d", when, fi.Size(), len(want))
	}
	got := make([]byte, max(len(want)+10, 2*chunkSize))
	n, err := fl.ReadAt(got[:len(want)+10], 0)
	if n != len(want) || (err != io.EOF && err != nil) || !bytes.Equal(got[:n], want) {
		t.Fatalf("%s: ReadAt got %d bytes (%v), differing from the model", when, n, err)
	}
	for _, k := range []int{1, 4095, chunkSize - 1, chunkSize + 7} {
		for off := 0; off < len(want); off += k*3 + 4999 {
			n, _ := fl.ReadAt(got[:k], int64(off))
			if end := min(off+k, len(want)); n != end-off || !bytes.Equal(got[:n], want[off:end]) {
				t.Fatalf("%s: %d bytes at %d differ from the model", when, k, off)
			}
		}
	}
	d := &fl.n.data
	for i, c := range d.chunks {
		if i < len(d.chunks)-1 && c != nil && len(c) != chunkSize {
			t.Fatalf("%s: chunk %d of %d holds %d bytes", when, i, len(d.chunks), len(c))
		}
		if i == len(d.chunks)-1 && c == nil {
			t.Fatalf("%s: the last chunk is a hole", when)
		}
	}
	if d.stored > d.capacity() || d.stored > int64(len(want)) {
		t.Fatalf("%s: stored %d, capacity %d, size %d", when, d.stored, d.capacity(), len(want))
	}
}

// randomChange applies one random write, append or truncate to fl and
// to the model, at offsets across several chunks.
func randomChange(r *rand.Rand, fl *File, model []byte) []byte {
	span := 5 * chunkSize
	blob := func() []byte {
		b := make([]byte, r.IntN(2*chunkSize))
		c := byte('a' + r.IntN(26))
		for i := range b {
			b[i] = c + byte(i%3)
		}
		return b
	}
	switch r.IntN(6) {
	case 0, 1: // write at a random offset, maybe past the end
		p, off := blob(), r.IntN(span)
		fl.WriteAt(p, int64(off))
		if end := off + len(p); end > len(model) && len(p) > 0 {
			model = append(model, make([]byte, end-len(model))...)
		}
		copy(model[off:], p)
	case 2: // append
		p := blob()
		fl.WriteAt(p, int64(len(model)))
		model = append(model, p...)
	case 3: // small writes near a chunk boundary
		off := chunkSize*(1+r.IntN(3)) - 3 + r.IntN(6)
		p := []byte("xyz")
		fl.WriteAt(p, int64(off))
		if off+3 > len(model) {
			model = append(model, make([]byte, off+3-len(model))...)
		}
		copy(model[off:], p)
	case 4: // truncate, shrinking or extending
		size := r.IntN(span)
		fl.Truncate(int64(size))
		if size < len(model) {
			model = model[:size]
		} else {
			model = append(model, make([]byte, size-len(model))...)
		}
	case 5: // truncate to a chunk boundary or to zero
		size := chunkSize * r.IntN(3)
		fl.Truncate(int64(size))
		if size < len(model) {
			model = model[:size]
		} else {
			model = append(model, make([]byte, size-len(model))...)
		}
	}
	return model
}

// TestChunkedAgainstModel: random writes, appends and truncates over
// several chunks read back exactly as a flat byte slice would, and the
// byte count always equals the files' capacity.
func TestChunkedAgainstModel(t *testing.T) {
	for seed := range uint64(30) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 11))
			f := New(Options{})
			fl, _ := f.OpenFile("/f", os.O_RDWR|os.O_CREATE, 0o644)
			defer fl.Close()
			var model []byte
			for i := range 60 {
				model = randomChange(r, fl, model)
				checkData(t, fl, model, fmt.Sprintf("change %d", i))
				if u := f.Usage(); u.Bytes != fl.n.data.capacity() {
					t.Fatalf("change %d: %d bytes counted, capacity %d", i, u.Bytes, fl.n.data.capacity())
				}
				if r.IntN(8) == 0 { // a freed file's chunks go to the next one
					f.WriteFile("/tmp", bytes.Repeat([]byte("T"), r.IntN(4*chunkSize)), 0o644)
					f.Remove("/tmp")
				}
			}
		})
	}
}

// TestUndoModelChunked: undo over files of several chunks (the undo
// model test's files fit in one) gives back the exact bytes, and the
// byte count stays honest.
func TestUndoModelChunked(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 13))
			f := New(Options{Now: testClock()})
			f.EnableUndo(100, 1<<40)
			fl, _ := f.OpenFile("/f", os.O_RDWR|os.O_CREATE, 0o644)
			defer fl.Close()
			var model []byte
			var ids []uint64
			var states [][]byte
			for range 10 {
				ids = append(ids, f.Checkpoint("step"))
				states = append(states, bytes.Clone(model))
				for range 1 + r.IntN(4) {
					model = randomChange(r, fl, model)
				}
				checkData(t, fl, model, "after a step")
				checkBytes(t, f, "after a step")
			}
			for len(ids) > 0 {
				k := r.IntN(len(ids))
				if _, err := f.Undo(ids[k]); err != nil {
					t.Fatal(err)
				}
				model = states[k]
				checkData(t, fl, model, fmt.Sprintf("undo to step %d", k))
				checkBytes(t, f, "after undo")
				ids, states = ids[:k], states[:k]
				if r.IntN(2) == 0 {
					ids = append(ids, f.Checkpoint("again"))
					states = append(states, bytes.Clone(model))
					model = randomChange(r, fl, model)
					checkData(t, fl, model, "a change after undo")
				}
			}
		})
	}
}

// TestAppendCopiesLittle: appends copy only what the first chunk's
// geometric growth copies (under 2 chunks), whatever the final size.
func TestAppendCopiesLittle(t *testing.T) {
	f := New(Options{})
	fl, _ := f.Create("/big")
	defer fl.Close()
	chunk := bytes.Repeat([]byte("x"), 1000)
	for range 20000 {
		if _, err := fl.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	if c := f.copied.Load(); c >= 2*chunkSize {
		t.Errorf("20 MB of appends copied %d bytes", c)
	}
	if u := f.Usage(); u.Bytes != (20000*1000+chunkMask)&^chunkMask {
		t.Errorf("capacity %d for 20,000,000 bytes", u.Bytes)
	}
}

// TestHoleChunks: a write far past the end reserves the capacity up to it
// but allocates only the chunks it stores into; the hole reads as zeros,
// and a write into the hole later allocates that chunk alone.
func TestHoleChunks(t *testing.T) {
	f := New(Options{})
	fl, _ := f.OpenFile("/f", os.O_RDWR|os.O_CREATE, 0o644)
	defer fl.Close()
	fl.Write([]byte("head"))
	off := int64(100*chunkSize + 5)
	fl.WriteAt([]byte("tail"), off)
	allocated := func() int {
		k := 0
		for _, c := range fl.n.data.chunks {
			if c != nil {
				k++
			}
		}
		return k
	}
	if k := allocated(); k != 2 {
		t.Errorf("%d chunks allocated for two writes", k)
	}
	if u := f.Usage(); u.Bytes != 101*chunkSize {
		t.Errorf("%d bytes counted, want %d", u.Bytes, 101*chunkSize)
	}
	fl.WriteAt([]byte("mid"), 50*chunkSize+chunkSize/2)
	if k := allocated(); k != 3 {
		t.Errorf("%d chunks allocated after a write into the hole", k)
	}
	want := make([]byte, off+4)
	copy(want, "head")
	copy(want[50*chunkSize+chunkSize/2:], "mid")
	copy(want[off:], "tail")
	checkData(t, fl, want, "after the writes")
	// a shrink into the hole keeps the last chunk allocated
	fl.Truncate(30*chunkSize + 1)
	checkData(t, fl, want[:30*chunkSize+1], "after a shrink into the hole")
	if u := f.Usage(); u.Bytes != 31*chunkSize {
		t.Errorf("%d bytes counted after the shrink, want %d", u.Bytes, 31*chunkSize)
	}
}

// TestReusedChunksAreClean: the chunks of a removed file serve the next
// one, and none of its bytes show through, in holes, gaps or after a
// shrink and extend.
func TestReusedChunksAreClean(t *testing.T) {
	f := New(Options{})
	secret := bytes.Repeat([]byte("S"), 8*chunkSize)
	for round := range 4 {
		f.WriteFile("/old", secret, 0o644)
		f.Remove("/old")
		fl, _ := f.OpenFile("/new", os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
		want := make([]byte, 6*chunkSize+10)
		fl.WriteAt([]byte("a"), 0)
		fl.WriteAt([]byte("b"), 3*chunkSize+100)
		fl.WriteAt([]byte("c"), 6*chunkSize+9)
		want[0], want[3*chunkSize+100], want[6*chunkSize+9] = 'a', 'b', 'c'
		checkData(t, fl, want, fmt.Sprintf("round %d", round))
		fl.Truncate(2)
		fl.Truncate(int64(len(want)))
		clear(want[2:])
		checkData(t, fl, want, fmt.Sprintf("round %d, shrunk and extended", round))
		fl.Close()
		f.Remove("/new")
	}
}

// BenchmarkAppend1KiBNewFile is the python write benchmark's pattern:
// 8 MiB of 1 KiB appends to a new file, which is then removed, so each
// file grows into the chunks the previous one gave back.
func BenchmarkAppend1KiBNewFile(b *testing.B) {
	f := New(Options{})
	chunk := make([]byte, 1024)
	const size = 8 << 20
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		fl, err := f.Create("/f")
		if err != nil {
			b.Fatal(err)
		}
		for range size / len(chunk) {
			fl.Write(chunk)
		}
		fl.Close()
		f.Remove("/f")
	}
}

// BenchmarkRead4KiB reads an 8 MiB file 4 KiB at a time at offsets that
// straddle chunk boundaries.
func BenchmarkRead4KiB(b *testing.B) {
	f := New(Options{})
	fl, _ := f.Create("/f")
	fl.Write(make([]byte, 8<<20))
	buf := make([]byte, 4096)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	off := int64(100)
	for b.Loop() {
		fl.ReadAt(buf, off)
		off = (off + int64(len(buf))) % (8<<20 - 4096)
	}
}

// mutateChunked is mutate (undo_test.go) with files of several chunks.
func mutateChunked(f *FS, r *rand.Rand) {
	names := []string{"/a", "/b", "/d/c"}
	pick := func() string { return names[r.IntN(len(names))] }
	blob := func() []byte { return bytes.Repeat([]byte{byte('a' + r.IntN(26))}, r.IntN(3*chunkSize)) }
	switch r.IntN(8) {
	case 0:
		f.WriteFile(pick(), blob(), 0o644)
	case 1:
		if fl, err := f.OpenFile(pick(), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
			fl.Write(blob())
			fl.Close()
		}
	case 2, 3:
		if fl, err := f.OpenFile(pick(), os.O_WRONLY, 0); err == nil {
			fl.WriteAt([]byte("XY"), int64(r.IntN(4*chunkSize)))
			fl.Close()
		}
	case 4:
		f.Truncate(pick(), int64(r.IntN(4*chunkSize)))
	case 5:
		f.Remove(pick())
	case 6:
		f.Rename(pick(), pick())
	case 7:
		f.Link(pick(), pick())
	}
}

// TestUndoModelChunkedTree: TestUndoModel over files of several chunks,
// with a step limit small enough that the oldest steps are dropped while
// later ones still share their chunks.
func TestUndoModelChunkedTree(t *testing.T) {
	for seed := range uint64(30) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 17))
			f := New(Options{Now: testClock()})
			f.EnableUndo(5, 1<<40)
			f.Mkdir("/d", 0o755)
			f.WriteFile("/a", bytes.Repeat([]byte("A"), 3*chunkSize+5), 0o644)
			var ids []uint64
			var states []map[string]modelNode
			for range 10 {
				ids = append(ids, f.Checkpoint("step"))
				states = append(states, model(t, f))
				for range 1 + r.IntN(4) {
					mutateChunked(f, r)
				}
				checkBytes(t, f, "after a step")
			}
			for len(ids) > 0 {
				k := r.IntN(len(ids))
				if _, err := f.Undo(ids[k]); err != nil {
					ids, states = ids[k+1:], states[k+1:] // dropped by the step limit
					continue
				}
				if d := diffModels(states[k], model(t, f)); d != "" {
					t.Fatalf("undo to step %d:\n%s", k, d)
				}
				checkBytes(t, f, "after undo")
				ids, states = ids[:k], states[:k]
				if r.IntN(2) == 0 {
					ids = append(ids, f.Checkpoint("again"))
					states = append(states, model(t, f))
					mutateChunked(f, r)
				}
			}
		})
	}
}
