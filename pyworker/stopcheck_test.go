package pyworker

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tetratelabs/wazero"
)

// spinModule is a module exporting "spin", a function that loops
// forever, and, unless bare, a global and a memory (the checks' global
// is added after the module's own).
func spinModule(bare bool) []byte {
	m := []byte{0, 'a', 's', 'm', 1, 0, 0, 0,
		1, 4, 1, 0x60, 0, 0, // type: () -> ()
		3, 2, 1, 0, // function 0 of type 0
	}
	if !bare {
		m = append(m, 6, 6, 1, 0x7f, 0x01, 0x41, 0x07, 0x0b) // global 0: i32 mut = 7
	}
	m = append(m, 7, 8, 1, 4, 's', 'p', 'i', 'n', 0, 0) // export "spin" = func 0
	// code: loop, i32.const 128 (a two-byte immediate), drop, br 0, end, end
	body := []byte{0, 0x03, 0x40, 0x41, 0x80, 0x01, 0x1a, 0x0c, 0x00, 0x0b, 0x0b}
	m = append(m, 10, byte(2+len(body)), 1, byte(len(body)))
	return append(m, body...)
}

// A module with the checks stops when its global is set, from another
// goroutine, while it spins in a runtime without wazero's own checks.
func TestStopChecksStopASpinningGuest(t *testing.T) {
	for _, bare := range []bool{false, true} {
		b, err := addStopChecks(spinModule(bare))
		if err != nil {
			t.Fatalf("bare %v: %v", bare, err)
		}
		ctx := context.Background()
		rt := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithCloseOnContextDone(false))
		defer rt.Close(ctx)
		mod, err := rt.InstantiateWithConfig(ctx, b, wazero.NewModuleConfig().WithName(""))
		if err != nil {
			t.Fatalf("bare %v: %v", bare, err)
		}
		stop := stopper(mod)
		if stop == nil {
			t.Fatalf("bare %v: no %s export", bare, stopGlobal)
		}
		if !bare && mod.ExportedGlobal(stopGlobal) == nil {
			t.Fatal("no global")
		}
		done := make(chan error, 1)
		go func() {
			_, err := mod.ExportedFunction("spin").Call(ctx)
			done <- err
		}()
		stop()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("bare %v: spin returned without a trap", bare)
			}
		case <-time.After(time.Minute):
			t.Fatalf("bare %v: the spinning guest did not stop", bare)
		}
	}
}

// addStopChecks refuses what it cannot read rather than guess.
func TestStopChecksRefuseUnknown(t *testing.T) {
	m := spinModule(true)
	bad := bytes.Replace(m, []byte{0x0c, 0x00, 0x0b}, []byte{0x06, 0x40, 0x0b}, 1) // try: exception handling
	if _, err := addStopChecks(bad); err == nil {
		t.Error("a module with an unknown instruction was instrumented")
	}
	if _, err := addStopChecks(m[:len(m)-3]); err == nil {
		t.Error("a truncated module was instrumented")
	}
	twice, err := addStopChecks(m)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := addStopChecks(twice); err == nil {
		t.Error("a module with the checks got them twice")
	}
}

// The tools run in fast mode are stopped in a busy loop too: each says
// "ready" before it enters it.
func TestFastModeStopsBusyTools(t *testing.T) {
	for _, c := range [][]string{
		{"lua", "-e", "io.write('ready') io.flush() while true do end"},
		{"sqlite3", ":memory:", ".print ready", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;"},
	} {
		if _, err := FindTool(c[0]); err != nil {
			t.Logf("%v", err)
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		var out syncBuf
		done := make(chan int, 1)
		go func() {
			done <- fastRuntime().RunTool(ctx, c[0], Proc{Args: c, FS: newFS(t), Dir: "/", Stdout: &out})
		}()
		waitFor(t, c[0]+" to say ready", func() bool { return strings.Contains(out.String(), "ready") })
		cancel()
		select {
		case st := <-done:
			if st != StatusInterrupted {
				t.Errorf("%q: status %d, want %d", c, st, StatusInterrupted)
			}
		case <-time.After(3 * time.Minute):
			t.Fatalf("%q did not stop", c)
		}
	}
}

// A large module's checked form is cached: the second read comes from
// the cache, a damaged entry is made again, and a changed file gets a
// new entry.
func TestStopChecksCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := stopCheckDir()
	// spin's module with a "name" section (kept by readModule) that
	// takes it over the caching size.
	name := append([]byte{4, 'n', 'a', 'm', 'e'}, make([]byte, stopCheckCacheMin)...)
	big := append(spinModule(false), 0)
	big = appendULEB(big, uint32(len(name)))
	big = append(big, name...)
	p := filepath.Join(t.TempDir(), "big.wasm")
	if err := os.WriteFile(p, big, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := addStopChecks(big)
	if err != nil {
		t.Fatal(err)
	}
	entries := func() []os.DirEntry {
		ents, _ := os.ReadDir(dir)
		return ents
	}
	for i := range 2 {
		got, err := readModule(p)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("read %d: %d bytes, %v; want the checked module", i+1, len(got), err)
		}
		if n := len(entries()); n != 1 {
			t.Fatalf("read %d: %d cache entries, want 1", i+1, n)
		}
	}
	e := filepath.Join(dir, entries()[0].Name())
	b, _ := os.ReadFile(e)
	b[len(b)/2] ^= 0xff
	os.WriteFile(e, b, 0o600)
	if got, err := readModule(p); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("damaged entry: %d bytes, %v; want the checked module", len(got), err)
	}
	if b2, _ := os.ReadFile(e); bytes.Equal(b, b2) {
		t.Error("the damaged entry was not written again")
	}
	// Another module at the same path (a new file: new inode, mtime).
	other := bytes.Replace(big, []byte("spin"), []byte("spun"), 1)
	os.Remove(p)
	if err := os.WriteFile(p, other, 0o644); err != nil {
		t.Fatal(err)
	}
	want, _ = addStopChecks(other)
	if got, err := readModule(p); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("changed file: %d bytes, %v; want its own checked module", len(got), err)
	}
}
