package app_test

// Issue 25 (every player in the game), the standings' movement and the end of a stage, through the real
// router: the API's "moved" in the general classification (absent after the first stage, then the places
// gained or lost), the provisional standings while a finish is typed (the virtual leader, moved against
// the last closed stage) and the follow answer's stage-result card ("moment") and virtual standings.

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"racedirector/app/race"
)

// movedRace is a three-stage Cycling Party tour of Rojo (11–15), Azul (21–25) and Verde (31–35) whose
// first stage is closed in that order and whose second stage's finish, entered but not closed, puts
// Verde first, Rojo second and Azul last.
func movedRace(t *testing.T, ta *testApp) raceRun {
	t.Helper()
	rojo, azul, verde := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo, azul, verde}, false)
	r.finish(t, 1, cpGroup(3, 1, 1, 11, 12, 13, 14, 15), cpGroup(4, 1, 1, 21, 22, 23, 24, 25), cpGroup(5, 1, 1, 31, 32, 33, 34, 35))
	r.close(t, 1)
	r.finish(t, 2, cpGroup(3, 1, 1, 31, 32, 33, 34, 35), cpGroup(6, 1, 1, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25))
	return r
}

// movedByBib reads each individual row's "moved" from a standings answer as JSON ("absent" when the
// key is not there).
func movedByBib(t *testing.T, body string) map[int]string {
	t.Helper()
	var raw struct {
		Individual []map[string]json.RawMessage `json:"individual"`
	}
	if err := json.Unmarshal([]byte(body), &raw); err != nil {
		t.Fatalf("standings answer: %v", err)
	}
	out := map[int]string{}
	for _, row := range raw.Individual {
		var bib int
		_ = json.Unmarshal(row["bib"], &bib)
		out[bib] = "absent"
		if m, ok := row["moved"]; ok {
			out[bib] = string(m)
		}
	}
	return out
}

// wantMoved compares the moves read with those wanted, by bib.
func wantMoved(t *testing.T, label string, got map[int]string, want map[int]string) {
	t.Helper()
	for bib, w := range want {
		if got[bib] != w {
			t.Errorf("%s: bib %d moved = %s, want %s", label, bib, got[bib], w)
		}
	}
}

func TestStandingsMovedScenario(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := movedRace(t, ta)

	// After the first stage nobody had a place before: no "moved" at all.
	first := r.ok(t, http.MethodGet, "/standings?after=1", nil).Body.String()
	if strings.Contains(first, `"moved"`) {
		t.Errorf("standings after stage 1 say %q, want no moved: nobody had a place before", clip(first))
	}

	// Stage 2 typed, not closed: the provisional classification has Verde up ten places, Rojo down five.
	prov := r.ok(t, http.MethodGet, "/standings?provisional=1", nil).Body.String()
	wantMoved(t, "provisional after stage 2", movedByBib(t, prov), map[int]string{31: "10", 35: "10", 11: "-5", 15: "-5", 21: "-5", 25: "-5"})
	if !strings.Contains(prov, `"status":"provisional"`) {
		t.Errorf("provisional standings = %s, want them marked provisional", clip(prov))
	}
	code := r.tourView(t).FollowCode
	var follow struct {
		Closed      int               `json:"closed"`
		Moment      *race.StageMoment `json:"moment"`
		Provisional *race.Standings   `json:"provisional"`
	}
	decodeInto(t, follower(t, ta, "/api/v1/follow/"+code, ""), &follow)
	if follow.Provisional == nil || len(follow.Provisional.Individual) == 0 || follow.Provisional.Individual[0].Bib != 31 || follow.Provisional.AfterStage != 2 {
		t.Errorf("follow answer's provisional = %+v, want the virtual classification after stage 2 led by 31", follow.Provisional)
	}
	if m := follow.Moment; m == nil || m.Stage != 1 || m.Winner == nil || m.Winner.Bib != 11 || m.Mover != nil || len(m.Jerseys) == 0 || m.Jerseys[0].Class != "individual" || m.Jerseys[0].From != nil {
		t.Errorf("follow answer's moment = %+v, want stage 1 won by 11, its jerseys taken from nobody, no mover", follow.Moment)
	}

	// Closed: the standings after stage 2 say the same moves; the riders who kept their place say 0.
	r.close(t, 2)
	after := r.ok(t, http.MethodGet, "/standings", nil).Body.String()
	wantMoved(t, "after stage 2", movedByBib(t, after), map[int]string{31: "10", 34: "10", 12: "-5", 24: "-5"})
	if got := r.ok(t, http.MethodGet, "/standings?after=1", nil).Body.String(); strings.Contains(got, `"moved"`) {
		t.Errorf("standings after stage 1, asked after stage 2 closed, say moved: %s", clip(got))
	}
	follow.Moment, follow.Provisional = nil, nil
	decodeInto(t, follower(t, ta, "/api/v1/follow/"+code, ""), &follow)
	m := follow.Moment
	if m == nil || m.Stage != 2 || m.Winner == nil || m.Winner.Bib != 31 {
		t.Fatalf("follow answer's moment = %+v, want stage 2 won by 31", m)
	}
	if len(m.Jerseys) == 0 || m.Jerseys[0].Class != "individual" || m.Jerseys[0].Rider.Bib != 31 || m.Jerseys[0].From == nil || m.Jerseys[0].From.Bib != 11 {
		t.Errorf("stage 2 jerseys = %+v, want the yellow jersey taken by 31 from 11 first", m.Jerseys)
	}
	if m.Mover == nil || m.Mover.Bib != 31 || m.Mover.Moved != 10 || m.Mover.Rank != 1 {
		t.Errorf("stage 2 mover = %+v, want 31, ten places up to first", m.Mover)
	}
	if follow.Provisional != nil {
		t.Errorf("follow answer's provisional = %+v with stage 3 not begun, want null", follow.Provisional)
	}

	// The refusals are those of the provisional standings: none before a finish of the open stage.
	r.refused(t, "provisional standings without a finish", http.MethodGet, "/standings?provisional=1", nil, http.StatusConflict, "conflict")
}

// decodeInto reads a 200 JSON answer into v.
func decodeInto(t *testing.T, rec interface{ Result() *http.Response }, v any) {
	t.Helper()
	res := rec.Result()
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d, want 200", res.StatusCode)
	}
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatalf("decoding the answer: %v", err)
	}
}

// TestMovesAndMomentPagesScenario reads the pages of movedRace: the director's classifications say who
// moved (▲10, with the words for a screen reader in the reader's language); the follow page carries the
// last closed stage's card as a part of its own and, while stage 2 is typed, the virtual general
// classification labelled provisional with its leader; once the last stage is closed nothing is live.
func TestMovesAndMomentPagesScenario(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := movedRace(t, ta)
	code := r.tourView(t).FollowCode

	follow := followPage(t, ta, "/follow/"+code)
	checkReadOnly(t, "follow page", follow)
	for _, want := range []string{`data-part="moment"`, `data-moment="` + code + `-1"`, "Stage 1 is over", "Stage winner", "Virtual general classification", "provisional", "Virtual leader: <b>", `class="move move-up"`, "up 10 places"} {
		if !strings.Contains(follow, want) {
			t.Errorf("the follow page while stage 2 is typed lacks %q", want)
		}
	}
	if part := followPage(t, ta, "/follow/"+code+"/part/moment"); !strings.Contains(part, `data-part="moment"`) || !strings.Contains(part, "Stage 1 is over") || strings.Contains(part, "Virtual") || strings.Contains(part, "Biggest climber") {
		t.Errorf("the moment part alone = %s, want the card of stage 1 only (no climber: no classification stood before it)", clip(part))
	}

	r.close(t, 2)
	req := httptest.NewRequest(http.MethodGet, r.pagePath("/classifications"), nil)
	req.Header.Set("Accept-Language", "es")
	rec := ta.serve(t, req, true)
	if rec.Code != http.StatusOK {
		t.Fatalf("classifications = %d", rec.Code)
	}
	for _, want := range []string{`<span aria-hidden="true">▲10</span><span class="sr-only">sube 10 puestos</span>`, `<span aria-hidden="true">▼5</span><span class="sr-only">baja 5 puestos</span>`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("the classifications in Spanish lack %q", want)
		}
	}
	follow = followPage(t, ta, "/follow/"+code)
	for _, want := range []string{"Stage 2 is over", "takes it from", "Biggest climber", "▲10"} {
		if !strings.Contains(follow, want) {
			t.Errorf("the follow page after stage 2 lacks %q", want)
		}
	}
	if strings.Contains(follow, "Virtual general classification") {
		t.Error("the follow page shows a virtual classification with nothing of stage 3 entered")
	}

	r.finish(t, 3, cpGroup(3, 1, 1, 11, 12, 13, 14, 15, 21, 22, 23, 24, 25, 31, 32, 33, 34, 35))
	r.close(t, 3)
	follow = followPage(t, ta, "/follow/"+code)
	if !strings.Contains(follow, `data-live-state="off" role="status" hidden>`) || !strings.Contains(follow, "data-over") {
		t.Error("the follow page of a finished tour still shows it live")
	}
}
