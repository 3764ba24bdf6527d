// Package swiss draws the rounds of a Swiss tournament (швейцарская система,
// rules 1.15.1-1.15.9): the classification before the first round
// (1.15.5.1), the four drawing systems (random 1.15.4, individual
// coefficients 1.15.5, truncated Solkoff 1.15.6, current Buchholz 1.15.7),
// the common requirements of 1.15.2 and the breaking of the fewest pairs
// (1.15.5.5, 1.15.7.5, 1.15.8).
//
// It is a pure core: values in, values out, no I/O, no clock, no globals.
// Every lot is drawn from the seed in Config, so a draw can be re-run and
// audited: the same entrants, history and config give the same round.
package swiss
