/*
 * posix.h: what WASI preview 1 lacks and the POSIX programs memsh builds
 * for it expect (scripts/build-wasi-tools.sh passes it with -include).
 *
 * A memsh guest is a single process over memsh's filesystem (see
 * docs/pyworker.md, "WASI tools"). So:
 *   - fcntl's record locks (F_GETLK, F_SETLK, F_SETLKW) are kept by
 *     memsh's host for all its guests (posix.c, memsh.lock), so two
 *     sqlite3 runs on one database exclude each other as on Linux.
 *   - mmap(MAP_SHARED) of a file hands out zeroed heap memory (posix.c):
 *     SQLite maps its WAL index (-shm) that way, and the index is private
 *     to the process, as SQLite's "unix-excl" VFS keeps it; a second run
 *     using the same WAL database at the same time is refused.
 *   - file modes cannot be set (WASI's calls carry none): chmod and
 *     fchmod succeed and do nothing; memsh gives new files 0666 & ~umask.
 *   - mkstemp and tmpfile, which wasi-libc lacks, make files in /tmp.
 *   - system, popen and pclose run command lines in the memsh shell
 *     that started the program (process.c).
 *   - the user is memsh's sandbox user, uid 1000, who is not root (so
 *     SQLite never tries fchown).
 */
#ifndef MEMSH_WASI_POSIX_H
#define MEMSH_WASI_POSIX_H

#include <fcntl.h>
#include <stdio.h>
#include <sys/types.h>

#ifndef F_GETLK
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#endif
#ifndef F_RDLCK
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2
#endif

int memsh_fcntl(int fd, int cmd, ...);
void *memsh_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
int memsh_munmap(void *addr, size_t len);
int mkstemp(char *template);
FILE *memsh_tmpfile(void);
FILE *popen(const char *command, const char *mode);
int pclose(FILE *stream);

/* posix.c defines MEMSH_POSIX_IMPL: it calls wasi-libc's own fcntl. */
#ifndef MEMSH_POSIX_IMPL
#define fcntl memsh_fcntl
#define mmap memsh_mmap
#define munmap memsh_munmap
#define tmpfile memsh_tmpfile
#endif

static inline int chmod(const char *path, mode_t mode) { (void)path; (void)mode; return 0; }
static inline int fchmod(int fd, mode_t mode) { (void)fd; (void)mode; return 0; }
static inline int fchown(int fd, uid_t uid, gid_t gid) { (void)fd; (void)uid; (void)gid; return 0; }
static inline uid_t getuid(void) { return 1000; }
static inline uid_t geteuid(void) { return 1000; }
static inline int getpagesize(void) { return 4096; }

#endif
