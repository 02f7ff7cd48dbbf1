package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// Every memsh process runs every package init, `memsh -c true` included,
// so memsh's own packages keep theirs small: tables, regexps and parsed
// definitions are built on first use (sync.OnceValue). The budget is in
// allocations and bytes, which do not depend on the machine's speed.
const (
	initAllocBudget = 128
	initByteBudget  = 32 << 10
)

// TestInitBudget re-runs this test binary with GODEBUG=inittrace=1 and
// checks the allocations each memsh package's init reports.
func TestInitBudget(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	seen := 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init memsh/shell @2.1 ms, 0.005 ms clock, 640 bytes, 5 allocs
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || !strings.HasPrefix(f[1], "memsh/") {
			continue
		}
		seen++
		size, err1 := strconv.Atoi(f[7])
		allocs, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			t.Fatalf("cannot read %q", sc.Text())
		}
		if allocs > initAllocBudget || size > initByteBudget {
			t.Errorf("%s: init makes %d allocations, %d bytes (budget %d, %d): build the tables on first use",
				f[1], allocs, size, initAllocBudget, initByteBudget)
		}
	}
	if seen == 0 {
		t.Fatalf("no memsh package in the init trace:\n%s", stderr.Bytes())
	}
}
