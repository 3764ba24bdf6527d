package mailbox

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/emersion/go-imap/v2"
)

// KeptLetter is a letter read from a folder of the tournament mailbox.
type KeptLetter struct {
	Folder       string // the configured name, e.g. "zaochnik/processed"
	UIDValidity  uint32
	UID          uint32
	InternalDate time.Time // when the server filed it
	Raw          []byte
}

// ReadFolders reads every letter of the named folders (configured names,
// as ReaderOptions.ProcessedFolder) without changing anything: the folders
// are EXAMINEd (read-only) and the bodies fetched with BODY.PEEK[]. Only
// the connection fields of o are used. It is how a lost store is rebuilt
// from the letters the reader filed; a folder the server lacks is an error.
func ReadFolders(ctx context.Context, o ReaderOptions, folders []string) ([]KeptLetter, error) {
	setDefault(&o.Security, SecurityTLS)
	setDefault(&o.MaxLetterSize, 10<<20)
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	r := &Reader{o: o, log: o.Logger.With("imap", o.Addr)}
	c, err := r.dial(make(chan struct{}, 1))
	if err != nil {
		return nil, err
	}
	defer c.Close()
	defer context.AfterFunc(ctx, func() { c.Close() })()
	if err := c.Login(o.Username, o.Password).Wait(); err != nil {
		return nil, fmt.Errorf("logging in as %s: %w", o.Username, err)
	}
	names, have, err := serverNames(c, folders...)
	if err != nil {
		return nil, err
	}
	var out []KeptLetter
	for i, name := range names {
		if !have[name] && name != "INBOX" {
			return nil, fmt.Errorf("folder %s (%s): the server has no such folder", folders[i], name)
		}
		sel, err := c.Select(name, &imap.SelectOptions{ReadOnly: true}).Wait()
		if err != nil {
			return nil, fmt.Errorf("examining %s: %w", name, err)
		}
		if sel.NumMessages == 0 {
			continue
		}
		body := &imap.FetchItemBodySection{Peek: true}
		msgs, err := c.Fetch(imap.UIDSet{imap.UIDRange{Start: 1, Stop: 0}}, &imap.FetchOptions{UID: true, InternalDate: true,
			BodySection: []*imap.FetchItemBodySection{body}}).Collect()
		if err != nil {
			return nil, fmt.Errorf("fetching the letters of %s: %w", name, err)
		}
		for _, m := range msgs {
			out = append(out, KeptLetter{Folder: folders[i], UIDValidity: sel.UIDValidity, UID: uint32(m.UID),
				InternalDate: m.InternalDate, Raw: m.FindBodySection(body)})
		}
	}
	return out, c.Logout().Wait()
}
