package app_test

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"

	"racedirector/app/race"
)

// effortSpenders are the riders who spend effort points in stage 1 of the agree test's tour, and how many.
var effortSpenders = [][2]int{{11, 2}, {22, 1}, {33, 1}}

// spendEffort spends effortSpenders' points in stage 1.
func spendEffort(t *testing.T, r raceRun) {
	t.Helper()
	for _, s := range effortSpenders {
		r.ok(t, http.MethodPost, "/stages/1/advantages", map[string]any{"kind": "effort", "bib": s[0], "points": s[1]})
	}
}

// checkEffortAgrees checks, after stage 1 of a game with effort points, that the advantages page of
// stage 1 (allowance, spent, left in the stage) and the effort sheet's workbook (allowance, spent, got
// back, left) show race.EffortLedger's numbers for every rider (docs/rules.md §2.5).
func checkEffortAgrees(t *testing.T, ta *testApp, r raceRun) {
	t.Helper()
	st, err := ta.Store.LoadRace(r.id)
	if err != nil {
		t.Fatal(err)
	}
	ledger := race.EffortLedger(&st.Tour, st.Results, 1)
	if len(ledger) == 0 {
		t.Fatal("the game has effort points but the engine's ledger is empty")
	}
	for _, s := range effortSpenders {
		for _, line := range ledger {
			if line.Bib == s[0] && (len(line.Stages) != 1 || line.Stages[0].Spent != s[1]) {
				t.Fatalf("bib %d: the ledger says %+v, want %d spent in stage 1", s[0], line, s[1])
			}
		}
	}

	// The advantages page: a row per rider racing in the stage.
	page := r.getPage(t, "/stages/1/advantages", http.StatusOK)
	section := regexp.MustCompile(`(?s)<section id="effort".*?</section>`).FindString(page)
	row := regexp.MustCompile(`<tr><td class="num">(\d+)</td>.*?<td class="num">(\d+)</td><td class="num">(\d+)</td><td class="num"><b>(\d+)</b></td></tr>`)
	shown := map[int][3]int{}
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		shown[pageNumber(m[1])] = [3]int{pageNumber(m[2]), pageNumber(m[3]), pageNumber(m[4])}
	}
	if len(shown) == 0 {
		t.Fatalf("the advantages page has no effort rows:\n%s", clip(section))
	}
	for _, line := range ledger {
		got, listed := shown[line.Bib]
		in := line.Stages[0]
		if listed != in.Racing {
			t.Errorf("bib %d: listed on the advantages page %v, racing in the ledger %v", line.Bib, listed, in.Racing)
			continue
		}
		if want := [3]int{line.Allowance, in.Spent, in.InStage}; listed && got != want {
			t.Errorf("bib %d: the advantages page shows allowance, spent, left %v; the ledger %v", line.Bib, got, want)
		}
	}

	// The effort sheet: bib, rider, team, role, allowance, spent and got back in stage 1, left.
	rec := r.ok(t, http.MethodGet, "/sheets/effort.xlsx?after=1", nil)
	f, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("effort.xlsx does not open: %v", err)
	}
	rows, _ := f.GetRows(f.GetSheetName(0))
	sheet := map[int][]string{}
	for _, cells := range rows {
		if bib, err := strconv.Atoi(sheetCell(cells, 0)); err == nil {
			sheet[bib] = cells
		}
	}
	for _, line := range ledger {
		cells, ok := sheet[line.Bib]
		if !ok {
			t.Errorf("effort.xlsx has no row of bib %d", line.Bib)
			continue
		}
		in := line.Stages[0]
		want := []string{strconv.Itoa(line.Allowance), sheetNumber(in.Spent), sheetNumber(in.Recovered), strconv.Itoa(in.Left)}
		if line.Out {
			want[2], want[3] = "", ""
		}
		got := []string{sheetCell(cells, 4), sheetCell(cells, 5), sheetCell(cells, 6), sheetCell(cells, 7)}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("bib %d: effort.xlsx shows allowance, spent, got back, left %q; the ledger %q", line.Bib, got, want)
				break
			}
		}
	}
}

// pageNumber is a number the page printed.
func pageNumber(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// sheetCell is a row's cell i, or "" past its end.
func sheetCell(cells []string, i int) string {
	if i < len(cells) {
		return cells[i]
	}
	return ""
}

// sheetNumber is a number as the sheet writes it: nothing for zero.
func sheetNumber(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}
