package pyworker

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// uleb is n as an unsigned LEB128 number.
func uleb(n uint32) []byte {
	var b []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// sleb is n as a signed LEB128 number (i32.const's immediate).
func sleb(n int32) []byte {
	var b []byte
	for {
		c := byte(n & 0x7f)
		n >>= 7
		if n == 0 && c&0x40 == 0 || n == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// longSection is section for payloads of any size.
func longSection(id byte, payload []byte) []byte {
	return append(append([]byte{id}, uleb(uint32(len(payload)))...), payload...)
}

// growModule has one page of memory and grows it by pages at _start,
// trapping (unreachable) when memory.grow fails.
func growModule(pages uint32) []byte {
	body := []byte{0, 0x41}
	body = append(body, sleb(int32(pages))...)
	body = append(body, 0x40, 0x00, 0x41, 0x7f, 0x46, 0x04, 0x40, 0x00, 0x0b, 0x0b)
	code := append([]byte{1}, uleb(uint32(len(body)))...)
	return wasmModule(typeVoid, funcOne, section(5, 1, 0, 1), exportFn(0), longSection(10, append(code, body...)))
}

// TestGuestMemoryBudget: a guest's linear memory counts against the
// session's budget as it grows, and what a module declares (its initial
// memory, its tables) and what compiling it takes must fit in the budget
// before wazero decodes it. Every refusal names --max-memory, and the
// budget is whole again after each run.
func TestGuestMemoryBudget(t *testing.T) {
	rt := New(Config{CacheDir: t.TempDir()})
	defer rt.Close()
	budget := command.NewBudget(16<<20, nil)
	tests := []struct {
		name   string
		wasm   []byte
		status int
		stderr string
	}{
		{"grow within", growModule(64), 0, ""},
		{"grow past", growModule(1024), StatusTrap, "m.wasm: guest memory: memory limit of 16 MiB reached (memsh --max-memory)"},
		{"initial memory", wasmModule(typeVoid, funcOne, section(5, 1, 0, 0x80, 0x04), exportFn(0), codeNop), StatusCannotExecute,
			"m.wasm: cannot execute: it declares 32 MiB of initial memory and 0 MiB of tables: memory limit of 16 MiB reached (memsh --max-memory)"},
		{"table", wasmModule(typeVoid, funcOne, longSection(4, append([]byte{1, 0x70, 0}, uleb(4<<20)...)), exportFn(0), codeNop), StatusCannotExecute,
			"m.wasm: cannot execute: it declares 0 MiB of initial memory and 32 MiB of tables: memory limit of 16 MiB reached (memsh --max-memory)"},
		{"compilation", wasmModule(typeVoid, funcOne, exportFn(0), codeNop, longSection(0, append([]byte{1, 'x'}, make([]byte, 2<<20)...))), StatusCannotExecute,
			"m.wasm: cannot execute: compiling its 3 MiB of code takes about 33 MiB: memory limit of 16 MiB reached (memsh --max-memory)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errb bytes.Buffer
			st := rt.RunModule(context.Background(), tt.wasm, Proc{Args: []string{"m.wasm"}, Dir: "/", FS: memfs.New(memfs.Options{}), Stderr: &errb, Memory: budget})
			if st != tt.status || !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("got %d %q, want %d %q", st, errb.String(), tt.status, tt.stderr)
			}
			if used := budget.Used(); used != 0 {
				t.Errorf("%d bytes still taken from the budget after the run", used)
			}
		})
	}
}

// TestGuestMemoryBudgetShared: guests running at once share the budget:
// with room for one 10 MiB memory, the second guest's grow fails while
// the first holds its memory, and succeeds once it is gone.
func TestGuestMemoryBudgetShared(t *testing.T) {
	rt := New(Config{CacheDir: t.TempDir()})
	defer rt.Close()
	budget := command.NewBudget(16<<20, nil)
	if err := budget.Reserve(10 << 20); err != nil { // what the first guest holds
		t.Fatal(err)
	}
	run := func() int {
		return rt.RunModule(context.Background(), growModule(160), Proc{Args: []string{"m.wasm"}, Dir: "/", FS: memfs.New(memfs.Options{}), Memory: budget})
	}
	if st := run(); st != StatusTrap {
		t.Errorf("with 10 of 16 MiB taken, growing by 10 MiB: status %d, want %d", st, StatusTrap)
	}
	budget.Release(10 << 20)
	if st := run(); st != 0 {
		t.Errorf("with the budget free, growing by 10 MiB: status %d, want 0", st)
	}
}

// TestPythonMemoryBudget: python's memory counts against the session's
// budget; past it, a MemoryError and a note naming --max-memory.
func TestPythonMemoryBudget(t *testing.T) {
	needPython(t)
	rt := New(Config{CacheDir: t.TempDir(), Fast: true})
	defer rt.Close()
	budget := command.NewBudget(64<<20, nil)
	var errb bytes.Buffer
	st := rt.RunPython(context.Background(), Proc{Args: []string{"python3", "-c", "x = bytearray(100 << 20)"}, Dir: "/", FS: memfs.New(memfs.Options{}), Stderr: &errb, Memory: budget})
	if st != 1 || !strings.Contains(errb.String(), "MemoryError\nmemsh: python3: guest memory: memory limit of 64 MiB reached (memsh --max-memory)\n") {
		t.Errorf("got %d %q", st, errb.String())
	}
	if used := budget.Used(); used != 0 {
		t.Errorf("%d bytes still taken from the budget after the run", used)
	}
}
