package app

import (
	"fmt"

	"racedirector/app/plural"
)

// Directors for years at the command line: reset, disable, enable, rename and remove (the
// administrators' page and API do the same).

// reset makes a reset link for a director: their password and sessions end at once.
func (a adminRun) reset() error {
	d, err := a.st.DirectorNamed(a.o.args[0])
	if err != nil {
		return err
	}
	inv, err := a.lock.NewInvitation()
	if err != nil {
		return err
	}
	had, err := a.st.Invite(d.ID, inv.Hash, inv.ExpiresAt)
	if err != nil {
		return err
	}
	if had {
		fmt.Fprintf(a.out, "%s's password no longer works and their devices signed in are signed out.\n", d.Name)
	}
	fmt.Fprintf(a.out, "Reset link for %s (works once, until %s):\n  %s\n", d.Name, inv.ExpiresAt.UTC().Format("2 Jan 2006 15:04 MST"), a.link(inv.Token))
	fmt.Fprintf(a.out, "Give it to %s only: whoever opens it chooses %s's new password. (Its code alone: %s)\n", d.Name, d.Name, inv.Token)
	return nil
}

// setDisabled disables (or enables) a director's account.
func (a adminRun) setDisabled(disable bool) error {
	d, err := a.st.DirectorNamed(a.o.args[0])
	if err != nil {
		return err
	}
	now := a.lock.Now()
	if !disable {
		line, err := a.st.EnableDirector(d.ID, now)
		if err != nil {
			return err
		}
		if !line.Active {
			fmt.Fprintf(a.out, "%s's account is enabled; it has no password: give %s a new invitation with: racedirector admin invite %q\n", d.Name, d.Name, d.Name)
			return nil
		}
		fmt.Fprintf(a.out, "%s's account is enabled: %s signs in again.\n", d.Name, d.Name)
		return nil
	}
	line, err := a.st.DisableDirector(d.ID, 0, now)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.out, "%s's account is disabled: their devices are signed out and they no longer sign in. Their %s and %s stay, still followed; enable them again with: racedirector admin enable %q\n",
		d.Name, plural.Of(line.Tours, "tour", "tours"), plural.Of(line.Teams, "team", "teams"), d.Name)
	return nil
}

// rename gives a director's account a new name.
func (a adminRun) rename() error {
	d, err := a.st.DirectorNamed(a.o.args[0])
	if err != nil {
		return err
	}
	line, err := a.st.RenameDirector(d.ID, a.o.args[1], a.lock.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(a.out, "%s is now called %q and signs in with that name.\n", d.Name, line.Name)
	return nil
}

// remove removes a director's account, giving their tours and teams to the heir.
func (a adminRun) remove() error {
	d, err := a.st.DirectorNamed(a.o.args[0])
	if err != nil {
		return err
	}
	heir, err := a.st.DirectorNamed(a.o.heir)
	if err != nil {
		return fmt.Errorf("-heir: %w", err)
	}
	got, err := a.st.RemoveDirector(d.ID, heir.ID, 0, a.lock.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(a.out, "%s's account is removed; %s received %s and %s (their follow codes unchanged).\n", d.Name, got.Heir.Name, plural.Of(got.Tours, "tour", "tours"), plural.Of(got.Teams, "team", "teams"))
	for _, r := range got.Renamed {
		fmt.Fprintf(a.out, "  team renamed, %s had one of that name: %s\n", got.Heir.Name, r)
	}
	return nil
}
