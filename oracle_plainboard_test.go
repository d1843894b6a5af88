package hexdame

// An oracle of the move rules, and the yardstick of the speed
// benchmarks: a plain array-board generator, the kind a careful programmer
// writes first: a board of 61 cells, a table of neighbors, a depth-first
// capture search that tries every landing cell and path, and duplicates
// removed at the end. It is a second check of the rules (the package's
// other reference, oracle_refboard_test.go, is written for clarity, not
// speed); it borrows the package's board tables (neighbor, backRow) and
// its bit helpers, so it checks the move generator, not board.go's
// tables. legal_test.go compares the two (TestPlainBoardMatches,
// BenchmarkVersusPlain).

type plainBoard struct {
	cells [NumCells + 1]Piece // by Cell; [0] unused
	side  Color
}

type plainMove struct {
	from, to Cell
	captured uint64
}

func plainFromPosition(p Position) plainBoard {
	var b plainBoard
	for c := Cell(1); c <= NumCells; c++ {
		b.cells[c] = p.Piece(c)
	}
	b.side = p.SideToMove()
	return b
}

func (b *plainBoard) own(x Piece) bool { return x != NoPiece && x.Color() == b.side }

func (b *plainBoard) enemy(x Piece) bool { return x != NoPiece && x.Color() != b.side }

// moves appends the legal moves to dst.
func (b *plainBoard) moves(dst []plainMove) []plainMove {
	start := len(dst)
	best := 0
	for c := Cell(1); c <= NumCells; c++ {
		if b.own(b.cells[c]) {
			dst = b.captures(dst, start, c, c, b.cells[c].IsKing(), 0, 0, &best)
		}
	}
	if best > 0 {
		return dst
	}
	for c := Cell(1); c <= NumCells; c++ {
		x := b.cells[c]
		if !b.own(x) {
			continue
		}
		for d := Direction(0); d < NumDirections; d++ {
			if !x.IsKing() && d.positive() != (b.side == White) {
				continue
			}
			for t := neighbor[c][d]; t != NoCell && b.cells[t] == NoPiece; t = neighbor[t][d] {
				dst = append(dst, plainMove{c, t, 0})
				if !x.IsKing() {
					break
				}
			}
		}
	}
	return dst
}

// captures extends the capture of the piece from `from`, now on at, having
// captured captured (n pieces).
func (b *plainBoard) captures(dst []plainMove, start int, from, at Cell, king bool, captured uint64, n int, best *int) []plainMove {
	jumped := false
	for d := Direction(0); d < NumDirections; d++ {
		over := neighbor[at][d]
		if king {
			for over != NoCell && (b.cells[over] == NoPiece || over == from) {
				over = neighbor[over][d]
			}
		}
		if over == NoCell || !b.enemy(b.cells[over]) || captured&bit(over) != 0 {
			continue
		}
		for land := neighbor[over][d]; land != NoCell && (b.cells[land] == NoPiece || land == from); land = neighbor[land][d] {
			jumped = true
			dst = b.captures(dst, start, from, land, king, captured|bit(over), n+1, best)
			if !king {
				break
			}
		}
	}
	if jumped || n == 0 || n < *best {
		return dst
	}
	if n > *best {
		*best = n
		dst = dst[:start]
	}
	for _, m := range dst[start:] {
		if m.from == from && m.to == at && m.captured == captured {
			return dst
		}
	}
	return append(dst, plainMove{from, at, captured})
}

// play plays a legal move.
func (b *plainBoard) play(m plainMove) plainBoard {
	next := *b
	x := next.cells[m.from]
	next.cells[m.from] = NoPiece
	for c := m.captured; c != 0; {
		next.cells[popLowest(&c)] = NoPiece
	}
	if !x.IsKing() && backRow[b.side]&bit(m.to) != 0 {
		x = MakePiece(b.side, true)
	}
	next.cells[m.to] = x
	next.side = b.side.Opponent()
	return next
}

func (b *plainBoard) perft(depth int, buf [][]plainMove) uint64 {
	moves := b.moves(buf[depth][:0])
	buf[depth] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		next := b.play(m)
		n += next.perft(depth-1, buf)
	}
	return n
}

func plainPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	b := plainFromPosition(p)
	buf := make([][]plainMove, depth+1)
	for i := range buf {
		buf[i] = make([]plainMove, 0, 256)
	}
	return b.perft(depth, buf)
}
