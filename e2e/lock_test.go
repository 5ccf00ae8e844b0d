package e2e

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"racedirector/app"
)

// lockPIN is the director's PIN of the locked browser tests.
const lockPIN = "4817"

// startLockedServer prepares a database on an open app (prepare calls its API), then serves it
// again with the director's PIN, as a table served to the room would be.
func startLockedServer(t *testing.T, prepare func(srv *server)) *server {
	t.Helper()
	path := serverTemplate.DSN(t, "racedirector.db")
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	open, err := app.New(path, logger, withEmbedded(t))
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	ts := httptest.NewServer(open.Echo)
	jar, _ := cookiejar.New(nil)
	prepare(&server{App: open, URL: ts.URL, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}})
	ts.Close()
	if err := open.Close(); err != nil {
		t.Fatal(err)
	}
	a, err := app.New(path, logger, withEmbedded(t), app.WithPIN(lockPIN))
	if err != nil {
		t.Fatalf("app.New with a PIN: %v", err)
	}
	ts = httptest.NewServer(a.Echo)
	t.Cleanup(func() {
		ts.Close()
		_ = a.Close()
	})
	return &server{App: a, URL: ts.URL, client: &http.Client{Timeout: 30 * time.Second}}
}

// TestDirectorSignsInAndOut serves a tour with a PIN and walks it on a tablet and on a phone: the
// stage screen sends a follower to the sign-in page, a wrong PIN is refused beside the field,
// the right one returns to the stage screen with "Sign out" in the menu, and signing out (to the
// tours: the stage screen is the director's) leaves a follower again, whose readable pages stay open and offer to sign in. Every page passes the
// health audit on both screens.
func TestDirectorSignsInAndOut(t *testing.T) {
	t.Parallel()
	var tourID string
	srv := startLockedServer(t, func(open *server) {
		tourID = createTour(t, open, "cycling-party", "Tour of the Lock", 5, cpStages(), defaultTeams(t, open, 2), false)
	})
	stage := "/tours/" + tourID + "/stages/1"
	b := newBrowser(t)
	for _, vp := range []viewport{tablet, phone} {
		t.Run(vp.name, func(t *testing.T) {
			t.Parallel()
			tb := b.newTab(t, srv)
			tb.setViewport(vp)

			tb.visit(stage)
			tb.wantPath(`^/sign-in\?next=` + regexp.QuoteMeta("%2Ftours%2F"+tourID+"%2Fstages%2F1") + `$`)
			tb.checkViewports("Director sign-in")
			tb.setViewport(vp)
			if n := tb.count(".sign-out"); n != 0 {
				tb.errorf("the sign-in page offers to sign out")
			}

			tb.fill("#pin", "0000")
			tb.expectRefusal(http.StatusUnauthorized)
			tb.navigates("signing in with a wrong PIN", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
			tb.wantPath(`^/sign-in$`)
			tb.wantText("#err-pin", "This is not the director's PIN.")
			tb.check("Director sign-in")

			tb.fill("#pin", lockPIN)
			tb.navigates("signing in with the PIN", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
			tb.wantPath("^" + regexp.QuoteMeta(stage) + "$")
			tb.wantText(".flash", "Signed in as the director")
			tb.check("Stage 1")
			if tb.count("form.who .sign-out") != 1 || tb.count("a.sign-in") != 0 {
				tb.errorf("the director's stage screen has no Sign out button in the menu")
			}
			tb.checkViewports("Stage 1")
			tb.setViewport(vp)

			// Signed out from the stage screen, which only the director opens: to the tours.
			tb.navigates("signing out", chromedp.Click(chromedp.CSS(`form.who .sign-out`)))
			tb.wantPath(`^/tours$`)
			tb.wantText(".flash", "Signed out")
			tb.check("Tours")
			if tb.count("a.sign-in") != 1 || tb.count(".sign-out") != 0 {
				tb.errorf("after signing out the menu does not offer to sign in")
			}

			tb.visit("/tours/" + tourID + "/classifications")
			tb.check("Classifications")
			if tb.count(`a[href="`+stage+`"]`) != 0 {
				tb.errorf("a follower's classifications link to the stage screen")
			}
			tb.navigates("opening the sign-in link", chromedp.Click(chromedp.CSS(`a.sign-in`)))
			tb.wantPath(`^/sign-in\?next=` + regexp.QuoteMeta("%2Ftours%2F"+tourID+"%2Fclassifications") + `$`)
			tb.check("Director sign-in")

			tb.visit(stage)
			tb.wantPath(`^/sign-in\?next=`)
			tb.check("Director sign-in")
		})
	}
}
