package archive

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	cmds := []command.Command{
		{Name: "tar", Summary: "an archiving utility", Help: tarHelp, Run: runTar},
		{Name: "zip", Summary: "package and compress (archive) files", Help: zipHelp, Run: runZip, RawArgs: true},
		{Name: "unzip", Summary: "list, test and extract compressed files in a ZIP archive", Help: unzipHelp, Run: runUnzip, RawArgs: true},
		{Name: "gzip", Summary: "compress or expand files", Help: gzipHelp, Run: runGzip},
		{Name: "gunzip", Summary: "uncompress gzip files", Help: gunzipHelp, Run: runGunzip},
		{Name: "zcat", Summary: "uncompress gzip files to standard output", Help: zcatHelp, Run: runZcat},
		{Name: "xz", Summary: "compress or decompress .xz files", Help: xzHelp, Run: runXz},
		{Name: "unxz", Summary: "decompress .xz files", Help: xzHelp, Run: runUnxz},
		{Name: "xzcat", Summary: "decompress .xz files to standard output", Help: xzHelp, Run: runXzcat},
		{Name: "bzip2", Summary: "decompress .bz2 files (compression is not supported)", Help: bzip2Help, Run: runBzip2},
		{Name: "bunzip2", Summary: "decompress .bz2 files", Help: bzip2Help, Run: runBunzip2},
		{Name: "bzcat", Summary: "decompress .bz2 files to standard output", Help: bzip2Help, Run: runBzcat},
		{Name: "zstd", Summary: "compress or decompress .zst files", Help: zstdHelp, Run: runZstd},
		{Name: "unzstd", Summary: "decompress .zst files", Help: zstdHelp, Run: runUnzstd},
		{Name: "zstdcat", Summary: "decompress .zst files to standard output", Help: zstdHelp, Run: runZstdcat},
	}
	for i := range cmds {
		cmds[i].Version = versionText(cmds[i].Name)
		cmds[i].Run = withShortVersion(cmds[i].Run)
	}
	return cmds
}
