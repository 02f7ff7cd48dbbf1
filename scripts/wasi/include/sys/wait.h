/*
 * sys/wait.h for WASI, which has no processes: the status macros only,
 * for code that decodes what system() or pclose() returned (memsh's
 * system() never starts a process).
 */
#ifndef MEMSH_WASI_SYS_WAIT_H
#define MEMSH_WASI_SYS_WAIT_H

#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WTERMSIG(s) ((s) & 0x7f)
#define WIFEXITED(s) (!WTERMSIG(s))
#define WIFSIGNALED(s) (((s) & 0xffff) - 1U < 0xffu)

#endif
