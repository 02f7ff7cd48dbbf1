package command

import "bufio"

// LineWrapper writes a stream of encoded text to W with a newline after
// every Cols bytes, across Write calls, as base64 -w and base32 -w do;
// Cols 0 never wraps. Close ends a partial last line.
type LineWrapper struct {
	W    *bufio.Writer
	Cols int
	col  int // bytes on the current line
}

// Write writes p, breaking lines; it reports W's (sticky) error.
func (l *LineWrapper) Write(p []byte) (int, error) {
	if l.Cols <= 0 {
		return l.W.Write(p)
	}
	n := len(p)
	for len(p) > 0 {
		k := min(l.Cols-l.col, len(p))
		if _, err := l.W.Write(p[:k]); err != nil {
			return n - len(p), err
		}
		p = p[k:]
		l.col += k
		if l.col == l.Cols {
			if err := l.W.WriteByte('\n'); err != nil {
				return n - len(p), err
			}
			l.col = 0
		}
	}
	return n, nil
}

// Close writes the newline that ends a partial last line, if any; it
// does not flush W.
func (l *LineWrapper) Close() error {
	if l.Cols > 0 && l.col > 0 {
		l.col = 0
		return l.W.WriteByte('\n')
	}
	return nil
}
