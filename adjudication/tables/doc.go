// Package tables holds endgame tables for the judge's engine (issue 15,
// item 1): every position of men and kings, up to a few pieces, solved by
// retrograde analysis, one table per material, with the distance to the
// win in plies.
//
// A table stores the game's own value, the rules of the game alone: won in
// n plies, lost in n plies, or drawn. The draw rules that count moves
// (2.1.9.1.3-2.1.9.1.8; 3.5) only take wins away, so a drawn entry is a
// draw under the rules too, and a win under the rules takes at least as
// many plies as the table says. Set.Solve honours the rules at a probe: a
// search over the counts of draughts.DrawCounter, cut by the table's
// distances, finds whether the win still comes before a count completes.
//
// The package is a pure core: Build takes a variant and a size and returns
// the tables; Set.WriteSlice (MarshalSlice) and LoadSlice (or the loader given to NewSet,
// told the size of the table it reads) turn one material's table into bytes
// and back. Files belong to the command; ReadCompressed reads one
// gzip-compressed no further than its table's size, computed from the
// index, so that a file cannot decompress to more (fail closed: Set.Err).
package tables
