// Package mailbox is zaochnik's mail shell: it reads the tournament mailbox
// over IMAP, sends the server's letters over SMTP, and converts between raw
// RFC 5322 letters and the plain values the referee works with.
//
// The pieces:
//
//   - [Reading.Decode], what the edge calls (the [Reader] as it fetches),
//     decodes a letter once under the configured trust: [Decode]'s [Incoming] with its RFC 3834 status
//     (Incoming.Automatic) and the trusted Authentication-Results
//     (Incoming.Auth) filled in, so that nobody reads the mail again.
//   - [Decode] turns a raw letter into an [Incoming]: decoded headers, the
//     text body (text/plain preferred, else HTML converted to text, in any
//     charset go-message knows; an unknown charset is kept undecoded and
//     flagged), the attachments, and the postmark (the topmost Received
//     date). [Incoming.IsAutomatic] is the RFC 3834 loop guard and
//     [Authenticate] which Authentication-Results to believe (RFC 8601 section 5).
//   - [Compose] builds the server's outgoing letters (UTF-8,
//     quoted-printable, threaded, Auto-Submitted: auto-replied).
//   - [Reader] follows one IMAP mailbox (IDLE or polling, reconnecting with
//     backoff) and hands every new letter, read under its Reading, to an
//     [Inbox], then files it under the processed or refused folder.
//   - [Sender] drains an [Outbox] over SMTP with recorded attempts,
//     exponential backoff on temporary failures and dead letters on
//     permanent ones; its own client pipelines a letter's commands
//     (RFC 2920) where the server offers it, every reply still read
//     before the letter's data goes.
//
// # Exactly once
//
// IMAP gives at-least-once delivery: a letter may be fetched again after a
// crash, a reconnect or a UIDVALIDITY change. The store makes it exactly
// once: [Inbox.Accept] stores the raw letter, applies it and advances the
// watermark in one transaction, and is idempotent per Message-ID (and per
// mailbox, UIDVALIDITY and UID for letters without one). The reader only
// touches the IMAP mailbox (flags, MOVE) after Accept returned, and those
// steps are idempotent too.
//
// The interfaces take plain values of this package (a letter fetched and
// read, a letter to send and its outcome); the daemon's shell implements
// them over the referee and the store, and the store imports no mail.
//
// Deliberate deviations: letters are fetched with BODY.PEEK[] only (no
// ENVELOPE or BODYSTRUCTURE, which some servers send broken); UID SEARCH is
// not used (its "N:*" answer includes the highest UID even below N), the
// reader lists the mailbox's UIDs with FETCH instead.
package mailbox
