package calc

import (
	"math/big"
	"sync"
)

// jetCache keeps the jets of the nodes of recent expansions, so that
// expansions of several expressions at the same point that share
// subexpressions compute the shared jets once: the Gaussian averages of
// an activation expand σ², σ'², zσσ', z³σσ', … at 0, each holding σ and
// σ'. A node's jet depends only on the node and on the point, order, side,
// working precision and kink tolerance of the expansion (the jetKey);
// jets are never modified once made, so they can be shared. It is safe
// for concurrent use.
var jetCache struct {
	mu   sync.Mutex
	m    map[jetKey]map[Expr]jet
	bits int // Σ (order+1)·prec over the cached jets: their size
}

// jetKey identifies the expansions whose jets can be shared.
type jetKey struct {
	at    string // the point, exactly ('p' format)
	order int
	side  Side
	prec  uint
	snap  float64
}

// Bounds of the cache: the number of keys, the nodes kept for one, and
// the coefficient bits of all its jets (about 8 MB); the cache is emptied
// when one would be exceeded, and an expansion larger than the last is
// not kept.
const (
	maxJetKeys  = 16
	maxJetNodes = 1 << 12
	maxJetBits  = 1 << 26
)

// makeKey returns the jetKey of ev.
func (ev *jetEval) makeKey() jetKey {
	return jetKey{at: pointKey(ev.at), order: ev.ctx.n, side: ev.side, prec: ev.ctx.prec, snap: ev.snap}
}

// cachedJet returns the cached jet of the node n for key.
func cachedJet(key jetKey, n Expr) (jet, bool) {
	jetCache.mu.Lock()
	defer jetCache.mu.Unlock()
	j, ok := jetCache.m[key][n]
	return j, ok
}

// keepJets adds the jets of memo to the cache of key.
func keepJets(key jetKey, memo map[Expr]jet) {
	size := (key.order + 1) * int(key.prec) // of one jet
	if len(memo) > maxJetNodes || len(memo)*size > maxJetBits {
		return
	}
	jetCache.mu.Lock()
	defer jetCache.mu.Unlock()
	c := jetCache.m[key]
	if jetCache.m == nil || len(jetCache.m) >= maxJetKeys && c == nil ||
		len(c)+len(memo) > maxJetNodes || jetCache.bits+len(memo)*size > maxJetBits {
		jetCache.m, jetCache.bits, c = map[jetKey]map[Expr]jet{}, 0, nil
	}
	if c == nil {
		c = make(map[Expr]jet, len(memo))
		jetCache.m[key] = c
	}
	for n, j := range memo {
		if _, ok := c[n]; !ok {
			c[n] = j
			jetCache.bits += size
		}
	}
}

// pointKey is a *big.Float's exact value for a jetKey.
func pointKey(a *big.Float) string { return a.Text('p', 0) }
