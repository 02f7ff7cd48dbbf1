package shell

import (
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"time"
)

// Every pipe of a pipeline is an OS pipe in mvdan/sh, two of the memsh
// process's open files, so a recursive pipeline (`f(){ f | f; }; f`)
// reaches the process's open file limit (ulimit -n) before the process
// limit: mvdan/sh then fails each new pipe in silence and the bomb churns
// on forever. Past three quarters of that limit a command fails with
// bash's pipe message naming the limit, and the line stops.
//
// Open files are counted only when there are at least fdCheckFloor
// goroutines (a pipeline stage is one) and at most every fdCheckEvery:
// counting reads /proc/self/fd.
const (
	fdCheckFloor = 1000
	fdCheckEvery = 20 * time.Millisecond
)

var (
	fdCheckedAt atomic.Int64 // unix nanoseconds of the last count
	fdOverLimit atomic.Bool  // what it found
	fdLimitTest atomic.Int64 // tests' stand-in for the limit; 0: ulimit -n
)

// fdLimit is the number of open files past which commands fail.
func fdLimit() int64 {
	if n := fdLimitTest.Load(); n > 0 {
		return n
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<40 {
		return 1 << 40
	}
	return int64(rl.Cur) * 3 / 4
}

// fdLimitError is the error for a command started with the process's
// open files past fdLimit, or nil.
func fdLimitError() *limitError {
	now := time.Now().UnixNano()
	if last := fdCheckedAt.Load(); now-last > int64(fdCheckEvery) && fdCheckedAt.CompareAndSwap(last, now) {
		fdOverLimit.Store(openFiles() > fdLimit())
	}
	if !fdOverLimit.Load() {
		return nil
	}
	err := &limitError{status: 254}
	if last := procLimitSaid.Load(); now-last > int64(time.Second) && procLimitSaid.CompareAndSwap(last, now) {
		err.msg = fmt.Sprintf("bash: pipe error: Too many open files (memsh open file limit: %d, three quarters of ulimit -n)\n", fdLimit())
	}
	return err
}

// openFiles counts the process's open files; at the limit, where even
// that fails, it says so.
func openFiles() int64 {
	d, err := os.Open("/proc/self/fd")
	if err != nil {
		return 1 << 40
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return 1 << 40
	}
	return int64(len(names))
}
