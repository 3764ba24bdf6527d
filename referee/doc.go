// Package referee is zaochnik's application layer: its use cases, each
// once, in a file of its own. Receive takes a letter from the reader (the
// size limit, the automatic-letter rule of RFC 3834, the trust policy, the
// confirmations of held letters); EnterPaperLetter, Reassign and Answer
// are the secretary's; Rule and DeskDecision the judge's and the
// organiser's; Daily and Digest the clock's; Create and Start the
// organiser's; Standings the crosstable everyone reads; Ready says whether
// letters may be received at all. The daemon, the demo, replay,
// rebuild, the commands and the web desk call it for every change and
// nothing below it, so no path skips a check; the rules themselves are
// decided by the pure packages below (corr, adjudication), and the store
// (storage) keeps what they decided, one transaction per change. A
// letter comes decoded and read from the edge (Referee.Reading's
// mailbox.Reading.Decode, by the IMAP reader as it fetches it, by replay
// and rebuild for a folder's; Reassign decodes a stored one): its RFC 3834 automatic status and its trusted
// Authentication-Results come with it, so the referee decides from values
// and never calls back into mailbox to read it, and the store never reads
// MIME. Its
// way is a straight line: checked before the store is asked anything
// (check), then, on its own Tx of a group transaction, kept
// unread or three calls (take): the store reads what the decision needs
// (storage.Tx.Read), the core decides, pure (adjudication.Decide), the
// store writes the decision (storage.Tx.Write).
//
// Trust model: the From header proves nothing. A letter changes a game only
// when a reply key of its sender (which only the sender's registered
// address received), or the receiving server's trusted
// Authentication-Results (DMARC, or DKIM or SPF aligned with the From
// domain), vouch for it; see corr.Trusted for who needs what. A letter from
// a person of the tournament that nothing vouches for is held and its
// registered address asked to confirm it (at most once a day); a letter
// from anyone else is kept and never answered. What the secretary enters or
// re-assigns at the desk is vouched for by the desk (corr.AuthDesk).
package referee
