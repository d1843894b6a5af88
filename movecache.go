package hexdame

// A moveCache remembers the legal moves of the capture positions that one
// pass over a record or a game meets (replaying it, formatting its
// moves), so that the moves from one position share one generation: a
// record's variations are alternatives from the same position, and
// their moves are parsed and formatted there. Quiet positions are not
// kept: their moves cost no capture search.
//
// It keeps at most maxCachedMoves moves in all (1 MiB); past that it
// starts again, so that its memory stays bounded whatever the record,
// and a position is generated again only after that many others' moves.
//
// Along a single line a position with a capture never comes back (the
// capture is compulsory, and changes the position for good), so until a
// pass meets a second line or a setup (activate), the cache keeps only
// the last position's moves, without the cost of a map. The zero
// moveCache is ready to use.
type moveCache struct {
	// work, when not nil, bounds the capture and path searches of the
	// pass (a Reader's WorkLimit).
	work    *workLimit
	index   map[packedPosition]cachedMoves
	moves   []Move // the moves of every position kept, one after the other
	active  bool   // positions are kept in index; otherwise only the last, in moves
	last    packedPosition
	hasLast bool
}

// cachedMoves is where a position's moves are in moveCache.moves.
type cachedMoves struct{ start, end int32 }

const maxCachedMoves = 1 << 16

// captures returns the legal moves of p, whose side to move has the
// pieces capturers that can capture (not zero). The slice belongs to the
// cache: it is valid until the next call, and must not be changed. When
// the search would go past the cache's work budget it returns false (and
// keeps nothing of p).
//
// It is the one place where a replay or a formatting pass generates
// captures: a bound on the work of such a pass belongs here.
func (c *moveCache) captures(p *Position, capturers uint64) ([]Move, bool) {
	key := p.pack()
	if !c.active {
		if !c.hasLast || c.last != key {
			var ok bool
			if c.moves, ok = c.generate(c.moves[:0], p, capturers); !ok {
				c.hasLast = false
				return nil, false
			}
			c.last, c.hasLast = key, true
		}
		return c.moves[:len(c.moves):len(c.moves)], true
	}
	if at, ok := c.index[key]; ok {
		return c.moves[at.start:at.end:at.end], true
	}
	if c.index == nil {
		c.index = make(map[packedPosition]cachedMoves)
	}
	if len(c.moves) >= maxCachedMoves {
		clear(c.index)
		c.moves = c.moves[:0]
	}
	start := len(c.moves)
	var ok bool
	if c.moves, ok = c.generate(c.moves, p, capturers); !ok {
		return nil, false
	}
	end := len(c.moves)
	c.index[key] = cachedMoves{int32(start), int32(end)}
	return c.moves[start:end:end], true
}

// generate appends the legal captures of p to dst, within the cache's
// work budget; past it, it returns dst and false.
func (c *moveCache) generate(dst []Move, p *Position, capturers uint64) ([]Move, bool) {
	if c.work == nil {
		return p.appendCapturesFrom(dst, capturers), true
	}
	return c.work.captures(dst, p, capturers)
}

// captures appends the legal captures of p, whose pieces capturers can
// capture, within the budget; past it, it returns dst and false.
func (b *workLimit) captures(dst []Move, p *Position, capturers uint64) ([]Move, bool) {
	out, states := p.searchCaptures(dst, capturers, nil, b.left())
	if !b.spend(states) {
		return dst, false
	}
	return out, true
}

// budget returns the cache's work budget (nil for none, and for a nil
// cache).
func (c *moveCache) budget() *workLimit {
	if c == nil {
		return nil
	}
	return c.work
}

// activate starts keeping every position: the pass has met a second
// line or a setup, where positions may come back. The last position's
// moves are kept.
func (c *moveCache) activate() {
	if c.active {
		return
	}
	c.active = true
	if c.index == nil {
		c.index = make(map[packedPosition]cachedMoves)
	}
	if c.hasLast {
		c.index[c.last] = cachedMoves{0, int32(len(c.moves))}
	} else {
		c.moves = c.moves[:0]
	}
}

// reset forgets every position, keeping the memory, and keeps only the
// last position until activate is called again.
func (c *moveCache) reset() {
	clear(c.index)
	c.moves = c.moves[:0]
	c.active, c.hasLast = false, false
}

// legal returns the legal moves of p: from the cache for a position with
// a capture, otherwise appended to buf.
func (c *moveCache) legal(p *Position, buf []Move) []Move {
	if capturers := p.capturers(); capturers != 0 {
		moves, _ := c.captures(p, capturers) // a formatting pass has no budget
		return moves
	}
	return p.appendQuietMoves(buf)
}
