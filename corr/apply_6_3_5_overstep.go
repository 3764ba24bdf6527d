package corr

// checkOverstep files the server's overstep claim when the sender's reply
// took their total over the limit (6.3.5, 6.3.6). It reports whether it did.
func (a *applier) checkOverstep() bool {
	led, err := a.ledger()
	if err != nil {
		a.event("ledger-error", "6.3.6", err.Error())
		return false
	}
	ov := led.Overstep
	if ov == nil || ov.Player != colour(a.side) || (ov.Date != a.obs.sent() && ov.Date != a.obs.Postmark) || a.g.claimedAt(a.side, ov.Move) {
		return false
	}
	a.s.fileClaim(a.g, a.side, false, false, ov.Total, ov.Limit, ov.Move, a.obs.Postmark, &a.out)
	return true
}
