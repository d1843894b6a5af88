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
