package sysutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "find", Summary: "search for files in a directory hierarchy", Help: findHelp, Run: runFind, RawArgs: true},
		{Name: "date", Summary: "print the date and time", Help: dateHelp, Run: runDate},
		{Name: "xargs", Summary: "build and execute command lines from standard input", Help: xargsHelp, Run: runXargs, RawArgs: true},
		{Name: "timeout", Summary: "run a command with a time limit", Help: timeoutHelp, Run: runTimeout, RawArgs: true},
		{Name: "env", Summary: "run a program in a modified environment", Help: envHelp, Run: runEnv, RawArgs: true},
		{Name: "printenv", Summary: "print all or part of the environment", Help: printenvHelp, Run: runPrintenv},
		{Name: "true", Summary: "do nothing, successfully", Help: trueHelp, Run: runTrue, RawArgs: true},
		{Name: "false", Summary: "do nothing, unsuccessfully", Help: falseHelp, Run: runFalse, RawArgs: true},
		{Name: "yes", Summary: "output a string repeatedly until killed", Help: yesHelp, Run: runYes},
		{Name: "sleep", Summary: "delay for a specified amount of time", Help: sleepHelp, Run: runSleep},
		{Name: "which", Summary: "locate a command along PATH", Help: whichHelp, Run: runWhich},
		{Name: "uname", Summary: "print system information", Help: unameHelp, Run: runUname},
		{Name: "hostname", Summary: "show the system's host name", Help: hostnameHelp, Run: runHostname},
		{Name: "whoami", Summary: "print effective user name", Help: whoamiHelp, Run: runWhoami},
		{Name: "id", Summary: "print real and effective user and group IDs", Help: idHelp, Run: runID},
		{Name: "nproc", Summary: "print the number of processing units available", Help: nprocHelp, Run: runNproc},
		{Name: "tty", Summary: "print the file name of the terminal connected to standard input", Help: ttyHelp, Run: runTty},
		{Name: "seq", Summary: "print a sequence of numbers", Help: seqHelp, Run: runSeq},
		{Name: "expr", Summary: "evaluate expressions", Help: exprHelp, Run: runExpr, RawArgs: true},
		{Name: "clear", Summary: "clear the terminal screen", Help: clearHelp, Run: runClear},
		{Name: "logname", Summary: "print user's login name", Help: lognameHelp, Run: runLogname},
		{Name: "groups", Summary: "print the groups a user is in", Help: groupsHelp, Run: runGroups},
		{Name: "arch", Summary: "print machine hardware name (same as uname -m)", Help: archHelp, Run: runArch},
		{Name: "hostid", Summary: "print the numeric identifier for the current host", Help: hostidHelp, Run: runHostid},
		{Name: "users", Summary: "print the user names of users currently logged in to the current host", Help: usersHelp, Run: runUsers},
		{Name: "who", Summary: "show who is logged on", Help: whoHelp, Run: runWho},
		{Name: "uptime", Summary: "tell how long the system has been running", Help: uptimeHelp, Run: runUptime, RawArgs: true},
		{Name: "nice", Summary: "run a program with modified scheduling priority", Help: niceHelp, Run: runNice, RawArgs: true},
		{Name: "nohup", Summary: "run a command immune to hangups, with output to a non-tty", Help: nohupHelp, Run: runNohup, RawArgs: true},
		{Name: "stdbuf", Summary: "run a command with modified buffering operations for its standard streams", Help: stdbufHelp, Run: runStdbuf, RawArgs: true},
		{Name: "chroot", Summary: "run command or interactive shell with special root directory", Help: chrootHelp, Run: runChroot, RawArgs: true},
		{Name: "chcon", Summary: "change file security context", Help: chconHelp, Run: runChcon},
		{Name: "runcon", Summary: "run command with specified security context", Help: runconHelp, Run: runRuncon, RawArgs: true},
		{Name: "stty", Summary: "change and print terminal line settings", Help: sttyHelp, Run: runStty, RawArgs: true},
		{Name: "undo", Summary: "put the filesystem back to the state before a command", Help: undoHelp, Run: runUndo},
		{Name: "sync", Summary: "synchronize cached writes to persistent storage", Help: syncHelp, Run: runSync},
		{Name: "echo", Summary: "display a line of text (the program; the shell's builtin runs when typed)", Help: echoHelp, Run: runEcho, RawArgs: true},
		{Name: "pwd", Summary: "print name of current/working directory (the program: -P by default)", Help: pwdHelp, Run: runPwd, RawArgs: true},
		{Name: "test", Summary: "check file types and compare values (the program)", Help: testHelp, Run: runTest, RawArgs: true},
		{Name: "[", Summary: "check file types and compare values (the program)", Help: bracketHelp, Run: runTest, RawArgs: true},
		{Name: "kill", Summary: "send a signal to a process (the program; procps' -l and -L listings)", Help: killHelp, Run: runKill, RawArgs: true},
	}
}

const stdOpts = `      --help        display this help and exit
      --version     output version information and exit
`

const envHelp = `Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]
Set each NAME to VALUE in the environment and run COMMAND.

Mandatory arguments to long options are mandatory for short options too.
  -i, --ignore-environment  start with an empty environment
  -0, --null           end each output line with NUL, not newline
  -u, --unset=NAME     remove variable from the environment
  -C, --chdir=DIR      change working directory to DIR
  -S, --split-string=S  process and split S into separate arguments;
                        used to pass multiple arguments on shebang lines
      --block-signal[=SIG]    accepted (commands run in-process: no signals)
      --default-signal[=SIG]  accepted
      --ignore-signal[=SIG]   accepted
      --list-signal-handling  accepted
  -v, --debug          print verbose information for each processing step
` + stdOpts + `
A mere - implies -i.  If no COMMAND, print the resulting environment.

Exit status:
  125  if the env command itself fails
  126  if COMMAND is found but cannot be invoked
  127  if COMMAND cannot be found
  -    the exit status of COMMAND otherwise
`

const printenvHelp = `Usage: printenv [OPTION]... [VARIABLE]...
Print the values of the specified environment VARIABLE(s).
If no VARIABLE is specified, print name and value pairs for them all.

  -0, --null     end each output line with NUL, not newline
` + stdOpts + `
NOTE: your shell may have its own version of printenv, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.
`

const trueHelp = `Usage: true [ignored command line arguments]
  or:  true OPTION
Exit with a status code indicating success.

` + stdOpts + `
NOTE: your shell may have its own version of true, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.
`

const falseHelp = `Usage: false [ignored command line arguments]
  or:  false OPTION
Exit with a status code indicating failure.

` + stdOpts + `
NOTE: your shell may have its own version of false, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.
`

const yesHelp = `Usage: yes [STRING]...
  or:  yes OPTION
Repeatedly output a line with all specified STRING(s), or 'y'.

` + stdOpts

const sleepHelp = `Usage: sleep NUMBER[SUFFIX]...
  or:  sleep OPTION
Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
integer.  Given two or more arguments, pause for the amount of time
specified by the sum of their values.

` + stdOpts

const whichHelp = `Usage: which [-a] args
Write the full path of each command that would be run for args, looking
along PATH for an executable file (in the sandbox filesystem).

  -a   print all matching pathnames of each argument

Exit status:
  0  if all specified commands are found and executable
  1  if one or more specified commands is nonexistent or not executable
  2  if an invalid option is specified
`

const unameHelp = `Usage: uname [OPTION]...
Print certain system information.  With no OPTION, same as -s.

  -a, --all                print all information, in the following order,
                             except omit -p and -i if unknown:
  -s, --kernel-name        print the kernel name
  -n, --nodename           print the network node hostname
  -r, --kernel-release     print the kernel release
  -v, --kernel-version     print the kernel version
  -m, --machine            print the machine hardware name
  -p, --processor          print the processor type (non-portable)
  -i, --hardware-platform  print the hardware platform (non-portable)
  -o, --operating-system   print the operating system
` + stdOpts + `
memsh reports its sandbox: kernel Linux, the host name from /etc/hostname.
`

const hostnameHelp = `Usage: hostname [-s|-f|-d|-i|-I]
Display the sandbox's host name (read from /etc/hostname).

  -s, --short             short host name (up to the first dot)
  -f, --fqdn, --long      long host name
  -A, --all-fqdns         all long host names
  -d, --domain            DNS domain name (after the first dot)
  -i, --ip-address        addresses for the host name
  -I, --all-ip-addresses  all addresses for the host
  -a, --alias             alias names
  -h, --help              display this help and exit
  -V, --version           output version information and exit

The sandbox has no network; the host name cannot be changed.
`

const whoamiHelp = `Usage: whoami [OPTION]...
Print the user name associated with the current effective user ID.
Same as id -un.

` + stdOpts

const idHelp = `Usage: id [OPTION]... [USER]...
Print user and group information for each specified USER,
or (when USER omitted) for the current process.

  -a             ignore, for compatibility with other versions
  -Z, --context  print only the security context of the process
  -g, --group    print only the effective group ID
  -G, --groups   print all group IDs
  -n, --name     print a name instead of a number, for -ugG
  -r, --real     print the real ID instead of the effective ID, with -ugG
  -u, --user     print only the effective user ID
  -z, --zero     delimit entries with NUL characters, not whitespace;
                   not permitted in default format
` + stdOpts + `
Without any OPTION, print some useful set of identified information.
`

const nprocHelp = `Usage: nproc [OPTION]...
Print the number of processing units available to the current process,
which may be less than the number of online processors

      --all      print the number of installed processors
      --ignore=N  if possible, exclude N processing units
` + stdOpts

const ttyHelp = `Usage: tty [OPTION]...
Print the file name of the terminal connected to standard input.

  -s, --silent, --quiet   print nothing, only return an exit status
` + stdOpts

const clearHelp = `Usage: clear [options]

Options:
  -T TERM     use this instead of $TERM
  -V          print curses-version
  -x          do not try to clear scrollback
`

const seqHelp = `Usage: seq [OPTION]... LAST
  or:  seq [OPTION]... FIRST LAST
  or:  seq [OPTION]... FIRST INCREMENT LAST
Print numbers from FIRST to LAST, in steps of INCREMENT.

Mandatory arguments to long options are mandatory for short options too.
  -f, --format=FORMAT      use printf style floating-point FORMAT
  -s, --separator=STRING   use STRING to separate numbers (default: \n)
  -w, --equal-width        equalize width by padding with leading zeroes
` + stdOpts + `
If FIRST or INCREMENT is omitted, it defaults to 1.  That is, an
omitted INCREMENT defaults to 1 even when LAST is smaller than FIRST.
The sequence of numbers ends when the sum of the current number and
INCREMENT would become greater than LAST.
FIRST, INCREMENT, and LAST are interpreted as floating point values.
INCREMENT is usually positive if FIRST is smaller than LAST, and
INCREMENT is usually negative if FIRST is greater than LAST.
INCREMENT must not be 0; none of FIRST, INCREMENT and LAST may be NaN.
FORMAT must be suitable for printing one argument of type 'double';
it defaults to %.PRECf if FIRST, INCREMENT, and LAST are all fixed point
decimal numbers with maximum precision PREC, and to %g otherwise.
`

const findHelp = `Usage: find [-H] [-L] [-P] [path...] [expression]

Default path is the current directory; default expression is -print.
Expression may consist of: operators, options, tests, and actions.
Directories are walked in name order.

Operators (decreasing precedence; -and is implicit where no others are given):
      ( EXPR )   ! EXPR   -not EXPR   EXPR1 -a EXPR2   EXPR1 -and EXPR2
      EXPR1 -o EXPR2   EXPR1 -or EXPR2   EXPR1 , EXPR2

Positional options (always true):
      -daystart -follow -nowarn -regextype TYPE -warn

Normal options (always true, specified before other expressions):
      -depth -maxdepth LEVELS -mindepth LEVELS
      -mount -noleaf -xdev -ignore_readdir_race -noignore_readdir_race

Tests (N can be +N or -N or N):
      -amin N -anewer FILE -atime N -cmin N -cnewer FILE -ctime N
      -empty -false -fstype TYPE -gid N -group NAME -ilname PATTERN -iname PATTERN
      -inum N -ipath PATTERN -iwholename PATTERN -iregex PATTERN
      -links N -lname PATTERN -mmin N -mtime N -name PATTERN
      -newer FILE -newerXY REFERENCE -nouser -nogroup -path PATTERN
      -perm [-/]MODE -regex PATTERN -readable -writable -executable
      -samefile FILE -wholename PATTERN -size N[bcwkMG] -true
      -type [bcdpflsD] -uid N -user NAME -xtype [bcdpfls]

Actions:
      -delete -print0 -printf FORMAT -fprintf FILE FORMAT -print
      -fprint0 FILE -fprint FILE -ls -fls FILE -prune -quit
      -exec COMMAND ; -exec COMMAND {} + -ok COMMAND ;
      -execdir COMMAND ; -execdir COMMAND {} + -okdir COMMAND ;

Other common options:
      --help                   display this help and exit
      --version                output version information and exit
`

const dateHelp = `Usage: date [OPTION]... [+FORMAT]
Display date and time in the given FORMAT.

Mandatory arguments to long options are mandatory for short options too.
  -d, --date=STRING          display time described by STRING, not 'now'
  -f, --file=DATEFILE        like --date; once for each line of DATEFILE
  -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format.
                               FMT='date' for date only (the default),
                               'hours', 'minutes', 'seconds', or 'ns'
                               for date and time to the indicated precision.
                               Example: 2006-08-14T02:34:56-06:00
  -R, --rfc-email            output date and time in RFC 5322 format.
                               Example: Mon, 14 Aug 2006 02:34:56 -0600
      --rfc-3339=FMT         output date/time in RFC 3339 format.
                               FMT='date', 'seconds', or 'ns'
                               for date and time to the indicated precision.
                               Example: 2006-08-14 02:34:56-06:00
  -r, --reference=FILE       display the last modification time of FILE
  -u, --utc, --universal     print Coordinated Universal Time (UTC)
` + stdOpts + `
FORMAT controls the output.  Interpreted sequences are:

  %%   a literal %
  %a   abbreviated weekday name (e.g., Sun)
  %A   full weekday name (e.g., Sunday)
  %b   abbreviated month name (e.g., Jan)
  %B   full month name (e.g., January)
  %c   date and time (e.g., Thu Mar  3 23:05:25 2005)
  %C   century; like %Y, except omit last two digits (e.g., 20)
  %d   day of month (e.g., 01)
  %D   date; same as %m/%d/%y
  %e   day of month, space padded; same as %_d
  %F   full date; like %+4Y-%m-%d
  %g   last two digits of year of ISO week number (see %G)
  %G   year of ISO week number (see %V); normally useful only with %V
  %h   same as %b
  %H   hour (00..23)
  %I   hour (01..12)
  %j   day of year (001..366)
  %k   hour, space padded ( 0..23); same as %_H
  %l   hour, space padded ( 1..12); same as %_I
  %m   month (01..12)
  %M   minute (00..59)
  %n   a newline
  %N   nanoseconds (000000000..999999999)
  %p   AM or PM
  %P   like %p, but lower case
  %q   quarter of year (1..4)
  %r   12-hour clock time (e.g., 11:11:04 PM)
  %R   24-hour hour and minute; same as %H:%M
  %s   seconds since the Epoch (1970-01-01 00:00 UTC)
  %S   second (00..60)
  %t   a tab
  %T   time; same as %H:%M:%S
  %u   day of week (1..7); 1 is Monday
  %U   week number of year, with Sunday as first day of week (00..53)
  %V   ISO week number, with Monday as first day of week (01..53)
  %w   day of week (0..6); 0 is Sunday
  %W   week number of year, with Monday as first day of week (00..53)
  %x   date representation (e.g., 12/31/99)
  %X   time representation (e.g., 23:13:48)
  %y   last two digits of year (00..99)
  %Y   year
  %z   +hhmm numeric time zone (e.g., -0400)
  %:z  +hh:mm numeric time zone (e.g., -04:00)
  %::z  +hh:mm:ss numeric time zone (e.g., -04:00:00)
  %:::z  numeric time zone with : to necessary precision (e.g., -04, +05:30)
  %Z   alphabetic time zone abbreviation (e.g., EDT)

By default, date pads numeric fields with zeroes.
The following optional flags may follow '%':

  -  (hyphen) do not pad the field
  _  (underscore) pad with spaces
  0  (zero) pad with zeros
  +  pad with zeros, and put '+' before future years with >4 digits
  ^  use upper case if possible
  #  use opposite case if possible

After any flags comes an optional field width, as a decimal number;
then an optional modifier, which is either
E to use the locale's alternate representations if available, or
O to use the locale's alternate numeric symbols if available.

Dates given with -d: @SECONDS, YYYY-MM-DD [HH:MM[:SS[.N]]] (or with T),
MM/DD/YYYY, 'Jan 2 2024', RFC 5322 dates, zones (UTC, Z, +hh:mm), and
relative items: 'now', 'today', 'yesterday', 'tomorrow', 'N UNIT [ago]',
'+N UNIT', 'next UNIT', 'last UNIT', weekday names ('next monday').
Without TZ in the environment, dates are in UTC.
`

const xargsHelp = `Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

Mandatory and optional arguments to long options are also
mandatory or optional for the corresponding short option.
  -0, --null                   items are separated by a null, not whitespace;
                                 disables quote and backslash processing and
                                 logical EOF processing
  -a, --arg-file=FILE          read arguments from FILE, not standard input
  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER,
                                 not by whitespace; disables quote and backslash
                                 processing and logical EOF processing
  -E END                       set logical EOF string; if END occurs as a line
                                 of input, the rest of the input is ignored
                                 (ignored if -0 or -d was specified)
  -e, --eof[=END]              equivalent to -E END if END is specified;
                                 otherwise, there is no end-of-file string
  -I R                         same as --replace=R
  -i, --replace[=R]            replace R in INITIAL-ARGS with names read
                                 from standard input, split at newlines;
                                 if R is unspecified, assume {}
  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per
                                 command line
  -l[MAX-LINES]                similar to -L but defaults to at most one non-
                                 blank input line if MAX-LINES is not specified
  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -o, --open-tty               accepted; commands get an empty standard input
  -P, --max-procs=MAX-PROCS    accepted; commands run one at a time
  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND;
                                 if this option is not given, COMMAND will be
                                 run at least once
  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
      --show-limits            show limits on command-line length
  -t, --verbose                print commands before executing them
  -x, --exit                   exit if the size (see -s) is exceeded
      --help                   display this help and exit
      --version                output version information and exit

Exit status: 0 on success; 123 if any invocation of COMMAND exited with
status 1-125; 124 if COMMAND exited with status 255; 125 if COMMAND was
killed by a signal; 126 if COMMAND cannot be run; 127 if COMMAND is not
found; 1 if some other error occurred.
`

const timeoutHelp = `Usage: timeout [OPTION] DURATION COMMAND [ARG]...
  or:  timeout [OPTION]
Start COMMAND, and stop it if still running after DURATION.

Mandatory arguments to long options are mandatory for short options too.
      --preserve-status
                 exit with the same status as COMMAND, even when the
                   command times out
      --foreground
                 accepted for compatibility (there are no process groups)
  -k, --kill-after=DURATION
                 accepted for compatibility; a stopped command always ends
  -s, --signal=SIGNAL
                 specify the signal to report on timeout;
                   SIGNAL may be a name like 'HUP' or a number;
                   see 'kill -l' for a list of signals
  -v, --verbose  diagnose to stderr any signal sent upon timeout
` + stdOpts + `
DURATION is a floating point number with an optional suffix:
's' for seconds (the default), 'm' for minutes, 'h' for hours or 'd' for days.
A duration of 0 disables the associated timeout.

Upon timeout, the command is cancelled (as Ctrl-C would).
If the command times out, and --preserve-status is not set, then exit with
status 124.  Otherwise, exit with the status of COMMAND.  If no signal
is specified, the TERM signal is reported.  The KILL signal gives 137.

Exit status:
  124  if COMMAND times out, and --preserve-status is not specified
  125  if the timeout command itself fails
  126  if COMMAND is found but cannot be invoked
  127  if COMMAND cannot be found
  137  if COMMAND (or timeout itself) is sent the KILL (9) signal (128+9)
  -    the exit status of COMMAND otherwise
`

const exprHelp = `Usage: expr EXPRESSION
  or:  expr OPTION

` + stdOpts + `
Print the value of EXPRESSION to standard output.  A blank line below
separates increasing precedence groups.  EXPRESSION may be:

  ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2

  ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0

  ARG1 < ARG2       ARG1 is less than ARG2
  ARG1 <= ARG2      ARG1 is less than or equal to ARG2
  ARG1 = ARG2       ARG1 is equal to ARG2
  ARG1 != ARG2      ARG1 is unequal to ARG2
  ARG1 >= ARG2      ARG1 is greater than or equal to ARG2
  ARG1 > ARG2       ARG1 is greater than ARG2

  ARG1 + ARG2       arithmetic sum of ARG1 and ARG2
  ARG1 - ARG2       arithmetic difference of ARG1 and ARG2

  ARG1 * ARG2       arithmetic product of ARG1 and ARG2
  ARG1 / ARG2       arithmetic quotient of ARG1 divided by ARG2
  ARG1 % ARG2       arithmetic remainder of ARG1 divided by ARG2

  STRING : REGEXP   anchored pattern match of REGEXP in STRING

  match STRING REGEXP        same as STRING : REGEXP
  substr STRING POS LENGTH   substring of STRING, POS counted from 1
  index STRING CHARS         index in STRING where any CHARS is found, or 0
  length STRING              length of STRING
  + TOKEN                    interpret TOKEN as a string, even if it is a
                               keyword like 'match' or an operator like '/'

  ( EXPRESSION )             value of EXPRESSION

Beware that many operators need to be escaped or quoted for shells.
Comparisons are arithmetic if both ARGs are numbers, else lexicographical.
Pattern matches return the string matched between \( and \) or null; if
\( and \) are not used, they return the number of characters matched or 0.

Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION is null
or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error occurred.
`
