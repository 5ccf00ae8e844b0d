package app_test

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// fourStageParty races a four-stage Cycling Party tour (the default game) named with accents to
// its end: every stage closed.
func fourStageParty(t *testing.T, ta *testApp) raceRun {
	t.Helper()
	rojo, azul, verde := teamNamed(t, ta, "Rojo").ID, teamNamed(t, ta, "Azul").ID, teamNamed(t, ta, "Verde").ID
	stages := append(pageCPStages(), pageCPStages()[0]) // and a second flat stage
	tour := createTour(t, ta, map[string]any{"ruleset": "cycling-party", "name": "Vuelta a España del Salón", "profile": "medium", "seed": 7,
		"riders_per_team": 5, "stages": stages, "teams": []uint{rojo, azul, verde}})
	r := raceRun{ta: ta, id: tour.ID}
	var all []int
	for _, tm := range []int{1, 2, 3} {
		for n := 1; n <= 5; n++ {
			all = append(all, tm*10+n)
		}
	}
	for n := 1; n <= 4; n++ {
		rot := append(append([]int(nil), all[n*3:]...), all[:n*3]...)
		r.order(t, n, "sprints", 1, rot[0], rot[1], rot[2])
		r.order(t, n, "climbs", 1, rot[3], rot[4], rot[5])
		r.finish(t, n, cpGroup(3, 4, 5, rot[:6]...), cpGroup(4, 2, 1, rot[6:]...))
		r.close(t, n)
	}
	return r
}

// downloadName is the name a browser saves an answer under (filename*, else filename) and the
// ASCII one an older client (curl -J) uses.
func downloadName(t *testing.T, rec *httptest.ResponseRecorder) (name, ascii string) {
	t.Helper()
	d := rec.Header().Get("Content-Disposition")
	kind, params, err := mime.ParseMediaType(d)
	if err != nil || kind != "attachment" {
		t.Fatalf("Content-Disposition %q: %s (%v), want an attachment", d, kind, err)
	}
	m := regexp.MustCompile(`filename="([^"]*)"`).FindStringSubmatch(d)
	if m == nil {
		t.Fatalf("Content-Disposition %q has no filename=", d)
	}
	return params["filename"], m[1]
}

// TestSheetDownloadNames downloads the sheets, the summary (the director's and a player's) and the
// backup of a finished four-stage tour: each is named after the tour and what it is, the stage or
// moment it is for, in ASCII for every client and with its accents in filename*; served again from
// memory it keeps its name.
func TestSheetDownloadNames(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := fourStageParty(t, ta)
	code := r.followCode(t)
	tour := fmt.Sprintf("/tours/%d", r.id)
	api := "/api/v1" + tour
	for _, tt := range []struct{ path, want string }{
		{api + "/sheets/stage.pdf?stage=3", "vuelta-a-españa-del-salón-stage-3.pdf"},
		{api + "/sheets/stage.pdf", "vuelta-a-españa-del-salón-stage-4.pdf"},
		{api + "/sheets/entry.xlsx?stage=2", "vuelta-a-españa-del-salón-stage-2-entry.xlsx"},
		{api + "/sheets/result.pdf", "vuelta-a-españa-del-salón-stage-4-result.pdf"},
		{api + "/sheets/general.xlsx", "vuelta-a-españa-del-salón-general-after-stage-4.xlsx"},
		{api + "/sheets/cycling-party.pdf?after=2", "vuelta-a-españa-del-salón-cycling-party-after-stage-2.pdf"},
		{api + "/sheets/book.xlsx", "vuelta-a-españa-del-salón-race-book.xlsx"},
		{api + "/sheets/summary.xlsx", "vuelta-a-españa-del-salón-summary.xlsx"},
		{tour + "/sheets/summary.pdf", "vuelta-a-españa-del-salón-summary.pdf"},
		{"/follow/" + code + "/summary.pdf", "vuelta-a-españa-del-salón-summary.pdf"},
		{api + "/backup.json", "vuelta-a-españa-del-salón.racedirector.json"},
	} {
		for _, again := range []bool{false, true} {
			rec := getIn(t, ta, "en", tt.path)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d: %s", tt.path, rec.Code, clip(rec.Body.String()))
			}
			name, ascii := downloadName(t, rec)
			wantASCII := strings.NewReplacer("ñ", "n", "ó", "o").Replace(tt.want)
			if name != tt.want || ascii != wantASCII {
				t.Errorf("GET %s (again %v) is saved as %q (ASCII %q), want %q (%q)", tt.path, again, name, ascii, tt.want, wantASCII)
			}
		}
	}
}

// TestFinishedTourSheets reads the sheets of a finished four-stage Cycling Party tour through the
// router: the managers' PDF says its standing is final in English, Spanish and Italian ("as if" only
// before the last stage), and in the race book every worksheet writes ranks, points and times as
// numbers, never as text, and the summary's points add up.
func TestFinishedTourSheets(t *testing.T) {
	t.Parallel()
	ta := newTestApp(t)
	r := fourStageParty(t, ta)
	tour := fmt.Sprintf("/api/v1/tours/%d", r.id)
	for lang, w := range map[string][2]string{
		"en": {"Final manager standing", "as if the tour stopped here"},
		"es": {"Clasificación final de directores", "como si la vuelta acabara aquí"},
		"it": {"Classifica finale dei direttori sportivi", "come se il giro finisse qui"},
	} {
		final := pdfToText(t, getIn(t, ta, lang, tour+"/sheets/cycling-party.pdf").Body.Bytes())
		if !strings.Contains(final, w[0]) || strings.Contains(final, w[1]) {
			t.Errorf("%s: the managers' sheet after the last stage lacks %q or says %q:\n%s", lang, w[0], w[1], final)
		}
		before := pdfToText(t, getIn(t, ta, lang, tour+"/sheets/cycling-party.pdf?after=3").Body.Bytes())
		if !strings.Contains(before, w[1]) || strings.Contains(before, w[0]) {
			t.Errorf("%s: the managers' sheet after stage 3 lacks %q or says %q:\n%s", lang, w[1], w[0], before)
		}
	}

	book, err := excelize.OpenReader(bytes.NewReader(getIn(t, ta, "en", tour+"/sheets/book.xlsx").Body.Bytes()))
	if err != nil {
		t.Fatalf("book.xlsx does not open: %v", err)
	}
	defer book.Close()
	number := regexp.MustCompile(`^[+\-−]?\d+([:.,]\d+)*$`)
	for _, sheet := range book.GetSheetList() {
		rows, _ := book.GetRows(sheet)
		for i, row := range rows {
			for j, v := range row {
				ref, _ := excelize.CoordinatesToCellName(j+1, i+1)
				if typ, _ := book.GetCellType(sheet, ref); typ == excelize.CellTypeSharedString && number.MatchString(v) {
					t.Errorf("book.xlsx %s!%s = %q is text, want a number", sheet, ref, v)
				}
			}
		}
	}
	if got, _ := book.GetCellValue("Cycling Party", "A1"); got != "Final manager standing" {
		t.Errorf("book.xlsx Cycling Party!A1 = %q, want the final manager standing", got)
	}
	st := r.standings(t, 4)
	total := 0
	for _, m := range st.CyclingParty {
		total += m.Points
	}
	rows, _ := book.GetRows("Tour summary")
	for i, row := range rows {
		if len(row) == 0 || row[0] != "Cycling Party managers' points" {
			continue
		}
		last, _ := excelize.ColumnNumberToName(len(rows[i+1]))
		formula := fmt.Sprintf("SUM(%s%d:%s%d)", last, i+3, last, i+2+len(st.CyclingParty))
		if err := book.SetCellFormula("Tour summary", "Z1", formula); err != nil {
			t.Fatal(err)
		}
		got, err := book.CalcCellValue("Tour summary", "Z1")
		if err != nil || got != strconv.Itoa(total) {
			t.Errorf("book.xlsx Tour summary %s = %q (%v), want the managers' points after stage 4, %d", formula, got, err, total)
		}
		return
	}
	t.Errorf("book.xlsx Tour summary has no heading \"Cycling Party managers' points\": %q", rows)
}
