package interp

// A memfs file a redirection opened is one open file description that
// several descriptors can name: dups (3<&4), the tables of subshells and
// jobs, child shells, and the descriptors a running command's
// redirections saved to restore. It is closed when the last of them lets
// go (exec 3<&-, the end of the command, a subshell ending), as the
// kernel closes a file, so a removed file's space comes back then.
//
// Every table entry and every saved entry holds the file once. A table
// written directly (a subshell's stdin made /dev/null) drops nothing:
// the file then stays open to the session's end, never closed early.

// hold adds a descriptor naming d.
func (d *fdFile) hold() {
	if d != nil && d.f != nil {
		d.holds.Add(1)
	}
}

// drop removes a descriptor naming d; the last one closes the file.
func (d *fdFile) drop() {
	if d != nil && d.f != nil && d.holds.Add(-1) == 0 {
		d.f.Close()
	}
}

// holdAll is a new table's hold on what it names (a subshell's copy).
func (t fdTable) holdAll() {
	for _, d := range t {
		d.hold()
	}
}

// dropAll lets go of everything t names (a subshell ends).
func (t fdTable) dropAll() {
	for _, d := range t {
		d.drop()
	}
}
