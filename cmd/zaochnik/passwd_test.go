package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

func passwdRun(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(&env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, append([]string{"passwd"}, args...))
	return code, out.String(), errb.String()
}

func TestPasswdCommand(t *testing.T) {
	cases := []struct {
		name, stdin string
		args        []string
		code        int
		stderr      string
	}{
		{"hash", "верный пароль\n", []string{"--cost", "4"}, 0, ""},
		{"account block", "верный пароль\r\nignored\n", []string{"--cost", "4", "--name", "anna", "--role", "secretary"}, 0, ""},
		{"no newline", "верный пароль", []string{"--cost", "4"}, 0, ""},
		{"empty input", "", nil, 1, "standard input is empty"},
		{"empty line", "\nsecond\n", nil, 1, "the password is empty"},
		{"password as argument", "x\n", []string{"secret"}, 2, "read from standard input"},
		{"name without role", "x\n", []string{"--name", "anna"}, 2, "both --name and --role"},
		{"bad role", "x\n", []string{"--name", "anna", "--role", "admin"}, 2, `--role "admin"`},
		{"bad cost", "x\n", []string{"--cost", "99"}, 2, "cost 99"},
		{"help", "", []string{"--help"}, 0, "Usage: zaochnik passwd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := passwdRun(c.stdin, c.args...)
			require.Equal(t, c.code, code, stderr)
			assert.Contains(t, stderr, c.stderr)
			if c.code != 0 || c.name == "help" {
				return
			}
			hash := strings.TrimSpace(out)
			if strings.HasPrefix(out, "[[web.accounts]]") {
				var cfg struct {
					Web struct {
						Accounts []struct{ Name, Role, Password_hash string }
					}
				}
				_, err := toml.Decode(out, &cfg)
				require.NoError(t, err, out)
				require.Len(t, cfg.Web.Accounts, 1)
				assert.Equal(t, "anna", cfg.Web.Accounts[0].Name)
				assert.Equal(t, "secretary", cfg.Web.Accounts[0].Role)
				hash = cfg.Web.Accounts[0].Password_hash
			}
			assert.NoError(t, bcrypt.CompareHashAndPassword([]byte(hash), []byte("верный пароль")))
		})
	}
}
