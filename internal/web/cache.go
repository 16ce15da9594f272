package web

import "sync"

// cache keeps what costs a parse of a whole list (a list's page, its
// chart, a player's chart) under a key that names the list's version, so
// that a list closed again is never served stale. It is bounded: when
// full it starts over.
type cache struct {
	mu sync.Mutex
	m  map[string]any
}

const cacheMax = 512

func (c *cache) get(key string) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

func (c *cache) put(key string, v any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= cacheMax {
		c.m = map[string]any{}
	}
	c.m[key] = v
}
