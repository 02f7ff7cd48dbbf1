package sysutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
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
		{Name: "clear", Summary: "clear the terminal screen", Help: clearHelp, Run: runClear},
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
