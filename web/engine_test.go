package web

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"zaochnik/corr/draughts"
)

func TestEngineViews_SearchOncePerPosition(t *testing.T) {
	e := &engineViews{nodes: 5000}
	p := draughts.Initial(draughts.Russian)
	first := e.describe(p)
	assert.Contains(t, first, "Оценка программы")
	assert.Len(t, e.seen, 1)
	assert.Equal(t, first, e.describe(p))
	assert.Len(t, e.seen, 1, "the second call is served from the cache")
	e.describe(draughts.Initial(draughts.International))
	assert.Len(t, e.seen, 2)
}
