package draughts

// Move is a legal move of a position: a step, or a whole capture. Captures
// that differ only in the order the same pieces are taken (same origin,
// destination and captured set) are one Move; Position.Landings gives a
// landing path for the full notation.
type Move struct {
	// From and To are the origin and the destination (equal when a king's
	// capture comes back to where it started).
	From, To Square
	// King is set when the piece moved is a king (before the move).
	King bool
	// Promotes is set when a man ends the move as a king.
	Promotes bool
	// Captured holds the squares of the pieces taken; empty for a step.
	Captured Bitboard
}

// IsCapture reports whether the move takes pieces.
func (m Move) IsCapture() bool { return m.Captured != 0 }

// CaptureCount returns the number of pieces taken.
func (m Move) CaptureCount() int { return m.Captured.Count() }
