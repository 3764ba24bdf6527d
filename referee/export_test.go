package referee

import "time"

// SetGroupTime makes r's group transactions last up to d (GroupTime
// otherwise), for the tests whose letters must share one group.
func SetGroupTime(r *Referee, d time.Duration) { r.groupTime = d }
