-- Issue 19. The letters refused for their size (oversized, only their
-- header kept, or too large, none of it), by sender and postmark: the
-- referee counts a sender's oversized letters of a day before it tells
-- of the next (Tx.OversizedThatDay), so that many of them do not flood
-- the secretary. Partial: only those letters are in it, and every other
-- letter's row costs the two comparisons.
CREATE INDEX IF NOT EXISTS letters_oversized ON letters(from_addr, postmark)
	WHERE reason LIKE '{"code":"oversized"%' OR reason LIKE '{"code":"too-large"%';
