package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestDirectorsForYearsOnTheirPages walks the accounts' pages on a tablet and on a phone, each on a
// database of its own: Anna, the administrator, disables Bruno and enables him again on the
// directors' page, renames him, removes Carla after choosing her heir on the confirmation, opens her
// own account from her name in the menu, sees this device marked, and has a wrong password now
// refused beside its field. Every page passes the health audit on both screens.
func TestDirectorsForYearsOnTheirPages(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	for _, vp := range []viewport{tablet, phone} {
		t.Run(vp.name, func(t *testing.T) {
			t.Parallel()
			srv, _ := startAccountsServer(t)
			tb := b.newTab(t, srv)
			tb.setViewport(vp)
			tb.visit("/sign-in?next=%2Fdirectors")
			tb.fill("#name", "Anna")
			tb.fill("#password", annaPW)
			tb.navigates("signing in as Anna", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
			tb.wantPath(`^/directors$`)
			ids := eval[[]string](tb, `[...document.querySelectorAll(".director")].map((li) => li.id + "|" + li.querySelector("h2").textContent)`)
			byName := map[string]string{}
			for _, s := range ids {
				id, text, _ := strings.Cut(s, "|")
				byName[strings.Fields(text)[0]] = "#" + id
			}
			bruno := byName["Bruno"]
			if bruno == "" || byName["Carla"] == "" {
				tb.fatalf("the directors' page lists %v, want Bruno and Carla", ids)
			}
			tb.checkViewports("Directors")
			tb.setViewport(vp)

			tb.navigates("disabling Bruno", chromedp.Click(chromedp.CSS(bruno+` form[action$="/disable"] button`)))
			tb.wantText(".flash", "Bruno's account is disabled")
			if tb.count(bruno+" .badge.off") != 1 || tb.count(bruno+` form[action$="/enable"]`) != 1 {
				tb.errorf("Bruno is not shown disabled, with Enable")
			}
			tb.checkViewports("Directors")
			tb.setViewport(vp)
			tb.navigates("enabling Bruno", chromedp.Click(chromedp.CSS(bruno+` form[action$="/enable"] button`)))
			tb.wantText(".flash", "Bruno's account is enabled")

			tb.run("opening Bruno's rename form", chromedp.Click(chromedp.CSS(bruno+` .director-rename summary`)))
			tb.fill(bruno+` .director-rename input[name=name]`, "Bruno Rossi")
			tb.navigates("renaming Bruno", chromedp.Click(chromedp.CSS(bruno+` .director-rename button[type=submit]`)))
			tb.wantText(".flash", "Bruno is now called Bruno Rossi")

			tb.navigates("asking to remove Carla", chromedp.Click(chromedp.CSS(byName["Carla"]+` a[href$="/remove"]`)))
			tb.wantPath(`^/directors/[0-9]+/remove$`)
			tb.wantText("main h1", "Remove Carla")
			tb.checkViewports("Remove Carla")
			tb.setViewport(vp)
			tb.choose("#heir", strings.TrimPrefix(bruno, "#director-"))
			tb.navigates("removing Carla", chromedp.Click(chromedp.CSS(`main button.danger`)))
			tb.wantPath(`^/directors$`)
			tb.wantText(".flash", "Carla's account is removed; Bruno Rossi received 1 tour and 6 teams")

			tb.navigates("opening her own account", chromedp.Click(chromedp.CSS(`.top a.who-name`)))
			tb.wantPath(`^/account$`)
			if tb.count(".session.this") != 1 || !strings.Contains(tb.text(".session.this"), "this device") {
				tb.errorf("Anna's account page does not mark this device")
			}
			tb.checkViewports("Your account")
			tb.setViewport(vp)
			tb.fill("#current", "not-her-password")
			tb.fill("#password", "anna-again-2028")
			tb.fill("#confirm", "anna-again-2028")
			tb.expectRefusal(http.StatusUnprocessableEntity)
			tb.navigates("changing the password with a wrong one now", chromedp.Click(chromedp.CSS(`.own-password button[type=submit]`)))
			tb.wantText("#err-current", "Is not your password")
			tb.checkViewports("Your account")
		})
	}
}
