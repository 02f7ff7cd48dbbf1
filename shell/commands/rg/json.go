package rg

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// jsonStats is --json's running totals, for the summary message.
type jsonStats struct {
	bytesPrinted, bytesSearched int64
	matchedLines, matches       int64
	searches, withMatch         int64
}

// jsonFile is one file's part of --json output.
type jsonFile struct {
	begun                  bool
	bytesPrinted, searched int64
	matchedLines, matches  int64
}

// elapsed is printed as zero: a sandbox's timings would make output
// differ from run to run for nothing a script can use.
const elapsed = `{"secs":0,"nanos":0,"human":"0.000000s"}`

// jsonString writes b as ripgrep's {"text":...} or, for bytes that are
// not UTF-8, {"bytes":base64}.
func jsonString(sb *strings.Builder, b []byte) {
	if !utf8.Valid(b) {
		sb.WriteString(`{"bytes":"` + base64.StdEncoding.EncodeToString(b) + `"}`)
		return
	}
	q, _ := json.Marshal(string(b)) // a valid UTF-8 string always marshals
	sb.WriteString(`{"text":`)
	sb.Write(q)
	sb.WriteByte('}')
}

func (j *jsonStats) emit(s *searcher, f *jsonFile, line string) {
	s.out.WriteString(line)
	s.out.WriteByte('\n')
	if f != nil {
		f.bytesPrinted += int64(len(line) + 1)
	}
}

// line prints a "match" or "context" message (after the file's "begin").
func (j *jsonStats) line(s *searcher, fsx *fileState, text []byte, lineNo, off int64, isMatch bool) {
	f := fsx.json
	path := quoteJSON([]byte(fsx.name()))
	if !f.begun {
		f.begun = true
		j.emit(s, f, `{"type":"begin","data":{"path":`+path+`}}`)
	}
	kind := "context"
	subs := "[]"
	lineText := append(append([]byte(nil), text...), '\n')
	if isMatch {
		kind = "match"
		f.matchedLines++
		var sb strings.Builder
		sb.WriteByte('[')
		if !s.o.invert {
			for i, m := range s.re.FindAllIndex(text, -1) {
				if i > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprintf(&sb, `{"match":%s,"start":%d,"end":%d}`, quoteJSON(text[m[0]:m[1]]), m[0], m[1])
				f.matches++
			}
		}
		sb.WriteByte(']')
		subs = sb.String()
	}
	j.emit(s, f, fmt.Sprintf(`{"type":%q,"data":{"path":%s,"lines":%s,"line_number":%d,"absolute_offset":%d,"submatches":%s}}`,
		kind, path, quoteJSON(lineText), lineNo, max(off, 0), subs))
}

// end closes a file that printed anything, and adds it to the totals.
func (j *jsonStats) end(s *searcher, fsx *fileState) {
	f := fsx.json
	j.searches++
	if !f.begun {
		return
	}
	j.withMatch++
	j.bytesPrinted += f.bytesPrinted
	j.matchedLines += f.matchedLines
	j.matches += f.matches
	j.emit(s, nil, fmt.Sprintf(`{"type":"end","data":{"path":%s,"binary_offset":null,"stats":{"elapsed":%s,"searches":1,"searches_with_match":1,"bytes_searched":%d,"bytes_printed":%d,"matched_lines":%d,"matches":%d}}}`,
		quoteJSON([]byte(fsx.name())), elapsed, f.searched, f.bytesPrinted, f.matchedLines, f.matches))
}

// summary is the last message, its keys sorted as ripgrep prints them.
func (j *jsonStats) summary(s *searcher) {
	j.emit(s, nil, fmt.Sprintf(`{"data":{"elapsed_total":{"human":"0.000000s","nanos":0,"secs":0},"stats":{"bytes_printed":%d,"bytes_searched":%d,"elapsed":{"human":"0.000000s","nanos":0,"secs":0},"matched_lines":%d,"matches":%d,"searches":%d,"searches_with_match":%d}},"type":"summary"}`,
		j.bytesPrinted, j.bytesSearched, j.matchedLines, j.matches, j.searches, j.withMatch))
}
