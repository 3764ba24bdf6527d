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
	// The daemon's [web] table embeds web.Config beside its own listen key.
	var cfg struct {
		Web struct {
			Listen string `toml:"listen"`
			web.Config
		}
	}
	_, err = toml.Decode(`
[web]
listen = "127.0.0.1:8080"
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

	assert.Equal(t, "127.0.0.1:8080", cfg.Web.Listen)
	require.Len(t, cfg.Web.Accounts, 1)
	desk, err := NewDesk(s.DB, cfg.Web.Config, now, nil)
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
		bad := cfg.Web.Config
		bad.KeyFile = c.key
		_, err := NewDesk(s.DB, bad, now, nil)
		assert.ErrorContains(t, err, c.want, c.name)
	}
}
