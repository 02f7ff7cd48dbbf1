package textutil

import (
	"bytes"
	"context"
	"errors"
	"io"

	"memsh/shell/command"
)

// mergeSource is one input of -m: its reader, its current line
// (without the delimiter; valid until the reader's next call) and where
// that line's keys are (allKeyBounds).
type mergeSource struct {
	name string
	at   int // its place among the inputs
	r    io.ReadCloser
	lr   *lineReader
	line []byte
	keys []int
}

// merge is -m: it streams the inputs, taken as sorted, keeping one line
// of each (as GNU's mergefps), so merging costs the inputs' buffers and
// not their size. Equal lines come from the earliest input first. An
// input that is also -o's file is read whole first, as GNU copies it to
// a temporary file before truncating it.
func (s *sorter) merge(ctx context.Context, inv *command.Invocation, files []string, output string) int {
	srcs := make([]*mergeSource, 0, len(files))
	defer func() {
		for _, src := range srcs {
			src.r.Close()
		}
	}()
	// Each input holds a read buffer (GNU merges 16 at a time through
	// temporary files; memsh merges all at once).
	if err := inv.Hold(len(files) * bufSize); err != nil {
		inv.Errorf("%s", err)
		return 2
	}
	outAbs := ""
	if output != "" && output != "-" {
		outAbs = inv.Abs(output)
	}
	for _, name := range files {
		var r io.ReadCloser
		var err error
		if outAbs != "" && name != "-" && inv.Abs(name) == outAbs {
			var data []byte
			if data, err = readAllInput(ctx, inv, name); err == nil {
				r = io.NopCloser(bytes.NewReader(data))
			}
		} else {
			r, err = inv.OpenInput(ctx, name)
		}
		if err != nil {
			return s.readError(inv, name, err, "cannot read")
		}
		lr := newLineReader(r, s.delim)
		lr.mem = inv.Mem.Budget()
		srcs = append(srcs, &mergeSource{name: name, at: len(srcs), r: r, lr: lr})
	}
	// live holds the sources with a line, as a heap ordered by line
	// then input.
	live := make([]*mergeSource, 0, len(srcs))
	for _, src := range srcs {
		ok, err := s.advance(src)
		if err != nil {
			return s.readError(inv, src.name, err, "read failed")
		}
		if ok {
			live = append(live, src)
		}
	}
	var sc keyScratch
	less := func(a, b *mergeSource) bool {
		if d := s.compareBounded(a.line, a.keys, b.line, b.keys, &sc); d != 0 {
			return d < 0
		}
		return a.at < b.at
	}
	h := mergeHeap{live, less}
	h.init()
	var readErr error
	var errName string
	st := s.output(inv, output, func(emit func(line []byte)) {
		var prev []byte
		var prevKeys []int
		have := false
		for n := 1; len(h.srcs) > 0; n++ {
			src := h.srcs[0]
			if !s.unique || !have || s.compareBounded(prev, prevKeys, src.line, src.keys, &sc) != 0 {
				emit(src.line)
				if s.unique {
					prev, have = append(prev[:0], src.line...), true
					prevKeys = append(prevKeys[:0], src.keys...)
				}
			}
			ok, err := s.advance(src)
			if err != nil {
				readErr, errName = err, src.name
				return
			}
			if ok {
				h.fix()
			} else {
				h.pop()
			}
			if n%4096 == 0 && ctx.Err() != nil {
				readErr = ctx.Err()
				return
			}
		}
	})
	if readErr != nil {
		return s.readError(inv, errName, readErr, "read failed")
	}
	return st
}

// readError reports an input's error with GNU's message (what: "cannot
// read" when opening, "read failed" after).
func (s *sorter) readError(inv *command.Invocation, name string, err error, what string) int {
	if isCancel(err) {
		return statusCancelled
	}
	inv.Errorf("%s: %s: %s", what, quoteName(inv, name), command.Strerror(err))
	return 2
}

// advance reads src's next line and finds its keys; false at its end.
func (s *sorter) advance(src *mergeSource) (bool, error) {
	line, err := src.lr.next()
	if err != nil {
		if errors.Is(err, io.EOF) {
			src.line = nil
			return false, nil
		}
		return false, err
	}
	if len(line) > 0 && line[len(line)-1] == s.delim {
		line = line[:len(line)-1]
	}
	src.line = line
	src.keys = s.allKeyBounds(line, src.keys[:0])
	return true, nil
}

// mergeHeap is a binary heap of merge sources, the least at 0.
type mergeHeap struct {
	srcs []*mergeSource
	less func(a, b *mergeSource) bool
}

func (h *mergeHeap) init() {
	for i := len(h.srcs)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// fix restores the order after the least source's line changed.
func (h *mergeHeap) fix() { h.down(0) }

// pop drops the least source.
func (h *mergeHeap) pop() {
	last := len(h.srcs) - 1
	h.srcs[0] = h.srcs[last]
	h.srcs = h.srcs[:last]
	h.down(0)
}

func (h *mergeHeap) down(i int) {
	n := len(h.srcs)
	for {
		least := i
		if c := 2*i + 1; c < n && h.less(h.srcs[c], h.srcs[least]) {
			least = c
		}
		if c := 2*i + 2; c < n && h.less(h.srcs[c], h.srcs[least]) {
			least = c
		}
		if least == i {
			return
		}
		h.srcs[i], h.srcs[least] = h.srcs[least], h.srcs[i]
		i = least
	}
}
