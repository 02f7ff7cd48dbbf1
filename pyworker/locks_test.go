package pyworker

import (
	"math"
	"testing"
)

func TestLockTable(t *testing.T) {
	var tab lockTable
	f := lockFile{ino: 7}
	a, b := &lockOwner{table: &tab}, &lockOwner{table: &tab}
	steps := []struct {
		what       string
		o          *lockOwner
		set        bool
		typ        int
		start, len int64
		want       int // set: 0 granted, -1 refused; test: the type in the way
	}{
		{"a reads 0-10", a, true, lockRead, 0, 10, 0},
		{"b reads 5-15: readers share", b, true, lockRead, 5, 10, 0},
		{"b cannot write 0-1 under a's read", b, true, lockWrite, 0, 1, -1},
		{"F_GETLK names a's read lock", b, false, lockWrite, 0, 1, lockRead},
		{"a's own locks never conflict", a, false, lockWrite, 0, 10, lockRead}, // b's 5-15 is in the way
		{"b unlocks 5-15", b, true, lockUnlock, 5, 10, 0},
		{"a upgrades 0-10 to write", a, true, lockWrite, 0, 10, 0},
		{"b cannot read 9", b, true, lockRead, 9, 1, -1},
		{"a unlocks 2-4: its write lock splits", a, true, lockUnlock, 2, 2, 0},
		{"b writes 2-4 in the hole", b, true, lockWrite, 2, 2, 0},
		{"b cannot read 4-5: a's lock resumes at 4", b, true, lockRead, 4, 1, -1},
		{"length 0 reaches to the end", a, true, lockRead, 100, 0, 0},
		{"so b cannot write far past it", b, false, lockWrite, math.MaxInt32, 1, lockRead},
	}
	for _, s := range steps {
		st, e := span(s.start, s.len)
		var got int
		if s.set {
			if !tab.set(f, s.o, s.typ, st, e) {
				got = -1
			}
		} else {
			got = tab.test(f, s.o, s.typ, st, e)
		}
		if got != s.want {
			t.Fatalf("%s: got %d, want %d", s.what, got, s.want)
		}
	}
	tab.release(a)
	c := &lockOwner{table: &tab}
	if got := tab.test(f, c, lockWrite, 0, math.MaxUint64); got != lockWrite {
		t.Errorf("after a's run ended, b's write lock should remain, got %d", got)
	}
	if got := tab.test(f, c, lockRead, 100, math.MaxUint64); got != lockUnlock {
		t.Errorf("a's run ended: its locks should be gone, got %d", got)
	}
	tab.release(b)
	if len(tab.locks) != 0 {
		t.Errorf("locks left after every run ended: %v", tab.locks)
	}
}
