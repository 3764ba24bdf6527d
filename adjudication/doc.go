// Package adjudication is what the judge and the secretary decide after the
// moves (clauses 6.1, 6.3.6-6.3.8 and 6.5 of the rules): game results and the
// crosstable with its tie-breaks, the sanctions register, the adjudication of
// unfinished games and the deadlines of protests.
//
// It is a pure package like the core below it: it takes values and returns
// values, reads no clock and does no I/O. Dates are [timecontrol.Date]s the
// caller observed; the shell stores the decisions and sends the letters.
//
// Where the seeds leave a case open, the choice made is written beside the
// code with the clause, and in the README section "Results, crosstable and
// tie-breaks".
package adjudication
