package storeadapter

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"zaochnik/web"
)

func TestNewDesk_FromTheConfig(t *testing.T) {
	s := newStore(t)
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
		return p
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("pw"), bcrypt.MinCost)
	require.NoError(t, err)
	var cfg struct{ Web web.Config }
	_, err = toml.Decode(`
[web]
key_file = "`+write("desk.key", "c2VjcmV0IGtleSBvZiB0aGUgZGVzaywgZm9ydHkgZWlnaHQgYnl0ZXMgbG9uZw==\n")+`"
public_crosstable = true
[web.rulings]
"ТЕСТ-2026" = "../../adjudication/testdata/rulings.toml"
[[web.accounts]]
name = "anna"
role = "secretary"
password_hash = "`+string(hash)+`"
`, &cfg)
	require.NoError(t, err)
	now := func() time.Time { return time.Date(2026, 5, 20, 9, 0, 0, 0, time.UTC) }

	desk, err := NewDesk(s.DB, cfg.Web, now, nil)
	require.NoError(t, err)
	w := httptest.NewRecorder()
	desk.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	assert.Equal(t, http.StatusOK, w.Code, "public_crosstable: the tournaments are open")

	cases := []struct {
		name, key, want string
	}{
		{"no key file", "", "web.key_file: empty"},
		{"missing file", filepath.Join(dir, "none"), "no such file"},
		{"short key", write("short.key", "short\n"), "holds 5 bytes"},
	}
	for _, c := range cases {
		bad := cfg.Web
		bad.KeyFile = c.key
		_, err := NewDesk(s.DB, bad, now, nil)
		assert.ErrorContains(t, err, c.want, c.name)
	}
}
