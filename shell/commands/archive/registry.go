package archive

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "tar", Summary: "an archiving utility", Help: tarHelp, Run: runTar},
		{Name: "zip", Summary: "package and compress (archive) files", Help: zipHelp, Run: runZip, RawArgs: true},
		{Name: "unzip", Summary: "list, test and extract compressed files in a ZIP archive", Help: unzipHelp, Run: runUnzip, RawArgs: true},
		{Name: "gzip", Summary: "compress or expand files", Help: gzipHelp, Run: runGzip},
		{Name: "gunzip", Summary: "uncompress gzip files", Help: gunzipHelp, Run: runGunzip},
		{Name: "zcat", Summary: "uncompress gzip files to standard output", Help: zcatHelp, Run: runZcat},
	}
}
