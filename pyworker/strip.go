package pyworker

import (
	"errors"
	"io"
	"os"
)

// readModule reads the wasm module at path without its custom sections,
// except "name": python.wasm carries 13 MB of DWARF that memsh never uses
// (debug info is off), and wazero hashes every byte it is given before it
// can look up its compilation cache. A file that does not parse as a
// sequence of sections is read whole, for wazero to report on. The
// module gets memsh's stop checks (stopcheck.go) when it can have them;
// a large one's checked form comes from the cache when it is there
// (stopcheckcache.go).
func readModule(path string) ([]byte, error) {
	var dir, key string
	if fi, err := os.Stat(path); err == nil && fi.Size() >= stopCheckCacheMin {
		if dir = stopCheckDir(); dir != "" {
			key = stopCheckKey(path, fi)
			if b := readStopChecked(dir, key); b != nil {
				return b, nil
			}
		}
	}
	b, err := readModuleSections(path)
	if err != nil {
		return nil, err
	}
	checked, err := addStopChecks(b)
	if err != nil {
		return b, nil
	}
	if key != "" {
		writeStopChecked(dir, key, checked)
	}
	return checked, nil
}

// readModuleSections is readModule without the stop checks.
func readModuleSections(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	kept, err := moduleSections(f, fi.Size())
	if err != nil {
		return os.ReadFile(path)
	}
	total := 0
	for _, s := range kept {
		total += int(s[1] - s[0])
	}
	out := make([]byte, total)
	at := 0
	for _, s := range kept {
		n, err := f.ReadAt(out[at:at+int(s[1]-s[0])], s[0])
		if err != nil && !(errors.Is(err, io.EOF) && n == int(s[1]-s[0])) {
			return nil, err
		}
		at += n
	}
	return out, nil
}

// moduleSections lists the byte ranges of the module in f to keep: the
// header and every section but the custom ones not named "name".
func moduleSections(f io.ReaderAt, size int64) ([][2]int64, error) {
	bad := errors.New("not a sequence of wasm sections")
	head := make([]byte, 8)
	if _, err := f.ReadAt(head, 0); err != nil || !IsWasm(head) {
		return nil, bad
	}
	kept := [][2]int64{{0, 8}}
	buf := make([]byte, 1+5+5+4)
	for off := int64(8); off < size; {
		n, _ := f.ReadAt(buf, off)
		if n < 2 {
			return nil, bad
		}
		body, m := uleb32(buf[1:n])
		if m == 0 {
			return nil, bad
		}
		start := off + 1 + int64(m)
		end := start + int64(body)
		if end > size {
			return nil, bad
		}
		keep := true
		if buf[0] == 0 {
			nameLen, k := uleb32(buf[1+m : n])
			keep = k != 0 && nameLen == 4 && 1+m+k+4 <= n && string(buf[1+m+k:1+m+k+4]) == "name"
		}
		if keep {
			if last := &kept[len(kept)-1]; last[1] == off {
				last[1] = end
			} else {
				kept = append(kept, [2]int64{off, end})
			}
		}
		off = end
	}
	return kept, nil
}

// uleb32 decodes an unsigned LEB128 number of at most 32 bits; n is 0 when
// b does not start with one.
func uleb32(b []byte) (v uint32, n int) {
	var shift uint
	for i := 0; i < len(b) && i < 5; i++ {
		v |= uint32(b[i]&0x7f) << shift
		if b[i] < 0x80 {
			if i == 4 && b[i] > 0x0f {
				return 0, 0
			}
			return v, i + 1
		}
		shift += 7
	}
	return 0, 0
}
