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
// Other signals (kill -TERM, kill -USR1, ...) are delivered the same way
// through their own slot of the handler table, when python has a handler
// of its own for them. Each slot's handler object, set by signal.signal,
// against the int objects the signal module keeps for SIG_DFL and SIG_IGN
// (compared by value: python stores int(signal.SIG_IGN), a new int each
// time, SIG_IGN being a function's address in WASI) tells memsh whether
// python handles a signal, ignores it or leaves it to its default action,
// which memsh then carries out (the run ends, 128+N).
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
#include <stddef.h>
#include <stdint.h>

// Layout 2 keeps layout 1's five words first, so a host that knows only
// layout 1 could still read them.
struct memsh_sigint_addrs {
	uint32_t version;    // layout of this struct: 2
	uint32_t tripped;    // int: _PyRuntime.signals.handlers[SIGINT].tripped
	uint32_t is_tripped; // int: _PyRuntime.signals.is_tripped
	uint32_t breaker;    // uintptr_t: the main thread state's eval_breaker
	uint32_t bit;        // the bit to set in it
	// Layout 2: the whole handler table.
	uint32_t handlers;    // _PyRuntime.signals.handlers[0]
	uint32_t stride;      // the size of one entry
	uint32_t func;        // PyObject *: the offset of an entry's handler
	uint32_t nsig;        // the entries: Py_NSIG
	uint32_t dfl_handler; // PyObject *: _PyRuntime.signals.default_handler (SIG_DFL)
	uint32_t ign_handler; // PyObject *: _PyRuntime.signals.ignore_handler (SIG_IGN)
};

__attribute__((used)) const struct memsh_sigint_addrs memsh_sigint = {
	2,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.handlers[SIGINT].tripped,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.is_tripped,
	(uint32_t)(uintptr_t)&_PyRuntime._main_interpreter._initial_thread.base.eval_breaker,
	_PY_SIGNALS_PENDING_BIT,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.handlers[0],
	(uint32_t)sizeof(_PyRuntime.signals.handlers[0]),
	(uint32_t)offsetof(__typeof__(_PyRuntime.signals.handlers[0]), func),
	Py_NSIG,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.default_handler,
	(uint32_t)(uintptr_t)&_PyRuntime.signals.ignore_handler,
};
