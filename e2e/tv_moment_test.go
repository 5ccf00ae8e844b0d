package e2e

// Issue 25 (every player in the game) on the screens: the TV in each language with the virtual leader,
// the cards and the stage-result card, no word cut and a link and QR code a phone reaches; the follow
// page on a phone with the places moved, the stage-result card a player puts away and the virtual leader.

import (
	"io"
	"net"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"racedirector/app/auth"
)

// momentTour is a Cycling Party tour of six teams of five with a long name: stage 1 closed, stage 2
// with a sprint, a climb and its finish entered but not closed. It returns the tour's id, its follow
// code and its bibs.
func momentTour(t *testing.T, srv *server) (string, string, []int) {
	t.Helper()
	tourID := createTour(t, srv, "cycling-party", "Gran Premio della Montagna e della Costa Brava", 5, cpStages(), defaultTeams(t, srv, 6), false)
	var all []int
	for team := 1; team <= 6; team++ {
		for n := 1; n <= 5; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, tourID, cpGroup(0, 3, 4, all[:12]...), cpGroup(1, 6, 2, all[12:]...))
	s2 := "/api/v1/tours/" + tourID + "/stages/2"
	api[obj](t, srv, "PUT", s2+"/sprints/1", obj{"order": []int{53, 12, 61}}, 200)
	api[obj](t, srv, "PUT", s2+"/climbs/1", obj{"order": []int{44, 35}}, 200)
	api[obj](t, srv, "PUT", s2+"/finish", obj{"groups": []obj{cpGroup(0, 2, 3, all[20:]...), cpGroup(1, 4, 1, all[:20]...)}}, 200)
	return tourID, followCode(t, srv, tourID), all
}

// notLoopback fails when a link shown for the players' phones is on this machine's loopback, which no
// phone reaches (when the machine has a network address to give instead).
func notLoopback(tb *tab, what, link string) {
	tb.t.Helper()
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil || u.Host == "" {
		tb.errorf("%s: %q is not an address", what, link)
		return
	}
	if auth.NetworkAddress() == "" {
		return // a machine without a network: nothing better to give
	}
	host, _, err := net.SplitHostPort(u.Host)
	if err != nil {
		host = u.Host
	}
	if auth.IsLoopbackName(host) {
		tb.errorf("%s: %s is this machine's loopback, which no phone reaches", what, link)
	}
}

// TestTVWordsFitInEachLanguage puts the tour on a 1080p TV in English, Spanish and Italian: every view
// of the turn and every card (the sprint, the climb, the stage-result card, the virtual leader) fits
// the screen with no word cut; the link for the phones, on the TV and in its podium's QR code, is not
// loopback. Then the last stages are closed: the stage-result card comes, and the LIVE badge goes.
func TestTVWordsFitInEachLanguage(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	tourID, code, all := momentTour(t, srv)
	b := newBrowser(t)
	var tb *tab
	for _, lang := range []string{"en", "es", "it"} {
		tb = openTVAt(t, b, srv, "/follow/"+code+"/tv?lang="+lang, "Gran Premio")
		views := eval[[]string](tb, `Array.from(document.querySelectorAll(".tv-view[data-rotate], .tv-view[data-card]")).map((v) => v.dataset.view)`)
		joined := " " + strings.Join(views, " ") + " "
		for _, want := range []string{" virtual ", " moment-1 ", " sprint-2-1 ", " climb-2-1 ", " gc "} {
			if !strings.Contains(joined, want) {
				tb.errorf("%s: the TV has no %q view (views %v)", lang, strings.TrimSpace(want), views)
			}
		}
		for _, v := range views {
			tb.run("showing "+v, chromedp.Evaluate[chromedp.Void](`location.hash = "`+v+`"`))
			tb.waitFor("the view "+v, `(() => { const v = Array.from(document.querySelectorAll(".tv-view")).find((v) => !v.hidden); return !!v && v.dataset.view === "`+v+`"; })()`)
			lookAtTV(tb, lang)
		}
		notLoopback(tb, lang+" TV's link", tb.text(".tv-link"))
		if lang != "it" {
			tb.close()
		}
	}
	it := tb

	// The podium screen (no script): its words fit too, and its QR code is of an address a phone reaches.
	podium := b.newTab(t, srv)
	podium.setViewport(tv)
	podium.visit("/follow/" + code + "/tv/podium?lang=es")
	lookAtTV(podium, "the podium in Spanish")
	notLoopback(podium, "the podium's link", podium.text(".tv-link"))
	res, err := srv.client.Get(srv.URL + "/follow/" + code + "/qr.svg")
	if err != nil {
		t.Fatalf("the QR code: %v", err)
	}
	svg, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if m := strings.SplitN(string(svg), `aria-label="QR code of `, 2); len(m) == 2 {
		notLoopback(podium, "the QR code", strings.SplitN(m[1], `"`, 2)[0])
	} else {
		t.Errorf("the QR code says no address: %.200s", svg)
	}
	podium.close()

	// Stage 2 closed on the Italian TV: its card comes at once; then the last stage: nothing is live.
	api[obj](t, srv, "POST", "/api/v1/tours/"+tourID+"/stages/2/close", nil, 200)
	it.waitFor("the card of stage 2", `(() => { const v = document.querySelector('.tv-view[data-view="moment-2"]'); return !!v && !v.hidden && v.hasAttribute("data-fresh"); })()`)
	it.wantText(`.tv-view[data-view="moment-2"]`, "Tappa 2 conclusa")
	lookAtTV(it, "the card of stage 2 in Italian")
	s3 := "/api/v1/tours/" + tourID + "/stages/3"
	api[obj](t, srv, "PUT", s3+"/finish", obj{"groups": []obj{cpGroup(0, 1, 1, all...)}}, 200)
	recordStage(t, srv, tourID, 3)
	api[obj](t, srv, "POST", s3+"/close", nil, 200)
	it.waitFor("the card of the last stage", `(() => { const v = document.querySelector('.tv-view[data-view="moment-3"]'); return !!v && !v.hidden; })()`)
	if !eval[bool](it, `document.querySelector(".tv-live").hidden && document.querySelector(".tv").hasAttribute("data-over")`) {
		it.errorf("after the last stage the TV still shows LIVE")
	}
	lookAtTV(it, "the card of the last stage in Italian")
}

// TestFollowPhoneMovesCardAndVirtualLeader follows the tour on a phone: the stage-result card of
// stage 1 at the top, which the player puts away (and which stays away when the page is read again);
// the virtual leader under the results while stage 2 is typed; after End stage the card of stage 2
// comes without a reload, and the general classification says who moved (▲ ▼, words for a screen
// reader); once the last stage is closed the LIVE badge goes.
func TestFollowPhoneMovesCardAndVirtualLeader(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	tourID, code, all := momentTour(t, srv)
	b := newBrowser(t)
	player := b.newTab(t, srv)
	player.setViewport(phone)
	player.visit("/follow/" + code)
	player.waitFor("the follow page connecting to the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	player.check("Gran Premio")
	player.wantText(".moment-card", "Stage 1 is over", "Stage winner", "Jerseys")
	player.run("choosing the Results tab", chromedp.Click(chromedp.CSS(`.follow-tabs a[data-tab=results]`)))
	player.wantText("#c-virtual", "Virtual general classification", "provisional", "Virtual leader")
	player.check("Gran Premio")

	// The player puts the card away: it stays away for stage 1.
	player.stays("putting the card away", chromedp.Click(chromedp.CSS(`.moment-card .moment-close`)))
	if !eval[bool](player, `document.querySelector(".moment-card").hidden`) {
		player.errorf("the card is still shown after the player put it away")
	}
	player.visit("/follow/" + code)
	player.waitFor("the follow page connecting again", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	if !eval[bool](player, `document.querySelector(".moment-card").hidden`) {
		player.errorf("the card put away came back when the page was read again")
	}
	player.markPage("__phoneMark")

	// End stage: the card of stage 2 comes in place, and the classification says who moved.
	api[obj](t, srv, "POST", "/api/v1/tours/"+tourID+"/stages/2/close", nil, 200)
	player.waitFor("the card of stage 2", `(() => { const c = document.querySelector(".moment-card"); return !!c && !c.hidden && c.textContent.includes("Stage 2 is over"); })()`)
	player.samePage("__phoneMark", "the follow page after End stage")
	player.run("choosing the Classifications tab", chromedp.Click(chromedp.CSS(`.follow-tabs a[data-tab=classifications]`)))
	moves := eval[[]string](player, `Array.from(document.querySelectorAll("#c-individual .move")).map((m) => m.className + " " + m.textContent)`)
	up, down := 0, 0
	for _, m := range moves {
		switch {
		case strings.Contains(m, "move-up") && strings.Contains(m, "▲") && strings.Contains(m, "up ") && strings.Contains(m, "places"):
			up++
		case strings.Contains(m, "move-down") && strings.Contains(m, "▼") && strings.Contains(m, "down ") && strings.Contains(m, "places"):
			down++
		}
	}
	if up == 0 || down == 0 {
		player.errorf("the general classification after stage 2 shows no move up and down with its words: %v", moves)
	}
	if player.count("#c-virtual") != 0 {
		player.errorf("a virtual classification is shown with nothing of stage 3 entered")
	}
	player.check("Gran Premio")

	// The last stage closed: the card of stage 3, nothing live any more.
	s3 := "/api/v1/tours/" + tourID + "/stages/3"
	api[obj](t, srv, "PUT", s3+"/finish", obj{"groups": []obj{cpGroup(0, 1, 1, all...)}}, 200)
	recordStage(t, srv, tourID, 3)
	api[obj](t, srv, "POST", s3+"/close", nil, 200)
	player.waitFor("the card of stage 3", `(() => { const c = document.querySelector(".moment-card"); return !!c && !c.hidden && c.textContent.includes("Stage 3 is over"); })()`)
	player.waitFor("the LIVE badge gone", `document.querySelector("[data-live-state]").hidden`)
	player.check("Gran Premio")
}
