/*
 * process.c: system() and popen() for WASI, which has no processes, through
 * memsh's host: memsh.system runs a command line in the memsh shell that
 * started the guest (sh -c LINE, over the same filesystem, in the guest's
 * working directory), with stdin and stdout from files or the guest's own
 * stdout, and returns its exit status.
 *
 * popen runs without the two sides overlapping: for "r" the command runs
 * to its end at popen and the guest reads what it wrote; for "w" the guest
 * writes into a file that is the command's stdin when pclose runs it.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "posix.h"

__attribute__((import_module("memsh"), import_name("system")))
int memsh_host_system(const char *line, size_t line_len, const char *dir, size_t dir_len,
		      const char *in, size_t in_len, const char *out, size_t out_len);

/* run returns a wait status (the exit status << 8), or -1 with errno set. */
static int run(const char *line, const char *in, const char *out) {
	char dir[PATH_MAX];
	if (!getcwd(dir, sizeof dir))
		strcpy(dir, "/");
	if (!in)
		in = "";
	if (!out)
		out = "";
	int st = memsh_host_system(line, strlen(line), dir, strlen(dir), in, strlen(in), out, strlen(out));
	if (st < 0) {
		errno = ENOSYS;
		return -1;
	}
	return (st & 0xff) << 8;
}

int system(const char *line) {
	if (line == NULL)
		return run("", NULL, NULL) == 0; /* is there a shell? */
	return run(line, NULL, NULL);
}

struct piped {
	FILE *f;
	char *line; /* "w": run at pclose */
	char tmp[32];
	int status; /* "r": what the command returned */
	struct piped *next;
};

static struct piped *open_pipes;

FILE *popen(const char *line, const char *mode) {
	if ((mode[0] != 'r' && mode[0] != 'w') || (mode[1] != '\0' && mode[1] != 'e')) {
		errno = EINVAL;
		return NULL;
	}
	struct piped *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	strcpy(p->tmp, "/tmp/popenXXXXXX");
	int fd = mkstemp(p->tmp);
	if (fd < 0) {
		free(p);
		return NULL;
	}
	if (mode[0] == 'r') {
		close(fd);
		p->status = run(line, NULL, p->tmp);
		p->f = p->status == -1 ? NULL : fopen(p->tmp, "r");
		unlink(p->tmp);
	} else {
		p->line = strdup(line);
		p->f = p->line ? fdopen(fd, "w") : NULL;
		if (!p->f) {
			close(fd);
			unlink(p->tmp);
			free(p->line);
		}
	}
	if (!p->f) {
		free(p);
		return NULL;
	}
	p->next = open_pipes;
	open_pipes = p;
	return p->f;
}

int pclose(FILE *f) {
	struct piped **pp = &open_pipes;
	while (*pp && (*pp)->f != f)
		pp = &(*pp)->next;
	struct piped *p = *pp;
	if (!p) {
		errno = ECHILD;
		return -1;
	}
	*pp = p->next;
	fclose(f);
	int st = p->status;
	if (p->line) {
		st = run(p->line, p->tmp, NULL);
		unlink(p->tmp);
		free(p->line);
	}
	free(p);
	return st;
}
