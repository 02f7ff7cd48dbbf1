/*
 * setjmp.h for WASI under wazero: wasi-libc has no setjmp, and clang 19's
 * needs exception-handling instructions wazero does not run. Only the
 * type is here, for code that includes the header without calling
 * setjmp (Lua's ldo.c, whose protected calls lua-wasi.h routes through
 * memsh's host); a call fails to link.
 */
#ifndef MEMSH_WASI_SETJMP_H
#define MEMSH_WASI_SETJMP_H

typedef long jmp_buf[8];

#endif
