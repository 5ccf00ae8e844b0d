package app_test

// The Volta a Catalunya 2026 replayed through the HTTP API with the uci-road ruleset (issues 8 and 14):
// teams, tour, every stage's abandons and finish (JSON with times as text, CSV through the API, CSV
// through the stage page's upload form; bonuses entered or left to the ruleset's tables with the
// intermediate sprints' orders), close, and the standings after every stage compared with the
// official GC and team standings of the pcs-2026 oracle data.

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"racedirector/app"
	"racedirector/app/race"
	"racedirector/app/store/storetest"
)

// roadOracleDir is the pcs-2026 oracle data (see testdata/oracle/README.md).
const roadOracleDir = "../testdata/oracle/pcs-2026"

// roadRows reads one oracle CSV file into maps keyed by column, keeping the rows whose column
// key has the value want (all rows when key is "").
func roadRows(t *testing.T, name, key, want string) []map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(roadOracleDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []map[string]string
	for _, rec := range recs[1:] {
		row := map[string]string{}
		for i, col := range recs[0] {
			row[col] = strings.TrimSpace(rec[i])
		}
		if key == "" || row[key] == want {
			out = append(out, row)
		}
	}
	return out
}

// roadCall sends one request to the app and checks the status; body is JSON unless it is a
// *roadRaw, sent as is with its content type.
func roadCall(t *testing.T, a *app.App, method, url string, body any, want int) []byte {
	t.Helper()
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case *roadRaw:
		rd, ct = bytes.NewReader(b.data), b.contentType
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd, ct = bytes.NewReader(data), "application/json"
	}
	req := httptest.NewRequest(method, url, rd)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	for _, c := range bodyCookies(body) {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	a.Echo.ServeHTTP(rec, req)
	if rec.Code != want {
		t.Fatalf("%s %s = %d, want %d; body: %.600s", method, url, rec.Code, want, rec.Body.String())
	}
	return rec.Body.Bytes()
}

// roadRaw is a request body that is not JSON (CSV, a multipart form), with the cookies to send.
type roadRaw struct {
	data        []byte
	contentType string
	cookies     []*http.Cookie
}

// bodyCookies returns the cookies a raw body goes with.
func bodyCookies(body any) []*http.Cookie {
	if r, ok := body.(*roadRaw); ok {
		return r.cookies
	}
	return nil
}

// roadJSON decodes an answer.
func roadJSON[T any](t *testing.T, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %.200s: %v", data, err)
	}
	return v
}

// roadFields reads the fields of a refusal.
func roadFields(t *testing.T, data []byte) map[string]string {
	t.Helper()
	return roadJSON[struct {
		Error struct {
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}](t, data).Error.Fields
}

// roadKm rounds a distance to whole kilometres.
func roadKm(t *testing.T, s string) int {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("distance %q: %v", s, err)
	}
	return max(1, int(math.Round(f)))
}

// roadSeconds reads an official time as whole seconds.
func roadSeconds(t *testing.T, s string) int {
	t.Helper()
	h, err := race.ParseClockTime(s)
	if err != nil {
		t.Fatal(err)
	}
	return h / 100
}

// roadBonus reads the Bonis column of Catalunya (bonuses only: "10″").
func roadBonus(t *testing.T, s string) int {
	t.Helper()
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "″"))
	if err != nil {
		t.Fatalf("Bonis %q: %v", s, err)
	}
	return n
}

// TestUCIRoadVoltaACatalunyaThroughTheAPI is the end-to-end replay of the Volta a Catalunya 2026.
// Real bibs number teams from 0 (1–7, 11–17…), the app from 1, so app bib = real bib + 10.
func TestUCIRoadVoltaACatalunyaThroughTheAPI(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(roadOracleDir); err != nil {
		t.Fatalf("oracle data not found at %s (it ships in the repository)", roadOracleDir)
	}
	a, err := app.New(storetest.DSN(t, "racedirector.db"), slog.New(slog.NewTextHandler(io.Discard, nil)), testSite)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	const race26 = "volta-a-catalunya:2026"

	rulesets := roadJSON[[]struct{ ID string }](t, roadCall(t, a, http.MethodGet, "/api/v1/rulesets", nil, http.StatusOK))
	if !slices.ContainsFunc(rulesets, func(r struct{ ID string }) bool { return r.ID == "uci-road" }) {
		t.Fatalf("GET /api/v1/rulesets = %+v, want uci-road listed", rulesets)
	}

	// Teams: one database team per real team, in bib order, riders numbered by the last bib digit.
	names := map[string]string{}
	for _, r := range roadRows(t, "teams.csv", "", "") {
		names[r["Pcs Id"]] = r["Name"]
	}
	type dbTeam struct {
		Name   string           `json:"name"`
		Short  string           `json:"short"`
		Color  string           `json:"color"`
		Riders []map[string]any `json:"riders"`
	}
	byNumber := map[int]*dbTeam{}
	riderName := map[int]string{}
	// The data set has no dates of birth: a rider of the official young riders' classification is
	// born in 2004, the others in 1990; the tour's cut-off is the under-26 rule's 2001-01-01.
	young := map[string]bool{}
	for _, r := range roadRows(t, "raceStageClassificationYouth.csv", "", "") {
		if strings.HasPrefix(r["Stage UID"], race26+":") {
			young[r["Bib"]] = true
		}
	}
	for _, r := range roadRows(t, "raceRiders.csv", "Race UID", race26) {
		bib, _ := strconv.Atoi(r["Bib"])
		riderName[bib+10] = r["Rider"]
		tm := byNumber[bib/10]
		if tm == nil {
			tm = &dbTeam{Name: names[r["Team Pcs Id"]], Short: fmt.Sprintf("V%c%c", 'A'+bib/10/26, 'A'+bib/10%26), Color: fmt.Sprintf("#%02x40%02x", bib, 255-bib)}
			byNumber[bib/10] = tm
		}
		born := "1990-06-01"
		if young[r["Bib"]] {
			born = "2004-06-01"
		}
		tm.Riders = append(tm.Riders, map[string]any{"name": r["Rider"], "number": bib % 10, "role": "rider", "born": born})
	}
	var teamIDs []uint
	for n := range len(byNumber) {
		tm := byNumber[n]
		if tm == nil {
			t.Fatalf("no team numbered %d in the start list: bibs would not follow", n)
		}
		created := roadJSON[struct{ ID uint }](t, roadCall(t, a, http.MethodPost, "/api/v1/teams", tm, http.StatusCreated))
		teamIDs = append(teamIDs, created.ID)
	}

	// The tour: the real stages (types from the profile, lengths in km, intermediate sprints at their km).
	type roadStage struct {
		Type    string           `json:"type"`
		Length  int              `json:"length"`
		Sprints []map[string]int `json:"sprints"`
		Climbs  []map[string]int `json:"climbs"`
	}
	var stages []roadStage
	sprintLocs := map[int][]string{}
	for _, st := range roadRows(t, "raceStages.csv", "Race UID", race26) {
		n, _ := strconv.Atoi(st["Stage"])
		typ := map[string]string{"p1": "flat", "p2": "hilly", "p3": "hilly"}[st["Parcours Type"]]
		if typ == "" {
			typ = "mountain"
		}
		s := roadStage{Type: typ, Length: roadKm(t, st["Distance"]), Climbs: []map[string]int{}}
		for _, loc := range roadRows(t, "raceStageLocationPoints.csv", "Stage UID", st["Stage UID"]) {
			if loc["Distance"] != "" {
				s.Sprints = append(s.Sprints, map[string]int{"index": len(s.Sprints) + 1, "at": roadKm(t, loc["Distance"])})
				sprintLocs[n] = append(sprintLocs[n], loc["Location UID"])
			}
		}
		stages = append(stages, s)
	}
	tour := roadJSON[struct {
		ID    uint `json:"id"`
		Teams []struct {
			Riders []struct{ Bib int } `json:"riders"`
		} `json:"teams"`
	}](t, roadCall(t, a, http.MethodPost, "/api/v1/tours", map[string]any{
		"ruleset": "uci-road", "name": "Volta Ciclista a Catalunya 2026", "profile": "medium", "riders_per_team": 7,
		"stages": stages, "teams": teamIDs, "settings": map[string]any{"youth_born_from": "2001-01-01"},
	}, http.StatusCreated))
	for _, tm := range tour.Teams {
		for _, r := range tm.Riders {
			if riderName[r.Bib] == "" {
				t.Fatalf("the tour gave bib %d, which is no real bib + 10", r.Bib)
			}
		}
	}
	base := fmt.Sprintf("/api/v1/tours/%d", tour.ID)

	results := roadRows(t, "raceStageResults.csv", "", "")
	gc := roadRows(t, "raceStageClassificationGeneral.csv", "", "")
	youth := roadRows(t, "raceStageClassificationYouth.csv", "", "")
	teamGC := roadRows(t, "raceStageClassificationTeams.csv", "", "")
	sprintResults := roadRows(t, "raceStageLocationPointsResults.csv", "", "")
	racing := map[int]bool{}
	for bib := range riderName {
		racing[bib] = true
	}
	for n := 1; n <= len(stages); n++ {
		uid := fmt.Sprintf("%s:%d", race26, n)
		var rows []map[string]string
		for _, r := range results {
			if r["Stage UID"] == uid && r["Rank"] != "" {
				rows = append(rows, r)
			}
		}
		slices.SortStableFunc(rows, func(x, y map[string]string) int {
			a, _ := strconv.Atoi(x["Rank"])
			b, _ := strconv.Atoi(y["Rank"])
			return cmp.Compare(a, b)
		})
		here := map[int]bool{}
		for _, r := range rows {
			bib, _ := strconv.Atoi(r["Bib"])
			here[bib+10] = true
		}
		for _, bib := range slices.Sorted(maps.Keys(racing)) {
			if racing[bib] && !here[bib] {
				roadCall(t, a, http.MethodPost, fmt.Sprintf("%s/stages/%d/abandons", base, n), map[string]any{"bib": bib, "reason": "did not finish"}, http.StatusOK)
				racing[bib] = false
			}
		}
		// Odd stages: JSON; even stages: CSV (stage 6 through the page form). Stages 1, 2 and 5 carry
		// the official bonuses; the others leave them to the tables and the sprints' crossing orders.
		withBonus := n == 1 || n == 2 || n == 5
		if !withBonus {
			for k, loc := range sprintLocs[n] {
				var order []int
				for _, r := range sprintResults {
					if r["Location UID"] == loc {
						bib, _ := strconv.Atoi(r["Bib"])
						order = append(order, bib+10)
					}
				}
				roadCall(t, a, http.MethodPut, fmt.Sprintf("%s/stages/%d/sprints/%d", base, n, k+1), map[string]any{"order": order}, http.StatusOK)
			}
		}
		finishURL := fmt.Sprintf("%s/stages/%d/finish", base, n)
		switch {
		case n%2 == 1:
			var entries []map[string]any
			for _, r := range rows {
				bib, _ := strconv.Atoi(r["Bib"])
				e := map[string]any{"bib": bib + 10, "time": r["Time"]}
				if withBonus {
					e["bonus"] = roadBonus(t, r["Bonis"])
				}
				entries = append(entries, e)
			}
			if n == 1 {
				bad := slices.Clone(entries)
				bad[3] = map[string]any{"bib": bad[3]["bib"], "time": "4:2x:44"}
				fields := roadFields(t, roadCall(t, a, http.MethodPut, finishURL, map[string]any{"results": bad}, http.StatusUnprocessableEntity))
				if want := `"4:2x:44" is not a time like 4:24:44 or 13:03.96`; fields["results[3].time"] != want || len(fields) != 1 {
					t.Errorf("a bad time in JSON was refused with %v, want results[3].time: %s", fields, want)
				}
			}
			roadCall(t, a, http.MethodPut, finishURL, map[string]any{"results": entries}, http.StatusOK)
		default:
			// A stage with the officials' bonuses has the bonus column (the stage's whole truth);
			// one without has none, so the tables give them.
			var b strings.Builder
			b.WriteString("bib,time,penalty\n")
			if withBonus {
				b.Reset()
				b.WriteString("bib,time,bonus,penalty\n")
			}
			for _, r := range rows {
				bib, _ := strconv.Atoi(r["Bib"])
				if withBonus {
					fmt.Fprintf(&b, "%d,%s,%s,\n", bib+10, r["Time"], strings.TrimSuffix(r["Bonis"], "″"))
				} else {
					fmt.Fprintf(&b, "%d,%s,\n", bib+10, r["Time"])
				}
			}
			text := b.String()
			if n == 6 {
				roadUploadPage(t, a, tour.ID, n, text)
				break
			}
			if n == 2 {
				lines := strings.Split(text, "\n")
				lines[5] = strings.SplitN(lines[5], ",", 2)[0] + ",4:2x:44,,"
				lines[7] = "999," + strings.SplitN(lines[7], ",", 2)[1]
				fields := roadFields(t, roadCall(t, a, http.MethodPut, finishURL, &roadRaw{data: []byte(strings.Join(lines, "\n")), contentType: "text/csv"}, http.StatusUnprocessableEntity))
				if want := `"4:2x:44" is not a time like 4:24:44 or 13:03.96`; fields["rows[4].time"] != want || len(fields) != 1 {
					t.Errorf("a bad CSV time was refused with %v, want rows[4].time: %s", fields, want)
				}
				lines = strings.Split(text, "\n")
				lines[7] = "999," + strings.SplitN(lines[7], ",", 2)[1]
				fields = roadFields(t, roadCall(t, a, http.MethodPut, finishURL, &roadRaw{data: []byte(strings.Join(lines, "\n")), contentType: "text/csv; charset=utf-8"}, http.StatusUnprocessableEntity))
				if fields["rows[6].bib"] == "" || len(fields) != 1 {
					t.Errorf("an unknown bib in CSV was refused with %v, want rows[6].bib", fields)
				}
			}
			roadCall(t, a, http.MethodPut, finishURL, &roadRaw{data: []byte(text), contentType: "text/csv"}, http.StatusOK)
		}
		roadCall(t, a, http.MethodPost, fmt.Sprintf("%s/stages/%d/close", base, n), nil, http.StatusOK)
		roadCompare(t, a, base, n, uid, gc, teamGC, youth)
	}
}

// roadUploadPage uploads stage n's finish CSV through the stage page's form (POST
// /tours/{id}/stages/{n}/finish.csv), first with a bad row (the refusal page lists it, with its
// line and a link back), then as it is (303 back to the stage).
func roadUploadPage(t *testing.T, a *app.App, tourID uint, n int, text string) {
	t.Helper()
	home := httptest.NewRecorder()
	a.Echo.ServeHTTP(home, httptest.NewRequest(http.MethodGet, "/", nil))
	var token *http.Cookie
	for _, c := range home.Result().Cookies() {
		if c.Name == "_csrf" {
			token = c
		}
	}
	if token == nil {
		t.Fatal("GET / set no _csrf cookie")
	}
	form := func(csvText string) *roadRaw {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		_ = w.WriteField("_csrf", token.Value)
		f, _ := w.CreateFormFile("file", fmt.Sprintf("stage-%d.csv", n))
		_, _ = f.Write([]byte(csvText))
		_ = w.Close()
		return &roadRaw{data: body.Bytes(), contentType: w.FormDataContentType(), cookies: []*http.Cookie{token}}
	}
	url := fmt.Sprintf("/tours/%d/stages/%d/finish.csv", tourID, n)
	lines := strings.Split(text, "\n")
	lines[3] = strings.SplitN(lines[3], ",", 2)[0] + ",1:2:3,,"
	bad := form(strings.Join(lines, "\n"))
	req := httptest.NewRequest(http.MethodPost, url, bytes.NewReader(bad.data))
	req.Header.Set("Content-Type", bad.contentType)
	req.AddCookie(token)
	refused := httptest.NewRecorder()
	a.Echo.ServeHTTP(refused, req)
	stage := fmt.Sprintf("/tours/%d/stages/%d", tourID, n)
	if refused.Code != http.StatusSeeOther || refused.Header().Get("Location") != stage {
		t.Fatalf("a refused upload = %d to %q, want 303 back to the stage (post/redirect/get)", refused.Code, refused.Header().Get("Location"))
	}
	page := string(roadCall(t, a, http.MethodGet, stage, &roadRaw{cookies: append(refused.Result().Cookies(), token)}, http.StatusUnprocessableEntity))
	for _, want := range []string{"Finish not saved", `Line 4, time: &#34;1:2:3&#34; is not a time like 4:24:44 or 13:03.96`, `id="clock-upload-error-` + strconv.Itoa(n) + `"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the refused upload page does not say %s:\n%.2000s", want, page)
		}
	}
	good := form(text)
	req = httptest.NewRequest(http.MethodPost, url, bytes.NewReader(good.data))
	req.Header.Set("Content-Type", good.contentType)
	req.AddCookie(token)
	rec := httptest.NewRecorder()
	a.Echo.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != fmt.Sprintf("/tours/%d/stages/%d", tourID, n) {
		t.Fatalf("uploading the finish = %d to %q, want 303 back to the stage; body %.300s", rec.Code, rec.Header().Get("Location"), rec.Body.String())
	}
}

// roadCompare checks GET /standings?after=n against the official GC (time and rank of every rider),
// team standings (time and rank of every team) and young riders' classification (rank of every young
// rider) after stage n.
func roadCompare(t *testing.T, a *app.App, base string, n int, uid string, gc, teamGC, youth []map[string]string) {
	t.Helper()
	st := roadJSON[race.Standings](t, roadCall(t, a, http.MethodGet, fmt.Sprintf("%s/standings?after=%d", base, n), nil, http.StatusOK))
	official := map[int][2]int{}
	for _, r := range gc {
		if r["Stage UID"] == uid {
			bib, _ := strconv.Atoi(r["Bib"])
			rank, _ := strconv.Atoi(r["Rank"])
			official[bib+10] = [2]int{roadSeconds(t, r["Time"]), rank}
		}
	}
	if len(st.Individual) != len(official) {
		t.Errorf("after stage %d the GC has %d riders, want %d", n, len(st.Individual), len(official))
	}
	for _, r := range st.Individual {
		if o, ok := official[r.Bib]; !ok || r.Time != o[0] || r.Rank != o[1] {
			t.Errorf("after stage %d bib %d %s: rank %d in %s, want rank %d in %s (official: %v)", n, r.Bib, r.Name, r.Rank,
				race.FormatClockTime(100*r.Time), o[1], race.FormatClockTime(100*o[0]), ok)
		}
	}
	youngRank := map[int]int{}
	for _, r := range youth {
		if r["Stage UID"] == uid {
			bib, _ := strconv.Atoi(r["Bib"])
			youngRank[bib+10], _ = strconv.Atoi(r["Rank"])
		}
	}
	if len(st.Youth) != len(youngRank) {
		t.Errorf("after stage %d the young riders' classification has %d riders, want %d", n, len(st.Youth), len(youngRank))
	}
	for _, r := range st.Youth {
		if want, ok := youngRank[r.Bib]; !ok || r.Rank != want {
			t.Errorf("after stage %d young rider bib %d %s: rank %d, want %d (official: %v)", n, r.Bib, r.Name, r.Rank, want, ok)
		}
	}
	teams := map[string][2]int{}
	for _, r := range teamGC {
		if r["Stage UID"] == uid {
			rank, _ := strconv.Atoi(r["Rank"])
			teams[r["Team"]] = [2]int{roadSeconds(t, r["Time"]), rank}
		}
	}
	if len(st.Teams) != len(teams) {
		t.Errorf("after stage %d the team standings have %d teams, want %d", n, len(st.Teams), len(teams))
	}
	for _, r := range st.Teams {
		if o, ok := teams[r.Team]; !ok || r.Time != o[0] || r.Rank != o[1] {
			t.Errorf("after stage %d team %s: rank %d in %s, want rank %d in %s (official: %v)", n, r.Team, r.Rank,
				race.FormatClockTime(100*r.Time), o[1], race.FormatClockTime(100*o[0]), ok)
		}
	}
}
