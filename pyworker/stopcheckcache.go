package pyworker

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// Adding the stop checks (stopcheck.go) reads every instruction of a
// module: about 15 ms for python.wasm's 8 MB, paid by the first python3
// of every process (twice when the snapshot serves it: both modules
// load). So the result for a large module is kept in the user's cache
// directory (memsh/stopcheck), keyed by the file's identity (path, size,
// modification time, device and inode) and the checks' version, and
// guarded by a CRC-32C: reading it back costs about what reading the
// module does.

// stopCheckCacheMin is the size from which a module's checked form is
// cached; a smaller one is instrumented on every load in well under a
// millisecond.
const stopCheckCacheMin = 1 << 20

// stopCheckVersion names the output of addStopChecks: change it when the
// checks change.
const stopCheckVersion = "1"

// stopCheckDir is where checked modules are cached; "" when the user has
// no cache directory.
func stopCheckDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "memsh", "stopcheck")
}

// stopCheckKey names the checked form of the module file at path.
func stopCheckKey(path string, fi os.FileInfo) string {
	h := sha256.New()
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	fmt.Fprintf(h, "%s\x00%s\x00%d\x00%d", stopCheckVersion, abs, fi.Size(), fi.ModTime().UnixNano())
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		fmt.Fprintf(h, "\x00%d\x00%d", st.Dev, st.Ino)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// readStopChecked returns the cached checked module named key, or nil
// when there is none or it is damaged.
func readStopChecked(dir, key string) []byte {
	b, err := os.ReadFile(filepath.Join(dir, key))
	if err != nil || len(b) < 4+8 {
		return nil
	}
	mod := b[4:]
	if binary.LittleEndian.Uint32(b) != crc32.Checksum(mod, crc32.MakeTable(crc32.Castagnoli)) || !IsWasm(mod) {
		return nil
	}
	return mod
}

// writeStopChecked caches mod as key and removes the entries not written
// for a day (other files, older modules). Errors leave the cache as it
// was.
func writeStopChecked(dir, key string, mod []byte) {
	if os.MkdirAll(dir, 0o700) != nil {
		return
	}
	f, err := os.CreateTemp(dir, key+".*.tmp")
	if err != nil {
		return
	}
	var head [4]byte
	binary.LittleEndian.PutUint32(head[:], crc32.Checksum(mod, crc32.MakeTable(crc32.Castagnoli)))
	_, err = f.Write(head[:])
	if err == nil {
		_, err = f.Write(mod)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, key))
	}
	if err != nil {
		os.Remove(f.Name())
		return
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if fi, err := e.Info(); err == nil && e.Name() != key && time.Since(fi.ModTime()) > 24*time.Hour {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
