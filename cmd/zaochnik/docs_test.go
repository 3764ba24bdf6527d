package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// configKeys are the daemon config's keys, "key" at the top level and
// "section.key" in a table, from Config's toml tags.
func configKeys() map[string]bool {
	keys := map[string]bool{}
	ct := reflect.TypeOf(Config{})
	for i := range ct.NumField() {
		f := ct.Field(i)
		name := f.Tag.Get("toml")
		if f.Type.Kind() != reflect.Struct {
			keys[name] = true
			continue
		}
		keys[name] = true
		for j := range f.Type.NumField() {
			keys[name+"."+f.Type.Field(j).Tag.Get("toml")] = true
		}
	}
	keys["web.accounts.name"], keys["web.accounts.role"], keys["web.accounts.password_hash"] = true, true, true
	return keys
}

var (
	commandRE = regexp.MustCompile(`(?m)(?:^|\s)zaochnik ([a-z]+)\b`)
	inlineRE  = regexp.MustCompile("`[^`\n]+`")
	sectionRE = regexp.MustCompile(`^\[\[?([a-z_.]+)\]\]?`)
	keyRE     = regexp.MustCompile(`^([a-z_]+)\s*=`)
	dottedRE  = regexp.MustCompile("`\\[(imap|smtp|database|web|schedule|log)\\] ([a-z_]+)")
)

// daemonSections are the tables of the daemon's config: a toml block with
// one of them is a config snippet (others are tournament or rulings files).
var daemonSections = map[string]bool{"imap": true, "smtp": true, "database": true, "web": true, "web.accounts": true, "schedule": true, "log": true}

// TestDocs_CommandsAndConfigKeysExist: every page a reader is sent to
// (README.md and docs/) names only subcommands the binary has and config
// keys the daemon reads, so the documentation cannot drift from the code.
func TestDocs_CommandsAndConfigKeysExist(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	require.NoError(t, err)
	pages = append(pages, filepath.Join("..", "..", "README.md"))
	require.Greater(t, len(pages), 8, "the readers' pages")
	keys := configKeys()
	registerCommands()
	for _, p := range pages {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		text := string(b)
		blocks := strings.Split(text, "```")
		var code []string // what a reader would type: fenced blocks and inline code
		for i, blk := range blocks {
			if i%2 == 1 {
				code = append(code, blk)
				continue
			}
			for _, span := range inlineRE.FindAllString(blk, -1) {
				code = append(code, strings.Trim(span, "`"))
			}
		}
		for _, m := range commandRE.FindAllStringSubmatch(strings.Join(code, "\n"), -1) {
			_, ok := commands[m[1]]
			assert.True(t, ok, "%s names `zaochnik %s`, which is no subcommand", filepath.Base(p), m[1])
		}
		for _, m := range dottedRE.FindAllStringSubmatch(text, -1) {
			assert.True(t, keys[m[1]+"."+m[2]], "%s names the config key %s.%s, which the daemon does not read", filepath.Base(p), m[1], m[2])
		}
		for i := 1; i < len(blocks); i += 2 {
			if !strings.HasPrefix(blocks[i], "toml") {
				continue
			}
			checkConfigBlock(t, filepath.Base(p), blocks[i], keys)
		}
	}
}

// checkConfigBlock checks the keys of a toml block that is a daemon config
// snippet.
func checkConfigBlock(t *testing.T, page, block string, keys map[string]bool) {
	lines := strings.Split(block, "\n")[1:]
	isConfig := false
	for _, l := range lines {
		if m := sectionRE.FindStringSubmatch(strings.TrimSpace(l)); m != nil && daemonSections[m[1]] {
			isConfig = true
		}
		if m := keyRE.FindStringSubmatch(strings.TrimSpace(l)); m != nil && (m[1] == "authserv_id" || m[1] == "hold_days") {
			isConfig = true
		}
	}
	if !isConfig {
		return
	}
	section := ""
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if m := sectionRE.FindStringSubmatch(l); m != nil {
			section = m[1]
			continue
		}
		m := keyRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		key := m[1]
		if section != "" {
			key = section + "." + key
		}
		assert.True(t, keys[key], "%s: the config snippet names %s, which the daemon does not read", page, key)
	}
}
