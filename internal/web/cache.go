package web

import "sync"

// cache keeps what costs a parse of a whole list (a list's page, its
// chart, a player's chart) under a key that names the list's version, so
// that a list closed again is never served stale. It is bounded: at most
// cacheMax entries (when full it starts over), of which at most
// cacheLists parsed lists (tens of megabytes each on a federation's
// register: the least recently stored goes), so that a clerk browsing
// ten years of lists does not grow the process.
type cache struct {
	mu    sync.Mutex
	m     map[string]any
	lists []string // the keys of parsed lists, oldest first
}

const (
	cacheMax   = 512
	cacheLists = 2
)

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
		c.m, c.lists = map[string]any{}, nil
	}
	if _, heavy := v.(*listRead); heavy {
		if _, had := c.m[key]; !had {
			c.lists = append(c.lists, key)
		}
		for len(c.lists) > cacheLists {
			delete(c.m, c.lists[0])
			c.lists = c.lists[1:]
		}
	}
	c.m[key] = v
}
