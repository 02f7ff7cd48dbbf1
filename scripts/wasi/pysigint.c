// pysigint.c: where memsh writes a Ctrl-C into CPython's memory.
//
// WASI preview 1 has no signals. memsh delivers SIGINT the way CPython's
// own C handler (Modules/signalmodule.c, trip_signal) records one: it sets
// the handler's `tripped` flag and `is_tripped`, then sets the
// signals-pending bit in the main thread's eval breaker, which the eval
// loop tests at every function entry and backward jump. The next test
// runs the SIGINT handler, by default signal.default_int_handler, which
// raises KeyboardInterrupt; a blocked read or sleep returns EINTR from
// the host and CPython checks for signals there too.
//
// memsh_sigint is a constant: the addresses are fixed at link time (the
// main interpreter's first thread state is static in _PyRuntime), so the
// host reads them from the exported global (wasm-ld --export=memsh_sigint,
// the struct's address) without calling into the guest. Linked into
// python.wasm and into the snapshot.
#define Py_BUILD_CORE 1
#include "Python.h"
#include "pycore_ceval.h"
#include "pycore_runtime.h"
#include <signal.h>
#include <stdint.h>

struct memsh_sigint_addrs {
	uint32_t version;    // layout of this struct: 1
	uint32_t tripped;    // int: _PyRuntime.signals.handlers[SIGINT].tripped
	uint32_t is_tripped; // int: _PyRuntime.signals.is_tripped
	uint32_t breaker;    // uintptr_t: the main thread state's eval_breaker
	uint32_t bit;        // the bit to set in it
};

__attribute__((used)) const struct memsh_sigint_addrs memsh_sigint = {
	1,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.handlers[SIGINT].tripped,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.is_tripped,
	(uint32_t)(uintptr_t)&_PyRuntime._main_interpreter._initial_thread.base.eval_breaker,
	_PY_SIGNALS_PENDING_BIT,
};
