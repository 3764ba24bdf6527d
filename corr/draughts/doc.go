// Package draughts is the game itself: boards, variants, legal moves,
// notation against a position, FEN, PDN and perft. It is a pure core: values
// in, values out, no I/O, no clock, no mutable globals.
//
// # Positions and moves
//
// A Position is a small value (bitboards of each side's pieces and of the
// kings, the side to move, the variant); Play returns a new one. LegalMoves
// appends into a caller's buffer and allocates nothing. A capture is one
// Move however many pieces it takes; the order of taking is not part of it
// (Landings recovers one path for the full notation).
//
// Rules implemented (seeds: 2.1.5 Russian, also for 80-square draughts
// (10x8, 6.1.4); 3.4 international):
//   - capturing is compulsory, men capture backwards, kings fly (2.1.5.1-2.1.5.6);
//   - Turkish strike: taken pieces stay on the board until the move ends and
//     block it, none is jumped twice, the origin square is empty (2.1.5.9,
//     2.1.5.17);
//   - Russian: a free choice among captures (2.1.5.14), but a capturing king
//     that can go on capturing from some landing square must land on such a
//     square; a man reaching the last row mid-capture goes on as a king
//     (2.1.5.15), after a step it captures only next move (2.1.5.16);
//   - international: the capture taking most pieces is compulsory (3.4.1); a
//     man promotes only when its move ends on the last row (3.4.2);
//   - captures with the same origin, destination and captured set are one
//     move; LegalPaths and Perft(..., true) count every path instead.
//
// # Notation and the end of the game
//
// Resolve turns a move as a letter writes it (MoveText, from ParseMoveText)
// into the legal move, or a *MoveError saying what is wrong and listing what
// is legal (6.2.2, 6.2.10); ResolveAbbreviated reads the semi-short moves of
// game records. Notation and SemiShort write a move back, FEN and FENAlpha a
// position. Winner applies 2.8.1 (no piece, or no legal move; reversed in
// giveaway); DrawClaims lists the draws by rule a record allows (draw.go),
// and DrawCounter follows the counted ones move by move (drawcount.go), for
// DrawClaims and for a search alike. Perft counts move sequences, the
// check of the generator against published tables.
//
// # Squares and the bit layout
//
// A Square is a bit index (see geometry.go for the layout); the Variant
// converts it to the numeric notation (1..32 or 1..50, from the top-left as
// White sees the board) and to alphanumeric names (a1 bottom-left for White).
//
// # Adding a variant
//
// A variant is a geometry (newGeometry(width, height)) and a rules value in
// variantRules. Brazilian draughts is international rules on 8x8:
// {geo: board8, menRows: 3, majority: true}. 80-square draughts (10x8,
// EightySquare) is newGeometry(10, 8) (44 bits) with menRows 3 and the
// Russian rules; the move generator, FEN and notation read everything from
// the geometry. A 12x12 board does not fit in 64 bits and would need a
// wider Bitboard.
package draughts
