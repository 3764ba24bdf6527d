package web

import (
	"fmt"

	"golang.org/x/crypto/bcrypt"
)

// Role is what an account may do.
type Role string

// The roles of the desk.
const (
	// RoleSecretary works the queue: assigns, answers, enters paper letters.
	RoleSecretary Role = "secretary"
	// RoleJudge rules on claims and adjudicates unfinished games.
	RoleJudge Role = "judge"
)

// Account is a login of the desk, as the config lists it.
type Account struct {
	Name string `toml:"name"`
	Role Role   `toml:"role"`
	// Hash is the bcrypt hash of the password ("zaochnik passwd" makes one).
	Hash string `toml:"password_hash"`
}

// validate says what is wrong with an account entry of the config.
func (a Account) validate() error {
	if a.Name == "" {
		return fmt.Errorf("web: an account has no name; give every [[web.accounts]] a name")
	}
	if a.Role != RoleSecretary && a.Role != RoleJudge {
		return fmt.Errorf("web: account %q has role %q; write secretary or judge", a.Name, a.Role)
	}
	if _, err := bcrypt.Cost([]byte(a.Hash)); err != nil {
		return fmt.Errorf("web: account %q: password_hash is not a bcrypt hash (%v); make one with 'zaochnik passwd'", a.Name, err)
	}
	return nil
}

// HashPassword returns the bcrypt hash of password for the config, at
// cost (bcrypt.DefaultCost when 0; 4-31).
func HashPassword(password string, cost int) (string, error) {
	if password == "" {
		return "", fmt.Errorf("web: the password is empty")
	}
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	if cost < bcrypt.MinCost || cost > bcrypt.MaxCost {
		return "", fmt.Errorf("web: bcrypt cost %d is outside %d-%d", cost, bcrypt.MinCost, bcrypt.MaxCost)
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	if err != nil {
		return "", fmt.Errorf("web: hashing the password: %w", err)
	}
	return string(h), nil
}

// authenticate returns the account if name and password match. An unknown
// name is compared against a dummy hash, so it takes as long as a wrong
// password and the timing does not tell which names exist.
func (srv *Server) authenticate(name, password string) (Account, bool) {
	for _, a := range srv.opt.Accounts {
		if a.Name == name {
			return a, bcrypt.CompareHashAndPassword([]byte(a.Hash), []byte(password)) == nil
		}
	}
	_ = bcrypt.CompareHashAndPassword(srv.dummyHash, []byte(password))
	return Account{}, false
}
