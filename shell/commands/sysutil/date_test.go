package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestDate(t *testing.T) {
	runCases(t, runDate, []command.Case{
		{Args: []string{"date", "-d", "@0"}, Stdout: "Thu Jan  1 00:00:00 UTC 1970\n"},
		{Args: []string{"date", "+%99999999999Y"}, Stderr: "date: a field width in ‘%99999999999Y’ exceeds the in-memory limit of 1024 MiB\n", Status: 1},
		{Args: []string{"date", "-d", "@0", "+%10Y%%%5d"}, Stdout: "0000001970%00001\n"},
		{Args: []string{"date", "-R", "-d", "@0"}, Stdout: "Thu, 01 Jan 1970 00:00:00 +0000\n"},
		{Args: []string{"date", "-I", "-d", "@0"}, Stdout: "1970-01-01\n"},
		{Args: []string{"date", "-Iseconds", "-d", "@0"}, Stdout: "1970-01-01T00:00:00+00:00\n"},
		{Args: []string{"date", "-Ins", "-d", "@1.5"}, Stdout: "1970-01-01T00:00:01,500000000+00:00\n"},
		{Args: []string{"date", "-Ih", "-d", "@0"}, Stdout: "1970-01-01T00+00:00\n"},
		{Args: []string{"date", "-Im", "-d", "@0"}, Stdout: "1970-01-01T00:00+00:00\n"},
		{Args: []string{"date", "--rfc-3339=ns", "-d", "@1.5"}, Stdout: "1970-01-01 00:00:01.500000000+00:00\n"},
		{Args: []string{"date", "--rfc-3339=date", "-d", "@0"}, Stdout: "1970-01-01\n"},
		{Args: []string{"date", "--rfc-3339=seconds", "-d", "@1700000000"}, Stdout: "2023-11-14 22:13:20+00:00\n"},
		{Args: []string{"date", "--rfc-3339=x", "-d", "@0"}, Stderr: "date: invalid argument ‘x’ for ‘--rfc-3339’\nValid arguments are:\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\nTry 'date --help' for more information.\n", Status: 1},
		{Args: []string{"date", "-Ix"}, Stderr: "date: invalid argument ‘x’ for ‘--iso-8601’\nValid arguments are:\n  - ‘hours’\n  - ‘minutes’\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\nTry 'date --help' for more information.\n", Status: 1},
		{Args: []string{"date", "+%s", "x"}, Stderr: "date: extra operand ‘x’\nTry 'date --help' for more information.\n", Status: 1},
		{Args: []string{"date", "-R", "-I"}, Stderr: "date: multiple output formats specified\n", Status: 1},
		{Args: []string{"date", "-d", "@0", "+%-d", "%_d", "%e", "%05d", "%^a", "%#b", "%10A", "%-10A", "%3N", "%N", "%j", "%U", "%V", "%G", "%g", "%W", "%u", "%w", "%C", "%y", "%q", "%k", "%l", "%I", "%p", "%P", "%h", "%n", "%t", "%%", "%D", "%x", "%X", "%c", "%r", "%R", "%T", "%F", "%E", "%Ey", "%Od", "%-j", "%_H", "%"}, Stderr: "date: extra operand ‘%_d’\nTry 'date --help' for more information.\n", Status: 1},
		{Args: []string{"date", "-d", "@1700000000.123456789", "+%N %3N %6N %s %:z %::z %:::z %Z %#Z %^p %#p"}, Stdout: "123456789 123 123456 1700000000 +00:00 +00:00:00 +00 UTC utc PM pm\n"},
		{Args: []string{"date", "-d", "2024-01-31 +1 month"}, Stdout: "Sat Mar  2 00:00:00 UTC 2024\n"},
		{Args: []string{"date", "-d", "Jan 5 2020"}, Stdout: "Sun Jan  5 00:00:00 UTC 2020\n"},
		{Args: []string{"date", "-d", "5 Jan 2020 3pm"}, Stdout: "Sun Jan  5 15:00:00 UTC 2020\n"},
		{Args: []string{"date", "-d", "2024-01-02T03:04:05Z"}, Stdout: "Tue Jan  2 03:04:05 UTC 2024\n"},
		{Args: []string{"date", "-d", "2024-01-02 03:04:05 +0530"}, Stdout: "Mon Jan  1 21:34:05 UTC 2024\n"},
		{Args: []string{"date", "-d", "2024-01-02 03:04:05.25"}, Stdout: "Tue Jan  2 03:04:05 UTC 2024\n"},
		{Args: []string{"date", "-d", "Tue, 02 Jan 2024 03:04:05 +0000"}, Stdout: "Tue Jan  2 03:04:05 UTC 2024\n"},
		{Args: []string{"date", "-d", "01/02/2024"}, Stdout: "Tue Jan  2 00:00:00 UTC 2024\n"},
		{Args: []string{"date", "-d", "01/02/24"}, Stdout: "Tue Jan  2 00:00:00 UTC 2024\n"},
		{Args: []string{"date", "-d", "20240102"}, Stdout: "Tue Jan  2 00:00:00 UTC 2024\n"},
		{Args: []string{"date", "-d", "2024-02-30"}, Stderr: "date: invalid date ‘2024-02-30’\n", Status: 1},
		{Args: []string{"date", "-d", "2024-01-02 25:00"}, Stderr: "date: invalid date ‘2024-01-02 25:00’\n", Status: 1},
		{Args: []string{"date", "-d", "Thu Jan  1 00:00:00 UTC 1970"}, Stdout: "Thu Jan  1 00:00:00 UTC 1970\n"},
		{Args: []string{"date", "-d", "2024-03-01 -1 day", "+%F"}, Stdout: "2024-02-29\n"},
		{Args: []string{"date", "-d", "2024-03-10 10:00 +1 day"}, Stdout: "Mon Mar 11 09:00:00 UTC 2024\n"},
		{Args: []string{"date", "-d", "December 25, 2023"}, Stdout: "Mon Dec 25 00:00:00 UTC 2023\n"},
		{Args: []string{"date", "-d", "2023-12-25 12:00:00 UTC"}, Stdout: "Mon Dec 25 12:00:00 UTC 2023\n"},
		{Args: []string{"date", "-d", "@-1"}, Stdout: "Wed Dec 31 23:59:59 UTC 1969\n"},
		{Args: []string{"date", "-d", "@-1.5", "+%s.%N"}, Stdout: "-2.500000000\n"},
		{Args: []string{"date", "-u", "-d", "@0"}, Stdout: "Thu Jan  1 00:00:00 UTC 1970\n"},
		{Args: []string{"date", "-d", "@1700000000", "+%A %B %d %Y week %U %W %V"}, Stdout: "Tuesday November 14 2023 week 46 46 46\n"},
		{Args: []string{"date", "-d", "2021-01-03", "+%G-W%V-%u %U %W %j"}, Stdout: "2020-W53-7 01 00 003\n"},
		{Args: []string{"date", "-d", "2020-12-31", "+%G-W%V-%u %U %W %j"}, Stdout: "2020-W53-4 52 52 366\n"},
		{Args: []string{"date", "+%Y", "-d", "@0"}, Stdout: "1970\n"},
		{Args: []string{"date", "-d", "@0", "+%+4Y %_10s %010s %-s %^10B %#10b"}, Stdout: "1970          0 0000000000 0    JANUARY        JAN\n"},
		{Args: []string{"date", "-d", "13pm"}, Stderr: "date: invalid date ‘13pm’\n", Status: 1},
		{Args: []string{"date", "-r", "nope"}, Stderr: "date: nope: No such file or directory\n", Status: 1},
	})
}
