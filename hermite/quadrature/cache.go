package quadrature

import "sync"

// cache maps keys to values computed at most once per key. It is safe for
// concurrent use: callers asking for a key that is being computed wait for
// that computation instead of repeating it.
type cache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*cacheEntry[V]
}

type cacheEntry[V any] struct {
	once sync.Once
	v    V
	err  error
}

// get returns the value for k, calling compute the first time k is asked for.
func (c *cache[K, V]) get(k K, compute func() (V, error)) (V, error) {
	c.mu.Lock()
	if c.m == nil {
		c.m = make(map[K]*cacheEntry[V])
	}
	e, ok := c.m[k]
	if !ok {
		e = new(cacheEntry[V])
		c.m[k] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.v, e.err = compute() })
	return e.v, e.err
}
