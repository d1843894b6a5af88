package hexdame

// Zobrist hashing of positions.
//
// The keys are drawn from SplitMix64 (Steele, Lea and Flood, 2014): a state
// that starts at zobristSeed, is increased by 0x9E3779B97F4A7C15 before
// each number, and is mixed by
//
//	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
//	z = (z ^ z>>27) * 0x94D049BB133111EB
//	z ^= z >> 31
//
// The first 4×61 numbers are the keys of the pieces (WhiteMan, WhiteKing,
// RedMan, RedKing, in that order, each over the cells in Cell order, a1
// first), the next one the key of Red to move. A second set, the next
// 4×61+1 numbers, gives an independent key that the perft cache keeps to
// check its entries.

// zobristSeed is the seed of the keys: "HEXDAME" in ASCII.
const zobristSeed = 0x48455844414D45

var (
	zobristPieces  [4][cellSlots]uint64 // [kind][cell]; [kind][NoCell] is 0
	zobristRed     uint64
	zobristPieces2 [4][cellSlots]uint64
	zobristRed2    uint64
)

func init() {
	state := uint64(zobristSeed)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for k := range zobristPieces {
		for c := 1; c <= NumCells; c++ {
			zobristPieces[k][c] = next()
		}
	}
	zobristRed = next()
	for k := range zobristPieces2 {
		for c := 1; c <= NumCells; c++ {
			zobristPieces2[k][c] = next()
		}
	}
	zobristRed2 = next()
}

// Hash returns the position's 64-bit Zobrist key: the exclusive or of the
// keys of its pieces on their cells, and of the key of Red to move when
// Red is to move. Equal positions have equal keys, and the keys are the
// same in every run, version and machine (they come from a fixed
// generator, described in the package source), so they can key opening
// books and databases. Different positions may, rarely, share a key.
func (p Position) Hash() uint64 { return p.hash(&zobristPieces, zobristRed) }

// hash2 is the independent second key.
func (p *Position) hash2() uint64 { return p.hash(&zobristPieces2, zobristRed2) }

func (p *Position) hash(keys *[4][cellSlots]uint64, red uint64) uint64 {
	var h uint64
	if p.side == Red {
		h = red
	}
	white, redPieces, kings := p.pieces[0][White], p.pieces[0][Red], p.kings[0]
	for k, b := range [4]uint64{white &^ kings, white & kings, redPieces &^ kings, redPieces & kings} {
		for b != 0 {
			h ^= keys[k][popLowest(&b)]
		}
	}
	return h
}

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
