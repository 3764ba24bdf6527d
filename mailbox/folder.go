package mailbox

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// KeptLetter is a letter read from a folder of the tournament mailbox.
type KeptLetter struct {
	Folder       string // the configured name, e.g. "zaochnik/processed"
	UIDValidity  uint32
	UID          uint32
	InternalDate time.Time // when the server filed it
	// Arrived is when it arrived: the date of its topmost Received
	// header, else its Date, else InternalDate.
	Arrived time.Time
	// Size is its RFC822.SIZE, or, of a letter found over the limit only
	// as it came (the server understated it), the size that came.
	Size int64
	// Raw is the letter; of one over ReaderOptions.MaxLetterSize
	// (Oversized), as the Reader takes it, its header only, or nothing
	// when the header was over the limit too.
	Raw       []byte
	Oversized bool
}

// ReadFolders hands every letter of the named folders (configured names,
// as ReaderOptions.ProcessedFolder) to each, in the order of their
// arrival (KeptLetter.Arrived; letters of one time in the order of the
// folders and of their UIDs), without changing anything: the folders are
// EXAMINEd (read-only) and every fetch PEEKs. It reads twice: first each
// letter's RFC822.SIZE, INTERNALDATE and header (one at a time, kept are
// the size and the times), which give the order; then the letters in that
// order, in batches of at most BatchSize letters and FetchBytes bytes, only
// one batch held at a time, each letter whole, or, over MaxLetterSize (by
// its RFC822.SIZE, or by what came when that understated it), its header
// only, as the Reader takes it. The connection fields of o are used, and
// MaxLetterSize, BatchSize and FetchBytes, defaulted as by NewReader. It
// is how a lost store is rebuilt from the letters the reader filed; a
// folder the server lacks, a letter gone between the two readings, a
// letter whose bytes stop coming in the middle (the connection is closed
// then, not read further) and an error of each stop it.
func ReadFolders(ctx context.Context, o ReaderOptions, folders []string, each func(KeptLetter) error) (err error) {
	setDefault(&o.Security, SecurityTLS)
	setSizeDefaults(&o)
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	r := &Reader{o: o, log: o.Logger.With("imap", o.Addr)}
	c, conn, err := r.dial(make(chan struct{}, 1))
	if err != nil {
		return err
	}
	defer func() { err = conn.cause(err) }()
	defer c.Close()
	defer context.AfterFunc(ctx, func() { c.Close() })()
	if err := login(c, o.Username, o.Password); err != nil {
		return err
	}
	names, have, err := serverNames(c, folders...)
	if err != nil {
		return err
	}
	k := &keptReader{r: r, c: c, folders: folders, names: names, validity: make([]uint32, len(folders)), open: -1}
	var all []keptRef
	for i, name := range names {
		if !have[name] && name != "INBOX" {
			return fmt.Errorf("folder %s (%s): the server has no such folder", folders[i], name)
		}
		if all, err = k.index(i, all); err != nil {
			return err
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].arrived.Before(all[j].arrived) })
	for len(all) > 0 {
		n := batchLen(all, o.BatchSize, o.FetchBytes, k.cost)
		if err := k.batch(all[:n], each); err != nil {
			return err
		}
		all = all[n:]
	}
	return c.Logout().Wait()
}

// keptReader is ReadFolders' connection and what it knows of the folders.
type keptReader struct {
	r        *Reader
	c        *imapclient.Client
	folders  []string // configured names
	names    []string // the server's
	validity []uint32 // each folder's UIDVALIDITY when indexed
	open     int      // the folder examined now; -1 for none
}

// keptRef is what ReadFolders keeps of a letter until its batch.
type keptRef struct {
	folder            int
	uid               imap.UID
	size              int64
	internal, arrived time.Time
}

// cost is what ref's letter takes of a batch's FetchBytes: its size, or
// its header's at most.
func (k *keptReader) cost(ref keptRef) int64 { return min(ref.size, k.r.o.MaxLetterSize) }

// examine selects folder i read-only unless it is open, and checks that
// its UIDVALIDITY did not change since it was indexed. It returns how
// many letters the folder holds, when it selected it.
func (k *keptReader) examine(i int) (uint32, error) {
	if k.open == i {
		return 0, nil
	}
	sel, err := k.c.Select(k.names[i], &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return 0, fmt.Errorf("examining %s: %w", k.names[i], err)
	}
	if k.validity[i] != 0 && sel.UIDValidity != k.validity[i] { // indexed before (a UIDVALIDITY is never 0)
		return 0, fmt.Errorf("folder %s: its UIDVALIDITY changed while it was read; read it again", k.folders[i])
	}
	k.validity[i], k.open = sel.UIDValidity, i
	return sel.NumMessages, nil
}

// index appends to all folder i's letters: each one's size, times and
// arrival, read from its header (BODY.PEEK[HEADER], one at a time).
func (k *keptReader) index(i int, all []keptRef) ([]keptRef, error) {
	if n, err := k.examine(i); err != nil || n == 0 {
		return all, err
	}
	header := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
	cmd := k.c.Fetch(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, RFC822Size: true, InternalDate: true,
		BodySection: []*imap.FetchItemBodySection{header}})
	err := k.each(cmd, header, "fetching the letters of "+k.names[i], func(it fetchedItems) {
		ref := keptRef{folder: i, uid: it.uid, size: it.size, internal: it.internal, arrived: it.internal}
		if it.raw != nil {
			if in, err := Decode(it.raw); err == nil && !in.Postmark.IsZero() {
				ref.arrived = in.Postmark
			}
		}
		all = append(all, ref)
	})
	return all, err
}

// each reads the letters cmd fetches (section under MaxLetterSize) and
// hands each with a UID to f; a letter broken in the middle closes the
// connection (broken), a failed command is said to be what.
func (k *keptReader) each(cmd *imapclient.FetchCommand, section *imap.FetchItemBodySection, what string, f func(fetchedItems)) error {
	for m := cmd.Next(); m != nil; m = cmd.Next() {
		it, err := collect(m, section, k.r.o.MaxLetterSize, nil)
		if err != nil {
			return broken(k.c, it.uid, err)
		}
		if it.uid != 0 {
			f(it)
		}
	}
	if err := cmd.Close(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// keptKey names a letter among the folders.
type keptKey struct {
	folder int
	uid    imap.UID
}

// keptBody is a letter's bytes fetched for its batch.
type keptBody struct {
	raw  []byte
	size int64 // found over the limit as it came: the size that came
}

// batch fetches refs' letters, folder by folder (whole, or their headers
// over the limit), and hands them to each in refs' order.
func (k *keptReader) batch(refs []keptRef, each func(KeptLetter) error) error {
	got := map[keptKey]keptBody{}
	whole, heads := map[int][]imap.UID{}, map[int][]imap.UID{}
	var order []int
	for _, ref := range refs {
		if len(whole[ref.folder])+len(heads[ref.folder]) == 0 {
			order = append(order, ref.folder)
		}
		if ref.size > k.r.o.MaxLetterSize {
			heads[ref.folder] = append(heads[ref.folder], ref.uid)
		} else {
			whole[ref.folder] = append(whole[ref.folder], ref.uid)
		}
	}
	for _, i := range order {
		if _, err := k.examine(i); err != nil {
			return err
		}
		body := &imap.FetchItemBodySection{Peek: true}
		late, err := k.fetch(i, whole[i], body, got)
		if err != nil {
			return err
		}
		for uid := range late {
			heads[i] = append(heads[i], uid)
		}
		header := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
		if _, err := k.fetch(i, heads[i], header, got); err != nil {
			return err
		}
		for uid, size := range late {
			if b, ok := got[keptKey{i, uid}]; ok {
				b.size = size
				got[keptKey{i, uid}] = b
			}
		}
	}
	for _, ref := range refs {
		b, ok := got[keptKey{ref.folder, ref.uid}]
		if !ok {
			return fmt.Errorf("letter %d of %s: gone from the folder while it was read", ref.uid, k.folders[ref.folder])
		}
		l := KeptLetter{Folder: k.folders[ref.folder], UIDValidity: k.validity[ref.folder], UID: uint32(ref.uid),
			InternalDate: ref.internal, Arrived: ref.arrived, Size: max(ref.size, b.size), Raw: b.raw,
			Oversized: max(ref.size, b.size) > k.r.o.MaxLetterSize}
		if err := each(l); err != nil {
			return err
		}
	}
	return nil
}

// fetch fetches section of the letters uids of folder i (open) into got
// and returns those whose section came over MaxLetterSize, discarded,
// with the sizes that came (asked whole, they are too large: their
// headers are to be asked). A letter whose header is over the limit, or
// that has none, is got without one.
func (k *keptReader) fetch(i int, uids []imap.UID, section *imap.FetchItemBodySection, got map[keptKey]keptBody) (late map[imap.UID]int64, err error) {
	if len(uids) == 0 {
		return nil, nil
	}
	isHeader := section.Specifier == imap.PartSpecifierHeader
	cmd := k.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{section}})
	err = k.each(cmd, section, "fetching letters of "+k.names[i], func(it fetchedItems) {
		key := keptKey{i, it.uid}
		switch {
		case isHeader:
			got[key] = keptBody{raw: it.raw}
		case it.over > 0:
			if late == nil {
				late = map[imap.UID]int64{}
			}
			late[it.uid] = it.over
			k.r.log.Warn("imap: letter larger than its RFC822.SIZE said and than the size limit; its header only is read", "folder", k.folders[i], "uid", it.uid, "size", it.over)
		case it.raw != nil:
			got[key] = keptBody{raw: it.raw}
		}
	})
	if err != nil {
		return nil, err
	}
	return late, nil
}
