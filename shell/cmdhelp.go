package shell

// CommandHelp returns the --help text of the registry command name ("" if
// there is none): the interactive shell completes options from it.
func (s *Session) CommandHelp(name string) string {
	if c, ok := s.c.cmds[name]; ok {
		return c.Help
	}
	return ""
}
