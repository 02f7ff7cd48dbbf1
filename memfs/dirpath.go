package memfs

import "strings"

// DirPath keeps a handle on a root directory and on each directory from
// it down to the last one Open returned. Walks that visit a tree in
// order (an archive being extracted, a saved session being loaded) ask
// mostly for the same directory again, or one level down or up, so each
// Open costs a comparison of its name with the last one and a lookup of
// the components that differ, never a walk of the whole path: a chain of
// any depth (paths past PATH_MAX included) is handled in time linear in
// its size.
//
// The handles stay valid as long as the walk itself changes only
// entries below the directories it holds.
type DirPath struct {
	// cur is the directory (relative to the root, "" for the root) whose
	// handle ends open; open holds the root's handle and one for each
	// directory down to cur.
	cur  string
	open []*Dir
}

// NewDirPath starts a DirPath at root.
func NewDirPath(root *Dir) *DirPath { return &DirPath{open: []*Dir{root}} }

// Root is the handle the DirPath started at.
func (p *DirPath) Root() *Dir { return p.open[0] }

// Open returns a handle on dir, a clean slash-separated path relative to
// the root ("" for the root). Each component not shared with the last
// call's is opened by step(at, name, done): at is the handle of its
// parent, name the component and done dir up to and including it. An
// error of step is returned as it is; the handles above it are kept.
func (p *DirPath) Open(dir string, step func(at *Dir, name, done string) (*Dir, error)) (*Dir, error) {
	if dir == p.cur {
		return p.open[len(p.open)-1], nil
	}
	// keep the leading components p.cur and dir share
	i, n := 0, min(len(dir), len(p.cur))
	for i < n && dir[i] == p.cur[i] {
		i++
	}
	common := i
	if !(i == len(dir) || dir[i] == '/') || !(i == len(p.cur) || p.cur[i] == '/') {
		common = max(strings.LastIndexByte(dir[:i], '/'), 0)
	}
	keep := 1 // the root
	if common > 0 {
		keep += strings.Count(p.cur[:common], "/") + 1
	}
	p.open, p.cur = p.open[:keep], dir[:common]
	for pos := common; pos < len(dir); {
		if dir[pos] == '/' {
			pos++
		}
		end := strings.IndexByte(dir[pos:], '/')
		if end < 0 {
			end = len(dir)
		} else {
			end += pos
		}
		d, err := step(p.open[len(p.open)-1], dir[pos:end], dir[:end])
		if err != nil {
			return nil, err
		}
		p.open, p.cur = append(p.open, d), dir[:end]
		pos = end
	}
	return p.open[len(p.open)-1], nil
}
