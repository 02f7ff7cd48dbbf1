package pyworker

import (
	"context"
	"math"
	"slices"
	"sync"

	"memsh/memfs"
)

// POSIX record locks (fcntl F_GETLK/F_SETLK) for WASI guests, which WASI
// preview 1 cannot ask for: the tools memsh builds call memsh.lock
// instead (scripts/wasi/posix.c), so two guests using one SQLite database
// at once exclude each other as two processes on Linux do. Locks belong
// to a run, as Linux's belong to a process: the run's end releases them,
// whether the guest exited, trapped or was stopped.

// Lock types, as the guest's <fcntl.h> numbers them.
const (
	lockRead   = 0 // F_RDLCK
	lockWrite  = 1 // F_WRLCK
	lockUnlock = 2 // F_UNLCK
)

// lockOwner is one run of a guest: the process a lock belongs to.
type lockOwner struct {
	fs    *memfs.FS
	table *lockTable // its Runtime's
}

type lockOwnerKey struct{}

// lockFile names a file: its filesystem and inode number.
type lockFile struct {
	fs  *memfs.FS
	ino uint64
}

// recordLock is a byte range [start, end) one owner holds.
type recordLock struct {
	owner      *lockOwner
	write      bool
	start, end uint64
}

// lockTable holds every record lock of a Runtime's guests.
type lockTable struct {
	mu    sync.Mutex
	locks map[lockFile][]recordLock
}

// span turns fcntl's start and length (0: to the end of any file; a
// negative length covers the bytes before start) into [start, end).
func span(start, length int64) (uint64, uint64) {
	switch {
	case length == 0:
		return uint64(max(start, 0)), math.MaxUint64
	case length < 0:
		return uint64(max(start+length, 0)), uint64(max(start, 0))
	}
	return uint64(max(start, 0)), uint64(max(start, 0)) + uint64(length)
}

// conflict returns the type of a lock another owner holds on f that
// overlaps [start, end) and excludes a lock of type typ, or lockUnlock.
// The caller holds t.mu.
func (t *lockTable) conflict(f lockFile, o *lockOwner, typ int, start, end uint64) int {
	for _, l := range t.locks[f] {
		if l.owner == o || l.end <= start || end <= l.start {
			continue
		}
		if l.write || typ == lockWrite {
			if l.write {
				return lockWrite
			}
			return lockRead
		}
	}
	return lockUnlock
}

// test answers F_GETLK: the type of a conflicting lock, or lockUnlock.
func (t *lockTable) test(f lockFile, o *lockOwner, typ int, start, end uint64) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.conflict(f, o, typ, start, end)
}

// set answers F_SETLK: it takes, changes or (lockUnlock) drops o's lock
// on [start, end), and reports false when another owner's lock is in the
// way. o's own locks in the range are replaced, split where they reach
// past it, as POSIX says.
func (t *lockTable) set(f lockFile, o *lockOwner, typ int, start, end uint64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if typ != lockUnlock && t.conflict(f, o, typ, start, end) != lockUnlock {
		return false
	}
	if t.locks == nil {
		t.locks = map[lockFile][]recordLock{}
	}
	var kept []recordLock
	for _, l := range t.locks[f] {
		if l.owner != o || l.end <= start || end <= l.start {
			kept = append(kept, l)
			continue
		}
		if l.start < start {
			kept = append(kept, recordLock{owner: o, write: l.write, start: l.start, end: start})
		}
		if end < l.end {
			kept = append(kept, recordLock{owner: o, write: l.write, start: end, end: l.end})
		}
	}
	if typ != lockUnlock {
		kept = append(kept, recordLock{owner: o, write: typ == lockWrite, start: start, end: end})
	}
	if len(kept) == 0 {
		delete(t.locks, f)
	} else {
		t.locks[f] = kept
	}
	return true
}

// release drops every lock o holds, at the end of its run.
func (t *lockTable) release(o *lockOwner) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for f, ls := range t.locks {
		ls = slices.DeleteFunc(ls, func(l recordLock) bool { return l.owner == o })
		if len(ls) == 0 {
			delete(t.locks, f)
		} else {
			t.locks[f] = ls
		}
	}
}

// hostLock is memsh.lock(ino, set, type, start, len): F_GETLK when set is
// 0 (it returns the type of a lock in the way, or F_UNLCK), F_SETLK
// otherwise (0, or -1 when another run's lock is in the way). A guest run
// without an owner (none is ever missing from run) gets every lock.
func hostLock(ctx context.Context, ino uint64, set, typ uint32, start, length int64) int32 {
	o, _ := ctx.Value(lockOwnerKey{}).(*lockOwner)
	if typ > lockUnlock {
		return -1
	}
	if o == nil {
		if set == 0 {
			return lockUnlock
		}
		return 0
	}
	f := lockFile{fs: o.fs, ino: ino}
	s, e := span(start, length)
	if set == 0 {
		return int32(o.table.test(f, o, int(typ), s, e))
	}
	if o.table.set(f, o, int(typ), s, e) {
		return 0
	}
	return -1
}
