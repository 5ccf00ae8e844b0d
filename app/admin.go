package app

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"racedirector/app/auth"
	"racedirector/app/plural"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// adminUsage is the help of `racedirector admin`.
const adminUsage = `Usage: racedirector admin COMMAND [options]

Directors' accounts, for a database shared by several directors (a club, a league). As soon as the
database has an account, every director signs in with their name and password and sees only their
own tours and teams; the director's PIN no longer signs in.

Commands:
  create-director NAME   create a director's account and print a one-time invitation link (the
                         director opens it to choose a password); the first account of a database is
                         an administrator and owns every tour and team already in it
  invite NAME            a new invitation link for a director (a lost link); the earlier one stops
                         working; for a director who has a password it is a reset, as below
  reset NAME             a reset link for a director (a forgotten or stolen password): their
                         password and every device signed in end at once, the link chooses a new one
  disable NAME           disable a director's account: their devices are signed out at once and
                         they no longer sign in; their tours and teams stay, still followed
  enable NAME            enable a disabled account again
  rename NAME NEW-NAME   rename a director's account (they sign in with the new name)
  remove NAME -heir HEIR remove a director's account: their tours and teams go to the director
                         HEIR (follow codes unchanged); the last administrator stays
  list                   list the directors' accounts

Options (before or after NAME):
  -db PATH               the database (env RACEDIRECTOR_DB; default racedirector.db)
  -admin                 create-director: an administrator (sees every director's tours and teams,
                         invites directors)
  -official              create-director: an official (sees every tour of the league, changes nothing)
  -password-stdin        create-director, invite: set the password read from the first line of
                         standard input instead of printing an invitation
  -heir NAME             remove: the director who receives the tours and teams
  -url URL               the address the directors open Race Director at, for the link (env
                         RACEDIRECTOR_URL; default the app's public URL, RACEDIRECTOR_PUBLIC_URL, else
                         http:// and RACEDIRECTOR_ADDR or 127.0.0.1:8080)
`

// adminOptions are the options of an admin command.
type adminOptions struct {
	db, url      string
	admin, stdin bool
	// official makes create-director's account an official's.
	official bool
	// heir is remove's heir (a director's name).
	heir string
	// args are the command's arguments (the director's name).
	args []string
}

// Admin runs `racedirector admin COMMAND …` with args (after "admin") and returns the exit code:
// 0 done, 1 refused or failed (the reason on stderr), 2 a command line that cannot be read. Of the
// options only WithHashCost counts (the passwords it hashes).
func Admin(args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer, opts ...Option) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprint(stdout, adminUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd := args[0]
	o, err := parseAdmin(cmd, args[1:], getenv, stderr)
	if err != nil {
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	st, defaults, err := openStore(o.db, logger)
	if err != nil {
		fmt.Fprintln(stderr, "racedirector admin:", err)
		return 1
	}
	defer st.Close()
	var with options
	for _, opt := range opts {
		opt(&with)
	}
	lock, err := auth.New("", auth.Options{HashCost: with.hashCost})
	if err != nil {
		fmt.Fprintln(stderr, "racedirector admin:", err)
		return 1
	}
	a := adminRun{st: st.For(store.WithAuthor(context.Background(), store.Author{Kind: store.ByCommandLine})), lock: lock, defaults: defaults, o: o, stdin: stdin, out: stdout}
	switch cmd {
	case "create-director":
		err = a.createDirector()
	case "invite":
		err = a.invite()
	case "list":
		err = a.list()
	case "reset":
		err = a.reset()
	case "disable", "enable":
		err = a.setDisabled(cmd == "disable")
	case "rename":
		err = a.rename()
	case "remove":
		err = a.remove()
	}
	if err != nil {
		fmt.Fprintln(stderr, "racedirector admin "+cmd+":", inWords(err))
		return 1
	}
	return 0
}

// parseAdmin reads an admin command's options, which may come before or after its name argument.
func parseAdmin(cmd string, args []string, getenv func(string) string, stderr io.Writer) (adminOptions, error) {
	o := adminOptions{db: "racedirector.db"}
	if v := getenv("RACEDIRECTOR_DB"); v != "" {
		o.db = v
	}
	o.url = getenv("RACEDIRECTOR_URL")
	fs := flag.NewFlagSet("racedirector admin "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, adminUsage) }
	fs.StringVar(&o.db, "db", o.db, "the database")
	fs.StringVar(&o.url, "url", o.url, "the address the directors open Race Director at")
	fs.BoolVar(&o.admin, "admin", false, "an administrator")
	fs.BoolVar(&o.official, "official", false, "an official")
	fs.BoolVar(&o.stdin, "password-stdin", false, "the password on standard input")
	fs.StringVar(&o.heir, "heir", "", "the director who receives the tours and teams")
	for {
		if err := fs.Parse(args); err != nil {
			return o, err
		}
		if fs.NArg() == 0 {
			break
		}
		o.args = append(o.args, fs.Arg(0))
		args = fs.Args()[1:]
	}
	want := map[string]int{"create-director": 1, "invite": 1, "list": 0, "reset": 1, "disable": 1, "enable": 1, "remove": 1, "rename": 2}
	n, known := want[cmd]
	var err error
	switch {
	case !known:
		err = fmt.Errorf("unknown command %q (create-director, invite, reset, disable, enable, rename, remove, list)", cmd)
	case len(o.args) != n && n == 2:
		err = fmt.Errorf("%s takes the director's name and the new name, two arguments (quote a name with spaces)", cmd)
	case len(o.args) != n && n == 1:
		err = fmt.Errorf("%s takes the director's name, one argument (quote a name with spaces)", cmd)
	case len(o.args) != n:
		err = fmt.Errorf("%s takes no argument", cmd)
	case o.admin && cmd != "create-director":
		err = errors.New("-admin is for create-director")
	case o.official && (cmd != "create-director" || o.admin):
		err = errors.New("-official is for create-director, without -admin")
	case o.stdin && cmd != "create-director" && cmd != "invite":
		err = errors.New("-password-stdin is for create-director and invite")
	case o.heir != "" && cmd != "remove":
		err = errors.New("-heir is for remove")
	case o.heir == "" && cmd == "remove":
		err = errors.New("remove takes the heir: -heir NAME, the director who receives the tours and teams")
	}
	if err != nil {
		fmt.Fprintln(stderr, "racedirector admin:", err)
		return o, err
	}
	if o.url == "" {
		o.url = getenv("RACEDIRECTOR_PUBLIC_URL")
	}
	if o.url == "" {
		o.url = "http://" + linkHost(getenv("RACEDIRECTOR_ADDR"))
	}
	return o, nil
}

// linkHost is the host:port of the invitation links when no -url is given: the listen address,
// with a host the directors can open (localhost for a bare port or every address).
func linkHost(addr string) string {
	if addr == "" {
		return "127.0.0.1:8080"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// adminRun is one admin command at work.
type adminRun struct {
	st       *store.Store
	lock     *auth.Lock
	defaults []store.TeamInput
	o        adminOptions
	stdin    io.Reader
	out      io.Writer
}

// password reads the password from the first line of standard input and checks it for name.
func (a adminRun) password(name string) (string, error) {
	line, err := bufio.NewReader(io.LimitReader(a.stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the password from standard input: %w", err)
	}
	password := strings.TrimRight(line, "\r\n")
	if password == "" {
		return "", errors.New("-password-stdin: standard input has no password (its first line is empty)")
	}
	if err := auth.CheckPassword(password, name); err != nil {
		return "", fmt.Errorf("-password-stdin: %w", err)
	}
	return a.lock.HashPassword(password)
}

// createDirector creates the account and prints its invitation (or sets its password).
func (a adminRun) createDirector() error {
	name, err := store.CheckDirectorName(a.o.args[0])
	if err != nil {
		return err
	}
	in := store.NewDirector{Name: name, Admin: a.o.admin, Official: a.o.official, Teams: a.defaults}
	var inv auth.Invitation
	if a.o.stdin {
		if in.PasswordHash, err = a.password(name); err != nil {
			return err
		}
	} else {
		if inv, err = a.lock.NewInvitation(); err != nil {
			return err
		}
		in.InvitationHash, in.InvitationExpires = inv.Hash, inv.ExpiresAt
	}
	existed, err := a.st.AnyDirector()
	if err != nil {
		return err
	}
	d, err := a.st.CreateDirector(in)
	if err != nil {
		return err
	}
	switch {
	case !existed:
		fmt.Fprintf(a.out, "Director %q created: the first account of this database, an administrator, owner of every tour and team already in it. From now on directors sign in with their name and password; the PIN no longer signs in.\n", d.Name)
	case d.Admin:
		fmt.Fprintf(a.out, "Director %q created, an administrator, with a copy of the default teams.\n", d.Name)
	case d.Official:
		fmt.Fprintf(a.out, "Official %q created: sees every tour of the league, changes nothing.\n", d.Name)
	default:
		fmt.Fprintf(a.out, "Director %q created, with a copy of the default teams.\n", d.Name)
	}
	if a.o.stdin {
		fmt.Fprintf(a.out, "%s signs in with the password given.\n", d.Name)
		return nil
	}
	a.printInvitation(d.Name, inv)
	return nil
}

// invite makes a new invitation for an existing director (or sets their password).
func (a adminRun) invite() error {
	d, err := a.st.DirectorNamed(a.o.args[0])
	if err != nil {
		return err
	}
	if a.o.stdin {
		hash, err := a.password(d.Name)
		if err != nil {
			return err
		}
		if err := a.st.SetPassword(d.ID, hash); err != nil {
			return err
		}
		fmt.Fprintf(a.out, "%s's password is set; their devices signed in are signed out.\n", d.Name)
		return nil
	}
	inv, err := a.lock.NewInvitation()
	if err != nil {
		return err
	}
	reset, err := a.st.Invite(d.ID, inv.Hash, inv.ExpiresAt)
	if err != nil {
		return err
	}
	if reset {
		fmt.Fprintf(a.out, "%s's password no longer works and their devices signed in are signed out.\n", d.Name)
	}
	a.printInvitation(d.Name, inv)
	return nil
}

// printInvitation prints an invitation's link and code.
func (a adminRun) printInvitation(name string, inv auth.Invitation) {
	fmt.Fprintf(a.out, "Invitation link for %s (works once, until %s):\n  %s\n", name, inv.ExpiresAt.UTC().Format("2 Jan 2006 15:04 MST"), a.link(inv.Token))
	fmt.Fprintf(a.out, "Give it to %s only: whoever opens it chooses %s's password. (Its code alone: %s)\n", name, name, inv.Token)
}

// link is an invitation's link on the address the directors open.
func (a adminRun) link(token string) string { return base.InvitationURL(a.o.url, token) }

// list prints the directors' accounts.
func (a adminRun) list() error {
	list, err := a.st.Directors(time.Now())
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(a.out, "No director's account: the table is open, or guarded by the director's PIN. Create the first with: racedirector admin create-director NAME")
		return nil
	}
	width := 0
	for _, d := range list {
		width = max(width, len([]rune(d.Name)))
	}
	for _, d := range list {
		role := d.Role
		state := "signs in"
		switch {
		case d.Disabled:
			state = "disabled since " + d.DisabledAt.Format(time.DateTime+" MST")
		case !d.Active && d.InvitationReset:
			state = "password reset, no new one yet"
		case !d.Active:
			state = "invited, no password yet"
		}
		switch {
		case d.InvitationExpired:
			state += ", invitation expired " + d.InvitationExpiresAt.Format(time.DateTime+" MST")
		case d.InvitationExpiresAt != nil:
			state += ", invitation until " + d.InvitationExpiresAt.Format(time.DateTime+" MST")
		}
		fmt.Fprintf(a.out, "%-*s  %-13s  %s  (%s, %s)\n", width, d.Name, role, state, plural.Of(d.Tours, "tour", "tours"), plural.Of(d.Teams, "team", "teams"))
	}
	return nil
}

// inWords is an error as the command line says it: a refused field in a sentence.
func inWords(err error) string {
	var ve *refuse.ValidationError
	if errors.As(err, &ve) {
		for f, m := range ve.Fields {
			if f == "name" {
				return "the name " + m
			}
			return f + " " + m
		}
	}
	var nf *store.NotFoundError
	if errors.As(err, &nf) {
		return "no " + nf.Error() + " (racedirector admin list shows the directors)"
	}
	return err.Error()
}
