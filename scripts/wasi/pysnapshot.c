// pysnapshot.c: CPython started once at build time, resumed for each run.
//
// Linked as a WASI reactor against the interpreter's objects (no
// Programs/python.o). Wizer calls memsh_preinit, which does what a start
// of python does up to reading its command line, with what no run may
// change: the hash seed is 0 (PYTHONHASHSEED=0: every string and dict
// made here hashes with it), site is not imported (it depends on the run:
// the cwd, sys.path, memsh's sitecustomize), the environment is empty.
// Wizer saves the memory and renames memsh_resume to _start.
//
// The reactor itself is installed too (python-reactor.wasm): memsh makes
// an instance of it ahead of a run, calls memsh_prepare with a fresh
// hash seed (or the run's PYTHONHASHSEED), and hands the next run that
// instance, which then calls memsh_resume as the snapshot's _start does.
//
// memsh_resume applies one run: the environment and argv from WASI, the
// configuration CPython reads from them (-c, -m, FILE, -, -S, -I, -E,
// -s, -u, -W, -q, -i, -B, -P and the PYTHON* variables, re-read by
// _PyInterpreterState_SetConfig into sys.argv, sys.path, sys.flags,
// sys.warnoptions, ...), os.environ, new sys.stdin/stdout/stderr as
// create_stdio (Python/pylifecycle.c) makes them, warnings, site, and
// then Py_RunMain as python's main does. memsh serves a run from the
// snapshot only where all of this holds (pyworker/snapshot.go: the run's
// PYTHONHASHSEED is 0 and its options are among those above); every
// other run starts python.wasm from scratch.
//
// wasi-libc's preopened directories are part of the snapshot: memsh
// mounts them in the order the build gave Wizer. memsh_resume checks it
// and stops with status 70 if they differ.
#define Py_BUILD_CORE 1
#include "Python.h"
#include "pycore_interp.h"
#include "pycore_pystate.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wasi/api.h>
#include <wasi/libc-environ.h>

extern void __wasm_call_ctors(void);
extern char **environ;

static int ctors_ran;

__attribute__((constructor)) static void note_ctors(void) { ctors_ran = 1; }

// Run at resume: what init_sys_streams and init_interp_main did at start
// for this run's configuration. Compiled while the snapshot is made.
static const char resume_src[] =
	"def resume(environ, encoding, errors, buffered, warnoptions, site):\n"
	"    import sys, io, posix, codecs\n"
	// os.environ and os.environb wrap posix.environ, made from the
	// snapshot's (empty) environment.
	"    posix.environ.clear()\n"
	"    posix.environ.update(environ)\n"
	// The codec's own name, as config_get_codec_name gives it at start
	// (read again now, the locale says "UTF-8").
	"    encoding = codecs.lookup(encoding).name\n"
	"    def stdio(fd, write, name, errors):\n"
	"        try:\n"
	"            posix.fstat(fd)\n"
	"        except OSError:\n"
	"            return None\n"
	"        buffering = 0 if (not buffered and write) else -1\n"
	"        buf = io.open(fd, 'wb' if write else 'rb', buffering, None, None, None, False)\n"
	"        raw = buf.raw if buffering else buf\n"
	"        raw.name = name\n"
	"        tty = raw.isatty()\n"
	"        stream = io.TextIOWrapper(buf, encoding, errors, '\\n',\n"
	"            bool(buffered and (tty or fd == 2)), not buffered)\n"
	"        stream.mode = 'w' if write else 'r'\n"
	"        return stream\n"
	"    sys.stdin = sys.__stdin__ = stdio(0, False, '<stdin>', errors)\n"
	"    sys.stdout = sys.__stdout__ = stdio(1, True, '<stdout>', errors)\n"
	"    sys.stderr = sys.__stderr__ = stdio(2, True, '<stderr>', 'backslashreplace')\n"
	"    if warnoptions:\n"
	"        w = sys.modules.get('warnings')\n"
	"        if w is None:\n"
	"            import warnings\n"
	"        else:\n"
	"            w._processoptions(sys.warnoptions)\n"
	"    if site:\n"
	"        import site\n";

static PyObject *resume_fn;

// The preopened directories Wizer gave: fd 3 up, as "name\0name\0\0".
static char preopens[1024];

static void read_preopens(char *out, size_t cap) {
	size_t n = 0;
	memset(out, 0, cap);
	for (__wasi_fd_t fd = 3;; fd++) {
		__wasi_prestat_t ps;
		if (__wasi_fd_prestat_get(fd, &ps) != 0 || ps.tag != __WASI_PREOPENTYPE_DIR)
			break;
		size_t len = ps.u.dir.pr_name_len;
		if (n + len + 2 > cap)
			break;
		if (__wasi_fd_prestat_dir_name(fd, (uint8_t *)out + n, len) != 0)
			break;
		n += len;
		out[n++] = 0;
	}
	out[n] = 0;
}

static void fail(const char *what) {
	fprintf(stderr, "python3: snapshot: %s\n", what);
	if (PyErr_Occurred())
		PyErr_Print();
	_Exit(70);
}

// preinit starts CPython up to reading its command line. use_seed 0
// draws the hash secret from random_get, as a start without
// PYTHONHASHSEED (or with "random") does; otherwise seed is the
// PYTHONHASHSEED it stands for.
static void preinit(int use_seed, unsigned int seed) {
	if (!ctors_ran)
		__wasm_call_ctors();
	PyConfig config;
	PyConfig_InitPythonConfig(&config);
	config.parse_argv = 0;
	config.site_import = 0;
	config.use_hash_seed = use_seed != 0;
	config.hash_seed = use_seed ? seed : 0;
	char *argv[] = {"python3", NULL};
	PyStatus st = PyConfig_SetBytesArgv(&config, 1, argv);
	if (!PyStatus_Exception(st))
		st = Py_InitializeFromConfig(&config);
	PyConfig_Clear(&config);
	if (PyStatus_Exception(st))
		Py_ExitStatusException(st);

	// What site and memsh's sitecustomize import on every start, with no
	// state taken from a run's environment or cwd (os.environ is redone at
	// resume).
	const char *mods[] = {"os", "stat", "posixpath", "genericpath", "_collections_abc", "_sitebuiltins", NULL};
	for (int i = 0; mods[i]; i++) {
		PyObject *m = PyImport_ImportModule(mods[i]);
		if (m == NULL)
			fail(mods[i]);
		Py_DECREF(m);
	}
	PyObject *g = PyDict_New();
	if (g == NULL || PyDict_SetItemString(g, "__builtins__", PyEval_GetBuiltins()) < 0)
		fail("globals");
	PyObject *r = PyRun_String(resume_src, Py_file_input, g, g);
	if (r == NULL)
		fail("resume code");
	Py_DECREF(r);
	resume_fn = PyDict_GetItemString(g, "resume");
	if (resume_fn == NULL)
		fail("resume function");
	Py_INCREF(resume_fn);
	Py_DECREF(g);
	read_preopens(preopens, sizeof preopens);
}

// memsh_preinit is Wizer's: the snapshot is made with hash seed 0.
__attribute__((export_name("memsh_preinit"))) void memsh_preinit(void) { preinit(1, 0); }

// memsh_prepare is memsh's for an instance of the reactor made ahead of
// a run (pyworker/zygote.go), with the hash seed that run will need.
__attribute__((export_name("memsh_prepare"))) void memsh_prepare(int use_seed, unsigned int seed) {
	preinit(use_seed, seed);
}

// environ_dict is posix.environ as convertenviron (Modules/posixmodule.c)
// makes it: bytes to bytes, the first of a name wins.
static PyObject *environ_dict(void) {
	PyObject *d = PyDict_New();
	if (d == NULL)
		return NULL;
	for (char **e = environ; e && *e; e++) {
		char *p = strchr(*e, '=');
		if (p == NULL)
			continue;
		PyObject *k = PyBytes_FromStringAndSize(*e, p - *e);
		PyObject *v = PyBytes_FromString(p + 1);
		if (k == NULL || v == NULL || PyDict_SetDefaultRef(d, k, v, NULL) < 0) {
			Py_XDECREF(k);
			Py_XDECREF(v);
			Py_DECREF(d);
			return NULL;
		}
		Py_DECREF(k);
		Py_DECREF(v);
	}
	return d;
}

__attribute__((export_name("memsh_resume"))) void memsh_resume(void) {
	char now[sizeof preopens];
	read_preopens(now, sizeof now);
	if (memcmp(now, preopens, sizeof now) != 0)
		fail("the mounts differ from the snapshot's");

	__wasilibc_deinitialize_environ();
	__wasilibc_initialize_environ();

	size_t argc = 0, size = 0;
	if (__wasi_args_sizes_get(&argc, &size) != 0)
		fail("args_sizes_get");
	char **argv = calloc(argc + 1, sizeof(char *));
	char *buf = malloc(size ? size : 1);
	if (argv == NULL || buf == NULL || __wasi_args_get((uint8_t **)argv, (uint8_t *)buf) != 0)
		fail("args_get");

	PyConfig config;
	PyConfig_InitPythonConfig(&config);
	PyStatus st = PyConfig_SetBytesArgv(&config, argc, argv);
	// The filesystem encoding is the one the interpreter started with
	// (read again now, the locale, set since, would say "UTF-8").
	const PyConfig *cur = _PyInterpreterState_GetConfig(_PyInterpreterState_GET());
	if (!PyStatus_Exception(st))
		st = PyConfig_SetString(&config, &config.filesystem_encoding, cur->filesystem_encoding);
	if (!PyStatus_Exception(st))
		st = PyConfig_SetString(&config, &config.filesystem_errors, cur->filesystem_errors);
	// Read as a start reads it (the command line, then the environment);
	// _PyInterpreterState_SetConfig reads it again with the paths.
	if (!PyStatus_Exception(st))
		st = PyConfig_Read(&config);
	if (PyStatus_Exception(st))
		Py_ExitStatusException(st);
	if (_PyInterpreterState_SetConfig(&config) < 0)
		fail("configuration");
	PyConfig_Clear(&config);

	const PyConfig *c = _PyInterpreterState_GetConfig(_PyInterpreterState_GET());
	PyObject *env = environ_dict();
	PyObject *enc = PyUnicode_FromWideChar(c->stdio_encoding, -1);
	PyObject *errs = PyUnicode_FromWideChar(c->stdio_errors, -1);
	if (env == NULL || enc == NULL || errs == NULL)
		fail("environment");
	PyObject *r = PyObject_CallFunction(resume_fn, "OOOiii", env, enc, errs,
		c->buffered_stdio, (int)c->warnoptions.length, c->site_import);
	Py_DECREF(env);
	Py_DECREF(enc);
	Py_DECREF(errs);
	if (r == NULL) {
		// as a failing `import site` does at start
		PyErr_Print();
		exit(1);
	}
	Py_DECREF(r);
	exit(Py_RunMain());
}
