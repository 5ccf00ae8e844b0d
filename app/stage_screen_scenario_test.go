package app_test

// The stage screen of issue 25, driven like a browser against the real router: finish groups typed out
// of their times' order (the preview warns, the save refuses until the order is confirmed), riders
// numbered on from group to group, End stage before any finish (one refusal, on the page and in the
// API), a stale page said once, advantages recorded on the stage screen, and the profile's legend and
// bib grid on it; in English, Spanish and Italian.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// orderPreview is the part of the finish preview that places the groups.
type orderPreview struct {
	Groups []struct {
		First int `json:"first"`
	} `json:"groups"`
	OutOfOrder []struct {
		Group int    `json:"group"`
		Ahead int    `json:"ahead"`
		Text  string `json:"text"`
	} `json:"out_of_order"`
}

// askOrder previews Cycling Party rows (turn, square, die, riders) of stage 1 in lang.
func askOrder(t *testing.T, r raceRun, lang string, rows ...[4]string) orderPreview {
	t.Helper()
	f := map[string][]string{}
	for _, row := range rows {
		f["turn"], f["square"], f["die"] = append(f["turn"], row[0]), append(f["square"], row[1]), append(f["die"], row[2])
		f["riders"] = append(f["riders"], row[3])
	}
	rec := askPreview(t, r, 1, previewRows(f), lang)
	var a orderPreview
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &a) != nil {
		t.Fatalf("preview = %d; body:\n%s", rec.Code, clip(rec.Body.String()))
	}
	return a
}

// firsts are the first places of a preview's rows.
func (a orderPreview) firsts() string {
	var out []string
	for _, g := range a.Groups {
		out = append(out, fmt.Sprint(g.First))
	}
	return strings.Join(out, " ")
}

// TestStageScreenFinishOrder: group 1 typed on square 2 (0:51) and group 2 on square 6 (0:33) puts
// group 2 ahead. The preview says so in the reader's language and numbers the riders as placed; the
// save refuses until the director confirms, storing nothing; confirmed, it saves. Typed in order, the
// 13th rider is 13.
func TestStageScreenFinishOrder(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	twelve, three := "11 12 13 14 15 21 22 23 24 25 31 32", "33 34 35"
	swapped := [][4]string{{"0", "2", "5", twelve}, {"0", "6", "3", three}, {"", "", "", ""}}

	a := askOrder(t, r, "", swapped...)
	if len(a.OutOfOrder) != 1 || a.OutOfOrder[0].Group != 2 || a.OutOfOrder[0].Ahead != 1 ||
		a.OutOfOrder[0].Text != "Group 2 (0:33) finishes ahead of group 1 (0:51), typed before it." {
		t.Errorf("preview of groups out of order: %+v, want group 2 ahead of group 1, said", a.OutOfOrder)
	}
	if got := a.firsts(); got != "4 1 0" {
		t.Errorf("first places of the groups out of order = %s, want 4 1 0 (group 2's three riders first)", got)
	}
	for lang, want := range map[string]string{
		"es": "El grupo 2 (0:33) llega por delante del grupo 1 (0:51), escrito antes.",
		"it": "Il gruppo 2 (0:33) arriva davanti al gruppo 1 (0:51), scritto prima.",
	} {
		if a := askOrder(t, r, lang, swapped...); len(a.OutOfOrder) != 1 || a.OutOfOrder[0].Text != want {
			t.Errorf("preview in %s: %+v, want %q", lang, a.OutOfOrder, want)
		}
	}
	inOrder := askOrder(t, r, "", [4]string{"0", "6", "3", twelve}, [4]string{"0", "2", "5", three}, [4]string{"", "", "", ""})
	if got := inOrder.firsts(); len(inOrder.OutOfOrder) != 0 || got != "1 13 0" {
		t.Errorf("preview in order: first places %s, out of order %+v; want 1 13 0 and nothing", got, inOrder.OutOfOrder)
	}
	if a := askOrder(t, r, "", [4]string{"0", "6", "3", twelve}, [4]string{"0", "6", "3", three}); len(a.OutOfOrder) != 0 || a.firsts() != "1 13" {
		t.Errorf("preview of two groups on the same time: %+v, want placed as typed, nothing said", a)
	}

	// The save refuses the groups out of order, names the field and keeps what was typed.
	form := finishForm(r.version(t, 1), swapped...)
	page := r.refusedPage(t, "groups out of order", "/stages/1/finish", form, http.StatusUnprocessableEntity,
		"Group 2 (0:33) finishes ahead of group 1 (0:51), typed before it.", `id="confirm-order-error"`,
		"group 2 is typed after group 1 but its time places its riders ahead", `name="confirm_order" value="1" aria-invalid="true"`,
		`id="g1-riders" name="g_riders" value="`+twelve+`"`, `<span class="pos">13.</span>`)
	if strings.Contains(page, "data-order-warning hidden") {
		t.Error("the refused finish hides the order warning")
	}
	es := r.refusedPage(t, "groups out of order (es)", "/stages/1/finish?lang=es", finishForm(r.version(t, 1), swapped...), http.StatusUnprocessableEntity,
		"El grupo 2 (0:33) llega por delante del grupo 1 (0:51), escrito antes.",
		"el grupo 2 está escrito después del grupo 1, pero su tiempo pone a sus corredores por delante", "Los tiempos son correctos")
	if strings.Contains(es, "typed before it") {
		t.Error("the Spanish refusal speaks English")
	}

	// Confirmed, it is saved as typed and placed by time.
	form = finishForm(r.version(t, 1), swapped...)
	form.Set("confirm_order", "1")
	r.post(t, "/stages/1/finish", form, "/stages/1")
	v, _ := r.stage(t, 1)
	if len(v.Times) != 15 || v.Times[0].Bib != 33 || v.Times[3].Bib != 11 {
		t.Errorf("placings after the confirmed finish: %v, want bib 33 first and bib 11 fourth", v.Times)
	}
	// The screen shows the warning again with the stored finish, its riders numbered as placed.
	screen := r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{"Group 2 (0:33) finishes ahead of group 1 (0:51), typed before it.", `data-first="4"`, `<span class="pos">4.</span>`, `<span class="pos">15.</span>`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the stage screen after the confirmed finish lacks %q", want)
		}
	}
	// Typed in order, no confirmation is asked.
	r.post(t, "/stages/1/finish", finishForm(r.version(t, 1), [4]string{"0", "6", "3", twelve}, [4]string{"0", "2", "5", three}), "/stages/1")
	screen = r.getPage(t, "/stages/1", http.StatusOK)
	if !strings.Contains(screen, "data-order-warning hidden") || !strings.Contains(screen, `<span class="pos">13.</span>`) {
		t.Error("the stage screen of a finish in order shows the order warning, or numbers group 2 from 1")
	}
}

// TestStageScreenEndWithoutFinish: End stage before any finish is one refusal naming the finish, on the
// page (en, it) and in the API (es: field finish), not a line a rider.
func TestStageScreenEndWithoutFinish(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	for _, c := range []struct{ lang, want string }{
		{"", "Stage 1 cannot end yet: the finish is missing (15 riders have no finish place and have not abandoned)."},
		{"it", "La tappa 1 non può ancora finire: manca l’arrivo (15 corridori non hanno un piazzamento all’arrivo né si sono ritirati)."},
	} {
		path := "/stages/1/close"
		if c.lang != "" {
			path += "?lang=" + c.lang
		}
		page := r.refusedPage(t, "End stage without a finish "+c.lang, path, url.Values{"_version": {r.version(t, 1)}}, http.StatusUnprocessableEntity, c.want)
		if n := strings.Count(page, c.want); n != 1 || strings.Contains(page, `class="missing"`) || strings.Contains(page, "has no finish and has not abandoned") || strings.Contains(page, "non ha un piazzamento") {
			t.Errorf("End stage without a finish (%s): said %d times, or a line a rider", c.lang, n)
		}
	}
	rec, e := ta.inLanguage(t, "es", http.MethodPost, fmt.Sprintf("/api/v1/tours/%d/stages/1/close", r.id), "")
	want := "falta la llegada (15 corredores no tienen puesto de llegada ni han abandonado)"
	if rec.Code != http.StatusUnprocessableEntity || e.Error.Fields["finish"] != want || e.Error.Message != "la etapa no se puede cerrar: "+want || !strings.Contains(rec.Body.String(), `"missing":["`+want+`"]`) {
		t.Errorf("API close without a finish (es) = %d %+v, want 422 naming finish", rec.Code, e.Error)
	}
	// Part of the finish entered: each rider missing is named.
	r.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"groups": []map[string]any{{"turn": 0, "square": 3, "die": 2, "riders": []int{11, 12}}}})
	page := r.refusedPage(t, "End stage with a finish partly entered", "/stages/1/close", url.Values{"_version": {r.version(t, 1)}}, http.StatusUnprocessableEntity,
		"Stage 1 cannot end yet: 13 things are missing", "bib 13 ")
	if strings.Contains(page, "the finish is missing") {
		t.Error("End stage with a finish partly entered says the whole finish is missing")
	}
}

// TestStageScreenStaleOnce: a form sent from a stage screen another device changed since is refused
// with one message, beside the form (not again at the top of the page).
func TestStageScreenStaleOnce(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
	old := r.version(t, 1)
	r.ok(t, http.MethodPut, "/stages/1/sprints/1", map[string]any{"order": []int{11}})
	for _, c := range []struct {
		what, path string
		form       url.Values
	}{
		{"sprint", "/stages/1/sprints/2", url.Values{"order": {"12"}}},
		{"finish", "/stages/1/finish", finishForm(old, [4]string{"0", "3", "2", "12"})},
		{"abandonment", "/stages/1/abandons", url.Values{"bib": {"12"}, "reason": {"crash"}}},
		{"End stage", "/stages/1/close", url.Values{}},
		{"advantage", "/stages/1/advantages", url.Values{"kind": {"attack"}, "bib": {"12"}, "from": {"stage"}}},
		{"advantage on the advantages page", "/stages/1/advantages", url.Values{"kind": {"attack"}, "bib": {"12"}}},
	} {
		c.form.Set("_version", old)
		page := r.refusedPage(t, "stale "+c.what, c.path, c.form, http.StatusConflict)
		if !strings.Contains(page, "<title>Stage 1 ") && !strings.Contains(page, "<title>Advantages") {
			t.Errorf("stale %s: not the page the form was sent from", c.what)
		}
		start := strings.Index(page, `<main id="main">`)
		if n := strings.Count(page[start:], "changed since this page was opened"); n != 1 {
			t.Errorf("stale %s: the message shows %d times, want once:\n%s", c.what, n, clip(page[start:]))
		}
	}
}

// TestStageScreenAdvantages: an advantage use is recorded from the stage screen (back to it), and a
// refused one is shown there beside its form, open, with what was typed; the advantages page still
// records them.
func TestStageScreenAdvantages(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
	screen := r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{`id="stage-advantages"`, `id="adv-water_bottle-fold"`, `name="from" value="stage"`, `id="adv-attack-bib"`,
		`class="legend"`, "attack line", "sprint lines", `data-add-bib="11"`, `aria-label="Add bib 11 (`, `role="img"`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the stage screen lacks %q", want)
		}
	}
	if strings.Contains(screen, `id="adv-double_throw-fold"`) || strings.Contains(screen, `id="adv-mountain_attack-fold"`) {
		t.Error("the stage screen offers the double throw (beside its climb) or a mountain attack the stage does not allow")
	}
	if flash := r.post(t, "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"12"}, "turn": {"3"}, "from": {"stage"}, "_version": {r.version(t, 1)}}, "/stages/1"); !strings.Contains(flash, "12") {
		t.Errorf("flash after a water bottle from the stage screen = %q", flash)
	}
	page := r.refusedPage(t, "attack by an unknown bib", "/stages/1/advantages?lang=es", url.Values{"kind": {"attack"}, "bib": {"99"}, "from": {"stage"}, "_version": {r.version(t, 1)}},
		http.StatusUnprocessableEntity, `id="adv-attack-fold" open`, `id="adv-attack-bib" name="bib" value="99"`, `id="adv-attack-bib-error"`, "99")
	if !strings.Contains(page, `id="stage-advantages"`) {
		t.Error("a refused advantage from the stage screen is not shown on the stage screen")
	}
	adv := r.getPage(t, "/stages/1/advantages", http.StatusOK)
	if !strings.Contains(adv, `<h3>Water bottle`) || strings.Contains(adv, `name="from"`) {
		t.Error("the advantages page lost its forms' headings, or sends them back to the stage screen")
	}
}

// TestSprintNamedAlikeEverywhere: an intermediate sprint has one name on the stage screen's card, in
// its history and on the follow page, in each language ("Sprint 2", "Meta volante 2").
func TestSprintNamedAlikeEverywhere(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID}, false)
	r.ok(t, http.MethodPut, "/stages/1/sprints/2", map[string]any{"order": []int{21, 11}})
	for _, c := range []struct{ lang, name string }{{"en", "Sprint 2"}, {"es", "Meta volante 2"}, {"it", "Traguardo volante 2"}} {
		for _, path := range []string{"/stages/1", "/stages/1/history"} {
			page := r.getPage(t, path+"?lang="+c.lang, http.StatusOK)
			if !strings.Contains(page, c.name+": 21 11") {
				t.Errorf("%s (%s): the history does not say %q", path, c.lang, c.name+": 21 11")
			}
			if strings.Contains(strings.ToLower(page), "intermediate sprint 2") {
				t.Errorf("%s (%s) names sprint 2 \"intermediate sprint 2\"", path, c.lang)
			}
		}
		if page := r.getPage(t, "/stages/1?lang="+c.lang, http.StatusOK); !strings.Contains(page, "<h3>"+c.name+"</h3>") {
			t.Errorf("the stage screen (%s) does not title the sprint's card %q", c.lang, c.name)
		}
		follow := ta.do(t, http.MethodGet, "/follow/"+r.tourView(t).FollowCode+"?lang="+c.lang, nil)
		if body := follow.Body.String(); follow.Code != http.StatusOK || !strings.Contains(body, c.name) || strings.Contains(strings.ToLower(body), "intermediate sprint 2") {
			t.Errorf("the follow page (%s) = %d, does not name the sprint %q", c.lang, follow.Code, c.name)
		}
	}
}

// TestStageScreenEffort: Ciclismo a fondo's effort points are spent from the stage screen too (back to
// it); a refusal is shown there, beside the folded form, opened, with what was typed (it).
func TestStageScreenEffort(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, pageCAFStages(), cafRaceTeams(t, ta), false)
	screen := caf.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{`id="adv-effort-fold"`, `id="adv-effort-points"`, `id="adv-effort-bib"`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the Ciclismo a fondo stage screen lacks %q", want)
		}
	}
	caf.post(t, "/stages/1/advantages", url.Values{"kind": {"effort"}, "bib": {"11"}, "points": {"2"}, "from": {"stage"}, "_version": {caf.version(t, 1)}}, "/stages/1")
	caf.refusedPage(t, "more effort than left (it)", "/stages/1/advantages?lang=it", url.Values{"kind": {"effort"}, "bib": {"11"}, "points": {"40"}, "from": {"stage"}, "_version": {caf.version(t, 1)}},
		http.StatusUnprocessableEntity, `id="adv-effort-fold" open`, `id="adv-effort-points" name="points" value="40"`, `id="adv-effort-points-error"`, `id="stage-advantages"`, `lang="it"`)
	v, _ := caf.stage(t, 1)
	if len(v.Results.Advantages) != 1 || v.Results.Advantages[0].Points != 2 {
		t.Errorf("effort spent from the stage screen: %v, want bib 11's 2 points", v.Results.Advantages)
	}
}
