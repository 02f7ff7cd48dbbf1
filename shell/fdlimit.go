package shell

import (
	"fmt"
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
// goroutines (a pipeline stage is one).
const fdCheckFloor = 1000

var fdLimitTest atomic.Int64 // tests' stand-in for the limit; 0: ulimit -n

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
	if openFiles() <= fdLimit() {
		return nil
	}
	err := &limitError{status: 254}
	now := time.Now().UnixNano()
	if last := procLimitSaid.Load(); now-last > int64(time.Second) && procLimitSaid.CompareAndSwap(last, now) {
		err.msg = fmt.Sprintf("bash: pipe error: Too many open files (memsh open file limit: %d, three quarters of ulimit -n)\n", fdLimit())
	}
	return err
}

// openFiles estimates the process's open files by the lowest free
// descriptor, which the kernel hands out next: two system calls, where
// reading /proc/self/fd at every command of a bomb took seconds. The
// pipes of a bomb are allocated densely, so it is close; at the limit,
// where even that fails, it says so.
func openFiles() int64 {
	fd, err := syscall.Dup(2)
	if err != nil {
		return 1 << 40
	}
	syscall.Close(fd)
	return int64(fd)
}
