// Package sysutil holds memsh's system and miscellaneous commands: find,
// xargs, env, printenv, seq, date, sleep, timeout, yes, true, false,
// which, uname, hostname, whoami, id, nproc, tty, clear and expr. Each
// follows its GNU counterpart (findutils 4.9, coreutils 9.1, debianutils
// which) in options, output and messages, with the C locale's quoting.
//
// # Notes
//
// Why does find walk in name order? memfs lists directories sorted; GNU
// find uses readdir order, which on a disk is arbitrary. The same set of
// lines comes out, in a stable order.
//
// Why do xargs, find -exec, env and timeout say "No such file or
// directory" for a missing command? They run commands through the
// shell's exec path (Invocation.Exec), which reports bash's "command not
// found"; that line is held back and replaced with the GNU tool's own
// message and status (127). echo, printf, test, [, pwd and kill are
// programs on a GNU system but builtins here, so they run in a child
// shell.
//
// Why does timeout report a signal it never sends? Commands run
// in-process and stop when their context ends; timeout cancels the
// context and returns the status GNU's would (124, 128+SIG with
// --preserve-status, 137 for KILL).
//
// Why does nproc tell the host's CPU count? Pipeline stages and WASI
// guests really run in parallel on that many CPUs, and the number reveals
// nothing worth hiding. OMP_NUM_THREADS and OMP_THREAD_LIMIT apply.
//
// What do uname, hostname, whoami and id report? The sandbox: kernel
// "Linux" release 6.1.0-memsh, the host name from /etc/hostname (memsh by
// default), the user and groups of $UID (1000) from /etc/passwd and
// /etc/group in memfs; never the host's.
//
// Where do dates come from? date formats in $TZ (an IANA zone name or a
// POSIX offset such as UTC-3), UTC when TZ is unset.
package sysutil
