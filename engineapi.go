package hexdame

// Entry points for engines: what a search calls at every node, where the
// general API would do more work than it needs (see the engine package).

// HasCapture reports whether the side to move has a capture, and so must
// capture: every legal move of the position is then a capture. It is the
// bitboard test that AppendLegalMoves makes first, without generating any
// move, so an engine's quiescence search can tell a quiet position from
// one where the capture must be played out before it evaluates it. A
// position where the side to move has no piece gives false.
func (p Position) HasCapture() bool { return p.hasCapture() }

// HashAfter returns the Hash of p.PlayUnchecked(m), given h, the Hash of p,
// and m, a move legal in p: it changes h by the keys of the moved piece,
// of the captured pieces and of the side to move instead of hashing every
// piece of the new position again. A search that keeps the key of each
// position along its line so gets each next key for a few table lookups.
//
// For an h that is not p's key the result is h changed the same way; for a
// move that is not legal in p it is some key (HashAfter never panics).
func (p Position) HashAfter(h uint64, m Move) uint64 {
	h ^= zobristRed
	if !m.from.IsValid() || !m.to.IsValid() {
		return h
	}
	us := p.side & 1
	f := bit(m.from)
	if p.pieces[0][us]&f == 0 {
		return h
	}
	mover := MakePiece(us, p.kings[0]&f != 0)
	h ^= zobristPieces[mover-1][m.from]
	landed := mover
	if !mover.IsKing() && backRow[us]&bit(m.to) != 0 {
		landed++ // crowned
	}
	h ^= zobristPieces[landed-1][m.to]
	them := us ^ 1
	for c := m.captured & p.pieces[0][them]; c != 0; {
		i := popLowest(&c)
		x := MakePiece(them, p.kings[0]&(1<<i) != 0)
		h ^= zobristPieces[x-1][i]
	}
	return h
}
