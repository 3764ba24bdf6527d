package storage

import (
	"context"
	"fmt"
)

// GameLetterIDs lists the ids of the received letters stored with the game
// (applied or refused), in the order they were received: the game's whole
// thread, including letters its state does not name.
func (db *DB) GameLetterIDs(ctx context.Context, code string) ([]int64, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT l.id FROM letters l JOIN games g ON l.game_id = g.id WHERE g.code = ? ORDER BY l.id`, code)
	if err != nil {
		return nil, fmt.Errorf("storage: letters of game %s: %w", code, err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("storage: letters of game %s: %w", code, err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
