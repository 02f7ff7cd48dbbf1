package command

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"memsh/memfs"
)

func TestBudgetReserveRelease(t *testing.T) {
	files := int64(0)
	b := NewBudget(100, func() int64 { return files })
	if err := b.Reserve(60); err != nil {
		t.Fatal(err)
	}
	var mle *MemoryLimitError
	if err := b.Reserve(41); !errors.As(err, &mle) || mle.Limit != 100 {
		t.Fatalf("Reserve past the limit: %v", err)
	}
	if b.Used() != 60 {
		t.Fatalf("a refused Reserve took bytes: used %d", b.Used())
	}
	files = 30 // memfs's bytes leave less room
	if err := b.Fits(11); err == nil {
		t.Error("Fits(11) with 90 in use of 100")
	}
	if err := b.Fits(10); err != nil {
		t.Error(err)
	}
	b.Release(60)
	if b.Used() != 0 || b.InUse() != 30 {
		t.Errorf("used %d, in use %d after release", b.Used(), b.InUse())
	}
	var nilBudget *Budget
	if nilBudget.Reserve(1<<62) != nil || nilBudget.Fits(1<<62) != nil {
		t.Error("a nil budget refused")
	}
}

// TestBudgetConcurrent: concurrent reservations never overshoot.
func TestBudgetConcurrent(t *testing.T) {
	b := NewBudget(1000, nil)
	var wg sync.WaitGroup
	var mu sync.Mutex
	granted := 0
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if b.Reserve(7) == nil {
					mu.Lock()
					granted += 7
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if granted > 1000 || b.Used() != int64(granted) {
		t.Errorf("granted %d, used %d, limit 1000", granted, b.Used())
	}
}

func TestMemoryLimitErrorText(t *testing.T) {
	for limit, want := range map[int64]string{64 << 20: "64 MiB", 2 << 30: "2 GiB", 1536 << 10: "1536 KiB", 1000: "1000 bytes"} {
		if got := (&MemoryLimitError{Limit: limit}).Error(); !strings.Contains(got, want) || !strings.Contains(got, "--max-memory") {
			t.Errorf("%d: %q", limit, got)
		}
	}
}

// endless reads zeros for ever.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestReadAllStopsAtTheBudget(t *testing.T) {
	b := NewBudget(1<<20, nil)
	inv := &Invocation{Args: []string{"x"}, Mem: NewMemory(b)}
	data, err := inv.ReadAll(endless{}, 0)
	var mle *MemoryLimitError
	if !errors.As(err, &mle) {
		t.Fatalf("err = %v, want a memory limit", err)
	}
	if len(data) > 1<<20 {
		t.Errorf("read %d bytes past a 1 MiB budget", len(data))
	}
	inv.Mem.ReleaseHeld()
	if b.Used() != 0 {
		t.Errorf("%d bytes still held after ReleaseHeld", b.Used())
	}
}

func TestReadAllStopsAtMaxHeld(t *testing.T) {
	saved := MaxHeld
	MaxHeld = 1 << 16
	defer func() { MaxHeld = saved }()
	inv := &Invocation{Args: []string{"x"}}
	if _, err := inv.ReadAll(endless{}, 0); !errors.Is(err, HeldLimitError{}) {
		t.Fatalf("err = %v, want HeldLimitError", err)
	}
	data, err := inv.ReadAll(strings.NewReader(strings.Repeat("a", 1<<16)), 0)
	if err != nil || len(data) != 1<<16 {
		t.Fatalf("exactly MaxHeld: %d bytes, %v", len(data), err)
	}
	br := bufio.NewReaderSize(endless{}, 4096)
	if _, err := ReadLine(br, '\n'); !errors.Is(err, HeldLimitError{}) {
		t.Fatalf("ReadLine: %v", err)
	}
	line, err := ReadLine(bufio.NewReader(strings.NewReader("ab\ncd")), '\n')
	if string(line) != "ab\n" || err != nil {
		t.Fatalf("ReadLine = %q, %v", line, err)
	}
}

func TestReadFileDevZero(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	inv := &Invocation{Args: []string{"x"}, FS: fsys, Dir: "/", Mem: NewMemory(NewBudget(1<<20, nil))}
	if _, err := inv.ReadFile(context.Background(), "/dev/zero"); !IsLimit(err) {
		t.Fatalf("ReadFile(/dev/zero) = %v, want a limit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := inv.ReadFile(ctx, "/dev/zero"); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if _, err := (&Invocation{Stdio: Stdio{Stdin: io.MultiReader()}}).ReadStdin(context.Background()); err != nil {
		t.Fatal(err)
	}
}
