package shell

import "sync"

// parseCache remembers what source texts parse to, for the helpers a
// loop calls with the same text on every pass (memsh's arithmetic, the
// IFS splitter). Failures are not kept, and it stops growing at
// parseCacheMax entries.
type parseCache[T any] struct {
	mu sync.Mutex
	m  map[string]*T
}

const parseCacheMax = 4096

func (c *parseCache[T]) get(src string, parse func(string) *T) *T {
	c.mu.Lock()
	v, ok := c.m[src]
	c.mu.Unlock()
	if ok {
		return v
	}
	if v = parse(src); v != nil {
		c.mu.Lock()
		if c.m == nil {
			c.m = map[string]*T{}
		}
		if len(c.m) < parseCacheMax {
			c.m[src] = v
		}
		c.mu.Unlock()
	}
	return v
}
