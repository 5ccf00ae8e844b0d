package app_test

// The race pages a director uses during the game, driven like a browser without JavaScript: the
// stage screen's forms (sprints, climbs, finish, abandons, End stage, reopen, undo), the advantages
// page, the classifications, Cycling Party and riders pages. Each refusal is checked to show its
// message beside the field with the typed values kept, and to change nothing.

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"racedirector/views"
)

// pagePath is a page path under the tour.
func (r raceRun) pagePath(format string, a ...any) string {
	return fmt.Sprintf("/tours/%d", r.id) + fmt.Sprintf(format, a...)
}

// version is stage n's version, as the hidden _version field carries it.
func (r raceRun) version(t testing.TB, n int) string {
	t.Helper()
	v, _ := r.stage(t, n)
	return strconv.Itoa(v.Version)
}

// getPage GETs a page that must answer want; it returns the body.
func (r raceRun) getPage(t testing.TB, path string, want int) string {
	t.Helper()
	rec := r.ta.do(t, http.MethodGet, r.pagePath("%s", path), nil)
	if rec.Code != want {
		t.Fatalf("GET %s = %d, want %d; body:\n%s", path, rec.Code, want, clip(rec.Body.String()))
	}
	checkPageRules(t, path, rec.Body.String())
	return rec.Body.String()
}

// post sends a page form (with CSRF) that must be accepted: 303 to wantTo; it returns the flash of the
// page it leads to.
func (r raceRun) post(t testing.TB, path string, v url.Values, wantTo string) string {
	t.Helper()
	rec := r.ta.form(t, r.pagePath("%s", path), v)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("POST %s %v = %d, want 303; body:\n%s", path, v, rec.Code, clip(rec.Body.String()))
	}
	loc := rec.Header().Get("Location")
	if want := r.pagePath("%s", wantTo); !strings.HasPrefix(loc, want) {
		t.Fatalf("POST %s led to %q, want %q", path, loc, want)
	}
	next := r.ta.do(t, http.MethodGet, strings.SplitN(loc, "#", 2)[0], nil)
	m := regexp.MustCompile(`<p class="flash" role="status">([^<]*)</p>`).FindStringSubmatch(next.Body.String())
	if m == nil {
		t.Errorf("after POST %s, %s shows no flash message", path, loc)
		return ""
	}
	return html.UnescapeString(m[1])
}

// refusedPage sends a page form that must be refused with status, change nothing, and show each of
// wants; it returns the page.
func (r raceRun) refusedPage(t testing.TB, what, path string, v url.Values, status int, wants ...string) string {
	t.Helper()
	csrf := r.ta.csrf(t)
	before := r.ta.snapshot(t)
	v.Set("_csrf", csrf)
	rec := r.ta.form(t, r.pagePath("%s", path), v)
	body := rec.Body.String()
	if rec.Code != status {
		t.Errorf("%s: POST %s = %d, want %d; body:\n%s", what, path, rec.Code, status, clip(body))
	}
	for _, w := range wants {
		if !strings.Contains(body, w) && !strings.Contains(body, views.Sentence(w)) { // a refusal starts a sentence
			t.Errorf("%s: the page lacks %q", what, w)
		}
	}
	if after := r.ta.snapshot(t); after != before {
		t.Errorf("%s changed the database:\n%s", what, diffLines(before, after))
	}
	checkPageRules(t, path, body)
	return body
}

// checkPageRules checks what every race page must respect: no inline style or executable inline
// script (the CSP forbids them), and a label for every visible input.
func checkPageRules(t testing.TB, path, body string) {
	t.Helper()
	formFieldTag := regexp.MustCompile(`<(input|select|textarea)\b[^>]*>`)
	idAttr := regexp.MustCompile(`\bid="([^"]+)"`)
	typeAttr := regexp.MustCompile(`\btype="([^"]+)"`)
	scriptTag := regexp.MustCompile(`<script\b[^>]*>`)
	if strings.Contains(body, ` style="`) {
		t.Errorf("%s has an inline style attribute (the CSP refuses it)", path)
	}
	for _, s := range scriptTag.FindAllString(body, -1) {
		if !strings.Contains(s, ` src="`) && !strings.Contains(s, `type="application/json"`) {
			t.Errorf("%s has an inline script %s (the CSP refuses it)", path, s)
		}
	}
	for _, tag := range formFieldTag.FindAllString(body, -1) {
		if m := typeAttr.FindStringSubmatch(tag); m != nil && (m[1] == "hidden" || m[1] == "radio" || m[1] == "submit") {
			continue
		}
		id := idAttr.FindStringSubmatch(tag)
		if id == nil {
			t.Errorf("%s: %s has no id, so no label points at it", path, tag)
			continue
		}
		if !strings.Contains(body, `for="`+id[1]+`"`) {
			t.Errorf("%s: %s has no <label for=%q>", path, tag, id[1])
		}
	}
}

// finishForm is the page form of a Cycling Party finish: rows of turn, square, die, riders.
func finishForm(version string, rows ...[4]string) url.Values {
	v := url.Values{"_version": {version}}
	for _, r := range rows {
		v.Add("g_turn", r[0])
		v.Add("g_square", r[1])
		v.Add("g_die", r[2])
		v.Add("g_riders", r[3])
	}
	return v
}

// pageCPStages are three Cycling Party stages: flat (3 climbs, 5 sprints), high (two hors climbs) and medium.
func pageCPStages() []map[string]any {
	return []map[string]any{
		{"type": "flat", "length": 200, "climbs": []map[string]any{climb("hill", 40, 42), climb("third", 80, 87), climb("hill", 120, 122)},
			"sprints": sprintsAt(20, 60, 100, 140, 170)},
		{"type": "high", "length": 180, "climbs": []map[string]any{climb("second", 20, 35), climb("first", 50, 73), climb("hors", 90, 121), climb("hors", 149, 180)},
			"sprints": sprintsAt(10, 80, 135)},
		{"type": "medium", "length": 170, "climbs": []map[string]any{climb("third", 20, 27), climb("second", 50, 65), climb("first", 100, 123)},
			"sprints": sprintsAt(10, 40, 80)},
	}
}

// pageCAFStages are three Ciclismo a fondo stages built from real kilometres, each by the book: a baja
// montaña with a 4th category climb, a team time trial and a llano.
func pageCAFStages() []map[string]any {
	sec := func(typ string, km int) map[string]any { return map[string]any{"type": typ, "km": km} }
	return []map[string]any{
		{"type": "low", "sections": []map[string]any{sec("flat", 60), sec("climb_fourth", 3), sec("descent_low", 5), sec("flat", 100)}, "sprints": sprintsAt(30)},
		{"type": "ttt", "sections": []map[string]any{sec("itt", 18)}},
		{"type": "flat", "sections": []map[string]any{sec("flat", 160)}, "sprints": sprintsAt(100)},
	}
}

// TestRacePagesCyclingParty enters stage 1 of a Cycling Party tour through the pages, without
// JavaScript: teams Rojo (bibs 11–15), Azul (21–25), Verde (31–35).
func TestRacePagesCyclingParty(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul, verde := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul"), teamNamed(t, ta, "Verde")
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{rojo.ID, azul.ID, verde.ID}, false)
	name := "Three stages of cycling-party"

	// The stage screen: title, tour menu, stage picker, riders block, one entry per sprint and climb.
	page := r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{
		"<title>Stage 1 — " + name + " · Race Director</title>",
		fmt.Sprintf(`href="/tours/%d/stages/1/advantages"`, r.id), fmt.Sprintf(`href="/tours/%d/stages/1/sheet"`, r.id),
		fmt.Sprintf(`href="/tours/%d/riders"`, r.id), fmt.Sprintf(`href="/tours/%d/classifications"`, r.id), fmt.Sprintf(`href="/tours/%d/cycling-party"`, r.id),
		`class="st-open" href="/tours/` + strconv.Itoa(int(r.id)) + `/stages/1" aria-current="page"`, `class="st-planned"`,
		`<script type="application/json" id="riders-data">{"stage":1,"riders":[{"bib":11,`,
		fmt.Sprintf(`action="/tours/%d/stages/1/sprints/5"`, r.id), fmt.Sprintf(`action="/tours/%d/stages/1/climbs/3"`, r.id),
		`name="_version" value="0"`, `id="sprint-1" name="order"`, `data-bibs="order" aria-describedby="sprint-1-preview" autofocus`,
		"End stage 1 and open stage 2",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("stage 1 screen lacks %q", want)
		}
	}
	// Course order: sprint 1 (20), climb 1 (40), sprint 2 (60), climb 2 (80)...
	if a, b, c := strings.Index(page, `id="sprint-1-box"`), strings.Index(page, `id="climb-1-box"`), strings.Index(page, `id="sprint-2-box"`); !(a < b && b < c) {
		t.Errorf("stage 1 entries are not in course order: sprint 1 at %d, climb 1 at %d, sprint 2 at %d", a, b, c)
	}

	// Sprints and climbs: bibs typed with spaces and commas.
	if flash := r.post(t, "/stages/1/sprints/1", url.Values{"order": {"12, 22 32"}, "_version": {r.version(t, 1)}}, "/stages/1"); flash != "Sprint 1 saved: 12 22 32." {
		t.Errorf("flash after sprint 1 = %q", flash)
	}
	r.post(t, "/stages/1/climbs/2", url.Values{"order": {"31,11,21"}, "_version": {r.version(t, 1)}}, "/stages/1")
	v, _ := r.stage(t, 1)
	if got := fmt.Sprint(v.Results.Sprints[1], v.Results.Climbs[2]); got != "[12 22 32] [31 11 21]" {
		t.Errorf("stored sprint 1 and climb 2 = %s, want [12 22 32] [31 11 21]", got)
	}
	page = r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{`id="sprint-1" name="order" value="12 22 32"`, "<b>12</b> Óscar Freire", `id="sprint-2" name="order" value=""`, `data-bibs="order" aria-describedby="climb-1-preview" autofocus`} {
		if !strings.Contains(page, want) {
			t.Errorf("stage 1 screen after saving lacks %q (pre-filled entry, names, autofocus on the first empty one)", want)
		}
	}

	// Refusals: the message beside the field, the typed values kept, nothing stored.
	ver := r.version(t, 1)
	r.refusedPage(t, "unknown bib in a sprint", "/stages/1/sprints/2", url.Values{"order": {"12 99"}, "_version": {ver}}, 422,
		`value="12 99"`, "no rider with bib 99 in this tour", `id="sprint-2-error"`, `aria-invalid="true"`, "nothing was saved", "<em>no such bib</em>")
	r.refusedPage(t, "a word instead of a bib", "/stages/1/climbs/1", url.Values{"order": {"12 abc"}, "_version": {ver}}, 422,
		`value="12 abc"`, "&#34;abc&#34; is not a bib number")
	r.refusedPage(t, "rider twice on a climb", "/stages/1/climbs/1", url.Values{"order": {"12 22 12"}, "_version": {ver}}, 422,
		"bib 12 is already at order[0]", "<em>given twice</em>")
	r.refusedPage(t, "stale form", "/stages/1/sprints/2", url.Values{"order": {"23"}, "_version": {"0"}}, 409,
		"stage 1 changed since this page was opened", `value="23"`)

	// Advantages: a water bottle; the attack allowance used up is refused with its reason.
	adv := r.getPage(t, "/stages/1/advantages", http.StatusOK)
	for _, want := range []string{"<title>Advantages, stage 1 — " + name, "Water bottle", "only the Sprinter", "Mountain attack", "No climb of this stage allows it.", "0 / 5"} {
		if !strings.Contains(adv, want) {
			t.Errorf("advantages page lacks %q", want)
		}
	}
	if flash := r.post(t, "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"13"}, "turn": {"14"}, "_version": {r.version(t, 1)}}, "/stages/1/advantages"); flash != "Water bottle for bib 13 (turn 14) recorded." {
		t.Errorf("flash after a water bottle = %q", flash)
	}
	r.post(t, "/stages/1/advantages", url.Values{"kind": {"attack"}, "bib": {"14"}, "_version": {r.version(t, 1)}}, "/stages/1/advantages")
	r.refusedPage(t, "second attack of Rojo", "/stages/1/advantages", url.Values{"kind": {"attack"}, "bib": {"11"}, "_version": {r.version(t, 1)}}, 409,
		"team Rojo has used its 1 attack this stage", `id="adv-attack-bib" name="bib" value="11"`)
	r.refusedPage(t, "water bottle to a bib not in the tour", "/stages/1/advantages", url.Values{"kind": {"water_bottle"}, "bib": {"77"}, "turn": {"3"}, "_version": {r.version(t, 1)}}, 422,
		"unknown bib 77", `value="77"`, `value="3"`)
	adv = r.getPage(t, "/stages/1/advantages", http.StatusOK)
	for _, want := range []string{"<td>turn 14</td>", "1 / 5", "1 / 1", fmt.Sprintf(`action="/tours/%d/stages/1/advantages/2/delete"`, r.id)} {
		if !strings.Contains(adv, want) {
			t.Errorf("advantages page after two uses lacks %q", want)
		}
	}
	r.post(t, "/stages/1/advantages/2/delete", url.Values{"_version": {r.version(t, 1)}}, "/stages/1/advantages")
	checkAllowance(t, r, 1, 1, map[string][2]int{"water_bottle": {1, 4}, "attack": {0, 1}})

	// Abandonment: refused without a reason (bib kept), then recorded.
	r.refusedPage(t, "abandon without a reason", "/stages/1/abandons", url.Values{"bib": {"15"}, "reason": {""}, "_version": {r.version(t, 1)}}, 422,
		`id="abandon-bib" name="bib" value="15"`, `id="abandon-reason-error"`, "is required")
	r.post(t, "/stages/1/abandons", url.Values{"bib": {"15"}, "reason": {"crash in the descent"}, "_version": {r.version(t, 1)}}, "/stages/1")

	// End stage without any finish says so once, with the number of riders (bib 15 abandoned), not a
	// line a rider.
	missing := r.refusedPage(t, "End stage without a finish", "/stages/1/close", url.Values{"_version": {r.version(t, 1)}}, 422,
		"Stage 1 cannot end yet: the finish is missing (14 riders have no finish place and have not abandoned).")
	if n := strings.Count(missing, "the finish is missing"); n != 1 || strings.Contains(missing, "has no finish and has not abandoned") || strings.Contains(missing, `class="missing"`) {
		t.Errorf("End stage without a finish says it %d times, or lists riders one by one", n)
	}

	// The finish: a die of 7 is refused beside its field, typed rows kept.
	ver = r.version(t, 1)
	r.refusedPage(t, "die 7", "/stages/1/finish", finishForm(ver, [4]string{"0", "3", "2", "12 22"}, [4]string{"", "", "", ""}, [4]string{"0", "7", "7", "11 21"}), 422,
		`id="g3-die" name="g_die" value="7"`, `id="g3-die-error"`, "must be between 1 and 6", `id="g3-riders" name="g_riders" value="11 21"`, `id="g1-time"`, ">0:49</output>")
	r.refusedPage(t, "abandoned rider in the finish", "/stages/1/finish", finishForm(ver, [4]string{"0", "3", "2", "12 15"}), 422,
		"bib 15 abandoned in this stage", `id="g1-riders-error"`)
	r.post(t, "/stages/1/finish", finishForm(ver,
		[4]string{"0", "9", "2", "12 22"}, [4]string{"", "", "", ""},
		[4]string{"0", "7", "5", "11 21 31 13 23 33 14 24 34"}, [4]string{"1", "1", "3", "32 25 35"}), "/stages/1")
	v, _ = r.stage(t, 1)
	if got := fmt.Sprint(v.Results.Finish.Groups); got != "[{0 9 2 0 [12 22]} {0 7 5 0 [11 21 31 13 23 33 14 24 34]} {1 1 3 0 [32 25 35]}]" {
		t.Errorf("stored finish = %s", got)
	}
	page = r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{`id="g1-turn" name="g_turn" value="0"`, ">0:19</output>", ">0:26</output>", ">1:58</output>", "Stage placings (14 riders)", `/riders/11">Tadej Pogačar</a></td>`} {
		if !strings.Contains(page, want) {
			t.Errorf("stage 1 screen after the finish lacks %q (pre-filled groups, times computed on the server)", want)
		}
	}

	// No classification before End stage.
	cls := r.getPage(t, "/classifications", http.StatusOK)
	if !strings.Contains(cls, "No stage is closed yet") {
		t.Errorf("classifications before End stage do not say no stage is closed")
	}

	// End stage: closes and moves on to stage 2's screen.
	if flash := r.post(t, "/stages/1/close", url.Values{"_version": {r.version(t, 1)}}, "/stages/2"); flash != "Stage 1 closed. Stage 2 is open." {
		t.Errorf("flash after End stage = %q", flash)
	}
	page = r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{"Stage 1 is closed", "Reopen stage 1", "<b>12</b> Óscar Freire"} {
		if !strings.Contains(page, want) {
			t.Errorf("closed stage 1 lacks %q", want)
		}
	}
	if strings.Contains(page, `name="order"`) {
		t.Errorf("closed stage 1 still has entry forms")
	}
	r.refusedPage(t, "sprint of a closed stage", "/stages/1/sprints/2", url.Values{"order": {"21"}, "_version": {r.version(t, 1)}}, 409, "stage 1 is closed: reopen it")

	// Classifications, Cycling Party and riders pages name what the standings say.
	st := r.standings(t, 1)
	cls = r.getPage(t, "/classifications?after=1", http.StatusOK)
	if !strings.Contains(cls, "<title>Classifications after stage 1 — "+name) {
		t.Errorf("classifications title is wrong")
	}
	for _, class := range []struct{ id, jersey string }{{"individual", "Yellow jersey"}, {"regularity", "Green jersey"}, {"mountain", "Polka-dot jersey"}, {"sprints", "Purple jersey"}} {
		bib := st.Leaders[class.id]
		// The leader's name leads to his palmarès.
		want := fmt.Sprintf(`<b>%d</b> <a class="who-link" href="/riders/`, bib) + `\d+` + fmt.Sprintf(`/palmares">%s</a>`, regexp.QuoteMeta(riderName(t, r, bib)))
		i := strings.Index(cls, class.jersey)
		if bib == 0 || i < 0 || !regexp.MustCompile(want).MatchString(cls[i:i+min(800, len(cls)-i)]) {
			t.Errorf("classifications: the %s leader should be %s", class.jersey, want)
		}
	}
	for _, want := range []string{`id="c-stage"`, `id="c-individual"`, `id="c-regularity"`, `id="c-mountain"`, `id="c-sprints"`, `id="c-teams"`, `id="c-daily-teams"`, "0:19", "&#43;1:39"} {
		if !strings.Contains(cls, want) {
			t.Errorf("classifications page lacks %q", want)
		}
	}
	cp := r.getPage(t, "/cycling-party", http.StatusOK)
	if top := st.CyclingParty[0]; !regexp.MustCompile(fmt.Sprintf(`<tr class="first"><td class="num">1</td><td>[^<]*<svg[^>]*>.*?</svg> (?:<a class="who-link" href="/teams/\d+/palmares">)?%s(?:</a>)?</td>.*?<td class="num"><b>%d</b>`, top.Team, top.Points)).MatchString(cp) || !strings.Contains(cp, "Cycling Party after stage 1") {
		t.Errorf("Cycling Party page does not show %s first with %d points", top.Team, top.Points)
	}
	riders := r.getPage(t, "/riders", http.StatusOK)
	if !regexp.MustCompile(`<td class="num"><a class="who-link" href="/tours/\d+/riders/15" title="Stage by stage">15</a></td><td><a class="who-link" href="/riders/\d+/palmares">[^<]+</a></td><td>[^<]+</td><td><span class="status out">abandoned in stage 1</span> <small>\(crash in the descent\)</small>`).MatchString(riders) {
		t.Errorf("riders page does not show bib 15 abandoned in stage 1")
	}
	if !strings.Contains(riders, `<span class="status racing">racing</span>`) {
		t.Errorf("riders page shows nobody racing")
	}

	// Reopen, undo the finish, the stage cannot end, redo it, end again.
	if flash := r.post(t, "/stages/1/reopen", url.Values{}, "/stages/1"); !strings.HasPrefix(flash, "Stage 1 reopened") {
		t.Errorf("flash after reopen = %q", flash)
	}
	if v, _ := r.stage(t, 2); v.State != "planned" {
		t.Errorf("stage 2 after reopening stage 1 is %s, want planned", v.State)
	}
	page = r.getPage(t, "/stages/1", http.StatusOK)
	if !strings.Contains(page, "Undo last change</button> <span class=\"muted\">Finish: 3 groups, 14 riders</span>") {
		t.Errorf("stage 1 screen does not offer to undo the finish")
	}
	r.refusedPage(t, "stale undo", "/stages/1/undo", url.Values{"_version": {"1"}}, 409, "reload it to see the latest results")
	if flash := r.post(t, "/stages/1/undo", url.Values{"_version": {r.version(t, 1)}}, "/stages/1"); flash != "Undone: finish: 3 groups, 14 riders." {
		t.Errorf("flash after undo = %q", flash)
	}
	if v, _ := r.stage(t, 1); len(v.Results.Finish.Groups) != 0 {
		t.Errorf("undo left the finish %v", v.Results.Finish.Groups)
	}
	hist := r.getPage(t, "/stages/1/history", http.StatusOK)
	for _, want := range []string{"History of stage 1", "Undone: finish: 3 groups, 14 riders", "Stage 1 reopened", "Stage 1 closed", "Sprint 1: 12 22 32", `class="undone"`,
		"<td>Added</td><td>Water bottle for bib 13 ", " (turn 14)</td>", "Attack for bib 14 taken back", "<td>Stage ended</td>"} {
		if !strings.Contains(hist, want) {
			t.Errorf("history page lacks %q", want)
		}
	}
	if strings.Contains(hist, "water_bottle") || strings.Contains(hist, "<td>set</td>") {
		t.Errorf("history page shows ids instead of words:\n%s", clip(hist))
	}
	r.post(t, "/stages/1/finish", finishForm(r.version(t, 1),
		[4]string{"0", "3", "2", "12 22 11 21 31 13 23 33 14 24 34 32 25 35"}), "/stages/1")
	r.post(t, "/stages/1/close", url.Values{"_version": {r.version(t, 1)}}, "/stages/2")

	// Stage 2 (high): the dice button beside the first and hors climbs records a double throw.
	page = r.getPage(t, "/stages/2", http.StatusOK)
	if !strings.Contains(page, `id="climb-2-dice"`) || strings.Contains(page, `id="climb-1-dice"`) {
		t.Errorf("stage 2: the dice button should be on climb 2 (first) and not on climb 1 (second)")
	}
	r.post(t, "/stages/2/advantages", url.Values{"kind": {"double_throw"}, "climb": {"2"}, "bib": {"11"}, "from": {"stage"}, "_version": {r.version(t, 2)}}, "/stages/2")
	r.refusedPage(t, "second double throw of Rojo on a first-category climb", "/stages/2/advantages",
		url.Values{"kind": {"double_throw"}, "climb": {"2"}, "bib": {"11"}, "from": {"stage"}, "_version": {r.version(t, 2)}}, 409,
		"team Rojo has used its 1 double throw on climb 2", `id="climb-2-dice-error"`, "<title>Stage 2 — ")
	r.refusedPage(t, "abandoned rider in stage 2", "/stages/2/sprints/1", url.Values{"order": {"15"}, "_version": {r.version(t, 2)}}, 422, "bib 15 abandoned in stage 1")
}

// riderName reads a rider's name from the tour.
func riderName(t testing.TB, r raceRun, bib int) string {
	t.Helper()
	v := decode[struct {
		Teams []struct {
			Riders []struct {
				Bib  int    `json:"bib"`
				Name string `json:"name"`
			} `json:"riders"`
		} `json:"teams"`
	}](t, r.ok(t, http.MethodGet, "", nil))
	for _, tm := range v.Teams {
		for _, rd := range tm.Riders {
			if rd.Bib == bib {
				return html.EscapeString(rd.Name)
			}
		}
	}
	t.Fatalf("no rider with bib %d", bib)
	return ""
}

// TestRacePagesOtherRulesets checks the Ciclismo a fondo (turns, effort points, weather, lost turns)
// and 2RUOTE (sectors, fatigue, volata) pages.
func TestRacePagesOtherRulesets(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, pageCAFStages(), cafRaceTeams(t, ta), false)
	page := caf.getPage(t, "/stages/1", http.StatusOK)
	if strings.Contains(page, `name="g_square"`) || !strings.Contains(page, `id="g1-turn" name="g_turn"`) || strings.Contains(page, "/cycling-party") {
		t.Errorf("Ciclismo a fondo stage screen: want turn groups only and no Cycling Party menu entry")
	}
	caf.post(t, "/stages/1/advantages", url.Values{"kind": {"effort"}, "bib": {"11"}, "points": {"2"}, "_version": {caf.version(t, 1)}}, "/stages/1/advantages")
	caf.refusedPage(t, "more effort than left", "/stages/1/advantages", url.Values{"kind": {"effort"}, "bib": {"11"}, "points": {"40"}, "_version": {caf.version(t, 1)}}, 422,
		"cannot spend 40", `id="adv-effort-points" name="points" value="40"`)
	caf.refusedPage(t, "rain once effort is spent", "/stages/1/weather", url.Values{"weather": {"fair", "rain", "", ""}, "_version": {caf.version(t, 1)}}, 422,
		"rain prevents the use of effort points, and some are spent in this stage (bib 11 spent 2): remove them first")
	caf.post(t, "/stages/1/weather", url.Values{"weather": {"fair", "crosswind", "", ""}, "_version": {caf.version(t, 1)}}, "/stages/1/advantages")
	caf.refusedPage(t, "a gap in the weather rolls", "/stages/1/weather", url.Values{"weather": {"fair", "", "cold", ""}, "_version": {caf.version(t, 1)}}, 422, "fill the rolls in order")
	caf.post(t, "/stages/1/lost-turns", url.Values{"bib": {"12"}, "turn": {"2"}, "reason": {"puncture"}, "_version": {caf.version(t, 1)}}, "/stages/1/advantages")
	caf.post(t, "/stages/1/combativity", url.Values{"bib": {"23"}, "_version": {caf.version(t, 1)}}, "/stages/1/advantages")
	v, _ := caf.stage(t, 1)
	if got := fmt.Sprint(v.Results.Weather, v.Results.LostTurns, v.Results.Combativity, v.Results.Advantages); got != "[fair crosswind] [{12 2 puncture}] 23 [{effort 11 0  0 2}]" {
		t.Errorf("Ciclismo a fondo entries = %s", got)
	}
	adv := caf.getPage(t, "/stages/1/advantages", http.StatusOK)
	for _, want := range []string{"Effort points", `<option value="crosswind" selected>crosswind</option>`, "2 turns, puncture", "Spent this stage"} {
		if !strings.Contains(adv, want) {
			t.Errorf("Ciclismo a fondo advantages page lacks %q", want)
		}
	}
	caf.post(t, "/stages/1/finish", url.Values{"g_turn": {"40", "41"}, "g_riders": {"11 21 31", "12 13 14 15 22 23 24 25 32 33 34 35"}, "_version": {caf.version(t, 1)}}, "/stages/1")
	if page = caf.getPage(t, "/stages/1", http.StatusOK); !strings.Contains(page, ">turn 41</output>") {
		t.Errorf("Ciclismo a fondo finish groups do not show their turn")
	}

	ruote := createRaceTour(t, ta, "2ruote", 5, ruoteRaceStages(), ruoteRaceTeams(t, ta), true)
	page = ruote.getPage(t, "/stages/1", http.StatusOK)
	if !strings.Contains(page, `id="g1-sector" name="g_sector"`) || strings.Contains(page, `name="g_turn"`) || !strings.Contains(page, "11 terrain cards") {
		t.Errorf("2RUOTE stage screen: want sector groups and the length in terrain cards")
	}
	ruote.post(t, "/stages/1/finish", url.Values{"g_sector": {"1", "0"}, "g_riders": {"21 11", "12 13 14 15 22 23 24 25 31 32 33 34 35"}, "_version": {ruote.version(t, 1)}}, "/stages/1")
	if page = ruote.getPage(t, "/stages/1", http.StatusOK); !strings.Contains(page, ">leading sector</output>") || !strings.Contains(page, ">&#43;0:30</output>") {
		t.Errorf("2RUOTE groups do not show their gap to the leading sector")
	}
	ruote.post(t, "/stages/1/fatigue", url.Values{"fatigue_11": {"30"}, "fatigue_12": {"5"}, "fatigue_13": {""}, "_version": {ruote.version(t, 1)}}, "/stages/1/advantages")
	ruote.refusedPage(t, "fatigue not a number", "/stages/1/fatigue", url.Values{"fatigue_11": {"x"}, "fatigue_12": {"5"}, "_version": {ruote.version(t, 1)}}, 422,
		`id="fatigue-11" name="fatigue_11" value="x"`, `id="fatigue-11-error"`)
	adv = ruote.getPage(t, "/stages/1/advantages", http.StatusOK)
	if !regexp.MustCompile(`name="fatigue_11" value="30"[^>]*>\s*<span class="flag">retires</span>`).MatchString(adv) {
		t.Errorf("2RUOTE advantages page does not flag bib 11 (fatigue 30) as retiring")
	}
	// The volata calculator: a GET form; "use this order" stores the order in the finish's leading group or a sprint.
	vol := ruote.getPage(t, "/stages/1/volata?target=finish&kind=finish&order=11+21+31&s_11=5&f_11=0&s_21=5&f_21=17&s_31=4&t_31=1&compute=1", http.StatusOK)
	if !regexp.MustCompile(`(?s)<span class="rank">1</span>.*?<b>31</b>.*?value 6.*?<span class="rank">2</span>.*?<b>11</b>.*?<span class="rank">3</span>.*?<b>21</b>.*?value 3`).MatchString(vol) {
		t.Errorf("volata order should be 31 (4+2=6), 11 (5), 21 (5−2=3)")
	}
	if !strings.Contains(vol, fmt.Sprintf(`<form method="post" action="/tours/%d/stages/1/volata"`, ruote.id)) ||
		!strings.Contains(vol, `<input type="hidden" name="target" value="finish"><input type="hidden" name="order" value="31 11 21">`) {
		t.Errorf("volata page has no \"use this order\" form for the finish")
	}
	// "Use this order" saves at once: refused when the order does not fit the finish (31 is in the
	// group behind) or the page is stale, the reason on the stage screen and nothing stored.
	ruote.refusedPage(t, "volata order with a rider of another sector", "/stages/1/volata",
		url.Values{"target": {"finish"}, "order": {"31 11 21"}, "_version": {ruote.version(t, 1)}}, 422,
		`id="g1-riders" name="g_riders" value="31 11 21"`, "bib 31 is already in group 1", `id="g2-riders-error"`)
	ruote.refusedPage(t, "volata order on a stale page", "/stages/1/volata",
		url.Values{"target": {"finish"}, "order": {"11 21"}, "_version": {"0"}}, 409, "stage 1 changed since this page was opened", `value="11 21"`)
	if flash := ruote.post(t, "/stages/1/volata", url.Values{"target": {"finish"}, "order": {"11 21"}, "_version": {ruote.version(t, 1)}}, "/stages/1"); flash != "Volata order saved in the finish, leading sector (+1): 11 21." {
		t.Errorf("flash after using the volata order = %q", flash)
	}
	if v, _ := ruote.stage(t, 1); fmt.Sprint(v.Results.Finish.Groups[0].Riders) != "[11 21]" || len(v.Results.Finish.Groups) != 2 {
		t.Errorf("the finish after the volata order = %v, want the leading sector 11 21 and the group kept", v.Results.Finish.Groups)
	}
	if flash := ruote.post(t, "/stages/1/volata", url.Values{"target": {"sprint-1"}, "order": {"31 11 21"}, "_version": {ruote.version(t, 1)}}, "/stages/1"); flash != "Sprint 1 saved from the volata: 31 11 21." {
		t.Errorf("flash after using the volata order for sprint 1 = %q", flash)
	}
	ruote.refusedPage(t, "an empty volata order for sprint 1", "/stages/1/volata",
		url.Values{"target": {"sprint-1"}, "order": {""}, "_version": {ruote.version(t, 1)}}, 422, "is empty: compute the volata first")
	if v, _ := ruote.stage(t, 1); fmt.Sprint(v.Results.Sprints[1]) != "[31 11 21]" {
		t.Errorf("sprint 1 after the volata order = %v", v.Results.Sprints[1])
	}
	ruote.getPage(t, "/stages/1/volata?order=11+99", http.StatusUnprocessableEntity)
	ruote.post(t, "/stages/1/close", url.Values{"_version": {ruote.version(t, 1)}}, "/stages/2")
	page = ruote.getPage(t, "/stages/2", http.StatusOK)
	if !strings.Contains(page, "Retired for fatigue after stage 1") || !strings.Contains(page, "they do not start stage 2") || !strings.Contains(page, "<b>11</b> Bianchi 1 — fatigue 30") {
		t.Errorf("stage 2 does not say that bib 11 retired for fatigue after stage 1")
	}
	if !regexp.MustCompile(`\{"bib":11,[^}]*"gone":1,"out":"retired"\}`).MatchString(page) {
		t.Errorf("stage 2's riders block does not mark bib 11 as retired after stage 1")
	}
	ruote.refusedPage(t, "a retired rider in a sprint", "/stages/2/sprints/1", url.Values{"order": {"11"}, "_version": {ruote.version(t, 2)}}, 422,
		"bib 11 retired after stage 1", "<em>retired after stage 1</em>")
	if riders := ruote.getPage(t, "/riders", http.StatusOK); !strings.Contains(riders, `<span class="status out">retired after stage 1</span> <small>(fatigue 30, above 25)</small>`) {
		t.Errorf("riders page does not show bib 11 retired after stage 1")
	}
	cls := ruote.getPage(t, "/classifications", http.StatusOK)
	for _, want := range []string{"Maglia Rosa", "Maglia Ciclamino", "Maglia Verde", "<b>21</b>"} {
		if !strings.Contains(cls, want) {
			t.Errorf("2RUOTE classifications lack %q", want)
		}
	}
	ruote.getPage(t, "/cycling-party", http.StatusNotFound)
	ruote.getPage(t, "/classifications?after=7", http.StatusUnprocessableEntity)
}

// TestRacePagesNotFound checks that stages, tours and entries that do not exist are 404 pages.
func TestRacePagesNotFound(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := createRaceTour(t, ta, "cycling-party", 5, pageCPStages(), []uint{teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID}, false)
	for _, path := range []string{"/tours/999/stages/1", fmt.Sprintf("/tours/%d/stages/9", r.id), fmt.Sprintf("/tours/%d/stages/x", r.id), "/tours/999/classifications", "/tours/999/riders"} {
		rec := ta.do(t, http.MethodGet, path, nil)
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, rec.Code)
		}
	}
	rec := ta.form(t, r.pagePath("/stages/1/sprints/9"), url.Values{"order": {"11"}})
	if rec.Code != http.StatusNotFound {
		t.Errorf("POST sprint 9 of 5 = %d, want 404", rec.Code)
	}
}

// TestRacePagesUCIRoad checks the stage screen of a real race (uci-road, clock times): the finish is
// uploaded as a CSV file and the placings show the times entered.
func TestRacePagesUCIRoad(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	rojo, azul := teamNamed(t, ta, "Rojo"), teamNamed(t, ta, "Azul")
	stages := []map[string]any{{"type": "flat", "length": 180, "climbs": []map[string]any{}, "sprints": sprintsAt(90)}, {"type": "flat", "length": 170, "climbs": []map[string]any{}, "sprints": sprintsAt(80)}}
	r := createRaceTour(t, ta, "uci-road", 6, stages, []uint{rojo.ID, azul.ID}, false)
	page := r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{fmt.Sprintf(`action="/tours/%d/stages/1/finish.csv"`, r.id), `name="_version" value="0"`, "Real race"} {
		if !strings.Contains(page, want) {
			t.Errorf("uci-road stage screen lacks %q", want)
		}
	}
	if strings.Contains(page, `name="g_riders"`) {
		t.Errorf("uci-road stage screen shows finish groups; its finish is clock times")
	}
	results := []map[string]any{}
	for i, bib := range []int{21, 11, 12, 13, 14, 15, 16, 22, 23, 24, 25, 26} {
		results = append(results, map[string]any{"bib": bib, "time": fmt.Sprintf("4:24:%02d", 44+i/2)})
	}
	r.ok(t, http.MethodPut, "/stages/1/finish", map[string]any{"results": results})
	page = r.getPage(t, "/stages/1", http.StatusOK)
	for _, want := range []string{"12 riders entered", "Stage placings (12 riders)", "4:24:44", "&#43;0:01"} {
		if !strings.Contains(page, want) {
			t.Errorf("uci-road stage screen after the finish lacks %q", want)
		}
	}
}

// TestRealRacePagesAsPublished: a real race's stage sheet lists what lies along the course by km and
// its classifications page names them as the race publishes them (its ruleset's terms); a board
// game's sheet says what to place on the board and its classifications keep the app's names. In
// each language.
func TestRealRacePagesAsPublished(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	tours := raceTourOfEach(t, ta)
	for _, c := range []struct {
		game, path, lang string
		want             []string
		not              string
	}{
		{"uci-road", "/stages/1/sheet", "en", []string{"Along the course", ">km</th>"}, "What to place on the board"},
		{"uci-road", "/stages/1/sheet", "es", []string{"A lo largo del recorrido"}, "Qué colocar en el tablero"},
		{"uci-road", "/stages/1/sheet", "it", []string{"Lungo il percorso"}, "Cosa mettere sul tabellone"},
		{"cycling-party", "/stages/1/sheet", "en", []string{"What to place on the board", ">Square</th>"}, "Along the course"},
		{"ciclismo-a-fondo", "/stages/1/sheet", "it", []string{"Cosa mettere sul tabellone"}, "Lungo il percorso"},
		{"uci-road", "/classifications", "en", []string{"General classification", "Points classification"}, ">Regularity<"},
		{"uci-road", "/classifications", "es", []string{"Clasificación general", "Clasificación por puntos"}, ">Regularidad<"},
		{"uci-road", "/classifications", "it", []string{"Classifica generale", "Classifica a punti"}, "Points classification"},
		{"cycling-party", "/classifications", "en", []string{">Individual<", ">Regularity<"}, "Points classification"},
	} {
		page := pageIn(t, ta, tours[c.game].pagePath("%s", c.path), c.lang)
		for _, w := range c.want {
			if !strings.Contains(page, w) {
				t.Errorf("%s %s in %s lacks %q", c.game, c.path, c.lang, w)
			}
		}
		if strings.Contains(page, c.not) {
			t.Errorf("%s %s in %s says %q", c.game, c.path, c.lang, c.not)
		}
	}
}

// TestBoardMarksDescentsAndFlats lists on a Ciclismo a fondo stage sheet, page and PDF, where its
// descent starts and where the flat after it starts (60 km flat, a 3 km 4th-category climb on 9
// squares, a 5 km low descent, 100 km flat: squares 70 and 75) and its feed zone (the middle of its
// 174 squares: 87), in the reader's language.
func TestBoardMarksDescentsAndFlats(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	stages := pageCAFStages()
	stages[0]["feed_zones"] = 1
	caf := createRaceTour(t, ta, "ciclismo-a-fondo", 5, stages, cafRaceTeams(t, ta), false)
	sheet := fmt.Sprintf("/tours/%d/stages/1/sheet", caf.id)
	for lang, want := range map[string][]string{
		"en": {"Descent start", "Descent, low", "Flat starts", "Feed zone marker", "Feed zone 1"},
		"es": {"Inicio del descenso", "Descenso bajo", "Inicio del llano", "Llano", "Marcador de avituallamiento", "Avituallamiento 1"},
		"it": {"Inizio della discesa", "Discesa bassa", "Inizio della pianura", "Rifornimento 1"},
	} {
		page := pageIn(t, ta, sheet, lang)
		for _, w := range want {
			if !strings.Contains(page, w) {
				t.Errorf("the %s stage sheet page lacks %q", lang, w)
			}
		}
		for _, square := range []string{">70<", ">75<", ">87<"} {
			if !strings.Contains(page, square) {
				t.Errorf("the %s stage sheet page lacks square %s", lang, square)
			}
		}
	}
	pdf := tourCall(t, ta, http.MethodGet, fmt.Sprintf("/api/v1/tours/%d/sheets/stage.pdf?stage=1", caf.id), nil, http.StatusOK).Body.Bytes()
	text := pdfToText(t, pdf)
	for _, w := range []string{"Descent start", "Descent, low", "Flat starts", "Feed zone marker", "Feed zone 1"} {
		if !strings.Contains(text, w) {
			t.Errorf("the stage sheet PDF lacks %q:\n%s", w, text)
		}
	}
}
