package main

import (
	"zaochnik/referee"
	"zaochnik/storage"
)

// referee is the use cases over db for a command: the store's clock is
// the command's, so a decision without --date is dated today in its
// tournament's zone whatever the zone of the machine.
func (e *env) referee(db *storage.DB) *referee.Referee {
	db.Now = e.clock
	return &referee.Referee{DB: db}
}
