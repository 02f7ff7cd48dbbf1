/*
 * pwd.h for WASI, which has no user database: getpwuid finds no entry,
 * so programs fall back to $HOME (memsh sets it to the sandbox's home).
 */
#ifndef MEMSH_WASI_PWD_H
#define MEMSH_WASI_PWD_H

#include <sys/types.h>

struct passwd {
	char *pw_name;
	char *pw_passwd;
	uid_t pw_uid;
	gid_t pw_gid;
	char *pw_gecos;
	char *pw_dir;
	char *pw_shell;
};

static inline struct passwd *getpwuid(uid_t uid) { (void)uid; return 0; }
static inline struct passwd *getpwnam(const char *name) { (void)name; return 0; }

#endif
