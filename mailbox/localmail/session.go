package localmail

import (
	"io"
	"strings"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// session is one SMTP transaction stream. Authentication is optional:
// anyone on loopback may send, as on a test relay.
type session struct {
	srv   *Server
	helo  string
	login string // the AUTH PLAIN identity, "" when the client did not log in
	from  string
	to    []string
}

var _ smtp.AuthSession = (*session)(nil)

// AuthMechanisms offers PLAIN, checked against the users' passwords.
func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

// Auth checks PLAIN credentials; a wrong password is 535, not a temporary 454.
func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		s.srv.mu.Lock()
		want, ok := s.srv.passwords[strings.ToLower(user)]
		s.srv.mu.Unlock()
		if !ok || want != pass {
			return smtp.ErrAuthFailed
		}
		s.login = user
		return nil
	}), nil
}

// Mail starts a transaction.
func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

// Rcpt accepts local users only (550 5.1.1 otherwise).
func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.srv.mu.Lock()
	_, ok := s.srv.users[mailboxOf(to)]
	s.srv.mu.Unlock()
	if !ok {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such mailbox here: " + to}
	}
	s.to = append(s.to, to)
	return nil
}

// Data delivers the letter, unless OnData refuses it.
func (s *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if on := s.srv.opts.OnData; on != nil {
		if err := on(s.from, s.to, raw); err != nil {
			return err
		}
	}
	return s.srv.deliver(s.from, s.login, s.to, raw)
}

// Reset ends the transaction.
func (s *session) Reset() { s.from, s.to = "", nil }

// Logout ends the session.
func (s *session) Logout() error { return nil }
