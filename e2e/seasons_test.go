package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
)

// seasonTVAuditJS checks a season's TV as the room sees it: the page never scrolls, every table lies
// on the screen, and every word is at least 24 px high.
const seasonTVAuditJS = `(() => {
  const out = [], W = window.innerWidth, H = window.innerHeight, de = document.documentElement;
  if (de.scrollWidth > W || de.scrollHeight > H) out.push("the page scrolls: " + de.scrollWidth + "×" + de.scrollHeight);
  document.querySelectorAll(".season-tv *").forEach((e) => {
    const st = getComputedStyle(e);
    if (st.display === "none" || st.visibility === "hidden") return;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    if (r.right > W + 1 || r.bottom > H + 1) out.push("off-screen: " + e.tagName + " «" + e.textContent.trim().slice(0, 30) + "»");
    const own = Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
    if (own && parseFloat(st.fontSize) < 24) out.push("too small: " + e.tagName + " «" + e.textContent.trim().slice(0, 30) + "» at " + st.fontSize);
  });
  return out;
})()`

// TestSeasonPages looks at a season of two tours of different games, both running: the seasons list
// and the director's season page on a tablet and a phone, the followers' page on a phone, and the room's TV at 1920×1080.
// Then a season of a tour not started, followed on a phone: when the tour's first stage is ended, the
// page shows the season's first standings without being loaded again (the season's live stream).
func TestSeasonPages(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	cp := createTour(t, srv, "cycling-party", "Tour of the Table", 5, cpStages(), defaultTeams(t, srv, 3), false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 5; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, cp, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	caf := createTour(t, srv, "ciclismo-a-fondo", "Vuelta de la mesa", 5, cafStages(), cafTeams(t, srv), false)
	closeStage1(t, srv, caf, turnGroup(20, 11, 21, 31), turnGroup(21, 12, 13, 14, 15, 22, 23, 24, 25, 32, 33, 34, 35))
	type season struct {
		ID         uint   `json:"id"`
		FollowCode string `json:"follow_code"`
	}
	s := api[season](t, srv, "POST", "/api/v1/seasons", obj{"name": "Club 2027", "points": []int{25, 18, 15, 12, 10, 8, 6, 4, 2, 1}}, 201)
	api[obj](t, srv, "PUT", fmt.Sprintf("/api/v1/seasons/%d/tours", s.ID), obj{"tours": []json.RawMessage{json.RawMessage(cp), json.RawMessage(caf)}}, 200)

	tb := newBrowser(t).newTab(t, srv)
	tb.visit("/seasons")
	tb.checkViewports("Seasons")
	tb.visit(fmt.Sprintf("/seasons/%d", s.ID))
	tb.checkViewports("Club 2027")
	for _, table := range []string{"riders", "teams", "managers"} {
		if tb.count(fmt.Sprintf(`table[data-table=%q] tbody tr`, table)) == 0 {
			tb.errorf("the season's %s table is empty", table)
		}
	}
	if tb.count(`.pick-list input[name="tour"]:checked`) != 2 {
		tb.errorf("the season's two tours are not ticked among the tours to pick")
	}
	tb.wantText(".provisional-note", "Provisional")

	tb.visit("/follow/season/" + s.FollowCode)
	tb.checkViewports("Club 2027")
	if tb.count(`table[data-table="riders"] tbody tr`) == 0 {
		tb.errorf("the followers' season page has no riders")
	}

	tb.setViewport(tv)
	tb.visit("/follow/season/" + s.FollowCode + "/tv")
	if problems := eval[[]string](tb, seasonTVAuditJS); len(problems) > 0 {
		tb.errorf("the season's TV is not readable across the room: %v", problems)
	}
	if tb.count(`.season-tv table[data-table="riders"] tbody tr`) == 0 {
		tb.errorf("the season's TV shows no riders")
	}

	live := createTour(t, srv, "cycling-party", "Live tour", 5, cpStages(), defaultTeams(t, srv, 3), false)
	ls := api[season](t, srv, "POST", "/api/v1/seasons", obj{"name": "Live league", "points": []int{10, 6, 3}}, 201)
	api[obj](t, srv, "PUT", fmt.Sprintf("/api/v1/seasons/%d/tours", ls.ID), obj{"tours": []json.RawMessage{json.RawMessage(live)}}, 200)
	tb.setViewport(phone)
	tb.visit("/follow/season/" + ls.FollowCode)
	if tb.count(`table[data-table="riders"] tbody tr`) != 0 {
		tb.fatalf("the season of a tour not started already ranks riders")
	}
	tb.waitFor("the season's stream is live", `document.querySelector("[data-live-state=live]") !== null`)
	tb.markPage("stayed")
	closeStage1(t, srv, live, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	tb.waitFor("the season's first standings on the phone", `document.querySelectorAll('table[data-table="riders"] tbody tr').length > 0`)
	if !eval[bool](tb, `window.stayed === true`) {
		tb.errorf("the season's follow page was loaded again to show the new standings")
	}
	tb.check("Live league")
}
