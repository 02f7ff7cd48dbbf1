package command

import "bytes"

// SplitLines splits data into lines that keep their "\n"; a last line
// without one is kept as it is, and no empty line follows a final "\n".
func SplitLines(data []byte) []string {
	var lines []string
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			lines = append(lines, string(data))
			break
		}
		lines = append(lines, string(data[:i+1]))
		data = data[i+1:]
	}
	return lines
}
