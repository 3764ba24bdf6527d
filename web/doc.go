// Package web is the desk of the secretary and the judge: server-rendered
// pages (net/http and html/template, no JavaScript) over a tournament's
// crosstable, games, day ledgers, letters, the secretary's queue, overstep
// claims, adjudications, breaks and sanctions.
//
// The pages read and write through the interfaces of store.go, stated in the
// domain types of corr, timecontrol, adjudication and corr/draughts, so the
// store satisfies them and tests use in-memory fakes. The rules themselves
// stay in those packages: a ruling on a claim is corr.Rule applied by the
// store, an adjudication is adjudication.Adjournment.Decide.
//
// Access: the secretary and the judge log in with accounts from the config
// (bcrypt hashes); the session lives in an HMAC-signed cookie; every form
// carries a CSRF token bound to the session; every page is sent with a
// strict Content-Security-Policy and the other security headers.
package web
