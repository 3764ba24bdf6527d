package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // time zones on machines without a zoneinfo database

	"github.com/BurntSushi/toml"
	"github.com/robfig/cron/v3"

	"zaochnik/mailbox"
	"zaochnik/referee"
	"zaochnik/storage"
	"zaochnik/web"
)

// Config is the daemon's configuration file (testdata/config/zaochnik.toml
// documents every key with its default).
type Config struct {
	IMAP     IMAPConfig     `toml:"imap"`
	SMTP     SMTPConfig     `toml:"smtp"`
	Database DatabaseConfig `toml:"database"`
	Web      WebConfig      `toml:"web"`
	// Timezone is where the schedules run and where "today" is for the
	// daily checks when a tournament names no zone of its own.
	Timezone zoneName `toml:"timezone"`
	// AuthservID is the receiving server's authserv-id: only its
	// Authentication-Results headers are believed. Empty: none is, and
	// only reply keys authenticate (the rest is held for confirmation).
	AuthservID string `toml:"authserv_id"`
	// TrustedHosts name the receiving side's hosts, whose Received
	// headers bound the trusted Authentication-Results (RFC 8601 section
	// 5); empty means authserv_id alone.
	TrustedHosts []string `toml:"trusted_hosts"`
	// HoldDays is how long a letter nothing authenticated waits for its
	// sender's confirmation before it is dropped.
	HoldDays int `toml:"hold_days"`
	// ReplyKeyFile keeps the reply keys' secret; "" keeps it in the store.
	ReplyKeyFile string         `toml:"reply_key_file"`
	Schedule     ScheduleConfig `toml:"schedule"`
	Log          LogConfig      `toml:"log"`
	// ShutdownGrace bounds how long a stopping daemon waits for the
	// letter in flight and for the outbox to drain.
	ShutdownGrace duration `toml:"shutdown_grace"`
	// GCPercent is the Go collector's GOGC for serve: how far the heap
	// grows past what survived the last collection before the next one.
	GCPercent int `toml:"gc_percent"`
	// MemoryLimitMiB is the Go runtime's soft memory limit (GOMEMLIMIT)
	// for serve, in MiB; 0: none.
	MemoryLimitMiB int64 `toml:"memory_limit_mib"`
}

// IMAPConfig is the tournament mailbox the daemon reads.
type IMAPConfig struct {
	Host            string   `toml:"host"`
	Port            port     `toml:"port"`
	Security        security `toml:"security"`
	User            string   `toml:"user"`
	Password        string   `toml:"password"`
	PasswordFile    string   `toml:"password_file"`
	CAFile          string   `toml:"ca_file"` // see trust
	Mailbox         string   `toml:"mailbox"`
	ProcessedFolder string   `toml:"processed_folder"`
	RefusedFolder   string   `toml:"refused_folder"`
	// Idle false polls even when the server has IDLE.
	Idle         bool     `toml:"idle"`
	IdleWatchdog duration `toml:"idle_watchdog"`
	PollInterval duration `toml:"poll_interval"`
	// ReplyKeys is where the server's letters carry their addressee's
	// reply key: "plus" (turnir+KEY@domain in Reply-To) or "subject".
	ReplyKeys string `toml:"reply_keys"`
	// MaxLetterSize is the largest letter read, in bytes; larger ones are
	// filed refused unread (RFC822.SIZE is checked before fetching).
	MaxLetterSize int64 `toml:"max_letter_size"`
}

// SMTPConfig is the submission server the daemon sends through.
type SMTPConfig struct {
	Host         string   `toml:"host"`
	Port         port     `toml:"port"`
	Security     security `toml:"security"`
	User         string   `toml:"user"`
	Password     string   `toml:"password"`
	PasswordFile string   `toml:"password_file"`
	CAFile       string   `toml:"ca_file"` // see trust
	// From is the server's address: the envelope sender and From of every
	// letter, and the address players write to.
	From string `toml:"from"`
	// Name is the display name in From.
	Name      string `toml:"name"`
	LocalName string `toml:"local_name"`
	// Retries after a temporary failure (4xx, network) wait RetryBase,
	// doubled per attempt up to RetryMax; after MaxAttempts the letter is
	// dead and the secretary is told.
	RetryBase   duration `toml:"retry_base"`
	RetryMax    duration `toml:"retry_max"`
	MaxAttempts int      `toml:"max_attempts"`
	// Batch is how many letters the sender puts in flight at once
	// (mailbox.SenderOptions.Batch): fewer transactions a letter, and as
	// many letters of unknown fate after a crash; 1 keeps one letter in
	// flight at a time.
	Batch int `toml:"batch"`
}

// maxBatch bounds smtp.batch: the letters a crash may leave of unknown
// fate, each reported to the secretary to check by hand.
const maxBatch = 256

// DatabaseConfig is the store.
type DatabaseConfig struct {
	Path string `toml:"path"`
}

// WebConfig is the desk and the health endpoint.
type WebConfig struct {
	// Listen is host:port; empty turns the web listener off.
	Listen string `toml:"listen"`
	// KeyFile holds the key signing the desk's sessions (32 random bytes,
	// created when missing), so that logins survive a restart. Empty: a new
	// key at every start.
	KeyFile string `toml:"key_file"`
	// SecureCookies marks the session cookie Secure on plain HTTP, for a
	// TLS proxy in front.
	SecureCookies bool `toml:"secure_cookies"`
	// PublicCrosstable lets anyone read the tournaments and crosstables.
	PublicCrosstable bool `toml:"public_crosstable"`
	// Rulings maps a tournament's cipher to its rulings file (see
	// zaochnik standings --rulings).
	Rulings map[string]string `toml:"rulings"`
	// Accounts are the desk's logins; without any, only /healthz is served.
	Accounts []web.Account `toml:"accounts"`
	// ReadTimeout bounds reading a whole request, body included;
	// WriteTimeout writing the answer; IdleTimeout a kept-alive connection
	// waiting for the next request. A client trickling its request is cut
	// off.
	ReadTimeout  duration `toml:"read_timeout"`
	WriteTimeout duration `toml:"write_timeout"`
	IdleTimeout  duration `toml:"idle_timeout"`
	// MaxConnections caps the connections served at once; more wait to be
	// accepted.
	MaxConnections int `toml:"max_connections"`
}

// ScheduleConfig holds cron specs (5 fields, or @daily, @every 1h, ...),
// in Config.Timezone unless a spec starts with CRON_TZ=. An empty spec turns
// the job off.
type ScheduleConfig struct {
	// Daily runs the referee's daily checks for every tournament: the end
	// of play, reminders before an overstep, silent overstep claims, the
	// 30-day inquiry; missed days are caught up.
	Daily cronSpec `toml:"daily"`
	// Digest sends each tournament's secretary a summary.
	Digest cronSpec `toml:"digest"`
	// Standings sends each tournament's secretary the crosstable.
	Standings cronSpec `toml:"standings"`
}

// LogConfig chooses the log's level and format.
type LogConfig struct {
	Level  logLevel  `toml:"level"`
	Format logFormat `toml:"format"`
}

// defaultConfig is every key's default.
func defaultConfig() Config {
	return Config{
		IMAP: IMAPConfig{Host: "localhost", Port: 993, Security: "tls", Mailbox: "INBOX",
			ProcessedFolder: "zaochnik/processed", RefusedFolder: "zaochnik/refused", Idle: true,
			IdleWatchdog: duration(5 * time.Minute), PollInterval: duration(time.Minute),
			ReplyKeys: referee.KeysPlus, MaxLetterSize: referee.DefaultMaxLetterSize},
		HoldDays: storage.DefaultHoldDays, TrustedHosts: []string{},
		SMTP: SMTPConfig{Host: "localhost", Port: 587, Security: "starttls", Name: "zaochnik", LocalName: "localhost",
			RetryBase: duration(time.Minute), RetryMax: duration(4 * time.Hour), MaxAttempts: 20,
			Batch: mailbox.DefaultBatch},
		Database: DatabaseConfig{Path: "zaochnik.db"},
		Web: WebConfig{Listen: "127.0.0.1:8080", Rulings: map[string]string{}, ReadTimeout: duration(30 * time.Second),
			WriteTimeout: duration(60 * time.Second), IdleTimeout: duration(2 * time.Minute), MaxConnections: 64},
		Timezone:      "Europe/Moscow",
		Schedule:      ScheduleConfig{Daily: "5 0 * * *", Digest: "0 8 * * 1", Standings: "0 9 1 * *"},
		Log:           LogConfig{Level: "info", Format: "text"},
		ShutdownGrace: duration(10 * time.Second),
		GCPercent:     defaultGCPercent, MemoryLimitMiB: defaultMemoryLimitMiB,
	}
}

// readConfig reads the file at path; see parseConfig.
func readConfig(path string) (Config, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	c, err := parseConfig(src)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// parseConfig reads a configuration over the defaults. An unknown key or a
// bad value is an error naming the key and its line. Password files are not
// read here (see secret).
func parseConfig(src []byte) (Config, error) {
	c := defaultConfig()
	md, err := toml.NewDecoder(bytes.NewReader(src)).Decode(&c)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			msg := pe.Message
			if pe.LastKey != "" {
				return Config{}, fmt.Errorf("line %d: %s: %s", pe.Position.Line, pe.LastKey, msg)
			}
			return Config{}, fmt.Errorf("line %d: %s", pe.Position.Line, msg)
		}
		return Config{}, err
	}
	if und := md.Undecoded(); len(und) > 0 {
		return Config{}, fmt.Errorf("line %d: unknown key %s; the keys are listed in testdata/config/zaochnik.toml",
			keyLine(src, und[0]), und[0])
	}
	return c, c.check()
}

// check finds what no single key's type can: missing and conflicting keys.
func (c Config) check() error {
	var errs []error
	for _, s := range []struct {
		section              string
		host, password, file string
		security             security
		ca                   string
	}{{"imap", c.IMAP.Host, c.IMAP.Password, c.IMAP.PasswordFile, c.IMAP.Security, c.IMAP.CAFile},
		{"smtp", c.SMTP.Host, c.SMTP.Password, c.SMTP.PasswordFile, c.SMTP.Security, c.SMTP.CAFile}} {
		if s.host == "" {
			errs = append(errs, fmt.Errorf("%s.host: empty; name the mail server", s.section))
		}
		if s.password != "" && s.file != "" {
			errs = append(errs, fmt.Errorf("%s.password and %s.password_file are both set; keep one", s.section, s.section))
		}
		if s.ca != "" && mailbox.Security(s.security) == mailbox.SecurityPlain {
			errs = append(errs, fmt.Errorf("%s.ca_file is set but %s.security is plain: no certificate is checked; use tls or starttls", s.section, s.section))
		}
	}
	if c.IMAP.User == "" {
		errs = append(errs, errors.New("imap.user: empty; give the tournament mailbox's login"))
	}
	if c.IMAP.Mailbox == "" || c.IMAP.ProcessedFolder == "" || c.IMAP.RefusedFolder == "" {
		errs = append(errs, errors.New("imap.mailbox, imap.processed_folder and imap.refused_folder must not be empty"))
	}
	if c.IMAP.ProcessedFolder == c.IMAP.RefusedFolder {
		errs = append(errs, fmt.Errorf("imap.processed_folder and imap.refused_folder are both %q; give two folders", c.IMAP.ProcessedFolder))
	}
	if !strings.Contains(c.SMTP.From, "@") {
		errs = append(errs, fmt.Errorf("smtp.from: %q is not a mail address; give the tournament's address, e.g. \"turnir@example.ru\"", c.SMTP.From))
	}
	if c.IMAP.ReplyKeys != referee.KeysPlus && c.IMAP.ReplyKeys != referee.KeysSubject {
		errs = append(errs, fmt.Errorf("imap.reply_keys: %q; write \"plus\" (turnir+KEY@domain) or \"subject\" (for a mail host without plus addressing)", c.IMAP.ReplyKeys))
	}
	if c.IMAP.MaxLetterSize < 64<<10 {
		errs = append(errs, fmt.Errorf("imap.max_letter_size: %d bytes; give at least 65536 (the default is %d, 10 MiB)", c.IMAP.MaxLetterSize, referee.DefaultMaxLetterSize))
	}
	if c.HoldDays < 1 || c.HoldDays > 30 {
		errs = append(errs, fmt.Errorf("hold_days: %d; give 1 to 30 days (the default is %d)", c.HoldDays, storage.DefaultHoldDays))
	}
	if c.SMTP.MaxAttempts < 1 {
		errs = append(errs, fmt.Errorf("smtp.max_attempts: %d; give at least 1", c.SMTP.MaxAttempts))
	}
	if c.SMTP.Batch < 1 || c.SMTP.Batch > maxBatch {
		errs = append(errs, fmt.Errorf("smtp.batch: %d; give 1 to %d letters in flight at once (the default is %d; 1 sends one letter at a time)",
			c.SMTP.Batch, maxBatch, mailbox.DefaultBatch))
	}
	if c.GCPercent < 10 {
		errs = append(errs, fmt.Errorf("gc_percent: %d; give at least 10 (the default is %d)", c.GCPercent, defaultGCPercent))
	}
	if c.MemoryLimitMiB < 0 {
		errs = append(errs, fmt.Errorf("memory_limit_mib: %d; give the MiB, or 0 for no limit (the default is %d)", c.MemoryLimitMiB, defaultMemoryLimitMiB))
	}
	if c.Database.Path == "" {
		errs = append(errs, errors.New("database.path: empty; give the database file"))
	}
	if c.Web.Listen != "" {
		if _, _, err := net.SplitHostPort(c.Web.Listen); err != nil {
			errs = append(errs, fmt.Errorf("web.listen: %q is not host:port (e.g. \"127.0.0.1:8080\")", c.Web.Listen))
		}
	}
	if c.Web.ReadTimeout <= 0 || c.Web.WriteTimeout <= 0 || c.Web.IdleTimeout <= 0 {
		errs = append(errs, errors.New("web.read_timeout, web.write_timeout and web.idle_timeout must be positive (e.g. \"30s\")"))
	}
	if c.Web.MaxConnections < 1 {
		errs = append(errs, fmt.Errorf("web.max_connections: %d; give at least 1", c.Web.MaxConnections))
	}
	return errors.Join(errs...)
}

// secret returns the password, reading it from file when one is named
// (trailing line ends removed).
func secret(password, file, key string) (string, error) {
	if file == "" {
		return password, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("%s_file: %w", key, err)
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}

// trust is the TLS configuration for the server of a section whose
// ca_file is file: nil (the system's roots) when file is empty, else the
// certificates of the PEM file in their place, so that a server with a
// certificate of its own (self-signed, or of the federation's authority)
// is checked against it, not taken on trust.
func trust(file, section string) (*tls.Config, error) {
	if file == "" {
		return nil, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%s.ca_file: %w", section, err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b) {
		return nil, fmt.Errorf("%s.ca_file: %s holds no PEM certificate", section, file)
	}
	return &tls.Config{RootCAs: pool}, nil
}

// account is how the reader reaches the IMAP server and logs into the
// tournament mailbox: its address, security, trusted certificates
// (trust) and login, alike for serve's reader and rebuild's.
func (c IMAPConfig) account() (mailbox.ReaderOptions, error) {
	pass, err := secret(c.Password, c.PasswordFile, "imap.password")
	if err != nil {
		return mailbox.ReaderOptions{}, err
	}
	roots, err := trust(c.CAFile, "imap")
	if err != nil {
		return mailbox.ReaderOptions{}, err
	}
	return mailbox.ReaderOptions{Addr: hostPort(c.Host, c.Port), Security: mailbox.Security(c.Security),
		TLSConfig: roots, Username: c.User, Password: pass}, nil
}

// account is how the sender reaches the SMTP server and logs in, as
// IMAPConfig.account.
func (c SMTPConfig) account() (mailbox.SenderOptions, error) {
	pass, err := secret(c.Password, c.PasswordFile, "smtp.password")
	if err != nil {
		return mailbox.SenderOptions{}, err
	}
	roots, err := trust(c.CAFile, "smtp")
	if err != nil {
		return mailbox.SenderOptions{}, err
	}
	return mailbox.SenderOptions{Addr: hostPort(c.Host, c.Port), Security: mailbox.Security(c.Security),
		TLSConfig: roots, Username: c.User, Password: pass, LocalName: c.LocalName}, nil
}

// keyLine finds the line where key is written: its table's header, then the
// key's own line within it; 0 when not found.
func keyLine(src []byte, key toml.Key) int {
	table, last := "", key[len(key)-1]
	if len(key) > 1 {
		table = strings.Join(key[:len(key)-1], ".")
	}
	cur := ""
	for i, line := range strings.Split(string(src), "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "[") {
			cur = strings.Trim(strings.SplitN(l, "#", 2)[0], "[] \t")
			if cur == strings.Join(key, ".") {
				return i + 1
			}
			continue
		}
		if cur == table {
			if k, _, ok := strings.Cut(l, "="); ok && strings.Trim(strings.TrimSpace(k), `"'`) == last {
				return i + 1
			}
		}
	}
	return 0
}

// security is tls, starttls or plain.
type security string

func (s *security) UnmarshalText(b []byte) error {
	switch v := mailbox.Security(b); v {
	case mailbox.SecurityTLS, mailbox.SecurityStartTLS, mailbox.SecurityPlain:
		*s = security(v)
		return nil
	}
	return fmt.Errorf("%q: use tls, starttls or plain", b)
}

// port is a TCP port number.
type port int

func (p *port) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	if err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("%q is not a port number (1-65535)", b)
	}
	*p = port(n)
	return nil
}

// duration is a positive Go duration ("90s", "5m", "1h30m").
type duration time.Duration

func (d *duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil || v <= 0 {
		return fmt.Errorf("%q is not a positive duration; write e.g. \"90s\", \"5m\" or \"1h\"", b)
	}
	*d = duration(v)
	return nil
}

// MarshalText writes d as it is read ("1m30s").
func (d duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// zoneName is an IANA time zone name.
type zoneName string

func (z *zoneName) UnmarshalText(b []byte) error {
	if _, err := time.LoadLocation(string(b)); err != nil || len(b) == 0 {
		return fmt.Errorf("%q is not a time zone; write an IANA name such as \"Europe/Moscow\"", b)
	}
	*z = zoneName(b)
	return nil
}

// location is the zone (loaded when the file was read, so it exists).
func (z zoneName) location() *time.Location {
	loc, err := time.LoadLocation(string(z))
	if err != nil {
		return time.UTC
	}
	return loc
}

// cronParser reads the 5-field specs and descriptors the config takes.
var cronParser = cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// cronSpec is a schedule; empty means never.
type cronSpec string

func (c *cronSpec) UnmarshalText(b []byte) error {
	if len(b) > 0 {
		if _, err := cronParser.Parse(string(b)); err != nil {
			return fmt.Errorf("%q is not a schedule (%v); write 5 fields \"minute hour day month weekday\", e.g. \"5 0 * * *\", or @daily, @every 1h", b, err)
		}
	}
	*c = cronSpec(b)
	return nil
}

// logLevel is debug, info, warn or error.
type logLevel string

func (l *logLevel) UnmarshalText(b []byte) error {
	var v slog.Level
	if err := v.UnmarshalText(b); err != nil {
		return fmt.Errorf("%q: use debug, info, warn or error", b)
	}
	*l = logLevel(b)
	return nil
}

func (l logLevel) level() slog.Level {
	var v slog.Level
	_ = v.UnmarshalText([]byte(l))
	return v
}

// logFormat is text or json.
type logFormat string

func (f *logFormat) UnmarshalText(b []byte) error {
	if s := string(b); s != "text" && s != "json" {
		return fmt.Errorf("%q: use text or json", b)
	}
	*f = logFormat(b)
	return nil
}
