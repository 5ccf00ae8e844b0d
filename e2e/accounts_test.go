package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"racedirector/app"
)

// The directors of the accounts' browser test and their passwords.
const (
	annaPW  = "anna-the-admin-2027"
	brunoPW = "bruno rides on"
	carlaPW = "carla-climbs-alpe"
)

// startAccountsServer serves a database shared by three directors, made at the command line: Anna,
// the administrator (owner of the tour that was there), Bruno and Carla, each with a tour of their
// own teams.
func startAccountsServer(t *testing.T) (srv *server, tours map[string]string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "racedirector.db")
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	open, err := app.New(path, logger, withEmbedded(t))
	if err != nil {
		t.Fatalf("app.New: %v", err)
	}
	ts := httptest.NewServer(open.Echo)
	first := &server{App: open, URL: ts.URL, client: &http.Client{Timeout: 30 * time.Second}}
	tours = map[string]string{"Anna": createTour(t, first, "cycling-party", "Anna's Tour de France", 5, cpStages(), defaultTeams(t, first, 3), false)}
	ts.Close()
	if err := open.Close(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []struct{ name, pw string }{{"Anna", annaPW}, {"Bruno", brunoPW}, {"Carla", carlaPW}} {
		var out, errs bytes.Buffer
		env := func(k string) string { return map[string]string{"RACEDIRECTOR_DB": path}[k] }
		if code := app.Admin([]string{"create-director", d.name, "-password-stdin"}, env, strings.NewReader(d.pw+"\n"), &out, &errs); code != 0 {
			t.Fatalf("racedirector admin create-director %s = %d: %s", d.name, code, errs.String())
		}
	}
	a, err := app.New(path, logger, withEmbedded(t))
	if err != nil {
		t.Fatalf("app.New with accounts: %v", err)
	}
	ts = httptest.NewServer(a.Echo)
	t.Cleanup(func() {
		ts.Close()
		_ = a.Close()
	})
	srv = &server{App: a, URL: ts.URL, client: &http.Client{Timeout: 30 * time.Second}}
	for name, pw := range map[string]string{"Bruno": brunoPW, "Carla": carlaPW} {
		tours[name] = tourOfDirector(t, srv, name, pw)
	}
	return srv, tours
}

// tourOfDirector signs in through the API as name and creates a tour of three of their own teams.
func tourOfDirector(t *testing.T, srv *server, name, pw string) string {
	t.Helper()
	call := func(method, path, token string, body any) []byte {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, srv.URL+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := srv.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s as %s = %d %s", method, path, name, resp.StatusCode, clip(string(raw), 300))
		}
		return raw
	}
	var session struct{ Token string }
	_ = json.Unmarshal(call(http.MethodPost, "/api/v1/session", "", map[string]string{"name": name, "password": pw}), &session)
	var teams []struct{ ID uint }
	_ = json.Unmarshal(call(http.MethodGet, "/api/v1/teams", session.Token, nil), &teams)
	body := map[string]any{"ruleset": "cycling-party", "name": name + "'s Giro", "riders_per_team": 5, "stages": cpStages(), "teams": []uint{teams[0].ID, teams[1].ID, teams[2].ID}}
	var tour struct{ ID uint }
	_ = json.Unmarshal(call(http.MethodPost, "/api/v1/tours", session.Token, body), &tour)
	return strconv.FormatUint(uint64(tour.ID), 10)
}

// TestDirectorsSignInToTheirOwnTours serves a database shared by three directors and, on a tablet and
// on a phone: Bruno, sent to sign in by the tours list, is refused a wrong password beside the field,
// then signs in and sees only his own tour, with his name in the menu; Carla's tour is not found for
// him; the administrator Anna sees every tour with its director and the directors' page, and invites
// a director there. Every page passes the health audit on both screens.
func TestDirectorsSignInToTheirOwnTours(t *testing.T) {
	t.Parallel()
	srv, tours := startAccountsServer(t)
	b := newBrowser(t)
	for i, vp := range []viewport{tablet, phone} {
		t.Run(vp.name, func(t *testing.T) {
			t.Parallel()
			tb := b.newTab(t, srv)
			tb.setViewport(vp)
			tb.visit("/tours")
			tb.wantPath(`^/sign-in\?next=%2Ftours$`)
			tb.checkViewports("Director sign-in")
			tb.setViewport(vp)

			tb.fill("#name", "Bruno")
			tb.fill("#password", "not-his-password")
			tb.expectRefusal(http.StatusUnauthorized)
			tb.navigates("signing in with a wrong password", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
			tb.wantText("#err-password", "This name and password do not match a director's account.")
			if tb.value("#name") != "Bruno" {
				tb.errorf("the refused sign-in lost the name typed")
			}
			tb.check("Director sign-in")

			tb.fill("#password", brunoPW)
			tb.navigates("signing in as Bruno", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
			tb.wantPath(`^/tours$`)
			tb.wantText(".flash", "Signed in as Bruno")
			if n := tb.count(".tour-card"); n != 1 || !strings.Contains(tb.text(".tour-list"), "Bruno's Giro") {
				tb.errorf("Bruno's tours list shows %d tours (%q), want his one", n, tb.text(".tour-list"))
			}
			if tb.count("form.who .sign-out") != 1 || tb.count(`a[href="/directors"]`) != 0 {
				tb.errorf("Bruno's menu has no Sign out, or offers the directors' page")
			}
			if !vp.mobile && !strings.Contains(tb.text("form.who"), "Bruno") {
				tb.errorf("the menu on the tablet does not name Bruno")
			}
			tb.checkViewports("Tours")
			tb.setViewport(vp)

			tb.expectRefusal(http.StatusNotFound)
			tb.visit("/tours/" + tours["Carla"] + "/classifications")
			tb.wantText("main h1", "Not found")
			tb.check("Not found")

			tb.navigates("signing out", chromedp.Click(chromedp.CSS(`form.who .sign-out`)))
			tb.wantPath(`^/$`)
			if tb.count(`.main-nav a[href="/tours"]`) != 0 {
				tb.errorf("the menu of someone not signed in offers the tours")
			}
			tb.check("Home")

			// Anna, the administrator: every tour with its director; the directors' page.
			tb.visit("/sign-in?next=%2Ftours")
			tb.fill("#name", "anna")
			tb.fill("#password", annaPW)
			tb.navigates("signing in as Anna", chromedp.Click(chromedp.CSS(`.sign-in-card button[type=submit]`)))
			tb.wantPath(`^/tours$`)
			if n := tb.count(".tour-card"); n != 3 || !strings.Contains(tb.text(".tour-list"), "Carla") {
				tb.errorf("Anna's tours list shows %d tours, want the 3 with their directors", n)
			}
			tb.checkViewports("Tours")
			tb.setViewport(vp)
			tb.navigates("opening the directors' page", chromedp.Click(chromedp.CSS(`.main-nav a[href="/directors"]`)))
			tb.check("Directors")
			name := []string{"Dario", "Elena"}[i]
			tb.fill("#name", name)
			tb.navigates("inviting "+name, chromedp.Click(chromedp.CSS(`.invite button[type=submit]`)))
			link := tb.value("#invite-link")
			if !regexp.MustCompile(`^http://[^/]+/invitations/[A-Za-z0-9_-]{43}$`).MatchString(link) {
				tb.errorf("the invitation's link is %q", link)
			}
			tb.checkViewports("Directors")
		})
	}
}
