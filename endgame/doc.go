// Package endgame builds and probes HexDame endgame tables: for every
// position with few pieces, its value for the side to move (win, draw or
// loss) under the rules of package hexdame, and for a win or a loss the
// number of plies to the end of the game with best play.
//
// # What the tables hold
//
// A position's value is the one the rules give it with perfect play:
// majority capture, a side without a legal move (blocked or without
// pieces) loses, and a game neither side can force to an end is drawn (by
// threefold repetition, sooner or later). The tables know nothing of a
// game's history: they value the position as if it had not occurred
// before. The optional draw rules of package hexdame (DrawRules, such as
// 25 king moves without capture or man move) are not taken into account:
// under them some long wins are draws.
//
// The distance is counted in plies to the end of the game, through
// captures and crownings (it is not reset when the material changes, as
// chess's DTZ is): Probe's distance d for a position means that
//
//   - d = 0: the side to move has no legal move; it has lost;
//   - a win in d (d odd): the side to move has a move to a position lost
//     in d-1, and none to a position lost in less;
//   - a loss in d (d even, d > 0): every move leads to a position won in
//     at most d-1, and one to a position won in exactly d-1.
//
// So the winner ends the game soonest and the loser puts the end off
// longest, and both may capture and crown on the way: after d plies of
// such play (BestMove's), the loser is to move without a legal move. The
// distances agree with those of the prover of package engine,
// (*engine.Engine).Solve: a win in d is a forced win within d plies and
// not within d-2. The winner never needs to repeat a position
// (its distance falls at every move), so repetition cannot spoil a win.
//
// # Materials and symmetry
//
// A Material counts each side's men and kings ("KKMvK": two White kings
// and a White man against a Red king). Positions of a material with Red
// to move are the positions of the color-swapped material with White to
// move, turned by a half turn ((f, r) to (8-f, 8-r)): so a table stores
// White to move only, and one file holds a material and its color swap
// (the canonical one names it, Material.Canonical). The mirror in the
// a1-i9 column ((f, r) to (r, f)) keeps every rule, as it swaps the two
// oblique forward directions of both sides' men: a position and its mirror
// image share one entry. Up to 4 pieces there are 174.6 million positions
// (both sides to move) in 44.8 million entries; 5 pieces add 7.8 billion
// positions in 2.0 billion entries.
//
// Each side's men stand on the 52 cells off their own back row. The index
// of a position (White to move) ranks each group of like pieces (White's
// men, Red's men, White's kings, Red's kings, in that order) as a
// combination of cells; see board.go (the cells' numbers) and index.go
// (the ranks) for the exact numbering, which the file format fixes.
// About 2.5% of the indexes up to 4 pieces are holes: Red's men on
// White's men, or the mirror image of a kept position.
//
// # Building
//
// A table is built by retrograde analysis, after the tables of the
// materials its captures and crownings lead to (Material.Dependencies;
// Materials lists them all in a workable order). First the moves of every
// position are generated: a position without moves is lost in 0; moves
// that capture or crown lead to positions in smaller tables, which give
// their values and distances at once; the other moves lead to positions
// of the same table (the color swap's part), which are counted. Then
// layer by layer, distance 0, 1, 2, ...: the positions decided at that
// distance are final, and their predecessors in the table (found by
// unmoving White's pieces: a man steps back, a king slides back; the
// predecessor must have no capture) learn of it. A lost position makes
// its predecessors won in one more ply; a won one counts down its
// predecessors' undecided moves, and a predecessor with none left, whose
// moves into smaller tables are also all won for the opponent, is lost at
// the longer of one more ply and its longest such move. Positions never
// decided are drawn. Both phases share their work among BuildOptions.Workers
// goroutines (in the second, they find the predecessors of a batch of
// the layer's positions, and one goroutine applies them), and the tables
// do not depend on their number. A table must be built whole in memory:
// three bytes an entry while it is built (up to 0.8 GB for the largest 5-piece table),
// plus its dependencies (one byte an entry).
//
// Build builds one material, BuildAll every material up to a number of
// pieces, skipping those whose file exists. Each table is written to a
// temporary file in the directory and renamed when complete, so a file
// with a table's name is always whole, and an interrupted build loses only
// the table it was working on.
//
// # The file format
//
// A table file, NAME.egt, is a 64-byte header and one byte per entry; the
// header gives the format version (1), the material, the number of entries
// of each part, and CRC-32C checksums of itself and of the entries. Load
// checks all of it, so that a missing, truncated, altered or foreign file
// is an error naming the file (a *FileError), never a wrong answer. The
// layout is described in file.go. An entry is 0 for a draw, 255 for a
// hole, and b in 1..254 for a decided position at distance b-1 (a win
// when odd). Version 1 holds distances up to 253 plies; Build fails with
// ErrTooLong beyond.
//
// # Probing
//
// Load reads a directory's tables into memory (about as much as their
// files: 45 MB up to 4 pieces, 2 GB up to 5) and verifies them; memory
// the system refuses is an error, and LoadOptions.MaxMemory refuses
// tables that would take more before reading any. A directory may hold
// any materials: every one up to some number of pieces, or some of them
// (the tables of kings only, say, which need no others).
// LoadOptions.MaxPieces loads only the tables of at most that many
// pieces: what a program loads is what it asks for, all before its first
// probe, so that a probe never waits for a file and a bad file is an error
// of Load, not of a search. The
// Tables it returns never change and are safe for any number of
// goroutines. Probe(p) gives the value and distance of any position of a
// material loaded (and NoValue, the zero Value, with ok false for a
// position outside the tables) without allocating, in about 0.1
// microsecond when the table is in the processor's caches and 0.4 to 0.7
// on random probes of the tables of 4 and 5 pieces (see doc/BENCHMARKS.md).
// BestMove(p) gives a move that keeps the value: the fastest win, the
// longest defense, a move that keeps the draw (among the moves into the
// tables loaded).
//
// # Errors
//
// Errors follow the module's convention (see package hexdame): sentinels
// such as ErrCorrupt and ErrMissingDependency for errors.Is, and no
// package name before an error's text. A *FileError holds the file's Path,
// the sentinel or I/O error it wraps in Err and the details in Why; its
// text begins with the path.
//
// # Using the tables in a program
//
//   - An engine probes at any node whose position has at most MaxPieces()
//     pieces (captures pending or not: the tables are exact everywhere) and,
//     when Probe answers, returns the exact score instead of searching
//     (a position whose table is not loaded is searched): a win in d plies at
//     ply h of the search as a mate score for a win at ply h+d, a loss
//     likewise, a draw as 0. At the root it plays BestMove, which wins
//     within the table's distance. Package engine does all this when
//     its Options.Endgame is ProbeFunc ("hexdame analyze -tables DIR").
//   - A prover such as package engine's (*engine.Engine).Solve can answer
//     at once for a position in the tables: a win in d plies when Probe
//     gives Win, d and d is within the horizon; no win otherwise; the main
//     line is BestMove played for both sides ("hexdame solve -tables DIR").
//   - A match runner adjudicates a game when its position enters the
//     tables (after a move, a position of a material loaded): a win for the side
//     to move, a loss, or a draw, as Probe says (with the caveat that the
//     game's optional draw rules are not in the tables): "hexdame match
//     -tables DIR", through package hub's GameOptions.Adjudicate.
//
// # Beyond one machine
//
// 6 pieces are about 285 billion positions (72.4 billion entries, 72 GB
// of files, in 37 tables), 7 pieces about 8.5 trillion (2.2 trillion
// entries, 52 tables). Each table is built by one process from the files
// of its dependencies, so a batch scheduler builds them one material per
// job, on shared storage (NFS, Lustre) holding the directory. "hexdame
// endgame materials -pieces N" prints "LEVEL MATERIAL" lines in build
// order (with -memory, the MiB each build takes): the materials of one
// level depend only on lower levels, so each level is one Slurm array job
// that waits for the one before (--dependency=afterok). The repository's
// deploy/slurm holds the scripts (submit-build.sh submits the levels, a
// task each material) and a guide for a real cluster (shared storage,
// memory per task, a task that died); the CI builds the tables up to 4
// pieces through a one-node Slurm cluster with them, kills one task, and
// checks every table byte for byte against a plain build. Kubernetes
// Indexed Jobs would do the same, one Job a level; that is on paper only
// (the guide says how), never run.
//
// "hexdame endgame build -material M DIR" is all one job needs: it
// checks that M's dependencies are in DIR (an error lists the missing
// ones), builds M, writes DIR/M.egt.*.tmp and renames it to DIR/M.egt.
// A job that dies leaves at most a temporary file and is simply run
// again; a job whose table is already there does nothing
// (BuildOptions.KeepExisting), so a whole level can be run again too. A
// job needs about three bytes per entry of its material (Build's working
// state) plus its dependencies' files: the largest 6-piece table,
// KKMMvKM, has 6.4 billion entries, so some 19 GB of working state and
// 10 GB of dependencies. For 7 pieces (the largest table, KKMMvKKM, has
// 176 billion entries; the largest build, KKMMvKMM's, takes 750 GiB) the
// working state would have to be split across machines or kept on disk,
// which this package does not do; doc/ENDGAMES.md counts the cost.
package endgame
