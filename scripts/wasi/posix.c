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
#include <sys/stat.h>
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

__attribute__((import_module("memsh"), import_name("lock")))
int memsh_host_lock(unsigned long long ino, int set, int type, long long start, long long len);

/*
 * fcntl's record locks go to memsh's host (memsh.lock), which keeps them
 * for every guest of the memsh process by inode, as Linux keeps them for
 * every process; they end with the run that took them.
 */
static int record_lock(int fd, int cmd, struct flock *l) {
	struct stat st;
	if (fstat(fd, &st) != 0)
		return -1;
	long long start = l->l_start;
	if (l->l_whence == SEEK_CUR)
		start += lseek(fd, 0, SEEK_CUR);
	else if (l->l_whence == SEEK_END)
		start += st.st_size;
	for (;;) {
		int r = memsh_host_lock(st.st_ino, cmd != F_GETLK, l->l_type, start, l->l_len);
		if (cmd == F_GETLK) {
			if (r < 0) {
				errno = EINVAL;
				return -1;
			}
			l->l_type = r;
			if (r != F_UNLCK)
				l->l_pid = 1;
			return 0;
		}
		if (r == 0)
			return 0;
		if (cmd != F_SETLKW) {
			errno = EAGAIN;
			return -1;
		}
		usleep(1000);
	}
}

int memsh_fcntl(int fd, int cmd, ...) {
	va_list ap;
	va_start(ap, cmd);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	switch (cmd) {
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
		return record_lock(fd, cmd, arg);
	}
	return fcntl(fd, cmd, (int)(long)arg);
}

/*
 * mmap(MAP_SHARED) is only asked for by SQLite, for its WAL index (the
 * -shm file), which this process then keeps in its own memory: another
 * guest using the same WAL database at the same time would not see it,
 * and could overwrite what this one wrote to the -wal file. So when
 * another run holds the index's "in use" lock (SQLite's DMS byte, 128 of
 * the -shm file), the map fails (SQLite reports a disk I/O error) rather
 * than risking the database.
 */
void *memsh_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
	(void)addr, (void)prot, (void)flags, (void)off;
	if (fd >= 0) {
		struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 128, .l_len = 1};
		if (record_lock(fd, F_GETLK, &l) == 0 && l.l_type != F_UNLCK) {
			errno = EBUSY;
			return (void *)-1;
		}
	}
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
