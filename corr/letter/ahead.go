package letter

import "slices"

// Ahead is a letter's text read before its decision, under the options
// its tournament was expected to read it with: the referee reads a
// group's letters so beside the serial chain that decides the ones
// before. It stands for Parse only under the same text and options
// (Parse).
type Ahead struct {
	Text    string
	Options Options
	Letter  Letter
}

// ReadAhead reads text under opts for later (Ahead.Parse).
func ReadAhead(text string, opts Options) *Ahead {
	return &Ahead{Text: text, Options: opts, Letter: Parse(text, opts)}
}

// Parse is Parse(text, opts): a's letter when a was read from text under
// the same options, else text read now (a nil a too).
func (a *Ahead) Parse(text string, opts Options) Letter {
	if a != nil && a.Text == text && a.Options.same(opts) {
		return a.Letter
	}
	return Parse(text, opts)
}

// same reports whether o and p are the same options, field by field.
func (o Options) same(p Options) bool {
	return o.Subject == p.Subject && o.Postmark == p.Postmark && slices.Equal(o.Ciphers, p.Ciphers) &&
		o.Sender == p.Sender && o.Board == p.Board && o.Language == p.Language
}
