package storage

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
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

// Receive stores a letter and decides it in one transaction, with the
// watermark, the new game state, events, ledger lines and outgoing letters:
// all or nothing. It is idempotent per Message-ID and per mailbox UID
// holding the same bytes (a reused UID holding another letter is a new
// letter). The tournament is the one the sender plays in (or whose cipher
// the letter names); day is the postmark as a date of play.
//
// A letter from an address that is no player, judge or secretary of the
// tournament is kept unanswered (Ignored), unless the secretary put it
// before the referee herself (corr.AuthDesk) or it is the desk's organiser
// vouched for by a reply key, DMARC or DKIM (decisions on protests, 6.1.12). A letter that is not
// authenticated, or whose authentication does not vouch for the change it
// would make (corr.Trusted), is kept Held and its sender asked to confirm.
func (db *DB) Receive(ctx context.Context, r Received) (Result, error) {
	var res Result
	sum := sha256Hex(r.Raw)
	if r.MessageID == "" {
		r.MessageID = "sha256-" + sum + "@zaochnik.invalid"
	}
	var kept *committed
	err := db.tx(ctx, func(tx *sql.Tx) error {
		res, kept = Result{}, nil
		if err := db.advanceWatermark(ctx, tx, r.Mailbox, r.UIDValidity, r.UID); err != nil {
			return err
		}
		var found bool
		var err error
		if res.LetterID, res.Disposition, found, err = db.stored(ctx, tx, r.Incoming, sum); found || err != nil {
			return err
		}
		ins, err := db.exec(ctx, tx, `INSERT INTO letters
			(message_id, mailbox, uidvalidity, uid, raw, sha256, postmark, from_addr, auth, stored_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			r.MessageID, nullable(r.Mailbox, r.Mailbox), nullable(r.Mailbox, r.UIDValidity), nullable(r.Mailbox, r.UID), r.Raw, sum,
			r.Postmark.UTC().Format(time.RFC3339), r.From, authOf(r.Auth), db.stamp())
		if err != nil {
			return err
		}
		id, err := ins.LastInsertId()
		if err != nil {
			return err
		}
		res, kept, err = db.decide(ctx, tx, id, r)
		return err
	})
	if err != nil {
		if res.Cipher != "" {
			db.forget(res.Cipher)
		}
		return Result{}, fmt.Errorf("storage: receive letter %s from %s: %w", r.MessageID, r.From, err)
	}
	db.keep(res.Cipher, kept)
	return res, nil
}

// authOf is the method stored for a letter.
func authOf(a corr.Auth) string {
	if !a.Authenticated() {
		return corr.AuthNone
	}
	return a.Method
}

// decide applies stored letter id (r) to its tournament, or keeps it
// ignored or held, within tx.
func (db *DB) decide(ctx context.Context, tx *sql.Tx, id int64, r Received) (Result, *committed, error) {
	res := Result{LetterID: id, Fresh: true}
	if strings.TrimSpace(r.From) == "" {
		// Kept for the secretary and answered to nobody: an answer to "" is a dead letter.
		res.Disposition = Ignored
		_, err := db.exec(ctx, tx, `UPDATE letters SET disposition = ?, reason = ? WHERE id = ?`, Ignored,
			"the sender's address could not be read (neither From nor Return-Path): not answered", id)
		return res, nil, err
	}
	cipher, err := db.findTournament(ctx, tx, r)
	if err != nil {
		return res, nil, err
	}
	if cipher == "" {
		res.Disposition = Ignored
		_, err := db.exec(ctx, tx, `UPDATE letters SET disposition = ?, reason = ? WHERE id = ?`, Ignored,
			"the sender plays in no tournament here and the letter names none: not answered", id)
		return res, nil, err
	}
	res.Cipher = cipher
	l, err := db.load(ctx, tx, cipher)
	if err != nil {
		return res, nil, err
	}
	s, tid := l.State, l.id
	day := timecontrol.DateOf(r.Postmark.In(l.from.loc))
	if s.Tournament.RoleOf(r.From) == corr.Stranger && r.Auth.Method != corr.AuthDesk {
		// The organiser the desk names answers protests against the
		// judge's rulings (6.1.12): only a reply key, DMARC or DKIM vouch
		// for it; nothing else is held or asked, it is kept unanswered.
		d, err := db.loadDesk(ctx, tx, tid)
		if err != nil {
			return res, nil, err
		}
		why := fmt.Sprintf("from %s, who is no player, judge or secretary of %s: not answered", r.From, cipher)
		if organiser(d, r.From) {
			why = fmt.Sprintf("from %s, the organiser of %s, but no reply key, DMARC or DKIM vouches for it: not applied; record the decision at the desk", r.From, cipher)
		}
		if !organiser(d, r.From) || (r.Auth.Method != corr.AuthKey && r.Auth.Method != corr.AuthDMARC && r.Auth.Method != corr.AuthDKIM) {
			res.Disposition = Ignored
			_, err := db.exec(ctx, tx, `UPDATE letters SET tournament_id = ?, disposition = ?, reason = ? WHERE id = ?`, tid, Ignored, why, id)
			return res, nil, err
		}
	}
	if !r.Auth.Authenticated() {
		_, why := corr.Trusted(s.Tournament, r.From, r.Auth, corr.Outcome{})
		res.Disposition = Held
		return res, nil, db.hold(ctx, tx, tid, s, id, r, day, why)
	}
	thread, err := db.threadGame(ctx, tx, r.InReplyTo)
	if err != nil {
		return res, nil, err
	}
	obs := corr.Observation{From: r.From, Postmark: day, Posted: r.Posted, MessageID: r.MessageID, Subject: r.Subject, Thread: thread}
	if !r.Forwarded.IsZero() {
		obs.Forwarded = timecontrol.DateOf(r.Forwarded.In(l.from.loc))
	}
	// The referee's desk is saved as it decides: a letter its sender's
	// authentication does not vouch for is undone to this point and held.
	if _, err := db.exec(ctx, tx, `SAVEPOINT referee`); err != nil {
		return res, nil, err
	}
	next, out, err := db.refereeLetter(ctx, tx, tid, s, r.Text, obs)
	if err != nil {
		return res, nil, err
	}
	if ok, why := corr.Trusted(s.Tournament, r.From, r.Auth, out); !ok {
		if _, err := db.exec(ctx, tx, `ROLLBACK TO referee`); err != nil {
			return res, nil, err
		}
		if _, err := db.exec(ctx, tx, `RELEASE referee`); err != nil {
			return res, nil, err
		}
		res.Disposition = Held
		return res, nil, db.hold(ctx, tx, tid, s, id, r, day, why)
	}
	if _, err := db.exec(ctx, tx, `RELEASE referee`); err != nil {
		return res, nil, err
	}
	res.Outcome = out
	res.Disposition = Processed
	if !out.Accepted {
		res.Disposition = Refused
	}
	var gid any
	if out.Game != "" {
		var g int64
		if err := db.queryRow(ctx, tx, `SELECT id FROM games WHERE code = ?`, out.Game).Scan(&g); err == nil {
			gid = g
		}
	}
	problems, err := json.Marshal(out.Problems)
	if err != nil {
		return res, nil, err
	}
	if _, err := db.exec(ctx, tx, `UPDATE letters SET tournament_id = ?, game_id = ?, disposition = ?, reason = ?, problems = ? WHERE id = ?`,
		tid, gid, res.Disposition, out.Reason, string(problems), id); err != nil {
		return res, nil, err
	}
	kept, err := db.saveState(ctx, tx, next, l)
	if err != nil {
		return res, nil, err
	}
	return res, kept, db.commitOutcome(ctx, tx, tid, id, obs.Postmark, out)
}

// threadGame returns the code of the game of the first of ids that is a
// letter the server sent, or "". A letter about a cancelled game (1.15.8)
// names no game: the reply's subject does.
func (db *DB) threadGame(ctx context.Context, tx *sql.Tx, ids []string) (string, error) {
	for _, id := range ids {
		var code string
		err := db.queryRow(ctx, tx, `SELECT g.code FROM outbox o JOIN games g ON g.id = o.game_id WHERE o.message_id = ? AND g.status != 'cancelled'`,
			strings.Trim(id, "<>")).Scan(&code)
		if err == nil {
			return code, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", err
		}
	}
	return "", nil
}

// findTournament picks the tournament of a letter: the only one the sender
// plays in, else the one whose cipher the subject or text names.
func (db *DB) findTournament(ctx context.Context, tx *sql.Tx, r Received) (string, error) {
	st, err := db.stmt(ctx, tx, `SELECT DISTINCT t.cipher FROM tournaments t JOIN players p ON p.tournament_id = t.id
		WHERE lower(p.email) = lower(?) ORDER BY t.id`)
	if err != nil {
		return "", err
	}
	rows, err := st.QueryContext(ctx, r.From)
	if err != nil {
		return "", err
	}
	var ciphers []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return "", err
		}
		ciphers = append(ciphers, c)
	}
	rows.Close()
	if len(ciphers) == 1 {
		return ciphers[0], nil
	}
	if len(ciphers) == 0 {
		// A stranger: refused by the referee of the tournament the letter names, if any.
		all, err := tx.QueryContext(ctx, `SELECT cipher FROM tournaments ORDER BY id`)
		if err != nil {
			return "", err
		}
		defer all.Close()
		for all.Next() {
			var c string
			if err := all.Scan(&c); err != nil {
				return "", err
			}
			ciphers = append(ciphers, c)
		}
	}
	for _, c := range ciphers {
		if strings.Contains(r.Subject, c) || strings.Contains(r.Text, c) {
			return c, nil
		}
	}
	if len(ciphers) == 1 {
		return ciphers[0], nil
	}
	return "", nil
}

// Start sends the start list of tournament cipher on day (6.3.2).
func (db *DB) Start(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	return db.change(ctx, cipher, day, func(s corr.State) (corr.State, corr.Outcome, error) { return corr.Start(s, day) })
}

// Daily runs the daily checks of tournament cipher for day; a day already
// checked is not checked again.
func (db *DB) Daily(ctx context.Context, cipher string, day timecontrol.Date) (corr.Outcome, error) {
	var checked string
	err := db.queryRow(ctx, db.db, `SELECT coalesce(json_extract(state, '$.checked'), '') FROM tournaments WHERE cipher = ?`, cipher).Scan(&checked)
	if err == nil && checked != "" && day.String() <= checked {
		return corr.Outcome{Accepted: true}, nil
	}
	held, err := db.heldPersons(ctx, cipher)
	if err != nil {
		return corr.Outcome{}, err
	}
	return db.change(ctx, cipher, day, func(s corr.State) (corr.State, corr.Outcome, error) {
		n, out := corr.Daily(s, day, held...)
		return n, out, nil
	})
}

// change applies a referee decision that no letter caused, in one transaction.
func (db *DB) change(ctx context.Context, cipher string, day timecontrol.Date, fn func(corr.State) (corr.State, corr.Outcome, error)) (corr.Outcome, error) {
	var out corr.Outcome
	var kept *committed
	err := db.tx(ctx, func(tx *sql.Tx) error {
		l, err := db.load(ctx, tx, cipher)
		if err != nil {
			return err
		}
		next, o, err := fn(l.State)
		if err != nil {
			return err
		}
		if o, err = db.followDesk(ctx, tx, l.id, next, o, day); err != nil {
			return err
		}
		out = o
		tid := l.id
		if l, err = db.cancelGames(ctx, tx, l, o.Cancelled); err != nil {
			return err
		}
		if kept, err = db.saveState(ctx, tx, next, l); err != nil {
			return err
		}
		return db.commitOutcome(ctx, tx, tid, 0, day, o)
	})
	if err != nil {
		db.forget(cipher)
		return out, err
	}
	db.keep(cipher, kept)
	return out, nil
}

// queue adds letter o to the outbox under a fresh unguessable Message-ID;
// confirms names the held letter a confirmation request is about (nil for
// other letters).
func (db *DB) queue(ctx context.Context, tx *sql.Tx, tid int64, gid, lid, confirms any, o corr.Outgoing) error {
	id, err := db.enqueue(ctx, tx, outRow{tid: tid, gid: gid, lid: lid, confirms: confirms, to: o.To, kind: o.Kind, subject: o.Subject,
		body: o.Body, inReplyTo: o.InReplyTo, attach: strings.Join(o.Attach, " ")}, db.stamp())
	if err != nil {
		return err
	}
	return insertFiles(ctx, tx, id, o.Files)
}

// messageID makes the Message-ID of outgoing letter id: 128 bits nobody can
// guess, so that nobody can thread a forged answer to a letter he was not
// sent. With MessageIDKey they are an HMAC of the letter's number, so a
// store rebuilt with the same key gives its letters the same ids (replies
// to them still find their game); without it they are random.
func (db *DB) messageID(id int64) string {
	var b []byte
	if len(db.MessageIDKey) > 0 {
		m := hmac.New(sha256.New, db.MessageIDKey)
		fmt.Fprintf(m, "message-id %d", id)
		b = m.Sum(nil)[:16]
	} else {
		b = make([]byte, 16)
		rand.Read(b)
	}
	return "z" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)) + "@zaochnik.invalid"
}

// commitOutcome writes an outcome's events and queues its letters.
func (db *DB) commitOutcome(ctx context.Context, tx *sql.Tx, tid, letterID int64, day timecontrol.Date, out corr.Outcome) error {
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
		var id int64
		err := db.queryRow(ctx, tx, `SELECT id FROM games WHERE code = ?`, code).Scan(&id)
		ids[code] = id
		return id, err
	}
	for _, e := range out.Events {
		gid, err := gameID(e.Game)
		if err != nil {
			return err
		}
		d := e.Date
		if d.IsZero() {
			d = day
		}
		if _, err := db.exec(ctx, tx, `INSERT INTO events (tournament_id, game_id, letter_id, date, kind, clause, detail) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			tid, gid, lid, d.String(), e.Kind, e.Clause, e.Detail); err != nil {
			return err
		}
	}
	for _, o := range out.Out {
		if strings.TrimSpace(o.To) == "" {
			db.logger().Warn("a letter to nobody was not queued", "kind", o.Kind, "game", o.Game, "subject", o.Subject)
			continue
		}
		gid, err := gameID(o.Game)
		if err != nil {
			return err
		}
		if err := db.queue(ctx, tx, tid, gid, lid, nil, o); err != nil {
			return err
		}
	}
	return nil
}
