package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestWaterBottleTurnZeroSaysTurnsStartAtOne checks a water bottle typed with turn 0 for a rider who
// has finished: the page says turns count from 1 (an empty box is "not given"), instead of asking
// for the turn the director just gave.
func TestWaterBottleTurnZeroSaysTurnsStartAtOne(t *testing.T) {
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	r.post(t, "/stages/1/finish", url.Values{"g_turn": {"0"}, "g_square": {"3"}, "g_die": {"4"}, "g_riders": {"12 22 32"}, "_version": {r.version(t, 1)}}, "/stages/1")
	page := r.refusedPage(t, "a bottle in turn 0", "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"12"}, "turn": {"0"}, "_version": {r.version(t, 1)}},
		http.StatusUnprocessableEntity, "must be 1 or more: the stage&#39;s first turn is turn 1")
	if strings.Contains(page, "give the turn it was taken") {
		t.Errorf("a bottle with turn 0 is answered by asking for the turn")
	}
	r.post(t, "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"12"}, "turn": {"1"}, "_version": {r.version(t, 1)}}, "/stages/1/advantages")
}
