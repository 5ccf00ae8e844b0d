package app_test

// A tour of each game through the real router: what the TV, the sheets and the pages show must be the
// engine's standings (docs/rules.md §1.7, §2.3, §4) — the climb bonuses, who is out of the race.

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestTVSheetsAndPagesAgreeWithTheStandings plays stage 1 of a tour of each game — every climb crossed
// by three riders, the finish, one rider out of the time limit — and checks that the bonus each rider's climbs
// earned on the TV's cards adds up to his bonus in the engine's stage standings, that the rider out of
// the race is out on the TV, in the general classification's workbook and in stage 2's page (its riders
// block and its refusal of his bib), as the standings say; and that stage 2's sheet page draws the engine's
// profile of the stage (race.ProfileOf, which the stage sheet's PDF draws too); and, in the game with effort
// points, that the advantages page and the effort sheet show the engine's effort ledger.
func TestTVSheetsAndPagesAgreeWithTheStandings(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"cycling-party", "ciclismo-a-fondo", "2ruote", "uci-road"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			ta := newTestApp(t)
			tt := newTVTour(t, ta, game)
			stage, _ := tt.r.stage(t, 1)
			crossers := [][]int{{12, 13, 14}, {22, 23, 24}, {32, 33, 34}, {15, 25, 11}}
			if game == "uci-road" {
				crossers = [][]int{{12, 13, 14}, {22, 23, 24}}
			}
			for i, cl := range stage.Climbs {
				tt.r.order(t, 1, "climbs", cl.Index, crossers[i%len(crossers)]...)
			}
			effort := game == "ciclismo-a-fondo" // the game with effort points (its ruleset's "effort")
			if effort {
				spendEffort(t, tt.r)
			}
			tt.finish(t, 1)
			out := 35
			if game == "uci-road" {
				out = 26
			}
			tt.r.ok(t, http.MethodPost, "/stages/1/abandons", map[string]any{"bib": out, "reason": "too slow", "status": "OTL"})
			body := tvPage(t, ta, "/follow/"+tt.code+"/tv", tt.code) // the cards of the stage being raced
			tt.r.close(t, 1)
			st := tt.r.standings(t, 1)

			// The TV's climb cards: the bonuses it shows are the ones the standings gave.
			shown := map[int]int{}
			bonus := regexp.MustCompile(`(\d+)(?: s| turns?) bonus`)
			row := regexp.MustCompile(`(?s)<li>.*?<span class="tv-bib">(\d+)</span>.*?</li>`)
			for _, cl := range stage.Climbs {
				card := tvSection(body, fmt.Sprintf("climb-1-%d", cl.Index))
				if card == "" {
					t.Fatalf("the TV has no card of climb %d", cl.Index)
				}
				for _, m := range row.FindAllStringSubmatch(card, -1) {
					bib, _ := strconv.Atoi(m[1])
					if b := bonus.FindStringSubmatch(m[0]); b != nil {
						n, _ := strconv.Atoi(b[1])
						shown[bib] += n
					}
				}
			}
			given := map[int]int{} // after stage 1, each rider's bonus of the general classification is his stage's
			for _, r := range st.Individual {
				given[r.Bib] = r.Bonus
			}
			for i := range stage.Climbs {
				for _, bib := range crossers[i%len(crossers)] {
					if shown[bib] != given[bib] {
						t.Errorf("bib %d: the TV's climb cards show %d of bonus, the standings give %d", bib, shown[bib], given[bib])
					}
				}
			}

			// Who is out: the standings, the TV's card, the general classification's workbook, stage 2's page.
			if len(st.Out) != 1 || st.Out[0].Bib != out || st.Out[0].Stage != 1 {
				t.Fatalf("standings out = %+v, want bib %d in stage 1", st.Out, out)
			}
			if card := tvSection(body, "abandons-1"); !strings.Contains(card, fmt.Sprintf(`<span class="tv-bib">%d</span>`, out)) {
				t.Errorf("the TV's card of the riders out lacks bib %d:\n%s", out, clip(card))
			}
			rec := tt.r.ok(t, http.MethodGet, "/sheets/general.xlsx?after=1", nil)
			f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
			if err != nil {
				t.Fatalf("general.xlsx does not open: %v", err)
			}
			rows, _ := f.GetRows(f.GetSheetName(0))
			found := false
			for _, cells := range rows {
				if len(cells) > 1 && cells[1] == strconv.Itoa(out) {
					found = strings.Contains(strings.Join(cells, "|"), "stage 1")
				}
			}
			if !found {
				t.Errorf("general.xlsx does not say bib %d left the race in stage 1", out)
			}
			page := tt.r.getPage(t, "/stages/2", http.StatusOK)
			stage2, _ := tt.r.stage(t, 2) // the profile the page drew is the engine's
			checkPageProfile(t, tt.r.getPage(t, "/stages/2/sheet", http.StatusOK), game, stage2.Stage)
			if !regexp.MustCompile(fmt.Sprintf(`\{"bib":%d,[^}]*"gone":1,"out":"abandoned"`, out)).MatchString(page) {
				t.Errorf("stage 2's riders block does not mark bib %d out in stage 1", out)
			}
			for _, r := range st.Individual {
				if r.Bib == out {
					t.Errorf("bib %d is out but ranked in the general classification", out)
				}
			}
			if effort {
				checkEffortAgrees(t, ta, tt.r)
			}
		})
	}
}
