package shell

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
)

// maxGoroutines is memsh's stand-in for bash's `ulimit -u`. Every
// pipeline stage, background job and command substitution runs on
// goroutines of the one memsh process, so a fork bomb
// (`f(){ f & f; }; f`) would otherwise grow until memory runs out. Past
// this many goroutines a command fails with bash's fork message, naming
// the limit, and the line stops. It is far above what real scripts use
// (a 1000-stage pipeline takes about 2000; 10000 idle jobs hold about
// 800 MB). Tests lower it through goroutineLimit, atomically, as the
// goroutines of a bomb they stopped may still be reading it.
const maxGoroutines = 10000

var goroutineLimit atomic.Int64 // 0: maxGoroutines

func procLimit() int {
	if n := goroutineLimit.Load(); n > 0 {
		return int(n)
	}
	return maxGoroutines
}

// procLimitSaid is when the process limit message was last printed: a
// bomb trips it in thousands of goroutines at once, and one line says it.
var procLimitSaid atomic.Int64

// procLimitError is the error for a command started past maxGoroutines,
// or nil while under it.
func procLimitError() *limitError {
	limit := procLimit()
	if n := runtime.NumGoroutine(); n <= limit {
		if n < fdCheckFloor {
			return nil
		}
		return fdLimitError() // fdlimit.go
	}
	err := &limitError{status: 254}
	now := time.Now().UnixNano()
	if last := procLimitSaid.Load(); now-last > int64(time.Second) && procLimitSaid.CompareAndSwap(last, now) {
		err.msg = fmt.Sprintf("bash: fork: Resource temporarily unavailable (memsh process limit: %d goroutines)\n", limit)
	}
	return err
}
