package textutil

import (
	"bytes"
	"context"
	"io"

	"memsh/shell/command"
)

// sortBlockSize is the size of the blocks sort reads an input of unknown
// size (a pipe) into.
const sortBlockSize = 1 << 20

// readSortInput reads a whole operand for sort as blocks of whole lines,
// each ending in delim (one is added after an unterminated last line). A
// regular file, whose size is known, is one block; a pipe fills blocks
// of sortBlockSize, the partial last line of a full block moving to the
// next, so no block is ever copied to grow and none is left for the
// collector: the input costs its size plus under a line a block, where
// one doubling buffer costs up to twice its size until the old copies are
// collected. A nil result with an error means it could not be opened.
func readSortInput(ctx context.Context, inv *command.Invocation, name string, delim byte) ([][]byte, error) {
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var size int64
	if fi := statInput(inv, name); fi != nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	if size > int64(maxHeld) {
		return [][]byte{}, errHeldLimit{}
	}
	first := sortBlockSize
	if size > 0 {
		first = int(size) + 1
	}
	return readBlocks(inv, r, delim, first, sortBlockSize)
}

// readBlocks reads r to its end into blocks of whole lines, each ending
// in delim: the first block holds first bytes, the later ones size bytes
// (or twice a line longer than half of it). Every block is held from
// inv's budget before it is made.
func readBlocks(inv *command.Invocation, r io.Reader, delim byte, first, size int) ([][]byte, error) {
	blocks := [][]byte{}
	if err := inv.Hold(first); err != nil {
		return blocks, err
	}
	cur := make([]byte, 0, first)
	total := 0
	// next moves the partial last line of cur into a new block of at
	// least want bytes, keeping the whole lines before it as a block.
	next := func(want int) error {
		cut := bytes.LastIndexByte(cur, delim) + 1
		tail := cur[cut:]
		c := max(want, 2*len(tail))
		if err := inv.Hold(c); err != nil {
			return err
		}
		nb := make([]byte, len(tail), c)
		copy(nb, tail)
		if cut > 0 {
			blocks = append(blocks, cur[:cut:cut])
			total += cut
		}
		cur = nb
		return nil
	}
	for {
		if len(cur) == cap(cur) {
			if total+len(cur) > maxHeld {
				return blocks, errHeldLimit{}
			}
			if err := next(size); err != nil {
				return blocks, err
			}
		}
		n, err := r.Read(cur[len(cur):cap(cur)])
		cur = cur[:len(cur)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return blocks, err
		}
	}
	if len(cur) == 0 {
		return blocks, nil
	}
	if cur[len(cur)-1] != delim {
		if len(cur) == cap(cur) {
			if err := next(1); err != nil {
				return blocks, err
			}
		}
		cur = append(cur, delim)
	}
	return append(blocks, cur), nil
}

// countLines is the number of lines in blocks read by readSortInput.
func countLines(blocks [][]byte, delim byte) int {
	n := 0
	for _, b := range blocks {
		n += bytes.Count(b, []byte{delim})
	}
	return n
}

// blocksSize is the number of bytes in blocks.
func blocksSize(blocks [][]byte) int {
	n := 0
	for _, b := range blocks {
		n += len(b)
	}
	return n
}
