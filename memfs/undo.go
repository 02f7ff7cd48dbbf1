package memfs

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// The undo journal: see docs/memfs.md ("Undo").
//
// A step is the work of one command, started by Checkpoint. The first
// time a step changes an inode, the inode's state (metadata and its data:
// the chunk table, not the bytes) is saved in an inodeRec; the first
// time it changes a directory entry, the entry's old binding is saved.
// The saved table is shared with the live inode (inode.sharedBy) until
// the live inode's data changes: then the live inode takes a copy of the
// table, the pointers only (unshare), and marks every chunk as shared
// with the record (inode.cowWith, fileData.shared). A write copies a
// shared chunk before it changes it (own), once per chunk per step. So a
// step costs what its command changes, never the tree, and a write into
// a large file costs the chunks it touches, not the file.
//
// Ownership of capacity in the byte count: the live inode counts its
// table's capacity. Bytes it lets go of that a record still holds (a
// shared chunk it copied or dropped, or a whole table the record shares
// when the inode is freed) are counted by the newest record holding
// them (inodeRec.owned), which gives them back when it is dropped, or
// to the inode when Undo restores it. Records are dropped oldest first
// and restored newest first, so the newest holder is the last to go.
//
// Locks: FS.mu, then inode.mu, then journal.mu. Directory-entry records
// (step.names, step.pos) are guarded by FS.mu.

// journal is the undo history.
type journal struct {
	mu       sync.Mutex
	maxSteps int
	budget   int64
	steps    []*step // oldest first; the last is the current step
	cur      atomic.Pointer[step]
	nextID   uint64
	held     int64        // capacity owned by records
	meta     atomic.Int64 // estimated size of the records themselves
	lost     uint64       // steps with an id up to lost were dropped
	lostWhy  string       // the limit that dropped them
}

// step is what one command changed.
type step struct {
	id      uint64
	label   string
	inodes  []*inodeRec                  // guarded by journal.mu
	names   map[*inode]map[string]*inode // directory -> name -> old entry (nil: absent); FS.mu
	pos     map[*inode]dirPos            // directory -> its old parent and name; FS.mu
	written atomic.Int64                 // bytes written by the step
	changes atomic.Int64                 // records made (0: the step changed nothing)
	meta    atomic.Int64                 // what the records count against the budget
	lost    atomic.Bool                  // stands for a dropped current step: records nothing
}

type dirPos struct {
	parent *inode
	name   string
}

// inodeRec is an inode's state when a step first changed it.
type inodeRec struct {
	n       *inode
	created bool // the step made the inode
	hint    string
	perm    fs.FileMode
	uid     int
	gid     int
	nlink   int
	data    fileData
	size    int64
	mtime   int64
	ctime   int64
	atime   int64
	freed   bool

	prevSharer *inodeRec // an older record sharing the same table
	cowWith    *inodeRec // the inode's cowWith when saved: the holder of data.shared's chunks
	owned      int64     // bytes this record counts (see above); guarded by journal.mu
	dropped    atomic.Bool
}

// recOverhead is what a record is counted as against the undo budget.
const recOverhead = 160

// Undo limits: the defaults EnableUndo takes for a zero argument.
const (
	DefaultUndoSteps  = 50
	DefaultUndoBudget = 64 << 20
)

// ErrUndoDropped is what Undo returns (wrapped, with the limit named)
// when the history it needs was dropped to stay within its limits.
var ErrUndoDropped = errors.New("undo history dropped")

// EnableUndo turns the undo journal on: the last maxSteps steps that
// changed the filesystem are kept, as long as the bytes and records they
// hold stay within budget (the older ones are dropped first). Zero means
// the default. Held bytes also count against MaxBytes; when a write needs
// room, the oldest steps are dropped to make it. Call it before the
// filesystem is shared.
func (f *FS) EnableUndo(maxSteps int, budget int64) {
	if maxSteps <= 0 {
		maxSteps = DefaultUndoSteps
	}
	if budget <= 0 {
		budget = DefaultUndoBudget
	}
	j := &journal{maxSteps: maxSteps, budget: budget}
	f.newStepLocked(j, "")
	f.jr.Store(j)
}

// UndoLimits reports the journal's step and byte limits (0, 0 when undo is off).
func (f *FS) UndoLimits() (steps int, budget int64) {
	j := f.jr.Load()
	if j == nil {
		return 0, 0
	}
	return j.maxSteps, j.budget
}

// CurrentStep is the id of the step running now (the one the last
// Checkpoint started); 0 when undo is off.
func (f *FS) CurrentStep() uint64 {
	if j := f.jr.Load(); j != nil {
		return j.cur.Load().id
	}
	return 0
}

// UndoLost reports the newest step dropped from the history and the
// limit that dropped it (0, "" when none was).
func (f *FS) UndoLost() (id uint64, why string) {
	j := f.jr.Load()
	if j == nil {
		return 0, ""
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.lost, j.lostWhy
}

// Checkpoint starts a new step named label (the command about to run)
// and returns its id; Undo(id) puts the filesystem back to this moment.
// A previous step that changed nothing is forgotten. It returns 0 when
// undo is off.
func (f *FS) Checkpoint(label string) uint64 {
	j := f.jr.Load()
	if j == nil {
		return 0
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	j.mu.Lock()
	defer j.mu.Unlock()
	return f.newStepLocked(j, label)
}

func (f *FS) newStepLocked(j *journal, label string) uint64 {
	if k := len(j.steps); k > 0 && j.steps[k-1].empty() {
		j.steps = j.steps[:k-1]
	}
	j.nextID++
	st := &step{id: j.nextID, label: label, names: map[*inode]map[string]*inode{}, pos: map[*inode]dirPos{}}
	j.steps = append(j.steps, st)
	for len(j.steps) > j.maxSteps+1 {
		f.dropOldestLocked(j, fmt.Sprintf("the undo history keeps the last %d commands", j.maxSteps))
	}
	j.cur.Store(st)
	return st.id
}

// empty reports whether the step changed nothing.
func (st *step) empty() bool { return st.changes.Load() == 0 }

// dropOldestLocked forgets the oldest step, returning the bytes its
// records own. Caller holds journal.mu.
func (f *FS) dropOldestLocked(j *journal, why string) {
	st := j.steps[0]
	j.steps = j.steps[1:]
	for _, r := range st.inodes {
		r.dropped.Store(true)
		j.held -= r.owned
		f.bytes.Add(-r.owned)
		r.owned = 0
		r.data, r.cowWith = fileData{}, nil
	}
	j.meta.Add(-st.meta.Load())
	if !st.empty() || st == j.cur.Load() {
		j.lost, j.lostWhy = st.id, why
	}
	if len(j.steps) == 0 {
		// the current step itself is gone: what it changes from now on
		// cannot be undone either, so it stays marked lost
		ph := &step{id: st.id, label: st.label, names: map[*inode]map[string]*inode{}, pos: map[*inode]dirPos{}}
		ph.lost.Store(true)
		j.steps = append(j.steps, ph)
		j.lost = st.id
		j.cur.Store(j.steps[0])
	}
}

// overBudgetLocked drops the oldest steps while the history holds more
// than its budget. Caller holds journal.mu.
func (f *FS) overBudgetLocked(j *journal) {
	for j.held+j.meta.Load() > j.budget && len(j.steps) > 0 && j.steps[0].id > j.lost {
		f.dropOldestLocked(j, fmt.Sprintf("the undo memory budget (%s)", sizeText(j.budget)))
	}
}

// reclaim drops the oldest steps until need bytes of MaxBytes are free
// or nothing is left to drop; it reports whether it dropped anything.
// Unless all, it stops when the history owns no bytes (dropping more
// would not free any); all is for a write that cannot copy a file the
// history shares: dropping the history lets it write in place.
func (f *FS) reclaim(need int64, all bool) bool {
	j := f.jr.Load()
	if j == nil {
		return false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	did := false
	for (all || j.held > 0) && f.availBytes() < need && len(j.steps) > 0 && j.steps[0].id > j.lost {
		f.dropOldestLocked(j, "the filesystem byte limit (MaxBytes)")
		did = true
	}
	return did
}

// note counts a record of size bytes in st.
func (st *step) note(j *journal, size int64) {
	st.changes.Add(1)
	st.meta.Add(size)
	j.meta.Add(size)
}

// saveLocked records n's state in the current step before its first
// change in the step. hint is a path that names n, for reports. Caller
// holds n.mu.
func (f *FS) saveLocked(n *inode, hint string) {
	j := f.jr.Load()
	if j == nil {
		return
	}
	st := j.cur.Load()
	if n.savedIn == st.id {
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	st = j.cur.Load()
	n.savedIn = st.id
	if st.id <= j.lost {
		n.sharedBy = nil
		return
	}
	r := &inodeRec{n: n, hint: hint, perm: n.perm, uid: n.uid, gid: n.gid, nlink: n.nlink,
		data: n.data, size: n.size, mtime: n.mtime, ctime: n.ctime, atime: n.atime.Load(), freed: n.freed}
	if cowLive(n) {
		r.cowWith = n.cowWith
		r.data.shared = slices.Clone(n.data.shared)
	} else {
		r.data.shared = nil
	}
	if s := n.sharedBy; s != nil && !s.dropped.Load() {
		r.prevSharer = s
	}
	n.sharedBy = nil
	if n.data.capacity() > 0 {
		n.sharedBy = r
	}
	st.inodes = append(st.inodes, r)
	st.note(j, recOverhead)
	f.overBudgetLocked(j)
}

// save is saveLocked for a caller that does not hold n.mu.
func (f *FS) save(n *inode, hint string) {
	if f.jr.Load() == nil {
		return
	}
	n.mu.Lock()
	f.saveLocked(n, hint)
	n.mu.Unlock()
}

// saveCreated records that the current step made n. Caller holds FS.mu.
func (f *FS) saveCreated(n *inode) {
	j := f.jr.Load()
	if j == nil {
		return
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	st := j.cur.Load()
	n.savedIn = st.id
	if st.id <= j.lost {
		return
	}
	st.inodes = append(st.inodes, &inodeRec{n: n, created: true})
	st.note(j, recOverhead)
	f.overBudgetLocked(j)
}

// saveName records the entry name of directory d before the current
// step first changes it. Caller holds FS.mu for writing.
func (f *FS) saveName(d *inode, name string) {
	j := f.jr.Load()
	if j == nil {
		return
	}
	st := j.cur.Load()
	if st.lost.Load() {
		return
	}
	m := st.names[d]
	if m == nil {
		m = map[string]*inode{}
		st.names[d] = m
	}
	if _, ok := m[name]; !ok {
		m[name] = d.children[name]
		st.note(j, int64(len(name))+48)
	}
}

// savePos records where directory n sits before the current step first
// moves it. Caller holds FS.mu for writing.
func (f *FS) savePos(n *inode) {
	j := f.jr.Load()
	if j == nil {
		return
	}
	st := j.cur.Load()
	if st.lost.Load() {
		return
	}
	if _, ok := st.pos[n]; !ok {
		st.pos[n] = dirPos{n.parent, n.name}
		st.note(j, 48)
	}
}

// noteWritten adds k bytes to what the current step wrote.
func (f *FS) noteWritten(k int) {
	if j := f.jr.Load(); j != nil {
		j.cur.Load().written.Add(int64(k))
	}
}

// shared reports whether n's chunk table is also held by a live record.
// Caller holds n.mu.
func shared(n *inode) bool {
	if n.sharedBy != nil && n.sharedBy.dropped.Load() {
		n.sharedBy = nil
	}
	return n.sharedBy != nil
}

// cowLive reports whether the chunks marked in n.data.shared are still
// held by a live record; when not, the marks are dropped. Caller holds
// n.mu.
func cowLive(n *inode) bool {
	if n.cowWith != nil && n.cowWith.dropped.Load() {
		n.cowWith, n.data.shared = nil, nil
	}
	return n.cowWith != nil
}

// giveTo makes record r count size bytes the live inode let go of; when r
// was dropped meanwhile, nothing holds them and they are given back.
func (f *FS) giveTo(r *inodeRec, size int64) {
	j := f.jr.Load()
	j.mu.Lock()
	defer j.mu.Unlock()
	if r.dropped.Load() {
		f.bytes.Add(-size)
		return
	}
	r.owned += size
	j.held += size
	f.overBudgetLocked(j)
}

// releaseData lets go of n's data: what a record still holds goes to
// that record, the rest of the capacity back to MaxBytes and the chunks
// no record holds to the free list. Caller holds n.mu.
func (f *FS) releaseData(n *inode) {
	if shared(n) {
		r := n.sharedBy
		n.sharedBy = nil
		f.giveTo(r, n.data.capacity())
		n.data, n.cowWith = fileData{}, nil
		return
	}
	f.dropChunks(n, 0)
	n.data, n.cowWith = fileData{}, nil
}

// dropChunks lets go of n's chunks from index keep on: the capacity of
// those a record holds goes to it, the rest back to MaxBytes, and the
// full chunks no record holds to the free list; the table is cut to
// keep. The caller has unshared n's table. Caller holds n.mu.
func (f *FS) dropChunks(n *inode, keep int) {
	d := &n.data
	var toRec, free int64
	live := cowLive(n)
	for i := keep; i < len(d.chunks); i++ {
		c := d.chunks[i]
		switch {
		case c == nil:
			free += chunkSize
		case live && d.isShared(i):
			toRec += int64(len(c))
		default:
			free += int64(len(c))
			if len(c) == chunkSize {
				f.freeChunks.Put((*[chunkSize]byte)(c))
			}
		}
		d.chunks[i] = nil
	}
	d.chunks = d.chunks[:keep]
	f.bytes.Add(-free)
	if toRec > 0 {
		f.giveTo(n.cowWith, toRec)
	}
}

// unshare gives n its own copy of its chunk table (the pointers, not the
// bytes) before its data changes, marking every chunk as held by the
// record that shares the table, so that the record's table stays as it
// was and a write copies each chunk it touches first (own). Caller holds
// n.mu.
func (f *FS) unshare(n *inode) {
	if !shared(n) {
		return
	}
	d := &n.data
	d.chunks = slices.Clone(d.chunks)
	d.shared = make([]uint64, (len(d.chunks)+63)/64)
	for i := range d.shared {
		d.shared[i] = ^uint64(0)
	}
	n.cowWith, n.sharedBy = n.sharedBy, nil
}

// own makes the chunks of n that [from, to) touches n's own before they
// change: a chunk a record holds is copied (its stored bytes only) and
// the record counts the old one. With no room for a copy the oldest
// history is dropped; if the record survives that, ENOSPC. The caller
// has unshared n's table. Caller holds n.mu.
func (f *FS) own(n *inode, from, to int64) syscall.Errno {
	d := &n.data
	last := min(int((to-1)>>chunkShift), len(d.chunks)-1)
	for i := int(from >> chunkShift); i <= last && cowLive(n); i++ {
		c := d.chunks[i]
		if c == nil || !d.isShared(i) {
			continue
		}
		size := int64(len(c))
		for !f.reserveBytes(size) {
			if !f.reclaim(size, true) && cowLive(n) {
				f.hitSpace()
				return syscall.ENOSPC
			}
			if !cowLive(n) {
				return 0 // the history is gone: write in place
			}
		}
		k := min(size, max(d.stored-int64(i)*chunkSize, 0))
		own := f.newChunk(size, false)
		copy(own, c[:k])
		f.copied.Add(k)
		d.chunks[i] = own
		d.unmark(i)
		f.giveTo(n.cowWith, size)
	}
	return 0
}

// Change is one path a step changed.
type Change struct {
	Path string
	Kind byte // '+' added, '-' removed, '~' changed (data or metadata)
	Dir  bool
}

// StepInfo describes one step of the undo history.
type StepInfo struct {
	ID      uint64
	Label   string
	Written int64    // bytes written
	Changes []Change // sorted by path
}

// UndoStep describes the step id (the changes it made so far): ok is
// false when it is not in the history (forgotten as empty, dropped or
// undone).
func (f *FS) UndoStep(id uint64) (StepInfo, bool) {
	j := f.jr.Load()
	if j == nil {
		return StepInfo{}, false
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, st := range j.steps {
		if st.id == id {
			return f.describe(st, st == j.steps[len(j.steps)-1]), true
		}
	}
	return StepInfo{}, false
}

// UndoSteps lists the steps that changed something, oldest first (the
// current step included when it did).
func (f *FS) UndoSteps() []StepInfo {
	j := f.jr.Load()
	if j == nil {
		return nil
	}
	f.mu.RLock()
	defer f.mu.RUnlock()
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []StepInfo
	for _, st := range j.steps {
		if !st.empty() && st.id > j.lost {
			out = append(out, f.describe(st, st == j.steps[len(j.steps)-1]))
		}
	}
	return out
}

// describe lists what st changed: each directory entry it bound,
// unbound or rebound, and each file whose data or metadata it changed.
// An entry is compared with the tree now, so for the newest step the
// kinds are exact; in an older step, a name it made that a later step
// removed still counts as made. Caller holds FS.mu and journal.mu.
func (f *FS) describe(st *step, newest bool) StepInfo {
	info := StepInfo{ID: st.id, Label: st.label, Written: st.written.Load()}
	seen := map[*inode]bool{}
	for d, m := range st.names {
		dir := f.pathOf(d)
		for name, old := range m {
			now := d.children[name]
			c := Change{Path: joinPath(dir, name)}
			switch {
			case old == nil && now == nil && newest:
				continue // made and removed again by the step
			case old == nil && now == nil:
				c.Kind = '+'
			case old == nil:
				c.Kind, c.Dir = '+', now.isDir()
				seen[now] = true
			case now == nil:
				c.Kind, c.Dir = '-', old.isDir()
				seen[old] = true
			default:
				c.Kind, c.Dir = '~', now.isDir()
				seen[now], seen[old] = true, true
			}
			info.Changes = append(info.Changes, c)
		}
	}
	for _, r := range st.inodes {
		if r.created || seen[r.n] || r.n.isDir() || r.hint == "" {
			continue
		}
		seen[r.n] = true
		info.Changes = append(info.Changes, Change{Path: r.hint, Kind: '~'})
	}
	slices.SortFunc(info.Changes, func(a, b Change) int { return strings.Compare(a.Path, b.Path) })
	return info
}

// pathOf is the path of directory d, or the path it had when it was
// removed. Caller holds FS.mu.
func (f *FS) pathOf(d *inode) string {
	var parts []string
	for i := 0; d != f.root && d.parent != nil && i < maxPath; i++ {
		parts = append(parts, d.name)
		d = d.parent
	}
	slices.Reverse(parts)
	return "/" + strings.Join(parts, "/")
}

func joinPath(dir, name string) string {
	if dir == "/" {
		return "/" + name
	}
	if dir == "" {
		return name
	}
	return dir + "/" + name
}

// UndoResult says what Undo put back.
type UndoResult struct {
	Steps  []StepInfo // the steps undone, newest first
	Paths  int        // distinct paths restored
	Labels []string
}

// Undo puts the filesystem back to the moment Checkpoint returned id:
// every step from id on is undone, newest first, and leaves the history.
// Open files keep their inodes (a file the steps created stays readable
// through its descriptors, unlinked). The error wraps ErrUndoDropped,
// naming the limit, when step id is no longer held.
func (f *FS) Undo(id uint64) (UndoResult, error) {
	j := f.jr.Load()
	if j == nil {
		return UndoResult{}, errors.New("undo is off")
	}
	f.undoMu.Lock()
	defer f.undoMu.Unlock()
	f.mu.Lock()
	defer f.mu.Unlock()
	j.mu.Lock()
	if id <= j.lost {
		why := j.lostWhy
		j.mu.Unlock()
		return UndoResult{}, fmt.Errorf("%w: %s", ErrUndoDropped, why)
	}
	i := len(j.steps)
	for i > 0 && j.steps[i-1].id >= id {
		i--
	}
	undo := slices.Clone(j.steps[i:])
	cur := j.cur.Load()
	var res UndoResult
	paths := map[string]bool{}
	for k := len(undo) - 1; k >= 0; k-- {
		if st := undo[k]; !st.empty() {
			info := f.describe(st, k == len(undo)-1 && st == j.steps[len(j.steps)-1])
			for _, c := range info.Changes {
				paths[c.Path] = true
			}
			res.Steps = append(res.Steps, info)
		}
	}
	res.Paths = len(paths)
	j.steps = j.steps[:i]
	if len(undo) > 0 && undo[len(undo)-1] == cur {
		// a new current step before the restore, so that a background
		// job writing meanwhile never records into an undone step
		f.newStepLocked(j, cur.label)
	}
	j.mu.Unlock()
	for k := len(undo) - 1; k >= 0; k-- {
		f.restore(j, undo[k])
		j.meta.Add(-undo[k].meta.Load())
	}
	f.gen.Add(1)
	return res, nil
}

// restore undoes one step. Caller holds FS.mu for writing; the step is
// out of the history.
func (f *FS) restore(j *journal, st *step) {
	for d, m := range st.names {
		for name, old := range m {
			if old == nil {
				delete(d.children, name)
			} else {
				d.children[name] = old
			}
		}
	}
	for n, p := range st.pos {
		n.parent, n.name = p.parent, p.name
	}
	for k := len(st.inodes) - 1; k >= 0; k-- {
		r := st.inodes[k]
		n := r.n
		n.mu.Lock()
		if r.created {
			n.nlink = 0
			f.maybeFreeLocked(n)
			n.mu.Unlock()
			continue
		}
		if n.freed {
			n.freed = false
			n.data = fileData{}
			f.inodes.Add(1)
		}
		// the inode's capacity becomes the record's: what the record
		// counted moves over, and the inode's own chunks are let go
		j.mu.Lock()
		f.bytes.Add(r.data.capacity() - n.data.capacity() - r.owned)
		j.held -= r.owned
		r.owned = 0
		j.mu.Unlock()
		n.data = r.data
		n.sharedBy, n.cowWith = nil, nil
		if p := r.prevSharer; p != nil && !p.dropped.Load() && r.data.capacity() > 0 {
			n.sharedBy = p
		}
		if c := r.cowWith; c != nil && !c.dropped.Load() {
			n.cowWith = c
		} else {
			n.data.shared = nil
		}
		n.perm, n.uid, n.gid, n.nlink = r.perm, r.uid, r.gid, r.nlink
		n.size, n.mtime, n.ctime = r.size, r.mtime, r.ctime
		n.atime.Store(r.atime)
		n.savedIn = 0
		// an inode the step found unlinked and open (written through a
		// descriptor) and that was closed since has nothing left to keep it
		f.maybeFreeLocked(n)
		n.mu.Unlock()
	}
}

// sizeText writes a byte count the way the limit messages do (64 MiB).
func sizeText(b int64) string {
	switch {
	case b >= 1<<30 && b%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", b>>30)
	case b >= 1<<20 && b%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", b>>20)
	case b >= 1<<10 && b%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", b>>10)
	}
	return fmt.Sprintf("%d bytes", b)
}
