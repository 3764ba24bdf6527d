package main

import (
	"crypto/x509"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"zaochnik/mailbox/mailtest"
	"zaochnik/web"
)

// exampleConfig is the documented example, testdata/config/zaochnik.toml.
func exampleConfig(t testing.TB) []byte {
	_, file, _, _ := runtime.Caller(0)
	src, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "..", "testdata", "config", "zaochnik.toml"))
	require.NoError(t, err)
	return src
}

// The example sets every key to its default, except those without one (the
// logins, the addresses and a desk account to fill in).
func TestConfig_ExampleIsTheDefaults(t *testing.T) {
	c, err := parseConfig(exampleConfig(t))
	require.NoError(t, err)
	want := defaultConfig()
	want.IMAP.User, want.SMTP.From = "turnir@example.ru", "turnir@example.ru"
	want.Web.Accounts = []web.Account{{Name: "anna", Role: web.RoleSecretary}}
	assert.Equal(t, want, c)
}

// Every key of Config is written in the example, so the example documents
// them all: a key added to the struct must be added there too.
func TestConfig_ExampleNamesEveryKey(t *testing.T) {
	var all map[string]any
	_, err := toml.Decode(string(exampleConfig(t)), &all)
	require.NoError(t, err)
	var missing []string
	ct := reflect.TypeOf(Config{})
	for i := range ct.NumField() {
		f := ct.Field(i)
		name := f.Tag.Get("toml")
		v, ok := all[name]
		if f.Type.Kind() != reflect.Struct {
			if !ok {
				missing = append(missing, name)
			}
			continue
		}
		table, _ := v.(map[string]any)
		for j := range f.Type.NumField() {
			if key := f.Type.Field(j).Tag.Get("toml"); table[key] == nil {
				missing = append(missing, name+"."+key)
			}
		}
	}
	assert.Empty(t, missing)
}

const minimal = "[imap]\nuser = \"t@x.ru\"\n[smtp]\nfrom = \"t@x.ru\"\n"

func TestConfig_Errors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"unknown key", minimal + "[web]\nlisten = \"127.0.0.1:1\"\nlisen = \"x\"\n", "line 7: unknown key web.lisen"},
		{"unknown table", minimal + "[imapp]\nhost = \"x\"\n", "line 5: unknown key imapp"},
		{"bad security", "[imap]\nuser = \"t@x.ru\"\nsecurity = \"ssl\"\n[smtp]\nfrom = \"t@x.ru\"\n", `line 3: imap.security: "ssl": use tls, starttls or plain`},
		{"port out of range", "[imap]\nuser = \"t@x.ru\"\nport = 70000\n[smtp]\nfrom = \"t@x.ru\"\n", `line 3: imap.port: "70000" is not a port number`},
		{"bad duration", "[imap]\nuser = \"t@x.ru\"\nidle_watchdog = \"5 minutes\"\n[smtp]\nfrom = \"t@x.ru\"\n", `line 3: imap.idle_watchdog: "5 minutes" is not a positive duration`},
		{"negative duration", "shutdown_grace = \"-1s\"\n" + minimal, `line 1: shutdown_grace: "-1s" is not a positive duration`},
		{"bad cron", minimal + "[schedule]\ndaily = \"0 25 * * *\"\n", `line 6: schedule.daily: "0 25 * * *" is not a schedule`},
		{"six-field cron", minimal + "[schedule]\ndaily = \"0 0 5 * * *\"\n", "schedule.daily"},
		{"bad zone", "timezone = \"Moscow\"\n" + minimal, `line 1: timezone: "Moscow" is not a time zone`},
		{"bad level", minimal + "[log]\nlevel = \"loud\"\n", `line 6: log.level: "loud": use debug, info, warn or error`},
		{"bad format", minimal + "[log]\nformat = \"xml\"\n", `log.format: "xml": use text or json`},
		{"wrong type", "[imap]\nuser = 5\n[smtp]\nfrom = \"t@x.ru\"\n", "line 2"},
		{"no user", "[smtp]\nfrom = \"t@x.ru\"\n", "imap.user: empty"},
		{"no from", "[imap]\nuser = \"t@x.ru\"\n", "smtp.from: \"\" is not a mail address"},
		{"two passwords", "[imap]\nuser = \"t@x.ru\"\npassword = \"a\"\npassword_file = \"/f\"\n[smtp]\nfrom = \"t@x.ru\"\n", "imap.password and imap.password_file are both set"},
		{"ca_file over plain", "[imap]\nuser = \"t@x.ru\"\n[smtp]\nfrom = \"t@x.ru\"\nsecurity = \"plain\"\nca_file = \"/ca.pem\"\n", "smtp.ca_file is set but smtp.security is plain"},
		{"same folders", "[imap]\nuser = \"t@x.ru\"\nrefused_folder = \"zaochnik/processed\"\n[smtp]\nfrom = \"t@x.ru\"\n", "give two folders"},
		{"bad listen", minimal + "[web]\nlisten = \"8080\"\n", `web.listen: "8080" is not host:port`},
		{"not toml", "[imap\n", "to end table name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseConfig([]byte(tc.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestConfig_ValuesOverDefaults(t *testing.T) {
	c, err := parseConfig([]byte("timezone = \"Asia/Yekaterinburg\"\n" + minimal + "security = \"plain\"\nport = 2525\n[schedule]\ndigest = \"\"\ndaily = \"@every 2s\"\n"))
	require.NoError(t, err)
	assert.Equal(t, security("plain"), c.SMTP.Security)
	assert.Equal(t, port(2525), c.SMTP.Port)
	assert.Equal(t, security("tls"), c.IMAP.Security)
	assert.Equal(t, cronSpec(""), c.Schedule.Digest)
	assert.Equal(t, cronSpec("@every 2s"), c.Schedule.Daily)
	assert.Equal(t, "Asia/Yekaterinburg", c.Timezone.location().String())
	assert.Equal(t, duration(5*time.Minute), c.IMAP.IdleWatchdog)
}

// smtp.batch sets how many letters the sender puts in flight at once: 1
// (one at a time) to 256; 0, a negative number or more than 256 stop the
// daemon with the key named.
func TestConfig_SMTPBatch(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       int    // the batch read
		err        string // else the error
	}{
		{"default", "", 16, ""},
		{"one at a time", "batch = 1", 1, ""},
		{"largest", "batch = 256", 256, ""},
		{"zero", "batch = 0", 0, "smtp.batch: 0; give 1 to 256"},
		{"negative", "batch = -4", 0, "smtp.batch: -4; give 1 to 256"},
		{"too many", "batch = 257", 0, "smtp.batch: 257; give 1 to 256"},
		{"not a number", "batch = \"16\"", 0, `line 5 (last key "smtp.batch")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := parseConfig([]byte(minimal + tc.line + "\n"))
			if tc.err != "" {
				assert.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, c.SMTP.Batch)
		})
	}
}

// A configuration written by the TOML encoder reads back the same: tests
// hand the daemon child its configuration that way.
func TestConfig_RoundTrip(t *testing.T) {
	c, err := parseConfig(exampleConfig(t))
	require.NoError(t, err)
	c.SMTP.RetryBase = duration(250 * time.Millisecond)
	var b strings.Builder
	require.NoError(t, toml.NewEncoder(&b).Encode(c))
	back, err := parseConfig([]byte(b.String()))
	require.NoError(t, err)
	assert.Equal(t, c, back)
}

func TestConfig_PasswordFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "pw")
	require.NoError(t, os.WriteFile(f, []byte("s3cret\n"), 0o600))
	pw, err := secret("", f, "imap.password")
	require.NoError(t, err)
	assert.Equal(t, "s3cret", pw)
	_, err = secret("", filepath.Join(t.TempDir(), "none"), "imap.password")
	assert.ErrorContains(t, err, "imap.password_file")
	pw, err = secret("inline", "", "imap.password")
	require.NoError(t, err)
	assert.Equal(t, "inline", pw)
}

// TestConfig_CAFile: ca_file's certificates are the only ones trusted; a
// file missing or holding no certificate is an error naming the key.
func TestConfig_CAFile(t *testing.T) {
	cfg, err := trust("", "imap")
	require.NoError(t, err)
	assert.Nil(t, cfg, "the system's roots")

	cert := mailtest.NewCert(t)
	cfg, err = trust(writeCA(t, cert.Leaf), "imap")
	require.NoError(t, err)
	_, err = cert.Leaf.Verify(x509.VerifyOptions{Roots: cfg.RootCAs})
	assert.NoError(t, err, "the file's certificate trusted")
	_, err = mailtest.NewCert(t).Leaf.Verify(x509.VerifyOptions{Roots: cfg.RootCAs})
	assert.Error(t, err, "no other")

	_, err = trust(filepath.Join(t.TempDir(), "none.pem"), "imap")
	assert.ErrorContains(t, err, "imap.ca_file")
	empty := filepath.Join(t.TempDir(), "empty.pem")
	require.NoError(t, os.WriteFile(empty, []byte("not a certificate\n"), 0o644))
	_, err = trust(empty, "smtp")
	assert.ErrorContains(t, err, "smtp.ca_file: "+empty+" holds no PEM certificate")
}

func FuzzReadConfig(f *testing.F) {
	f.Add(exampleConfig(f))
	f.Add([]byte(minimal))
	f.Add([]byte(minimal + "[schedule]\ndaily = \"@every 1h\"\n[log]\nlevel = \"debug\"\n"))
	f.Add([]byte("[imap]\nport = \"x\"\n"))
	f.Add([]byte(minimal + "batch = 1\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		c, err := parseConfig(src)
		if err == nil && c.check() != nil {
			t.Fatalf("accepted a config its own check refuses")
		}
	})
}
