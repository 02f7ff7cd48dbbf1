package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"memsh/memfs"
)

// DefaultSession is the session the interactive shell uses when none is
// named.
const DefaultSession = "default"

// Files of a session directory.
const (
	tarFile  = "fs.tar" // the whole tree, from "/"
	cwdFile  = "cwd"    // the shell's working directory at the last save
	lockFile = "lock"   // flock'ed while a memsh uses the session
)

// Store is the host directory named sessions live in, one directory each:
// DIR/NAME/fs.tar (the whole filesystem), DIR/NAME/cwd.
type Store struct{ Dir string }

// DefaultStore is $XDG_DATA_HOME/memsh/sessions, or
// ~/.local/share/memsh/sessions when XDG_DATA_HOME is unset or relative
// (as the XDG base directory specification says).
func DefaultStore() (Store, error) {
	data := os.Getenv("XDG_DATA_HOME")
	if !filepath.IsAbs(data) {
		home, err := os.UserHomeDir()
		if err != nil {
			return Store{}, fmt.Errorf("no directory for sessions: %w", err)
		}
		data = filepath.Join(home, ".local", "share")
	}
	return Store{Dir: filepath.Join(data, "memsh", "sessions")}, nil
}

// CheckName accepts a session name usable as one directory name: letters,
// digits, '.', '_' and '-', not starting with '.', at most 64 bytes.
func CheckName(name string) error {
	ok := name != "" && len(name) <= 64 && name[0] != '.'
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("invalid session name %q: use letters, digits, '.', '_' and '-' (at most 64, not starting with '.')", name)
	}
	return nil
}

// Info describes a stored session.
type Info struct {
	Name  string
	Size  int64     // bytes of its archive
	Saved time.Time // when it was last saved
	InUse bool      // a running memsh holds it
}

// List returns the stored sessions by name. A store that does not exist
// yet holds none.
func (s Store) List() ([]Info, error) {
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Info
	for _, e := range ents {
		if !e.IsDir() || CheckName(e.Name()) != nil {
			continue
		}
		st, err := os.Stat(filepath.Join(s.Dir, e.Name(), tarFile))
		if err != nil {
			continue
		}
		out = append(out, Info{Name: e.Name(), Size: st.Size(), Saved: st.ModTime(), InUse: s.inUse(e.Name())})
	}
	slices.SortFunc(out, func(a, b Info) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (s Store) inUse(name string) bool {
	f, err := os.Open(filepath.Join(s.Dir, name, lockFile))
	if err != nil {
		return false
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) != nil {
		return true
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}

// DefaultMaxBytes bounds what a session saves: past it, saving fails with
// a message naming the limit and the last save is kept. Writing gigabytes
// to disk every 30 seconds would stall the machine the sandbox protects.
const DefaultMaxBytes = 4 << 30

// ErrInUse is what Open wraps when another process holds the session.
var ErrInUse = errors.New("in use")

// Session is one named session held by this process: its directory is
// locked until Close, so two memsh processes never overwrite each
// other's work.
type Session struct {
	Name string
	// MaxBytes is the most the filesystem may hold for a save (its
	// allocated bytes, memfs.Usage); 0 means no limit.
	MaxBytes int64
	dir      string
	lock     *os.File

	mu      sync.Mutex // one save at a time
	saved   bool       // saved (or restored) at least once
	lastGen uint64     // the filesystem's generation at that time
}

// Open creates (if needed) and locks the session name.
func (s Store) Open(name string) (*Session, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	dir := filepath.Join(s.Dir, name)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("session %s: %w", name, err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", name, err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lock.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("session %s is %w by another memsh (start with --session OTHER_NAME)", name, ErrInUse)
		}
		return nil, fmt.Errorf("session %s: lock: %w", name, err)
	}
	return &Session{Name: name, MaxBytes: DefaultMaxBytes, dir: dir, lock: lock}, nil
}

// TarPath is the host path of the session's archive.
func (s *Session) TarPath() string { return filepath.Join(s.dir, tarFile) }

// Exists says whether the session has been saved before.
func (s *Session) Exists() bool {
	_, err := os.Stat(s.TarPath())
	return err == nil
}

// Restore loads the saved tree into fsys (over what New made) and returns
// the working directory saved with it. ok is false when the session was
// never saved. A tree larger than the filesystem's limits fails with the
// limit's error (ENOSPC, EFBIG) and the archive is left as it is.
func (s *Session) Restore(fsys *memfs.FS) (cwd string, ok bool, err error) {
	f, err := os.Open(s.TarPath())
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("session %s: %w", s.Name, err)
	}
	defer f.Close()
	if err := fsys.ImportTar(f, "/"); err != nil {
		return "", false, fmt.Errorf("session %s: restoring %s: %w", s.Name, s.TarPath(), err)
	}
	if b, err := os.ReadFile(filepath.Join(s.dir, cwdFile)); err == nil {
		cwd = strings.TrimSuffix(string(b), "\n")
	}
	s.mu.Lock()
	s.saved, s.lastGen = true, fsys.Generation()
	s.mu.Unlock()
	return cwd, true, nil
}

// Save writes the whole tree and cwd, atomically (SaveTar), whether or
// not anything changed.
func (s *Session) Save(fsys *memfs.FS, cwd string) error {
	_, err := s.save(fsys, cwd, true)
	return err
}

// SaveIfChanged saves only when the filesystem changed since the last
// save or restore (its generation counter moved); saved says whether it
// wrote.
func (s *Session) SaveIfChanged(fsys *memfs.FS, cwd string) (saved bool, err error) {
	return s.save(fsys, cwd, false)
}

func (s *Session) save(fsys *memfs.FS, cwd string, always bool) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	gen := fsys.Generation()
	if !always && s.saved && gen == s.lastGen {
		return false, nil
	}
	if u := fsys.Usage(); s.MaxBytes > 0 && u.Bytes > s.MaxBytes {
		return false, fmt.Errorf("saving session %s: the filesystem holds %d MiB, more than the session limit of %d MiB; the last save (%s) is kept (save with --save FILE.tar)",
			s.Name, u.Bytes>>20, s.MaxBytes>>20, s.TarPath())
	}
	if err := SaveTar(fsys, "/", s.TarPath()); err != nil {
		return false, fmt.Errorf("saving session %s: %w", s.Name, err)
	}
	if err := writeSmall(filepath.Join(s.dir, cwdFile), cwd+"\n"); err != nil {
		return false, fmt.Errorf("saving session %s: %w", s.Name, err)
	}
	s.saved, s.lastGen = true, gen
	return true, nil
}

// writeSmall replaces a small file atomically.
func writeSmall(path, text string) error {
	tmp, err := createTemp(path, 0o600)
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(text)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// Close releases the session's lock.
func (s *Session) Close() error {
	if s == nil || s.lock == nil {
		return nil
	}
	err := s.lock.Close()
	s.lock = nil
	return err
}

// prevFile keeps the tree a --fresh start set aside.
const prevFile = "fs.prev.tar"

// SetAside moves the saved tree to fs.prev.tar (replacing an older one),
// for a fresh start that must not destroy the previous work before the
// user has seen what they lose.
func (s *Session) SetAside() error {
	err := os.Rename(s.TarPath(), filepath.Join(s.dir, prevFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// PrevPath is where SetAside put the previous tree.
func (s *Session) PrevPath() string { return filepath.Join(s.dir, prevFile) }

// SavedAt is when the session was last saved (zero if never).
func (s *Session) SavedAt() time.Time {
	st, err := os.Stat(s.TarPath())
	if err != nil {
		return time.Time{}
	}
	return st.ModTime()
}
