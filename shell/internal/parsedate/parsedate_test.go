package parsedate

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// reference is the "now" of every case: a Wednesday, in each case's TZ.
const reference = "2024-06-12 10:30:45"

// dateCases were recorded from GNU date 9.1 on Debian 12 with
//
//	TZ=$tz faketime -f '2024-06-12 10:30:45' date -d "$in" '+%Y-%m-%d %H:%M:%S %z'
//
// ("invalid": date says invalid date); TestGNUDateOracle checks them again
// where faketime is installed.
var dateCases = []struct{ tz, in, want string }{
	{"UTC", "next monday", "2024-06-17 00:00:00 +0000"},
	{"UTC", "monday", "2024-06-17 00:00:00 +0000"},
	{"UTC", "last wednesday", "2024-06-05 00:00:00 +0000"},
	{"UTC", "wednesday", "2024-06-12 00:00:00 +0000"},
	{"UTC", "this wednesday", "2024-06-12 00:00:00 +0000"},
	{"UTC", "next wednesday", "2024-06-19 00:00:00 +0000"},
	{"UTC", "third friday", "2024-06-28 00:00:00 +0000"},
	{"UTC", "yesterday", "2024-06-11 10:30:45 +0000"},
	{"UTC", "tomorrow", "2024-06-13 10:30:45 +0000"},
	{"UTC", "now", "2024-06-12 10:30:45 +0000"},
	{"UTC", "today", "2024-06-12 10:30:45 +0000"},
	{"UTC", "", "2024-06-12 00:00:00 +0000"},
	{"UTC", "3 days ago", "2024-06-09 10:30:45 +0000"},
	{"UTC", "1 day 2 hours ago", "2024-06-13 08:30:45 +0000"},
	{"UTC", "2 days ago 3 hours", "2024-06-10 13:30:45 +0000"},
	{"UTC", "+1 week", "2024-06-19 10:30:45 +0000"},
	{"UTC", "-2 days", "2024-06-10 10:30:45 +0000"},
	{"UTC", "last month", "2024-05-12 10:30:45 +0000"},
	{"UTC", "next year", "2025-06-12 10:30:45 +0000"},
	{"UTC", "fortnight ago", "2024-05-29 10:30:45 +0000"},
	{"UTC", "noon", "invalid"},
	{"UTC", "midnight", "invalid"},
	{"UTC", "10am", "2024-06-12 10:00:00 +0000"},
	{"UTC", "5pm tomorrow", "2024-06-13 17:00:00 +0000"},
	{"UTC", "12am", "2024-06-12 00:00:00 +0000"},
	{"UTC", "12pm", "2024-06-12 12:00:00 +0000"},
	{"UTC", "13pm", "invalid"},
	{"UTC", "1 month", "2024-07-12 10:30:45 +0000"},
	{"UTC", "jan 31 + 1 month", "2024-03-02 00:00:00 +0000"},
	{"UTC", "2024-01-31 +1 month", "2024-03-02 00:00:00 +0000"},
	{"UTC", "@1718188245", "2024-06-12 10:30:45 +0000"},
	{"UTC", "2024-06-15", "2024-06-15 00:00:00 +0000"},
	{"UTC", "2024-06-15T10:00:00", "2024-06-15 10:00:00 +0000"},
	{"UTC", "2024-06-15T10:00:00Z", "2024-06-15 10:00:00 +0000"},
	{"UTC", "2024-06-15 10:00:00+02:00", "2024-06-15 08:00:00 +0000"},
	{"UTC", "2024-06-15 10:00 +0530", "2024-06-15 04:30:00 +0000"},
	{"UTC", "2024-06-15 10:00 EST", "2024-06-15 15:00:00 +0000"},
	{"UTC", "Tue Jun 11 10:00:00 UTC 2024", "2024-06-11 10:00:00 +0000"},
	{"UTC", "Tue, 11 Jun 2024 10:00:00 +0000", "2024-06-11 10:00:00 +0000"},
	{"UTC", "6/15", "2024-06-15 00:00:00 +0000"},
	{"UTC", "6/15/24", "2024-06-15 00:00:00 +0000"},
	{"UTC", "6/15/2024", "2024-06-15 00:00:00 +0000"},
	{"UTC", "2024/06/15", "2024-06-15 00:00:00 +0000"},
	{"UTC", "15 jun", "2024-06-15 00:00:00 +0000"},
	{"UTC", "15 jun 2024", "2024-06-15 00:00:00 +0000"},
	{"UTC", "jun 15", "2024-06-15 00:00:00 +0000"},
	{"UTC", "jun 15, 2024", "2024-06-15 00:00:00 +0000"},
	{"UTC", "jun 15 2024", "2024-06-15 00:00:00 +0000"},
	{"UTC", "15-jun-2024", "2024-06-15 00:00:00 +0000"},
	{"UTC", "jun-15-2024", "2024-06-15 00:00:00 +0000"},
	{"UTC", "20240615", "2024-06-15 00:00:00 +0000"},
	{"UTC", "1030", "2024-06-12 10:30:00 +0000"},
	{"UTC", "10", "2024-06-12 10:00:00 +0000"},
	{"UTC", "TZ=\"America/New_York\" 2024-06-15 10:00", "2024-06-15 14:00:00 +0000"},
	{"UTC", "2024-02-30", "invalid"},
	{"UTC", "25:00", "invalid"},
	{"UTC", "10:61", "invalid"},
	{"UTC", "UTC+2", "2024-06-11 22:00:00 +0000"},
	{"UTC", "10:00 UTC+2", "2024-06-12 08:00:00 +0000"},
	{"UTC", "next", "invalid"},
	{"UTC", "ago", "invalid"},
	{"UTC", "foo", "invalid"},
	{"UTC", "2024-06-15 monday", "2024-06-15 00:00:00 +0000"},
	{"UTC", "monday 10:00", "2024-06-17 10:00:00 +0000"},
	{"UTC", "sept 5", "2024-09-05 00:00:00 +0000"},
	{"UTC", "tues", "2024-06-18 00:00:00 +0000"},
	{"UTC", "2 fortnights", "2024-07-10 10:30:45 +0000"},
	{"UTC", "1 sec ago", "2024-06-12 10:30:44 +0000"},
	{"UTC", "24:00", "invalid"},
	{"UTC", "0:00", "2024-06-12 00:00:00 +0000"},
	{"UTC", "1969-12-31 23:59:59", "1969-12-31 23:59:59 +0000"},
	{"UTC", "69-01-01", "1969-01-01 00:00:00 +0000"},
	{"UTC", "68-01-01", "2068-01-01 00:00:00 +0000"},
	{"UTC", "2024-06-15 10:00 PST", "2024-06-15 18:00:00 +0000"},
	{"UTC", "2024-06-15 10:00 CEST", "2024-06-15 08:00:00 +0000"},
	{"UTC", "hence", "invalid"},
	{"UTC", "2 days hence", "2024-06-14 10:30:45 +0000"},
	{"UTC", "J", "invalid"},
	{"UTC", "10:00 A", "2024-06-12 09:00:00 +0000"},
	{"UTC", "2024-06-15 10:00 -5", "2024-06-15 15:00:00 +0000"},
	{"UTC", "week", "2024-06-19 10:30:45 +0000"},
	{"UTC", "next week", "2024-06-19 10:30:45 +0000"},
	{"UTC", "monday next week", "2024-06-24 00:00:00 +0000"},
	{"UTC", "2024-06-15 (comment) 10:00", "2024-06-15 10:00:00 +0000"},
	{"UTC", "15 jun 10:00", "invalid"},
	{"UTC", "10:00 -5 days", "2024-06-13 15:00:00 +0000"},
	{"UTC", "10:00:60", "invalid"},
	{"UTC", "2 monday", "2024-06-24 00:00:00 +0000"},
	{"UTC", "second monday", "2024-06-17 00:00:01 +0000"},
	{"UTC", "UTC -1 day", "2024-06-11 10:30:45 +0000"},
	{"UTC", "-1 day UTC", "2024-06-11 10:30:45 +0000"},
	{"UTC", "10 -1 day", "2024-06-11 10:00:00 +0000"},
	{"UTC", "2024-06-15 10 -5", "2024-06-15 15:00:00 +0000"},
	{"UTC", "10:00pm +05", "invalid"},
	{"UTC", "2024-06-15 10:00 +05:30", "2024-06-15 04:30:00 +0000"},
	{"UTC", "2024-06-15 10:00 +5:30", "2024-06-15 04:30:00 +0000"},
	{"UTC", "2024-06-15 10:00 UTC+0530", "2024-06-15 04:30:00 +0000"},
	{"UTC", "2024-06-15 10:00 UTC+05:30", "2024-06-15 04:30:00 +0000"},
	{"UTC", "2024-06-15 10:00 gmt-3", "2024-06-15 13:00:00 +0000"},
	{"UTC", "jun 15 2024 10:00", "2024-06-15 10:00:00 +0000"},
	{"UTC", "2024-06-15 10:00 CEST DST", "invalid"},
	{"UTC", "min", "2024-06-12 10:31:45 +0000"},
	{"UTC", "2 mins", "2024-06-12 10:32:45 +0000"},
	{"UTC", "2024-06-15 10:00 u.t.c.", "2024-06-15 10:00:00 +0000"},
	{"UTC", "jan. 5", "2024-01-05 00:00:00 +0000"},
	{"UTC", "janu 5", "invalid"},
	{"UTC", "january. 5", "invalid"},
	{"UTC", "wed.", "2024-06-12 00:00:00 +0000"},
	{"UTC", "wednes", "2024-06-12 00:00:00 +0000"},
	{"UTC", "Sept. 5", "invalid"},
	{"America/New_York", "2024-03-10 02:30", "invalid"},
	{"America/New_York", "2024-03-10 01:30 +1 hour", "2024-03-09 20:30:00 -0500"},
	{"America/New_York", "2024-03-09 12:00 +1 day", "2024-03-10 07:00:00 -0400"},
	{"America/New_York", "2024-11-03 01:30", "2024-11-03 01:30:00 -0400"},
	{"America/New_York", "EST", "invalid"},
	{"America/New_York", "EDT", "2024-06-12 00:00:00 -0400"},
	{"America/New_York", "2024-06-15 10:00 EDT", "2024-06-15 10:00:00 -0400"},
	{"America/New_York", "2024-06-15 10:00 EST", "invalid"},
	{"America/New_York", "2024-06-15 10:00 UTC", "2024-06-15 06:00:00 -0400"},
	{"America/New_York", "TZ=\"Europe/Berlin\" 2024-06-15 10:00", "2024-06-15 04:00:00 -0400"},
	{"America/New_York", "TZ=\"UTC0\" 10:00", "2024-06-12 06:00:00 -0400"},
	{"America/New_York", "2024-06-15 10:00 EST DST", "2024-06-15 10:00:00 -0400"},
	{"America/New_York", "10:00 tomorrow UTC", "2024-06-13 06:00:00 -0400"},
	{"America/New_York", "1 year ago", "2023-06-12 10:30:45 -0400"},
	{"America/New_York", "last day", "2024-06-11 10:30:45 -0400"},
	{"America/New_York", "next hour", "2024-06-12 11:30:45 -0400"},
	{"America/New_York", "this second", "2024-06-12 10:30:45 -0400"},
	{"America/New_York", "2024-06-15 10:00:00 +1 hour", "2024-06-15 06:00:00 -0400"},
	{"America/New_York", "+3", "invalid"},
	{"America/New_York", "-3", "invalid"},
	{"America/New_York", "2024-06-15 3", "2024-06-15 03:00:00 -0400"},
	{"America/New_York", "2024-06-15 10:00 2025", "invalid"},
	{"America/New_York", "Jun 15 10:00 2020", "2020-06-15 10:00:00 -0400"},
	{"America/New_York", "2024-06-15 10:00 +05", "2024-06-15 01:00:00 -0400"},
	{"America/New_York", "2024-06-15T10", "invalid"},
	{"America/New_York", "2024-06-15t10:00", "2024-06-15 10:00:00 -0400"},
	{"America/New_York", "2024-06-15 10:00:00 -0130", "2024-06-15 07:30:00 -0400"},
	{"America/New_York", "1 2", "invalid"},
	{"America/New_York", "next tues", "2024-06-18 00:00:00 -0400"},
	{"America/New_York", "first monday", "2024-06-17 00:00:00 -0400"},
	{"America/New_York", "eleventh monday", "2024-08-26 00:00:00 -0400"},
	{"America/New_York", "twelfth month", "2025-06-12 10:30:45 -0400"},
	{"America/New_York", "tuesday,", "2024-06-18 00:00:00 -0400"},
	{"America/New_York", "Sat, 15 Jun 2024", "2024-06-15 00:00:00 -0400"},
	{"America/New_York", "10 o'clock", "invalid"},
	{"America/New_York", "  2024-06-15   ", "2024-06-15 00:00:00 -0400"},
	{"America/New_York", "2024-6-5", "2024-06-05 00:00:00 -0400"},
	{"America/New_York", "99999-01-01", "99999-01-01 00:00:00 -0500"},
	{"America/New_York", "2024-06-15 10:00 am", "2024-06-15 10:00:00 -0400"},
	{"America/New_York", "10:00pm", "2024-06-12 22:00:00 -0400"},
	{"America/New_York", "10:00 p.m.", "2024-06-12 22:00:00 -0400"},
	{"America/New_York", "10 p.m.", "2024-06-12 22:00:00 -0400"},
	{"America/New_York", "a.m.", "invalid"},
	{"America/New_York", "2024-06-15 12:00:00.123456789123", "2024-06-15 12:00:00 -0400"},
	{"America/New_York", "@0", "1969-12-31 19:00:00 -0500"},
	{"America/New_York", "@ 5", "1969-12-31 19:00:05 -0500"},
	{"America/New_York", "@5 ", "1969-12-31 19:00:05 -0500"},
	{"Europe/Berlin", "CEST", "2024-06-12 00:00:00 +0200"},
	{"Europe/Berlin", "CET", "invalid"},
	{"Europe/Berlin", "2024-01-15 10:00 CET", "2024-01-15 10:00:00 +0100"},
	{"Europe/Berlin", "2024-01-15 10:00 CEST", "invalid"},
	{"Europe/Berlin", "2024-03-31 02:30", "invalid"},
	{"Europe/Berlin", "2024-10-27 02:30", "2024-10-27 02:30:00 +0100"},
	{"Europe/Berlin", "2024-03-30 12:00 +1 day", "2024-03-31 13:00:00 +0200"},
	{"Europe/Berlin", "2024-03-30 12:00 tomorrow", "2024-03-31 12:00:00 +0200"},
	{"Europe/Berlin", "next month", "2024-07-12 10:30:45 +0200"},
	{"Europe/Berlin", "1.5 seconds ago", "2024-06-12 10:30:43 +0200"},
	{"Europe/Berlin", "10:00 UTC", "2024-06-12 12:00:00 +0200"},
	{"Europe/Berlin", "TZ=\"Asia/Tokyo\" 09:00", "2024-06-12 02:00:00 +0200"},
	{"Europe/Berlin", "TZ=\"EST5\" 09:00", "2024-06-12 16:00:00 +0200"},
	{"Europe/Berlin", "TZ=\"<+03>-3\" 09:00", "2024-06-12 08:00:00 +0200"},
	{"Europe/Berlin", "TZ=\"UTC-3\" 09:00", "2024-06-12 08:00:00 +0200"},
	{"Europe/Berlin", "TZ=\"\\\"bad\" 09:00", "2024-06-12 11:00:00 +0200"},
	{"Europe/Berlin", "TZ=\"unclosed 09:00", "invalid"},
	{"Europe/Berlin", "2024-06-15 10:00 MESZ", "2024-06-15 10:00:00 +0200"},
	{"Europe/Berlin", "Mon, 17 Jun 2024 08:00:00 GMT", "2024-06-17 10:00:00 +0200"},
	{"Europe/Berlin", "Sun Jun 16 2024", "2024-06-16 00:00:00 +0200"},
	{"Europe/Berlin", "2024-W24", "invalid"},
	{"Europe/Berlin", "last year", "2023-06-12 10:30:45 +0200"},
	{"Europe/Berlin", "sat", "2024-06-15 00:00:00 +0200"},
	{"Europe/Berlin", "saturday next week", "2024-06-22 00:00:00 +0200"},
	{"EST5EDT", "10:00 EST", "invalid"},
	{"EST5EDT", "EST", "invalid"},
	{"EST5EDT", "EDT", "2024-06-12 00:00:00 -0400"},
	{"EST5EDT", "2024-01-10 10:00 EDT", "invalid"},
}

// fracCases are as dateCases with %N after the seconds.
var fracCases = []struct{ tz, in, want string }{
	{"UTC", "@-1.5", "1969-12-31 23:59:58.500000000 +0000"},
	{"UTC", "@1.25", "1970-01-01 00:00:01.250000000 +0000"},
	{"UTC", "10:00:00.5", "2024-06-12 10:00:00.500000000 +0000"},
	{"UTC", "10:00:00,25", "2024-06-12 10:00:00.250000000 +0000"},
	{"UTC", "2024-06-15 12:00:00.123456789123", "2024-06-15 12:00:00.123456789 +0000"},
	{"UTC", "@ 5", "1970-01-01 00:00:05.000000000 +0000"},
	{"UTC", "now", "2024-06-12 10:30:45.000000000 +0000"},
	{"UTC", "yesterday", "2024-06-11 10:30:45.000000000 +0000"},
	{"UTC", "1.5 seconds ago", "2024-06-12 10:30:43.500000000 +0000"},
	{"UTC", "", "2024-06-12 00:00:00.000000000 +0000"},
	{"UTC", "2 days", "2024-06-14 10:30:45.000000000 +0000"},
}

func referenceIn(t *testing.T, tz string) time.Time {
	t.Helper()
	now, err := time.ParseInLocation(time.DateTime, reference, LoadZone(tz))
	if err != nil {
		t.Fatal(err)
	}
	return now
}

func check(t *testing.T, tz, in, want, layout string) {
	t.Helper()
	got := "invalid"
	if r, err := Parse(in, referenceIn(t, tz)); err == nil {
		got = r.Format(layout)
	}
	if got != want {
		t.Errorf("TZ=%s date -d %q: got %s, GNU date prints %s", tz, in, got, want)
	}
}

func TestParse(t *testing.T) {
	for _, c := range dateCases {
		check(t, c.tz, c.in, c.want, "2006-01-02 15:04:05 -0700")
	}
	for _, c := range fracCases {
		check(t, c.tz, c.in, c.want, "2006-01-02 15:04:05.000000000 -0700")
	}
}

// TestParseUTC: more strings, at another instant, in UTC (touch -d's
// first table).
func TestParseUTC(t *testing.T) {
	now := time.Date(2026, 11, 29, 19, 20, 27, 0, time.UTC)
	// Expected values from GNU date -u -d STRING at the same instant.
	for in, want := range map[string]string{
		"2020-01-02":                      "2020-01-02 00:00:00",
		"2020-01-02 03:04":                "2020-01-02 03:04:00",
		"2020-01-02T03:04:05Z":            "2020-01-02 03:04:05",
		"2020-01-02 03:04:05.5 +0200":     "2020-01-02 01:04:05",
		"@1600000000":                     "2020-09-13 12:26:40",
		"yesterday":                       "2026-11-28 19:20:27",
		"2 days ago":                      "2026-11-27 19:20:27",
		"Jan 5 2021":                      "2021-01-05 00:00:00",
		"5 Jan 2021 10:00":                "2021-01-05 10:00:00",
		"12:30":                           "2026-11-29 12:30:00",
		"now":                             "2026-11-29 19:20:27",
		"next monday":                     "2026-11-30 00:00:00",
		"2020-01-02 +1 day":               "2020-01-03 00:00:00",
		"last week":                       "2026-11-22 19:20:27",
		"Sun, 29 Nov 2026 19:18:00 +0000": "2026-11-29 19:18:00",
		"20200102":                        "2020-01-02 00:00:00",
		"1 hour ago":                      "2026-11-29 18:20:27",
		"":                                "2026-11-29 00:00:00",
		"today":                           "2026-11-29 19:20:27",
		"tomorrow 10:00":                  "2026-11-30 10:00:00",
		"2020-02-30":                      "",
	} {
		got, err := Parse(in, now)
		if want == "" {
			if err == nil {
				t.Errorf("%q: no error", in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if s := got.UTC().Format("2006-01-02 15:04:05"); s != want {
			t.Errorf("%q: got %s, want %s", in, s, want)
		}
	}
	for _, bad := range []string{"bogus", "2020-13-01", "25:00", "1 fortnights bogus"} {
		if _, err := Parse(bad, now); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestGNUDateOracle runs every case through GNU date under faketime and
// checks the tables still hold what it prints. Skipped without them.
func TestGNUDateOracle(t *testing.T) {
	if _, err := exec.LookPath("faketime"); err != nil {
		t.Skip("the oracle needs faketime and GNU date (apt-get install faketime)")
	}
	run := func(tz, in, format string) string {
		cmd := exec.Command("faketime", "-f", reference, "date", "-d", in, format)
		cmd.Env = []string{"TZ=" + tz, "LC_ALL=C"}
		out, err := cmd.Output()
		if err != nil {
			return "invalid"
		}
		return strings.TrimSuffix(string(out), "\n")
	}
	for _, c := range dateCases {
		if got := run(c.tz, c.in, "+%Y-%m-%d %H:%M:%S %z"); got != c.want {
			t.Errorf("TZ=%s date -d %q: GNU date prints %s, the table holds %s", c.tz, c.in, got, c.want)
		}
	}
	for _, c := range fracCases {
		if got := run(c.tz, c.in, "+%Y-%m-%d %H:%M:%S.%N %z"); got != c.want {
			t.Errorf("TZ=%s date -d %q: GNU date prints %s, the table holds %s", c.tz, c.in, got, c.want)
		}
	}
}

// FuzzParse: no date string makes Parse panic or hang.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"@0", "2024-01-02 03:04:05 +0530", "next monday", "3 days ago", "Jan 5 2020 10:30pm", "tomorrow 12:00 UTC", `TZ="Europe/Berlin" 10:00`, "(a (b)) 15-jun-2024"} {
		f.Add(s)
	}
	now := time.Unix(1700000000, 0).UTC()
	f.Fuzz(func(t *testing.T, s string) {
		Parse(s, now)
	})
}

// TestLoadZone: the zone name and offset at the epoch, as
// TZ=$tz date -d @0 '+%Z %z' prints them.
func TestLoadZone(t *testing.T) {
	for _, c := range []struct{ tz, want string }{
		{"Foo", "Foo +0000"},
		{"Foo3", "Foo -0300"},
		{"<+03>-3", "+03 +0300"},
		{"EST5EDT", "EST -0500"},
		{"UTC-3", "UTC +0300"},
		{":Europe/Berlin", "CET +0100"},
		{"", "UTC +0000"},
	} {
		if got := time.Unix(0, 0).In(LoadZone(c.tz)).Format("MST -0700"); got != c.want {
			t.Errorf("TZ=%q: got %s, want %s", c.tz, got, c.want)
		}
	}
}
