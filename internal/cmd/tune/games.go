package main

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hexdame/hexdame"
)

// The games of selfplay are kept in shards, text files named
// games-SEED.txt in the data folder, one per seed: a header line, then
// one line per game, in the order the games ended:
//
//	# hexdame selfplay v1 seed=1 plies=8 nodes=4000 draw=50 eval=classic
//	N<TAB>RESULT<TAB>OPENING<TAB>FEN<TAB>MOVES<TAB>SCORES
//
// N is the game's number (game N plays opening N of the seed's
// openings); RESULT 2-0, 0-2 or 1-1; OPENING the number of its first
// moves that were the random opening; FEN the position it started from;
// MOVES its moves in algebraic notation, separated by spaces; SCORES the
// search's score of each move after the opening, in hundredths of a man
// for the side to move (a win in n plies is 30000-n), separated by spaces.
//
// A game is appended as one whole line, with one write: a run that is
// killed leaves at most a last line without its line end, which readers
// ignore and the next run cuts off before it appends.

// shardVersion is the header's first words.
const shardVersion = "# hexdame selfplay v1"

// A gameRecord is a game of selfplay.
type gameRecord struct {
	shard   string // the shard's file name, without its folder
	number  int
	result  hexdame.Result
	opening int
	start   hexdame.Position
	moves   []hexdame.Move
	scores  []int // one per move from opening on
}

// key returns a name of the game unique in a data folder.
func (g *gameRecord) key() string { return g.shard + ":" + strconv.Itoa(g.number) }

// appendLine appends the game's line, with its line end, to b.
func (g *gameRecord) appendLine(b []byte) []byte {
	b = strconv.AppendInt(b, int64(g.number), 10)
	b = append(b, '\t')
	b = append(b, g.result.String()...)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(g.opening), 10)
	b = append(b, '\t')
	b = append(b, g.start.String()...)
	b = append(b, '\t')
	p := g.start
	for i, m := range g.moves {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, p.FormatMove(m, hexdame.Algebraic)...)
		p = p.PlayUnchecked(m)
	}
	b = append(b, '\t')
	for i, s := range g.scores {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(s), 10)
	}
	return append(b, '\n')
}

// parseGameLine reads a game's line, without its line end.
func parseGameLine(shard, line string) (*gameRecord, error) {
	f := strings.Split(line, "\t")
	if len(f) != 6 {
		return nil, fmt.Errorf("%d fields, want 6", len(f))
	}
	g := &gameRecord{shard: shard}
	var err error
	if g.number, err = strconv.Atoi(f[0]); err != nil || g.number < 0 {
		return nil, fmt.Errorf("game number %q", f[0])
	}
	if g.result, err = hexdame.ParseResult(f[1]); err != nil || g.result < hexdame.WhiteWins || g.result > hexdame.Draw {
		return nil, fmt.Errorf("result %q", f[1])
	}
	if g.opening, err = strconv.Atoi(f[2]); err != nil || g.opening < 0 {
		return nil, fmt.Errorf("opening %q", f[2])
	}
	if g.start, err = hexdame.ParseFEN(f[3]); err != nil {
		return nil, err
	}
	p := g.start
	for _, s := range strings.Fields(f[4]) {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", len(g.moves)+1, err)
		}
		g.moves = append(g.moves, m)
		p = p.PlayUnchecked(m)
	}
	for _, s := range strings.Fields(f[5]) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("score %q", s)
		}
		g.scores = append(g.scores, n)
	}
	if g.opening > len(g.moves) || len(g.scores) != len(g.moves)-g.opening {
		return nil, fmt.Errorf("%d moves, %d of the opening and %d scores", len(g.moves), g.opening, len(g.scores))
	}
	return g, nil
}

// A position is a position of a game with what the fit learns from.
type position struct {
	pos    hexdame.Position
	result float64 // White's points in the game: 1, 1/2 or 0
	score  int     // the search's score, for White
	game   *gameRecord
}

// quietPositions returns the positions of the game after its opening
// whose side to move has a legal move and no capture, with the game's
// result and the search's score.
func (g *gameRecord) quietPositions() iter.Seq[position] {
	return func(yield func(position) bool) {
		white := 0.5
		switch g.result {
		case hexdame.WhiteWins:
			white = 1
		case hexdame.RedWins:
			white = 0
		}
		p := g.start
		for i, m := range g.moves {
			if i >= g.opening && !p.HasCapture() {
				s := g.scores[i-g.opening]
				if p.SideToMove() == hexdame.Red {
					s = -s
				}
				if !yield(position{p, white, s, g}) {
					return
				}
			}
			p = p.PlayUnchecked(m)
		}
	}
}

// shards returns the shards of the data folder dir, in order.
func shards(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "games-*.txt"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s holds no games (games-*.txt)", dir)
	}
	slices.Sort(names)
	return names, nil
}

// readGames returns the games of the shards, and at the end any error:
// a line that does not read names its shard and line. A last line
// without its line end, a game cut short, is left out.
func readGames(names []string) iter.Seq2[*gameRecord, error] {
	return func(yield func(*gameRecord, error) bool) {
		for _, name := range names {
			f, err := os.Open(name)
			if err != nil {
				yield(nil, err)
				return
			}
			err = readShard(f, filepath.Base(name), func(g *gameRecord) bool { return yield(g, nil) })
			f.Close()
			if err != nil {
				yield(nil, fmt.Errorf("%s: %w", name, err))
				return
			}
		}
	}
}

// readShard calls each with the games of shard r, named shard, until it
// returns false.
func readShard(r io.Reader, shard string, each func(*gameRecord) bool) error {
	br := bufio.NewReaderSize(r, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err == io.EOF {
			return nil // a last line without its end is a game cut short
		}
		if err != nil {
			return err
		}
		line = strings.TrimSuffix(line, "\n")
		if n == 1 {
			if !strings.HasPrefix(line, shardVersion+" ") && line != shardVersion {
				return fmt.Errorf("line 1: not a shard of hexdame selfplay v1: %.60q", line)
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		g, err := parseGameLine(shard, line)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if !each(g) {
			return nil
		}
	}
}
