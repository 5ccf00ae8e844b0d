package e2e

import (
	"strings"
	"testing"
)

// TestFollowPageLiveInItalian is a player following the table in Italian (?lang=it): the live
// page's state words are Italian, and the parts live.js fetches after a sprint is entered come back
// in Italian too, not in the server's default English.
func TestFollowPageLiveInItalian(t *testing.T) {
	t.Parallel()
	srv := startServer(t)
	teams := defaultTeams(t, srv, 3)
	tourID := createTour(t, srv, "cycling-party", "Giro del tavolo", 6, cpStages(), teams, false)
	code := tourCode(t, srv, tourID)
	b := newBrowser(t)

	player := b.newTab(t, srv)
	player.setViewport(phone)
	player.visit("/follow/" + code + "?lang=it")
	player.waitFor("the follow page connecting to the live stream", `document.querySelector("[data-live-state]").getAttribute("data-live-state") === "live"`)
	player.wantText("[data-live-text]", "In diretta")
	player.markPage("__followMark")

	api[any](t, srv, "PUT", "/api/v1/tours/"+tourID+"/stages/1/sprints/1", map[string]any{"order": []int{21, 11, 31}}, 200)

	player.waitFor("the follow page showing sprint 1", `(() => { const e = document.querySelector('#results [data-key="result-sprint-1"]'); return !!e && e.innerText.includes("21"); })()`)
	player.samePage("__followMark", "the follow page after the sprint")
	player.wantText("#results", "Traguardo volante 1", "Risultati della tappa 1")
	player.wantText("#stage", "Primo:")
	player.wantText("[data-live-text]", "aggiornato alle")
	if text := player.text("#results"); strings.Contains(text, "Sprint 1") || strings.Contains(text, "Results of stage") {
		player.errorf("the parts fetched live came back in English: %q", text)
	}
}
