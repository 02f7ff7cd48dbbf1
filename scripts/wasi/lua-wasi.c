/*
 * lua-wasi.c: protected calls through memsh's host (see lua-wasi.h) and
 * the system() WASI lacks.
 */
#include <errno.h>
#include <stddef.h>

__attribute__((import_module("memsh"), import_name("try")))
int memsh_host_try(void (*f)(void *, void *), void *a, void *b);

__attribute__((import_module("memsh"), import_name("throw")))
_Noreturn void memsh_host_throw(void);

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

int memsh_system(const char *cmd) {
	if (cmd == NULL)
		return 0; /* no shell */
	errno = ENOSYS;
	return -1;
}
