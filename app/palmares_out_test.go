package app_test

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"racedirector/app/race"
	"racedirector/app/store"
)

var (
	// palmaresGCCell is the general classification cell of a rider's palmarès row.
	palmaresGCCell = regexp.MustCompile(`<td class="num[^"]*" data-label="[^"]*">([^<]*)</td>`)
	// palmaresPartyCell is the Cycling Party cell of a team's palmarès row.
	palmaresPartyCell = regexp.MustCompile(`<td class="num cycling-party" data-label="([^"]*)">([^<]*)</td>`)
)

// apiPalmaresExtra is what a palmarès tour says of a rider who left the race and of a team's
// managers' standing.
type apiPalmaresExtra struct {
	TourID     uint `json:"tour_id"`
	Bib        int  `json:"bib"`
	GCRank     *int `json:"gc_rank"`
	PointsRank *int `json:"points_rank"`
	Out        *struct {
		Stage  int    `json:"stage"`
		Status string `json:"status"`
	} `json:"out"`
	CyclingPartyRank   *int `json:"cycling_party_rank"`
	CyclingPartyPoints *int `json:"cycling_party_points"`
}

// riderNumbered is a database team's rider with that number.
func riderNumbered(t *testing.T, team store.Team, n int) store.Rider {
	t.Helper()
	for _, r := range team.Riders {
		if r.Number == n {
			return r
		}
	}
	t.Fatalf("team %s has no rider number %d", team.Name, n)
	return store.Rider{}
}

// TestPalmaresSaysHowARiderLeftTheRace races a Cycling Party tour in which Rojo's riders leave the
// race in stage 2 in each way (abandoned, disqualified, did not start, outside the time limit): each
// one's palmarès says so in the general classification, in every language, and in the JSON's `out`;
// a finisher has no `out`.
func TestPalmaresSaysHowARiderLeftTheRace(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
	r.finish(t, 1, cpGroup(3, 4, 5, 11, 12, 13, 14, 15), cpGroup(4, 2, 1, 21, 22, 23, 24, 25))
	r.close(t, 1)
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 12, "reason": "crash"})
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 13, "reason": "pushed", "status": race.StatusDSQ})
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 14, "reason": "illness", "status": race.StatusDNS})
	r.finish(t, 2, cpGroup(3, 4, 5, 11, 21, 22), cpGroup(4, 2, 1, 23, 24, 25, 15))
	r.ok(t, http.MethodPost, "/stages/2/abandons", obj{"bib": 15, "reason": "too slow", "status": race.StatusOTL})
	r.close(t, 2)

	cases := []struct {
		number int
		status string
		words  map[string]string
	}{
		{2, race.StatusDNF, map[string]string{"en": "Abandoned, stage 2", "es": "Abandono, etapa 2", "it": "Ritirato, tappa 2"}},
		{3, race.StatusDSQ, map[string]string{"en": "Disqualified, stage 2", "es": "Descalificado, etapa 2", "it": "Squalificato, tappa 2"}},
		{4, race.StatusDNS, map[string]string{"en": "Did not start, stage 2", "es": "No tomó la salida, etapa 2", "it": "Non partito, tappa 2"}},
		{5, race.StatusOTL, map[string]string{"en": "Out of time, stage 2", "es": "Fuera de control, etapa 2", "it": "Fuori tempo massimo, tappa 2"}},
	}
	for _, c := range cases {
		rd := riderNumbered(t, rojo, c.number)
		p := decode[struct{ Tours []apiPalmaresExtra }](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/riders/%d/palmares", rd.ID), nil, http.StatusOK))
		if len(p.Tours) != 1 {
			t.Fatalf("rider %s's palmarès lists %d tours, want 1", rd.Name, len(p.Tours))
		}
		got := p.Tours[0]
		if got.Out == nil || got.Out.Stage != 2 || got.Out.Status != c.status {
			t.Errorf("rider %d (%s in stage 2): out %+v, want stage 2 %s", got.Bib, c.status, got.Out, c.status)
		}
		if got.GCRank != nil || got.PointsRank != nil {
			t.Errorf("rider %d left the race but is ranked: general %v, points %v", got.Bib, got.GCRank, got.PointsRank)
		}
		for lang, want := range c.words {
			page := pageIn(t, ta, fmt.Sprintf("/riders/%d/palmares", rd.ID), lang)
			rows := palmaresRow.FindAllStringSubmatch(page, -1)
			if len(rows) != 1 {
				t.Fatalf("rider %s's palmarès in %s lists %d tours, want 1", rd.Name, lang, len(rows))
			}
			cells := palmaresGCCell.FindAllStringSubmatch(rows[0][2], -1)
			if len(cells) != 4 || html.UnescapeString(cells[0][1]) != want {
				t.Errorf("rider %d's palmarès in %s: rank cells %q, want the general classification to say %q", got.Bib, lang, cells, want)
				continue
			}
			if cells[1][1] != "—" || cells[2][1] != "—" {
				t.Errorf("rider %d's palmarès in %s ranks him %q and %q though he left the race", got.Bib, lang, cells[1][1], cells[2][1])
			}
		}
	}

	finisher := riderNumbered(t, rojo, 1)
	p := decode[struct{ Tours []apiPalmaresExtra }](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/riders/%d/palmares", finisher.ID), nil, http.StatusOK))
	if len(p.Tours) != 1 || p.Tours[0].Out != nil || p.Tours[0].GCRank == nil {
		t.Errorf("the finisher's palmarès: %+v, want a general classification rank and no out", p.Tours)
	}
	raw := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/riders/%d/palmares", finisher.ID), nil, http.StatusOK).Body.String()
	if strings.Contains(raw, `"out"`) {
		t.Errorf("the finisher's palmarès has an out: %s", raw)
	}
	if cells := palmaresGCCell.FindAllStringSubmatch(pageIn(t, ta, fmt.Sprintf("/riders/%d/palmares", finisher.ID), "en"), -1); len(cells) != 4 || cells[0][1] != fmt.Sprint(*p.Tours[0].GCRank) {
		t.Errorf("the finisher's palmarès: rank cells %q, want his general classification rank %d", cells, *p.Tours[0].GCRank)
	}
}

// TestPalmaresGivesTheManagersRank: a team's palmarès says its managers' rank and points of the
// Cycling Party standing in a Cycling Party tour, as /standings does, in every language; a Ciclismo a
// fondo tour has none ("—", null).
func TestPalmaresGivesTheManagersRank(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	cp := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{azul.ID, rojo.ID}, false)
	cp.order(t, 1, "sprints", 1, 21, 11, 22)
	cp.finish(t, 1, cpGroup(3, 4, 5, 21, 22, 11, 23, 12), cpGroup(4, 2, 1, 13, 14, 15, 24, 25))
	cp.close(t, 1)
	cp.finish(t, 2, cpGroup(3, 4, 5, 11, 21, 12), cpGroup(4, 2, 1, 13, 14, 15, 22, 23, 24, 25))
	cp.close(t, 2)
	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, pageCAFStages(), cafRaceTeams(t, ta), false)
	caf.finish(t, 1, turnGroup(30, 11, 12, 13, 21, 22, 23, 31, 32), turnGroup(31, 14, 15, 24, 25, 33, 34, 35))
	caf.close(t, 1)
	kelme := teamNamed(t, ta, "Kelme")

	st := cp.standings(t, 2)
	if len(st.CyclingParty) != 2 {
		t.Fatalf("the Cycling Party standing has %d managers, want 2", len(st.CyclingParty))
	}
	for _, team := range []store.Team{rojo, azul} {
		p := decode[struct{ Tours []apiPalmaresExtra }](t, tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/teams/%d/palmares", team.ID), nil, http.StatusOK))
		if len(p.Tours) != 1 {
			t.Fatalf("%s's palmarès lists %d tours, want 1", team.Name, len(p.Tours))
		}
		got := p.Tours[0]
		var want race.ManagerRow
		for _, m := range st.CyclingParty {
			if m.Team == team.Name {
				want = m
			}
		}
		if got.CyclingPartyRank == nil || got.CyclingPartyPoints == nil || *got.CyclingPartyRank != want.Rank || *got.CyclingPartyPoints != want.Points {
			t.Errorf("%s's palmarès: Cycling Party %v with %v points, the standing %d with %d", team.Name, got.CyclingPartyRank, got.CyclingPartyPoints, want.Rank, want.Points)
		}
		words := map[string]string{"en": fmt.Sprintf("%d · %d points", want.Rank, want.Points),
			"es": fmt.Sprintf("%dº · %d puntos", want.Rank, want.Points), "it": fmt.Sprintf("%dº · %d punti", want.Rank, want.Points)}
		if want.Points == 1 {
			words = map[string]string{"en": fmt.Sprintf("%d · 1 point", want.Rank), "es": fmt.Sprintf("%dº · 1 punto", want.Rank), "it": fmt.Sprintf("%dº · 1 punto", want.Rank)}
		}
		for lang, w := range words {
			cell := palmaresPartyCell.FindStringSubmatch(pageIn(t, ta, fmt.Sprintf("/teams/%d/palmares", team.ID), lang))
			if cell == nil || html.UnescapeString(cell[2]) != w || cell[1] != "Cycling Party" {
				t.Errorf("%s's palmarès in %s: Cycling Party cell %q, want %q", team.Name, lang, cell, w)
			}
		}
	}
	if st.CyclingParty[0].Points == st.CyclingParty[1].Points {
		t.Error("both managers have the same points: the test proves little")
	}

	raw := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/teams/%d/palmares", kelme.ID), nil, http.StatusOK).Body.String()
	if !strings.Contains(raw, `"cycling_party_rank":null`) || !strings.Contains(raw, `"cycling_party_points":null`) {
		t.Errorf("Kelme's Ciclismo a fondo palmarès has manager points: %s", raw)
	}
	cell := palmaresPartyCell.FindStringSubmatch(pageIn(t, ta, fmt.Sprintf("/teams/%d/palmares", kelme.ID), "en"))
	if cell == nil || cell[2] != "—" {
		t.Errorf("Kelme's Ciclismo a fondo palmarès: Cycling Party cell %q, want —", cell)
	}
}
