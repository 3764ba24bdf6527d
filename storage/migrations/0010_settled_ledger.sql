-- Issue 13 (a letter's rows). The ledger lines of a game in play leave
-- out the line of the reply awaited (storage.ledgerLines): it was written
-- opened by one letter and again closed by the next, two lines a letter
-- where one is settled. Such a line is the only one without a date sent
-- (a penalty line has its date); the stores of earlier versions drop
-- those of the games in play, which the next letter of each game would
-- otherwise write over.
DELETE FROM ledger_lines WHERE sent = '' AND game_id IN (SELECT id FROM games WHERE status = 'playing');
