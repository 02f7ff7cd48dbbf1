package sysutil

import (
	"context"
	"encoding/binary"
	"fmt"

	"memsh/shell/command"
)

const hostidHelp = `Usage: hostid [OPTION]
Print the numeric identifier (in hexadecimal) for the current host.

` + stdOpts + `
The identifier is read from /etc/hostid (4 bytes, little-endian) when the
sandbox has one; otherwise it is the one glibc derives for a host name
that resolves to 127.0.0.1.
`

// loopbackHostID is gethostid()'s value for a host whose name resolves
// to 127.0.0.1: the address with its 16-bit halves swapped.
const loopbackHostID = 0x007f0100

// runHostid prints glibc's gethostid(): /etc/hostid when present.
func runHostid(ctx context.Context, inv *command.Invocation) int {
	if st, done := noOperands(inv); done {
		return st
	}
	id := uint32(loopbackHostID)
	if data, err := inv.FS.ReadFile("/etc/hostid"); err == nil && len(data) >= 4 {
		id = binary.LittleEndian.Uint32(data)
	}
	if _, err := fmt.Fprintf(inv.Stdout, "%08x\n", id); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
