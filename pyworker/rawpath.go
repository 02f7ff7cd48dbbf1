package pyworker

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/tetratelabs/wazero/api"
)

// File names that are not UTF-8. wazero checks every path a guest passes
// to a path_* call with Go's fs.ValidPath, which refuses invalid UTF-8
// (EPERM) before memfs sees it, so python could list a file named
// b'\xff' (os.listdir gives '\udcff') but not open, stat or remove it.
// memsh's wrappers of those calls rewrite such a path into valid UTF-8,
// each stray byte b as the rune escapeBase+b (plane 16, private use),
// in a scratch area of the guest's memory, and the filesystems memsh
// serves turn the runes back into bytes (rawPath). A name that really
// holds one of those 256 runes is read as the byte: an accepted cost.

// escapeBase is the rune for byte 0 in an escaped path.
const escapeBase = 0x10ff00

// scratchBase and scratchSize place the rewritten paths in python's
// memory: the stack it was linked with, unused once moveStack moved the
// stack (well above address 0, which a stray NULL read might touch).
const (
	scratchBase = 64 << 10
	scratchSize = 16 << 10 // per path; a path escaping to more is left alone
)

// pathParams lists, per WASI call, the stack slots of each (pointer,
// length) pair that wazero resolves as a path. path_symlink's target is
// stored as given, so only its link name is listed.
var pathParams = map[string][][2]int{
	"path_create_directory":   {{1, 2}},
	"path_filestat_get":       {{2, 3}},
	"path_filestat_set_times": {{2, 3}},
	"path_link":               {{2, 3}, {5, 6}},
	"path_open":               {{2, 3}},
	"path_readlink":           {{1, 2}},
	"path_remove_directory":   {{1, 2}},
	"path_rename":             {{1, 2}, {4, 5}},
	"path_symlink":            {{3, 4}},
	"path_unlink_file":        {{1, 2}},
}

// withRawPaths wraps a path_* call so its paths reach memsh's filesystems
// even when they are not UTF-8. It needs the run's scratch area; without
// one (a guest other than python) the call is unchanged.
func withRawPaths(orig api.GoModuleFunction, slots [][2]int) api.GoModuleFunction {
	return api.GoModuleFunc(func(ctx context.Context, mod api.Module, stack []uint64) {
		st, _ := ctx.Value(runStateKey{}).(*runState)
		if st == nil || !st.scratch {
			orig.Call(ctx, mod, stack)
			return
		}
		mem := mod.Memory()
		for i, s := range slots {
			ptr, n := uint32(stack[s[0]]), uint32(stack[s[1]])
			b, ok := mem.Read(ptr, n)
			if !ok || utf8.Valid(b) {
				continue
			}
			esc := escapePath(b)
			at := uint32(scratchBase + i*scratchSize)
			if len(esc) > scratchSize || !mem.Write(at, esc) {
				continue
			}
			stack[s[0]], stack[s[1]] = uint64(at), uint64(len(esc))
		}
		orig.Call(ctx, mod, stack)
	})
}

// escapePath rewrites the bytes of b that are not UTF-8 as escape runes.
func escapePath(b []byte) []byte {
	out := make([]byte, 0, len(b)+16)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			out = utf8.AppendRune(out, escapeBase+rune(b[0]))
		} else {
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return out
}

// rawPath turns the escape runes of a path back into its bytes.
func rawPath(p string) string {
	// Every escape rune is encoded starting 0xf4 0x8f 0xbc-0xbf.
	if !strings.Contains(p, "\xf4\x8f") {
		return p
	}
	var b strings.Builder
	for len(p) > 0 {
		r, n := utf8.DecodeRuneInString(p)
		if r >= escapeBase && r <= escapeBase+0xff {
			b.WriteByte(byte(r - escapeBase))
		} else {
			b.WriteString(p[:n])
		}
		p = p[n:]
	}
	return b.String()
}
