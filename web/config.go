package web

// Config is the desk's part of the daemon's configuration file: the keys
// beside listen in [web], read with BurntSushi/toml.
//
//	[web]
//	key_file = "/etc/zaochnik/desk.key"   # head -c 48 /dev/urandom | base64 > desk.key
//	public_crosstable = false
//	secure_cookies = false                # true behind a TLS proxy
//	[web.rulings]                         # cipher = rulings file (standings --rulings)
//	"ЧР-2026-ЗФ" = "/etc/zaochnik/rulings.toml"
//	[[web.accounts]]                      # zaochnik passwd --name anna --role secretary
//	name = "anna"
//	role = "secretary"
//	password_hash = "$2a$10$..."
type Config struct {
	Accounts []Account `toml:"accounts"`
	// KeyFile holds the secret that signs the sessions and the CSRF
	// tokens: at least 32 bytes, kept across restarts.
	KeyFile          string `toml:"key_file"`
	PublicCrosstable bool   `toml:"public_crosstable"`
	SecureCookies    bool   `toml:"secure_cookies"`
	// Rulings maps a tournament's cipher to its rulings file.
	Rulings map[string]string `toml:"rulings"`
}
