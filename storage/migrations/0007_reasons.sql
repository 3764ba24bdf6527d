-- Issue 13, 4. Why a letter was not applied is typed: letters.reason and
-- holds.why hold a letter.Reason as JSON (a code and its arguments, or the
-- refusal under the rules in both languages), written in each reader's
-- language where it is shown; '' is none. The free text that older
-- versions kept (English from the referee, Russian or English from the
-- rules) becomes a reason of its own, shown as it was written.

UPDATE letters SET reason = json_object('text', reason) WHERE reason != '' AND json_valid(reason) = 0;
UPDATE holds SET why = json_object('text', why) WHERE why != '' AND json_valid(why) = 0;
