package storage

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/base32"
	"errors"
	"hash"
	"slices"
	"strconv"
	"strings"
	"time"

	"zaochnik/corr"
	"zaochnik/timecontrol"
)

// Received is a letter for the referee: the raw letter as fetched, and what
// the mail shell decoded of it.
type Received struct {
	Incoming
	Subject string
	Text    string // the decoded text body
	// InReplyTo lists the Message-IDs the letter answers (In-Reply-To, then
	// References); the first that is a letter of the server names the game.
	InReplyTo []string
	// Posted is, for a paper letter the secretary entered, the posting date
	// on its postmark (6.3.1); Postmark is then its arrival. Zero for e-mail.
	Posted timecontrol.Date
	// Forwarded is, for a held letter applied when its sender confirmed
	// it, when the confirmation arrived: the opponent receives the move
	// then. Zero for any other letter.
	Forwarded time.Time
	// Auth is how the sender was authenticated. The zero value is none: a
	// letter from a player, the judge or the secretary is then held until
	// its sender confirms it (see Confirm), never applied.
	Auth corr.Auth
}

// Result is what became of a received letter.
type Result struct {
	LetterID    int64
	Fresh       bool // false: the letter was stored before; nothing was done again
	Disposition Disposition
	Cipher      string
	Outcome     corr.Outcome // empty when not fresh
}

// threadGame returns the code of the game of the first of ids that is a
// letter the server sent, or "". A letter about a cancelled game (1.15.8)
// names no game: the reply's subject does.
func (db *DB) threadGame(ctx context.Context, tx *sql.Tx, ids []string) (string, error) {
	for _, id := range ids {
		id = strings.Trim(id, "<>")
		code, queued, err := db.queuedGame(ctx, tx, id)
		if err != nil || code != "" {
			return code, err
		}
		if queued {
			continue // queued by an earlier letter of the group, about no game now
		}
		err = db.queryRow(ctx, tx, `SELECT g.code FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.message_id = ? AND g.status != 'cancelled'`, id).Scan(&code)
		if err == nil {
			return code, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", err
		}
	}
	return "", nil
}

// senderCiphers returns the ciphers of the tournaments addr plays in and,
// when he plays in none, of every tournament, oldest first: in a write
// transaction the lists kept for the sender, which the caller reads only.
func (db *DB) senderCiphers(ctx context.Context, q querier, addr string) (mine, all []string, err error) {
	// The write transactions ask once per sender while nobody else writes:
	// the tournaments and their players are written only when a
	// tournament is created (writer.go, writerCurrent).
	if tx, ok := q.(*sql.Tx); ok && db.raw(tx) {
		return db.keptSenderCiphers(ctx, addr)
	}
	// IN, not a join: the tournaments are walked in id order once each,
	// without the two temporary b-trees of DISTINCT and ORDER BY.
	mine, err = db.column(ctx, q, `SELECT cipher FROM tournaments WHERE id IN (SELECT tournament_id FROM players WHERE lower(email) = lower(?)) ORDER BY id`, addr)
	if err == nil && len(mine) == 0 {
		all, err = db.column(ctx, q, ciphersQuery)
	}
	if err != nil {
		return nil, nil, err
	}
	return mine, all, nil
}

// keptSenderCiphers is senderCiphers in the write transaction: the
// answers kept with the writer's connection, by the address as given, or
// as SQLite lowers it (sqlLower) for one kept with another sender's. A
// sender not kept is asked with every player of his tournaments, in one
// statement: the letters of a tournament come from its players, so his
// opponents' answers are kept with his.
func (db *DB) keptSenderCiphers(ctx context.Context, addr string) (mine, all []string, err error) {
	if err := db.sendersCurrent(ctx); err != nil {
		return nil, nil, err
	}
	if c, ok := db.wc.senders.get(addr); ok {
		return c.mine, c.all, nil
	}
	k := sqlLower(addr)
	if k != addr {
		if c, ok := db.wc.senders.get(k); ok {
			return c.mine, c.all, nil
		}
	}
	// Every tournament of every player who shares one with addr, by
	// player, oldest first.
	var emails []string
	byEmail := map[string][]string{}
	err = db.queryRaw(ctx, `SELECT lower(p.email), t.cipher FROM players p JOIN tournaments t ON t.id = p.tournament_id
		WHERE lower(p.email) IN (SELECT lower(o.email) FROM players o WHERE o.tournament_id IN (SELECT tournament_id FROM players WHERE lower(email) = lower(?)))
		ORDER BY t.id`, []any{addr}, func(row []driver.Value) error {
		var e, c string
		if err := (&rawRow{vals: row}).Scan(&e, &c); err != nil {
			return err
		}
		cs, seen := byEmail[e]
		if !seen {
			emails = append(emails, e)
		}
		if n := len(cs); n == 0 || cs[n-1] != c { // a player listed twice in a tournament plays in it once
			byEmail[e] = append(cs, c)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	for _, e := range emails {
		if e != k {
			db.wc.senders.put(e, senderTournaments{mine: byEmail[e]})
		}
	}
	mine = byEmail[k]
	if len(mine) == 0 {
		if all, err = db.column(ctx, db.w.tx, ciphersQuery); err != nil {
			return nil, nil, err
		}
	}
	// The caller's lists are its own: the kept ones are read only.
	own := senderTournaments{slices.Clone(mine), slices.Clone(all)}
	db.wc.senders.put(addr, own)
	if k != addr {
		db.wc.senders.put(k, own)
	}
	return mine, all, nil
}

// sqlLower is s as SQLite's lower() makes it: only ASCII letters lowered.
func sqlLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// senderTournaments are senderCiphers' answer for one sender.
type senderTournaments struct{ mine, all []string }

// column reads a column of strings (ciphers, addresses) on q (eachRow).
func (db *DB) column(ctx context.Context, q querier, query string, args ...any) ([]string, error) {
	var cs []string
	err := db.eachRow(ctx, q, query, args, func(row []driver.Value) error {
		var s string
		err := scanValue(&s, row[0])
		cs = append(cs, s)
		return err
	})
	return cs, err
}

// queue adds letter o to the outbox under a fresh unguessable Message-ID;
// confirms names the held letter a confirmation request is about (nil for
// other letters).
func (db *DB) queue(ctx context.Context, tx *sql.Tx, tid int64, gid, lid, confirms any, o corr.Outgoing) error {
	id, err := db.enqueue(ctx, tx, outRowOf(tid, gid, lid, confirms, o), db.stamp())
	if err != nil {
		return err
	}
	return insertFiles(ctx, tx, id, o.Files)
}

// outRowOf is the outbox row of letter o.
func outRowOf(tid, gid, lid, confirms any, o corr.Outgoing) outRow {
	return outRow{tid: tid, gid: gid, lid: lid, confirms: confirms, to: o.To, kind: o.Kind, subject: o.Subject,
		body: o.Body, inReplyTo: o.InReplyTo, attach: strings.Join(o.Attach, " ")}
}

// messageID makes the Message-ID of outgoing letter id: its number, then
// 128 bits nobody can guess, so that nobody can thread a forged answer to
// a letter he was not sent. With MessageIDKey the 128 bits are an HMAC of
// the letter's number, so a store rebuilt with the same key gives its
// letters the same ids (replies to them still find their game); without it
// they are random. The number comes first, written so that the ids sort as
// the numbers do (sortedID): a new letter's entry in the outbox's unique
// index of Message-IDs goes beside the last one, on the page the group's
// previous letter dirtied, instead of on a page of its own (an HMAC alone
// lands anywhere in the index: with 5,000 letters stored, 97 of the 171
// WAL frames a group of 64 letters wrote). The ids of the letters queued
// before this form (the HMAC alone, "z" and 26 digits) stay as stored.
func (db *DB) messageID(id int64) string {
	var b []byte
	if len(db.MessageIDKey) > 0 {
		m := db.mac.keyed(db.MessageIDKey)
		m.Write(strconv.AppendInt(append(db.mac.buf[:0], "message-id "...), id, 10))
		b = m.Sum(db.mac.buf[:0])[:16]
	} else {
		b = make([]byte, 16)
		rand.Read(b)
	}
	const domain = "@zaochnik.invalid"
	var out [1 + maxSortedID + 26 + len(domain)]byte // 128 bits are 26 digits of base32
	out[0] = 'z'
	n := 1 + len(sortedID(out[1:1], id))
	idDigits.Encode(out[n:n+26], b)
	n += 26
	n += copy(out[n:], domain)
	return string(out[:n])
}

// idDigits is base32 as the ids have always been written: the standard
// alphabet in lower case, unpadded.
var idDigits = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// sortedDigits are base32's digits in the order of their bytes
// (base32hex in lower case).
const sortedDigits = "0123456789abcdefghijklmnopqrstuv"

// maxSortedID is the length of the longest sortedID: a digit count and 13
// digits (64 bits).
const maxSortedID = 1 + 13

// sortedID appends number id (not negative) to b written so that, as
// strings, the ids sort as the numbers do: how many base32 digits it has
// (one digit), then its digits, the first not zero.
func sortedID(b []byte, id int64) []byte {
	var d [13]byte
	n := len(d)
	for v := uint64(id); ; v >>= 5 {
		n--
		d[n] = sortedDigits[v&31]
		if v < 32 {
			break
		}
	}
	b = append(b, sortedDigits[len(d)-n])
	return append(b, d[n:]...)
}

// idMAC is messageID's HMAC, kept keyed for the next letter: keying it
// hashes the key's two pads, as much work again as the id's own hash.
// Only the writer's holder uses it (messageID runs in write transactions).
type idMAC struct {
	key []byte
	h   hash.Hash
	buf [sha256.Size]byte // the input and the sum, not allocated per id
}

// keyed returns the HMAC under key, reset; made again when key changed.
func (m *idMAC) keyed(key []byte) hash.Hash {
	if m.h == nil || !bytes.Equal(m.key, key) {
		m.key, m.h = bytes.Clone(key), hmac.New(sha256.New, key)
	}
	m.h.Reset()
	return m.h
}

// commitOutcome writes an outcome's events and queues its letters; games
// (nil: none) are the game rows known already, so that a game's id is not
// asked of the store again.
func (db *DB) commitOutcome(ctx context.Context, tx *sql.Tx, tid, letterID int64, day timecontrol.Date, out corr.Outcome, games map[string]gameRow) error {
	var lid any
	if letterID != 0 {
		lid = letterID
	}
	ids := map[string]int64{} // an outcome's events and letters are mostly about one game
	gameID := func(code string) (any, error) {
		if code == "" {
			return nil, nil
		}
		if id, ok := ids[code]; ok {
			return id, nil
		}
		if g, ok := games[code]; ok {
			return g.id, nil
		}
		var id int64
		err := db.queryRow(ctx, tx, `SELECT id FROM games WHERE code = ?`, code).Scan(&id)
		ids[code] = id
		return id, err
	}
	// One statement for the events, one for the letters (eventRows,
	// outboxRows at most each); in a group, for all its letters when it
	// commits (grouprows.go).
	args := make([]any, 0, eventColumns*len(out.Events))
	for _, e := range out.Events {
		gid, err := gameID(e.Game)
		if err != nil {
			return err
		}
		d := e.Date
		if d.IsZero() {
			d = day
		}
		args = append(args, tid, gid, lid, d.String(), e.Kind, e.Clause, e.Detail)
	}
	if db.deferring(tx) {
		db.w.rows.events = append(db.w.rows.events, args...)
	} else if err := db.writeEvents(ctx, tx, args); err != nil {
		return err
	}
	var rows []outRow
	var files [][]corr.File
	for _, o := range out.Out {
		if strings.TrimSpace(o.To) == "" {
			db.warn(tx, "a letter to nobody was not queued", "kind", o.Kind, "game", o.Game, "subject", o.Subject)
			continue
		}
		gid, err := gameID(o.Game)
		if err != nil {
			return err
		}
		rows = append(rows, outRowOf(tid, gid, lid, nil, o))
		files = append(files, o.Files)
	}
	return db.queueRows(ctx, tx, rows, files)
}

// queueRows queues outgoing letters rows with their documents files
// (enqueueAll's): in a group at its commit (queueAppended), else at once.
func (db *DB) queueRows(ctx context.Context, tx *sql.Tx, rows []outRow, files [][]corr.File) error {
	if len(rows) == 0 {
		return nil
	}
	if db.deferring(tx) {
		return db.queueAppended(ctx, tx, rows, files, db.stamp())
	}
	_, err := db.enqueueAll(ctx, tx, rows, files, db.stamp())
	return err
}
