package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"zaochnik/web"
)

const passwdUsage = `Usage: zaochnik passwd [--name NAME --role secretary|judge] [--cost N] < password

Reads a password from the first line of standard input (never from the
command line, which other users and the shell history can see) and prints
its bcrypt hash for the web desk's accounts. With --name and --role it
prints the whole account as a TOML block to paste into the config:

  [[web.accounts]]
  name = "anna"
  role = "secretary"
  password_hash = "$2a$10$..."

Example: printf '%s\n' 'secret words' | zaochnik passwd --name anna --role secretary
Exit status: 0 printed, 1 empty password, 2 bad usage.`

// runPasswd is "zaochnik passwd": a bcrypt hash for a desk account.
func runPasswd(e *env, args []string) int {
	fs := flag.NewFlagSet("passwd", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() { _, _ = io.WriteString(e.stderr, passwdUsage+"\n"); fs.PrintDefaults() }
	name := fs.String("name", "", "the account's login `name`")
	role := fs.String("role", "", "the account's `role`: secretary or judge")
	cost := fs.Int("cost", 0, "the bcrypt `cost` (4-31; default 10)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "zaochnik passwd: unexpected %q: the password is read from standard input; see zaochnik passwd --help\n", fs.Arg(0))
		return 2
	}
	if (*name == "") != (*role == "") {
		fmt.Fprintln(e.stderr, "zaochnik passwd: give both --name and --role, or neither")
		return 2
	}
	if *role != "" && *role != string(web.RoleSecretary) && *role != string(web.RoleJudge) {
		fmt.Fprintf(e.stderr, "zaochnik passwd: --role %q: write secretary or judge\n", *role)
		return 2
	}
	if e.stdin == nil {
		fmt.Fprintln(e.stderr, "zaochnik passwd: no standard input to read the password from")
		return 2
	}
	line, err := bufio.NewReader(e.stdin).ReadString('\n')
	password := strings.TrimRight(line, "\r\n")
	if password == "" {
		if err != nil && line == "" {
			fmt.Fprintln(e.stderr, "zaochnik passwd: standard input is empty; write the password on its first line")
		} else {
			fmt.Fprintln(e.stderr, "zaochnik passwd: the password is empty; write it on the first line of standard input")
		}
		return 1
	}
	hash, err := web.HashPassword(password, *cost)
	if err != nil {
		fmt.Fprintf(e.stderr, "zaochnik passwd: %v\n", err)
		return 2
	}
	if *name == "" {
		fmt.Fprintln(e.stdout, hash)
		return 0
	}
	fmt.Fprintf(e.stdout, "[[web.accounts]]\nname = %q\nrole = %q\npassword_hash = %q\n", *name, *role, hash)
	return 0
}
