package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestStoryOnTabletPhoneAndTV opens the story of a Cycling Party tour after two stages on a tablet and a
// phone (the director's page and the follower's: healthy, the chart drawn for the screen shown, the data
// behind its toggle), follows the follower's story live through the last stage's end, opens the
// palmarès of a team and of one of its riders, and the podium on a 1080p TV, which fits the screen.
func TestStoryOnTabletPhoneAndTV(t *testing.T) {
	pagesOnly(t)
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	tourID := createTour(t, srv, "cycling-party", "Tour of the Story", 6, cpStages(), teams, false)
	var all []int
	for team := 1; team <= 3; team++ {
		for n := 1; n <= 6; n++ {
			all = append(all, team*10+n)
		}
	}
	closeStage1(t, srv, tourID, cpGroup(0, 3, 4, all[:5]...), cpGroup(1, 6, 2, all[5:]...))
	s2 := "/api/v1/tours/" + tourID + "/stages/2"
	api[obj](t, srv, "PUT", s2+"/finish", obj{"groups": []obj{cpGroup(0, 5, 2, all[6:17]...), cpGroup(1, 2, 3, all[:6]...), cpGroup(2, 1, 1, all[17:]...)}}, 200)
	api[obj](t, srv, "POST", s2+"/close", nil, 200)
	code := followCode(t, srv, tourID)
	b := newBrowser(t)

	tb := b.newTab(t, srv)
	for _, path := range []string{"/tours/" + tourID + "/story", "/follow/" + code + "/story"} {
		tb.visit(path)
		tb.checkViewports("Tour of the Story")
		for _, vp := range []viewport{phone, tablet} {
			tb.setViewport(vp)
			want, other := ".chart-screen", ".chart-phone"
			if vp.name == "phone" {
				want, other = other, want
			}
			shown := eval[bool](tb, `(() => { const s = document.querySelector("#chart-gc `+want+` svg"), o = document.querySelector("#chart-gc `+other+` svg");
				return !!s && s.getBoundingClientRect().width > 200 && (!o || o.getBoundingClientRect().width === 0); })()`)
			if !shown {
				tb.errorf("%s on the %s does not show the chart drawn for it (%s)", path, vp.name, want)
			}
		}
		tb.run("showing the data", chromedp.Click(chromedp.CSS(`#chart-gc details.chart-data > summary`)))
		if !eval[bool](tb, `document.querySelector("#chart-gc table.chart-table").getBoundingClientRect().height > 0`) {
			tb.errorf("%s: the GC chart's data does not open", path)
		}
		tb.wantText("#awards", "Stage winners")
		tb.check("Tour of the Story")
	}

	// The follower's story is live: entries of the open stage leave it be, the stage's end brings the
	// final story in place without a reload, with the data the reader opened still open.
	tb.visit("/follow/" + code + "/story")
	tb.waitFor("the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	tb.run("opening the gaps' data and marking the page", chromedp.Click(chromedp.CSS(`#chart-gaps details.chart-data > summary`)),
		chromedp.Evaluate[chromedp.Void](`window.__e2eStory = true`))
	s3 := "/api/v1/tours/" + tourID + "/stages/3"
	api[obj](t, srv, "PUT", s3+"/sprints/1", obj{"order": []int{11, 21, 31}}, 200)
	api[obj](t, srv, "PUT", s3+"/finish", obj{"groups": []obj{cpGroup(0, 5, 2, all[:12]...), cpGroup(1, 2, 3, all[12:]...)}}, 200)
	api[obj](t, srv, "POST", s3+"/close", nil, 200)
	tb.waitFor("the final story", `document.querySelector(".follow-where").textContent.includes("Final result")`)
	if !eval[bool](tb, `window.__e2eStory === true && document.querySelector("#chart-gaps details.chart-data").open`) {
		tb.errorf("the story was reloaded, or the opened data closed, when the stage ended")
	}
	if n := eval[int](tb, `document.querySelectorAll("#awards table tbody tr").length`); n != 3 {
		tb.errorf("the final story lists %d stage winners, want 3", n)
	}

	tb.visit("/teams/" + strconv.FormatUint(uint64(teams[0]), 10) + "/palmares")
	tb.checkViewports("Palmarès")
	tb.wantText("table.palmares", "Tour of the Story")
	team := api[struct {
		Riders []idOnly `json:"riders"`
	}](t, srv, "GET", "/api/v1/teams/"+strconv.FormatUint(uint64(teams[0]), 10), nil, 200)
	if len(team.Riders) == 0 {
		t.Fatal("the first team has no riders")
	}
	tb.visit("/riders/" + strconv.FormatUint(uint64(team.Riders[0].ID), 10) + "/palmares")
	tb.checkViewports("Palmarès")
	tb.wantText("table.palmares", "Tour of the Story")

	tb.close()
	tvTab := b.newTab(t, srv)
	tvTab.setViewport(tv)
	tvTab.visit("/follow/" + code + "/tv/podium")
	tvTab.check("Podium")
	lookAtTV(tvTab, "the podium")
	tvTab.wantText(".tvp-gc", "General classification")
}

// lookAtTheStory opens the story of a finished tour of a game (the director's page and the
// follower's) on a tablet, a phone and a 1080p screen, each healthy, with a chart and its data for
// every kind the page lists and the awards; then the podium on a 1080p TV, which fits the screen. Each
// tab is closed once looked at.
func lookAtTheStory(t *testing.T, b *browser, srv *server, game, tourID string) {
	t.Helper()
	code := followCode(t, srv, tourID)
	tb := b.newTab(t, srv)
	for _, path := range []string{"/tours/" + tourID + "/story", "/follow/" + code + "/story"} {
		tb.visit(path)
		tb.checkViewports("Story of")
		tb.setViewport(tv)
		tb.check("Story of")
		charts := eval[int](tb, `document.querySelectorAll("section.story-chart figure svg").length`)
		tables := eval[int](tb, `document.querySelectorAll("section.story-chart table.chart-table").length`)
		if charts == 0 || tables == 0 || charts != 2*tables {
			tb.errorf("%s story %s: %d drawings for %d data tables (want a phone and a screen drawing of each)", game, path, charts, tables)
		}
		tb.wantText("#awards", "Stage winners")
	}
	tb.close()
	podium := b.newTab(t, srv)
	podium.setViewport(tv)
	podium.visit("/follow/" + code + "/tv/podium")
	podium.check("Podium")
	lookAtTV(podium, game+" podium")
	podium.close()
}
