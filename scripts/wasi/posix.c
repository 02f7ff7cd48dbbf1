/*
 * posix.c: the definitions behind posix.h, and the working directory.
 * With MEMSH_POSIX_IMPL, posix.h leaves fcntl naming wasi-libc's.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "posix.h"

/*
 * WASI has no working directory: wasi-libc starts every program in "/".
 * memsh passes the shell's directory as $PWD (the physical path), so move
 * there before main, as the program would have started there on Linux.
 */
__attribute__((constructor)) static void memsh_chdir(void) {
	const char *dir = getenv("PWD");
	if (dir && dir[0] == '/')
		chdir(dir);
}

int memsh_fcntl(int fd, int cmd, ...) {
	va_list ap;
	va_start(ap, cmd);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	switch (cmd) {
	case F_GETLK:
		((struct flock *)arg)->l_type = F_UNLCK;
		return 0;
	case F_SETLK:
	case F_SETLKW:
		return 0;
	}
	return fcntl(fd, cmd, (int)(long)arg);
}

void *memsh_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
	(void)addr, (void)prot, (void)flags, (void)fd, (void)off;
	void *p = calloc(1, len);
	if (!p) {
		errno = ENOMEM;
		return (void *)-1;
	}
	return p;
}

int memsh_munmap(void *addr, size_t len) {
	(void)len;
	free(addr);
	return 0;
}

int mkstemp(char *template) {
	static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	size_t n = strlen(template);
	if (n < 6 || strcmp(template + n - 6, "XXXXXX") != 0) {
		errno = EINVAL;
		return -1;
	}
	for (int tries = 0; tries < 100; tries++) {
		unsigned char r[6];
		arc4random_buf(r, sizeof r);
		for (int i = 0; i < 6; i++)
			template[n - 6 + i] = chars[r[i] % (sizeof chars - 1)];
		int fd = open(template, O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	errno = EEXIST;
	return -1;
}

/* tmpfile: an unnamed file, as on Linux: made in /tmp and removed at once. */
FILE *memsh_tmpfile(void) {
	char name[] = "/tmp/tmpfileXXXXXX";
	int fd = mkstemp(name);
	if (fd < 0)
		return NULL;
	unlink(name);
	FILE *f = fdopen(fd, "w+");
	if (!f)
		close(fd);
	return f;
}
