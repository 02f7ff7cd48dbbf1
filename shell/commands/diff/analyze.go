package diff

import (
	"github.com/aymanbagabas/go-udiff/lcs"
)

// This file chooses which lines differ the way GNU diffutils' analyze.c
// and gnulib's diffseq.h do, so that where several minimal diffs exist
// memsh prints the same one: identical leading and trailing lines are
// set aside (keeping horizon lines of them), lines that match nothing
// in the other file are discarded before the search, Myers' search
// splits the rest at the middle snake, and shift_boundaries then slides
// each run of changes down as far as it goes (merging runs where it can)
// and back to line up with a run in the other file.

// analyze returns the changes between a and b, compared by keys ka and
// kb (the lines with -i, -b, -w applied). horizon is how many identical
// lines around the changes are kept in the analysis: GNU keeps the
// context size.
func analyze(a, b, ka, kb []string, horizon int, minimal bool) []lcs.Diff {
	// The identical prefix and suffix, compared as raw lines.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	start := max(0, p-horizon)
	s := 0
	for s < min(len(a), len(b))-start && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	keep := max(0, s-horizon)
	end0, end1 := len(a)-keep, len(b)-keep

	// Equivalence classes, numbered from 1.
	classes := map[string]int{}
	equivs := func(keys []string) []int {
		out := make([]int, len(keys))
		for i, k := range keys {
			c, ok := classes[k]
			if !ok {
				c = len(classes) + 1
				classes[k] = c
			}
			out[i] = c
		}
		return out
	}
	f := [2]*file{
		{equivs: equivs(ka[start:end0])},
		{equivs: equivs(kb[start:end1])},
	}
	for _, fl := range f {
		// changed has a 0 on either side: changed[k+1] is line k.
		fl.changed = make([]bool, len(fl.equivs)+2)
	}
	discardConfusingLines(f, len(classes)+1, minimal)
	c := &seqContext{x: f[0].undiscarded, y: f[1].undiscarded}
	n := len(c.x) + len(c.y) + 3
	c.fd = make([]int, n)
	c.bd = make([]int, n)
	c.off = len(c.y) + 1
	c.tooExpensive = 1
	for diags := n; diags != 0; diags >>= 2 {
		c.tooExpensive <<= 1
	}
	c.tooExpensive = max(4096, c.tooExpensive)
	c.noteDelete = func(x int) { f[0].setChanged(f[0].realIndexes[x], true) }
	c.noteInsert = func(y int) { f[1].setChanged(f[1].realIndexes[y], true) }
	c.compareseq(0, len(c.x), 0, len(c.y), minimal)
	shiftBoundaries(f)

	var edits []lcs.Diff
	i0, i1 := 0, 0
	n0, n1 := len(f[0].equivs), len(f[1].equivs)
	for i0 < n0 || i1 < n1 {
		if f[0].isChanged(i0) || f[1].isChanged(i1) {
			e := lcs.Diff{Start: start + i0, ReplStart: start + i1}
			for f[0].isChanged(i0) {
				i0++
			}
			for f[1].isChanged(i1) {
				i1++
			}
			e.End, e.ReplEnd = start+i0, start+i1
			edits = append(edits, e)
			continue
		}
		i0++
		i1++
	}
	return edits
}

type file struct {
	equivs      []int
	changed     []bool // offset by one: see isChanged
	undiscarded []int  // the classes of the lines left for the search
	realIndexes []int  // their line numbers
}

// isChanged reads past either end as unchanged, as GNU's sentinels do.
func (f *file) isChanged(i int) bool {
	return i >= -1 && i+1 < len(f.changed) && f.changed[i+1]
}
func (f *file) setChanged(i int, v bool) { f.changed[i+1] = v }

// discardConfusingLines is analyze.c's: a line that matches no line of
// the other file is a change for sure and is left out of the search; so
// is a line matching very many lines, when it sits inside a run of the
// former. With -d nothing is left out.
func discardConfusingLines(f [2]*file, nclasses int, minimal bool) {
	var counts [2][]int
	for k := range 2 {
		counts[k] = make([]int, nclasses)
		for _, e := range f[k].equivs {
			counts[k][e]++
		}
	}
	var discarded [2][]byte
	for k := range 2 {
		end := len(f[k].equivs)
		discards := make([]byte, end)
		other := counts[1-k]
		many := 5
		for tem := end / 64; ; {
			if tem >>= 2; tem <= 0 {
				break
			}
			many *= 2
		}
		for i, e := range f[k].equivs {
			switch n := other[e]; {
			case n == 0:
				discards[i] = 1
			case n > many:
				discards[i] = 2
			}
		}
		discarded[k] = discards
	}
	for k := range 2 {
		discards := discarded[k]
		end := len(discards)
		for i := 0; i < end; i++ {
			if discards[i] == 2 {
				discards[i] = 0
				continue
			}
			if discards[i] == 0 {
				continue
			}
			// A run of discardable lines starting with a sure one.
			j, provisional := i, 0
			for ; j < end && discards[j] != 0; j++ {
				if discards[j] == 2 {
					provisional++
				}
			}
			for j > i && discards[j-1] == 2 {
				j--
				discards[j] = 0
				provisional--
			}
			length := j - i
			if provisional*4 > length {
				for j > i {
					if j--; discards[j] == 2 {
						discards[j] = 0
					}
				}
				continue
			}
			minimum := 1
			for tem := length >> 2; ; {
				if tem >>= 2; tem <= 0 {
					break
				}
				minimum <<= 1
			}
			minimum++
			consec := 0
			for j = 0; j < length; j++ {
				switch {
				case discards[i+j] != 2:
					consec = 0
				default:
					consec++
					if consec == minimum {
						j -= consec
					} else if consec > minimum {
						discards[i+j] = 0
					}
				}
			}
			consec = 0
			for j = 0; j < length; j++ {
				if j >= 8 && discards[i+j] == 1 {
					break
				}
				switch discards[i+j] {
				case 2:
					consec = 0
					discards[i+j] = 0
				case 0:
					consec = 0
				default:
					consec++
				}
				if consec == 3 {
					break
				}
			}
			i += length - 1
			consec = 0
			for j = 0; j < length; j++ {
				if j >= 8 && discards[i-j] == 1 {
					break
				}
				switch discards[i-j] {
				case 2:
					consec = 0
					discards[i-j] = 0
				case 0:
					consec = 0
				default:
					consec++
				}
				if consec == 3 {
					break
				}
			}
		}
	}
	for k := range 2 {
		fl := f[k]
		for i, e := range fl.equivs {
			if minimal || discarded[k][i] == 0 {
				fl.undiscarded = append(fl.undiscarded, e)
				fl.realIndexes = append(fl.realIndexes, i)
			} else {
				fl.setChanged(i, true)
			}
		}
	}
}

// seqContext is diffseq.h's search state over two vectors of classes.
type seqContext struct {
	x, y                   []int
	fd, bd                 []int // furthest x on each diagonal, indexed by diagonal + off
	off                    int
	tooExpensive           int
	noteDelete, noteInsert func(int)
}

type partition struct {
	xmid, ymid           int
	loMinimal, hiMinimal bool
}

// compareseq is diffseq.h's: trim the matching ends, then split at the
// middle snake and recurse.
func (c *seqContext) compareseq(xoff, xlim, yoff, ylim int, minimal bool) {
	for xoff < xlim && yoff < ylim && c.x[xoff] == c.y[yoff] {
		xoff++
		yoff++
	}
	for xoff < xlim && yoff < ylim && c.x[xlim-1] == c.y[ylim-1] {
		xlim--
		ylim--
	}
	switch {
	case xoff == xlim:
		for ; yoff < ylim; yoff++ {
			c.noteInsert(yoff)
		}
	case yoff == ylim:
		for ; xoff < xlim; xoff++ {
			c.noteDelete(xoff)
		}
	default:
		part := c.diag(xoff, xlim, yoff, ylim, minimal)
		c.compareseq(xoff, part.xmid, yoff, part.ymid, part.loMinimal)
		c.compareseq(part.xmid, xlim, part.ymid, ylim, part.hiMinimal)
	}
}

// diag finds the midpoint of the shortest edit script between the two
// ranges, searching forward and backward at once (diffseq.h's diag,
// without the --speed-large-files heuristic).
func (c *seqContext) diag(xoff, xlim, yoff, ylim int, minimal bool) partition {
	fd, bd, off := c.fd, c.bd, c.off
	dmin, dmax := xoff-ylim, xlim-yoff
	fmid, bmid := xoff-yoff, xlim-ylim
	fmin, fmax, bmin, bmax := fmid, fmid, bmid, bmid
	odd := (fmid-bmid)&1 != 0
	const maxInt = int(^uint(0) >> 1)
	fd[fmid+off] = xoff
	bd[bmid+off] = xlim
	for cost := 1; ; cost++ {
		if fmin > dmin {
			fmin--
			fd[fmin-1+off] = -1
		} else {
			fmin++
		}
		if fmax < dmax {
			fmax++
			fd[fmax+1+off] = -1
		} else {
			fmax--
		}
		for d := fmax; d >= fmin; d -= 2 {
			tlo, thi := fd[d-1+off], fd[d+1+off]
			x0 := tlo + 1
			if tlo < thi {
				x0 = thi
			}
			x, y := x0, x0-d
			for x < xlim && y < ylim && c.x[x] == c.y[y] {
				x++
				y++
			}
			fd[d+off] = x
			if odd && bmin <= d && d <= bmax && bd[d+off] <= x {
				return partition{x, y, true, true}
			}
		}
		if bmin > dmin {
			bmin--
			bd[bmin-1+off] = maxInt
		} else {
			bmin++
		}
		if bmax < dmax {
			bmax++
			bd[bmax+1+off] = maxInt
		} else {
			bmax--
		}
		for d := bmax; d >= bmin; d -= 2 {
			tlo, thi := bd[d-1+off], bd[d+1+off]
			x0 := thi - 1
			if tlo < thi {
				x0 = tlo
			}
			x, y := x0, x0-d
			for xoff < x && yoff < y && c.x[x-1] == c.y[y-1] {
				x--
				y--
			}
			bd[d+off] = x
			if !odd && fmin <= d && d <= fmax && x <= fd[d+off] {
				return partition{x, y, true, true}
			}
		}
		if minimal || cost < c.tooExpensive {
			continue
		}
		// Gone well beyond the call of duty: take the better of the
		// furthest forward and backward reaches.
		fxybest, fxbest := -1, 0
		for d := fmax; d >= fmin; d -= 2 {
			x := min(fd[d+off], xlim)
			y := x - d
			if ylim < y {
				x, y = ylim+d, ylim
			}
			if fxybest < x+y {
				fxybest, fxbest = x+y, x
			}
		}
		bxybest, bxbest := maxInt, 0
		for d := bmax; d >= bmin; d -= 2 {
			x := max(xoff, bd[d+off])
			y := x - d
			if y < yoff {
				x, y = yoff+d, yoff
			}
			if x+y < bxybest {
				bxybest, bxbest = x+y, x
			}
		}
		if (xlim+ylim)-bxybest < fxybest-(xoff+yoff) {
			return partition{fxbest, fxybest - fxbest, true, false}
		}
		return partition{bxbest, bxybest - bxbest, false, true}
	}
}

// shiftBoundaries is analyze.c's: slide each run of changed lines up
// to merge with the run before it, then down as far as it goes (merging
// with the runs after it), and finally back up to end where a run of
// changes in the other file ends, when there is one.
func shiftBoundaries(f [2]*file) {
	for k := range 2 {
		ch, other := f[k], f[1-k]
		equivs := ch.equivs
		iEnd := len(equivs)
		i, j := 0, 0
		for {
			for i < iEnd && !ch.isChanged(i) {
				for other.isChanged(j) {
					j++
				}
				j++
				i++
			}
			if i == iEnd {
				break
			}
			start := i
			for i++; ch.isChanged(i); i++ {
			}
			for other.isChanged(j) {
				j++
			}
			var corresponding int
			for {
				runlength := i - start
				for start > 0 && equivs[start-1] == equivs[i-1] {
					start--
					ch.setChanged(start, true)
					i--
					ch.setChanged(i, false)
					for ch.isChanged(start - 1) {
						start--
					}
					for j--; other.isChanged(j); j-- {
					}
				}
				corresponding = iEnd
				if other.isChanged(j - 1) {
					corresponding = i
				}
				for i != iEnd && equivs[start] == equivs[i] {
					ch.setChanged(start, false)
					start++
					ch.setChanged(i, true)
					i++
					for ch.isChanged(i) {
						i++
					}
					for j++; other.isChanged(j); j++ {
						corresponding = i
					}
				}
				if runlength == i-start {
					break
				}
			}
			for corresponding < i {
				start--
				ch.setChanged(start, true)
				i--
				ch.setChanged(i, false)
				for j--; other.isChanged(j); j-- {
				}
			}
		}
	}
}
