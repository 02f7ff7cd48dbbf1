/*
 * lua-wasi.h: Lua's error handling and stdio for WASI
 * (scripts/build-wasi-tools.sh passes it with -include to every Lua file).
 *
 * Lua leaves a protected call (pcall, error, coroutine yields across C)
 * with longjmp. wasi-libc has no setjmp, and clang 19 lowers setjmp to
 * the legacy exception-handling instructions, which wazero does not run.
 * So a protected call goes through memsh's host (lua-wasi.c): memsh.try
 * calls the function back through the module's memsh_call export, and
 * memsh.throw unwinds that nested call to the try that started it, as
 * Lua's C++ build does with try/catch.
 *
 * LUAI_TRY(L,c,a) is only used in luaD_rawrunprotected, where the
 * statement `a` is (*f)(L, ud): memsh_try calls f(L, ud) itself.
 */
#ifndef MEMSH_LUA_WASI_H
#define MEMSH_LUA_WASI_H

int memsh_try(void (*f)(void *, void *), void *a, void *b);
_Noreturn void memsh_throw(void);

#define LUAI_THROW(L, c) ((void)(L), (void)(c), memsh_throw())
#define LUAI_TRY(L, c, a) \
	if (memsh_try((void (*)(void *, void *))f, L, ud) != 0 && (c)->status == 0) \
		(c)->status = -1;
#define luai_jmpbuf int

/*
 * lua.c is compiled without LUA_USE_POSIX (WASI has signal() but no
 * sigaction): it still asks isatty whether stdin is a terminal.
 */
#include <unistd.h>
#define lua_stdin_is_tty() isatty(0)

/* One thread: no stdio locks (WASI has no flockfile). */
#define l_getc(f) getc_unlocked(f)
#define l_lockfile(f) ((void)0)
#define l_unlockfile(f) ((void)0)

#endif
