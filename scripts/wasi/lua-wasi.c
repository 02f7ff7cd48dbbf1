/*
 * lua-wasi.c: protected calls through memsh's host (see lua-wasi.h) and
 * Linux's errno numbers in Lua's results.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lua.h"
#include "lauxlib.h"

__attribute__((import_module("memsh"), import_name("try")))
int memsh_host_try(void (*f)(void *, void *), void *a, void *b);

__attribute__((import_module("memsh"), import_name("throw")))
_Noreturn void memsh_host_throw(void);

/*
 * _start, linked instead of wasi-libc's crt1-command.o (-nostartfiles):
 * that one leaves __wasm_call_ctors to wasm-ld, which then wraps every
 * export of a command in calls of the constructors and destructors. With
 * memsh_call wrapped, each pcall registered the preopened directories
 * again (a list every path lookup then walks: n pcalls cost n^2) and
 * flushed stdio. Calling the constructors here, as wasi-libc's crt1.o
 * does, tells wasm-ld that nothing needs wrapping.
 */
void __wasm_call_ctors(void);
void __wasm_call_dtors(void);
int __main_void(void);

__attribute__((export_name("_start")))
void _start(void) {
	__wasm_call_ctors();
	int r = __main_void();
	__wasm_call_dtors();
	if (r != 0)
		exit(r);
}

/* memsh.try calls back here: f(a, b) in a nested call of the module. */
__attribute__((export_name("memsh_call")))
void memsh_call(void (*f)(void *, void *), void *a, void *b) {
	f(a, b);
}

static void *stack_pointer(void) {
	void *sp;
	__asm__ volatile(".globaltype __stack_pointer, i32\n\tglobal.get __stack_pointer\n\tlocal.set %0" : "=r"(sp));
	return sp;
}

static void set_stack_pointer(void *sp) {
	__asm__ volatile(".globaltype __stack_pointer, i32\n\tlocal.get %0\n\tglobal.set __stack_pointer" : : "r"(sp));
}

/*
 * memsh_try returns 0 when f returned, nonzero when it threw. A throw
 * leaves C's stack pointer where the deepest frame had it: put it back,
 * as longjmp would.
 */
int memsh_try(void (*f)(void *, void *), void *a, void *b) {
	void *sp = stack_pointer();
	int thrown = memsh_host_try(f, a, b);
	if (thrown)
		set_stack_pointer(sp);
	return thrown;
}

_Noreturn void memsh_throw(void) {
	memsh_host_throw();
}

/*
 * linux_errno: wasi-libc numbers errno as WASI does (ENOENT is 44); a
 * script sees the number as the third result of io.open, os.remove, ...
 * and on Linux it is 2.
 */
static int linux_errno(int e) {
	switch (e) {
	case EPERM: return 1;
	case ENOENT: return 2;
	case ESRCH: return 3;
	case EINTR: return 4;
	case EIO: return 5;
	case ENXIO: return 6;
	case E2BIG: return 7;
	case ENOEXEC: return 8;
	case EBADF: return 9;
	case ECHILD: return 10;
	case EAGAIN: return 11;
	case ENOMEM: return 12;
	case EACCES: return 13;
	case EFAULT: return 14;
	case EBUSY: return 16;
	case EEXIST: return 17;
	case EXDEV: return 18;
	case ENODEV: return 19;
	case ENOTDIR: return 20;
	case EISDIR: return 21;
	case EINVAL: return 22;
	case ENFILE: return 23;
	case EMFILE: return 24;
	case ENOTTY: return 25;
	case ETXTBSY: return 26;
	case EFBIG: return 27;
	case ENOSPC: return 28;
	case ESPIPE: return 29;
	case EROFS: return 30;
	case EMLINK: return 31;
	case EPIPE: return 32;
	case EDOM: return 33;
	case ERANGE: return 34;
	case EDEADLK: return 35;
	case ENAMETOOLONG: return 36;
	case ENOLCK: return 37;
	case ENOSYS: return 38;
	case ENOTEMPTY: return 39;
	case ELOOP: return 40;
	case EILSEQ: return 84;
	case EOVERFLOW: return 75;
	case ENOTSUP: return 95;
	case ETIMEDOUT: return 110;
	}
	return e;
}

/* luaL_fileresult as Lua's own (lauxlib.c), with Linux's errno number. */
LUALIB_API int luaL_fileresult(lua_State *L, int stat, const char *fname) {
	int en = errno;
	if (stat) {
		lua_pushboolean(L, 1);
		return 1;
	}
	lua_pushnil(L);
	if (fname)
		lua_pushfstring(L, "%s: %s", fname, strerror(en));
	else
		lua_pushstring(L, strerror(en));
	lua_pushinteger(L, linux_errno(en));
	return 3;
}
