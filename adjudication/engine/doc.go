// Package engine is the judge's engine aid for adjudicating unfinished games
// (seeds 6.5.2-6.5.7 of 002_f624d8b018676281.txt): a search that gives an
// evaluation, the principal variation in full notation, and, for small
// endings, a result it has proven.
//
// The search is a principal-variation alpha-beta with iterative deepening, a
// fixed transposition table, killer and history move ordering, late-move
// reductions and a quiescence over captures: capturing is compulsory (2.1.5.3), so a position
// with a capture pending is never a leaf. The evaluation counts material
// (a king worth three men), advancement, the centre, the back-rank guard and
// the move (see eval.go); in giveaway the material counts the other way.
//
// A result is proven, never guessed: a win when the search finds that the
// loser runs out of moves (or, in giveaway, the winner does) in every line;
// a draw when two bound searches, one counting every unresolved line as won
// for White and one as won for Black, both still come to a draw by the
// drawn-ending rules (2.1.9.1.3-2.1.9.1.8, 3.5). A FEN has no history, so
// those rules count their moves from the analysed position.
//
// The package is a pure core: no I/O, no clock. The time limit comes in as a
// Stop callback (the command checks its deadline there) or a node budget,
// so tests are deterministic. With Limits.Threads above 1, helper goroutines
// search beside the main one for the length of an analysis, sharing its
// transposition table without locks (Lazy SMP); only the main thread
// proves results, on a table of its own.
package engine
