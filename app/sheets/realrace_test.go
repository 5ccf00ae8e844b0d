package sheets

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"racedirector/app/race"
)

// uciRoadTour is a small real race: two teams of three riders with dates of birth (a young rider in
// each, the cut-off 2001-01-01) and two road stages of clock results.
func uciRoadTour(t *testing.T) fixture {
	t.Helper()
	rs := loadRuleset(t, "uci-road")
	red := team(1, "Rouge", "#d62828", [2]string{"Vieux Un", ""}, [2]string{"Jeune Deux", ""}, [2]string{"Vieux Trois", ""})
	blue := team(2, "Bleu", "#1d4ed8", [2]string{"Jeune Quatre", ""}, [2]string{"Vieux Cinq", ""}, [2]string{"Sans Date", ""})
	born := map[int]string{11: "1990-02-03", 12: "2003-04-05", 13: "1995-06-07", 21: "2001-01-01", 22: "1988-08-08"}
	for _, tm := range []*race.Team{&red, &blue} {
		for i := range tm.Riders {
			tm.Riders[i].Born = born[tm.Riders[i].Bib]
		}
	}
	tour := &race.Tour{Name: "Petite Boucle", Ruleset: rs, RidersPerTeam: 3, Teams: []race.Team{red, blue},
		Settings: race.TourSettings{YouthBornFrom: "2001-01-01"},
		Stages: []race.Stage{
			{Number: 1, Type: "flat", Length: 180, State: race.StateClosed, Sprints: []race.Sprint{{Index: 1, At: 90}}},
			{Number: 2, Type: "hilly", Length: 170, State: race.StateClosed, Sprints: []race.Sprint{{Index: 1, At: 80}}},
		}}
	clock := func(bib, seconds int) race.ClockResult { return race.ClockResult{Bib: bib, Hundredths: seconds * 100} }
	results := []race.StageResult{
		{Stage: 1, Finish: race.Finish{Results: []race.ClockResult{clock(21, 15000), clock(11, 15000), clock(12, 15010), clock(22, 15030), clock(13, 15100), clock(23, 15100)}}},
		{Stage: 2, Finish: race.Finish{Results: []race.ClockResult{clock(12, 14000), clock(21, 14005), clock(11, 14020), clock(13, 14020), clock(22, 14100), clock(23, 14200)}}},
	}
	checkResults(t, tour, results)
	return fixture{tour: tour, results: results}
}

// TestYoungRidersSheet checks the young riders' control: the young riders in order with their date of
// birth, time, gap and place in the GC, the cut-off in the note; and the white jersey among the
// leaders of the stage result.
func TestYoungRidersSheet(t *testing.T) {
	f := uciRoadTour(t)
	text := pdfText(t, makePDF(t, "uci-road", SheetYouth, f.input(2)))
	wantLine(t, "title", text, "Young riders control")
	wantLine(t, "table", text, "Young riders' classification (White jersey)")
	st, err := race.ComputeStandings(f.tour, f.results, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Youth) != 2 {
		t.Fatalf("young riders = %+v, want bibs 12 and 21", st.Youth)
	}
	gc := map[int]int{}
	for _, r := range st.Individual {
		gc[r.Bib] = r.Rank
	}
	for _, r := range st.Youth {
		rider, _ := f.tour.RiderByBib(r.Bib)
		wantLine(t, "young rider", text, itoa(r.Rank), itoa(r.Bib), rider.Name, rider.Born, race.FormatClockTime(100*r.Time), itoa(gc[r.Bib]))
	}
	wantLine(t, "note", text, "born on or after 2001-01-01")
	result := pdfText(t, makePDF(t, "uci-road", SheetResult, Input{Tour: f.tour, Results: f.results, Closed: 2, Date: sheetDate(), Fonts: f.input(2).Fonts, Stage: 2, Words: englishWords()}))
	wantLine(t, "leaders", result, "Young riders", "White jersey", itoa(st.Youth[0].Bib))
	x := xlsxSheet{t: t, f: makeXLSX(t, "uci-road", SheetYouth, f.input(2)), name: "Young riders"}
	born := x.column("Born") + itoa(x.row("C", "Jeune Deux"))
	if got, _ := x.f.GetCellValue(x.name, born); got != "2003-04-05" || x.value(born) != "37716" {
		t.Errorf("XLSX young riders: Jeune Deux born %q (%s), want 2003-04-05 as a date (37716)", got, x.value(born))
	}
}

// itoa writes an int.
func itoa(n int) string { return strconv.Itoa(n) }

// TestStartListSheets checks a real race's field on the sheets: the stage result counts starters,
// finishers and who left the race by status, and lists those riders with their status and time; the
// general control says how and when each rider left.
func TestStartListSheets(t *testing.T) {
	f := uciRoadTour(t)
	f.results[0].Abandons = []race.Abandon{{Bib: 23, Reason: "ill", Status: race.StatusDNS}}
	f.results[0].Finish.Results = f.results[0].Finish.Results[:5]
	f.results[1].Abandons = []race.Abandon{{Bib: 13, Reason: "time limit", Status: race.StatusOTL}, {Bib: 22, Reason: "crash"}}
	f.results[1].Finish.Results = []race.ClockResult{{Bib: 12, Hundredths: 1400000}, {Bib: 21, Hundredths: 1400500}, {Bib: 11, Hundredths: 1402000}, {Bib: 13, Hundredths: 1500000}}
	checkResults(t, f.tour, f.results)
	in := f.input(2)
	in.Stage = 2
	text := pdfText(t, makePDF(t, "uci-road-field", SheetResult, in))
	wantLine(t, "field header", text, "Starters", "Finishers", "Did not finish", "Outside time limit", "Disqualified", "Did not start")
	wantLine(t, "field counts", text, "5", "3", "1", "1", "0", "0")
	wantLine(t, "rider outside the time limit", text, "13", "Vieux Trois", "OTL", "4:10:00", "time limit")
	wantLine(t, "rider who did not finish", text, "22", "Vieux Cinq", "DNF", "crash")
	wantLine(t, "where the bonuses come from", text, "Bonuses: from the tables (finish 10, 6, 4 s; intermediate sprints 3, 2, 1 s)")
	f.results[1].Finish.BonusesGiven = true
	entered := pdfText(t, makePDF(t, "uci-road-field", SheetResult, in))
	wantLine(t, "bonuses entered", entered, "Bonuses: as entered with the finish")
	in.Stage = 1
	text = pdfText(t, makePDF(t, "uci-road-field", SheetResult, in))
	wantLine(t, "field of stage 1", text, "5", "5", "0", "0", "0", "1")
	general := pdfText(t, makePDF(t, "uci-road-field", SheetGeneral, f.input(2)))
	wantLine(t, "general: non-starter", general, "Sans Date", "did not start, stage 1")
	wantLine(t, "general: outside the time limit", general, "Vieux Trois", "outside the time limit, stage 2")
}

// TestJurySheet checks the jury's decisions on a real race's stage result: the time limit, a rider
// reinstated, penalties to a rider and to a team, the combativity awards; and the rider outside the
// time limit among those out of the race.
func TestJurySheet(t *testing.T) {
	f := uciRoadTour(t)
	f.tour.Settings.TimeCuts = map[string]int{"hilly": 1}
	r := &f.results[1]
	r.Finish.Results = []race.ClockResult{{Bib: 12, Hundredths: 1400000}, {Bib: 21, Hundredths: 1400500}, {Bib: 11, Hundredths: 1402000},
		{Bib: 13, Hundredths: 1402000}, {Bib: 22, Hundredths: 1420000}, {Bib: 23, Hundredths: 1430000}}
	r.Reinstated = []race.Reinstatement{{Bib: 22, Points: 20, Reason: "crash in the last km"}}
	r.Penalties = []race.Penalty{{Bib: 11, Seconds: 20, Reason: "feeding late"}, {Team: 2, Seconds: 60, Reason: "team car"}}
	r.Combativity, r.MostCombative = 21, 12
	checkResults(t, f.tour, f.results)
	in := f.input(2)
	in.Stage = 2
	text := pdfText(t, makePDF(t, "uci-road-jury", SheetResult, in))
	wantLine(t, "time limit", text, "Time limit", "1 % of the winner's time", "3:55:40")
	wantLine(t, "reinstated", text, "Reinstated", "22 Vieux Cinq", "20 points less: crash in the last km")
	wantLine(t, "rider penalty", text, "Penalty: 20 s", "11 Vieux Un", "feeding late")
	wantLine(t, "team penalty", text, "Penalty: 60 s", "Bleu", "team car")
	wantLine(t, "combativity", text, "Most combative of the stage", "21 Jeune Quatre")
	wantLine(t, "most combative", text, "Most combative of the tour", "12 Jeune Deux")
	wantLine(t, "outside the time limit", text, "23", "Sans Date", "OTL", "3:58:20", "time limit 3:55:40")
}

// TestCommuniqueSheet checks a real race's official communiqué: its number, whether its classifications
// are provisional, final or revised (with what changed), the time of publication, the stage's field,
// ranking and jury, the classifications after it, and the jury's signature lines.
func TestCommuniqueSheet(t *testing.T) {
	f := uciRoadTour(t)
	f.results[1].Sprints = map[int][]int{1: {21, 12, 11}} // the intermediate sprint of stage 2
	checkResults(t, f.tour, f.results)
	in := f.input(2)
	in.Stage = 2
	at := time.Date(2027, time.July, 14, 17, 32, 0, 0, time.Local)
	in.Publications = []race.Publication{{Stage: 1, Communique: 1, Status: race.PubFinal, Edition: 1, PublishedAt: &at},
		{Stage: 2, Communique: 2, Status: race.PubRevised, Edition: 2, PublishedAt: &at, Revision: []race.Change{{Class: race.ClassIndividual, Rows: race.RowsTime, Kind: race.ChangeMoved, ID: 12, Name: "Jeune Deux", WasRank: 2, WasValue: 100, Rank: 1, Value: 100}}}}
	text := pdfText(t, makePDF(t, "uci-road", SheetCommunique, in))
	wantLine(t, "number", text, "Official communiqué No. 2")
	wantLine(t, "status", text, "Revised classifications (publication 2)")
	wantLine(t, "changes", text, "General classification: bib 12 Jeune Deux 2nd → 1st")
	// The stage's intermediate sprint, its places and what each won, as on the result sheet.
	wantLine(t, "sprint", text, "Sprint 1 (km 80)")
	wantLine(t, "sprint winner", text, "1", "21", "Jeune Quatre", "Bleu", "3")
	wantLine(t, "published", text, "Published on 14 July 2027 at 17:32.")
	wantLine(t, "signature", text, "President of the Commissaires' Panel:", "Signature:")
	for _, want := range []string{"Field", "Stage ranking", "Individual classification (Yellow jersey)", "Young riders' classification (White jersey)", "Team classification", "Leaders after the stage"} {
		wantLine(t, want, text, want)
	}
	in.Stage = 1
	wantLine(t, "final", pdfText(t, makePDF(t, "uci-road", SheetCommunique, in)), "Final classifications")
	// The open stage's communiqué is provisional.
	open := Input{Tour: f.tour, Results: f.results, Closed: 1, Stage: 2, Date: sheetDate(), Fonts: in.Fonts, Words: englishWords()}
	wantLine(t, "provisional", pdfText(t, makePDF(t, "uci-road", SheetCommunique, open)), "Provisional classifications: the stage is not closed yet")
	noFinish := Input{Tour: f.tour, Results: []race.StageResult{f.results[0], {Stage: 2}}, Closed: 1, Stage: 2, Date: sheetDate(), Fonts: in.Fonts, Words: englishWords()}
	if err := PDF(&bytes.Buffer{}, SheetCommunique, noFinish); err == nil {
		t.Errorf("a communiqué of a stage without a finish was printed")
	}
}

// TestCommuniqueWorkbook checks the communiqué as a workbook sheet.
func TestCommuniqueWorkbook(t *testing.T) {
	f := uciRoadTour(t)
	in := f.input(2)
	in.Stage = 2
	x := xlsxSheet{t: t, f: makeXLSX(t, "uci-road", SheetCommunique, in), name: "Communiqué 2"}
	rows, err := x.f.GetRows(x.name)
	if err != nil || len(rows) < 10 {
		t.Fatalf("communiqué worksheet rows = %d (%v), want the whole communiqué", len(rows), err)
	}
}

// TestRealRaceStageSheetHasNoBoard: a real race's stage sheet lists its markers along the course by
// km, not as board markers; a board game's keeps them.
func TestRealRaceStageSheetHasNoBoard(t *testing.T) {
	road := uciRoadTour(t)
	in := road.input(0)
	in.Stage = 1
	text := pdfText(t, makePDF(t, "uci-road-stage", SheetStage, in))
	wantLine(t, "markers", text, "Along the course, km from the start")
	if strings.Contains(text, "Board markers") || strings.Contains(text, "What to place") {
		t.Errorf("the real race's stage sheet speaks of the board:\n%s", text)
	}
	cp := cyclingPartyTour(t)
	in = cp.input(0)
	in.Stage = 1
	wantLine(t, "board markers", pdfText(t, makePDF(t, "cp-stage", SheetStage, in)), "Board markers,")
}

// TestCommuniquePrintsEveryNameWhole prints the longest team name and jury reason the app keeps
// whole on the communiqué (on more lines, the row growing), heads the sprint's points as the race
// does ("Points") and gives the winner's average speed.
func TestCommuniquePrintsEveryNameWhole(t *testing.T) {
	f := uciRoadTour(t)
	long := clipWords("Red Bull - BORA - hansgrohe Professional Cycling Team Extraordinaire Deluxe Edition", race.MaxTeamNameLength)
	why := clipWords(strings.Repeat("took shelter behind the team car on the climb of the Côte de la Redoute, ", 4), race.MaxReasonLength)
	f.tour.Teams[1].Name = long
	f.results[1].Sprints = map[int][]int{1: {21, 12, 11}}
	f.results[1].Penalties = []race.Penalty{{Bib: 11, Seconds: 20, Reason: why}}
	checkResults(t, f.tour, f.results)
	in := f.input(2)
	in.Stage = 2
	text := pdfText(t, makePDF(t, "uci-road-long", SheetCommunique, in))
	if strings.Contains(text, "…") {
		t.Errorf("the communiqué cuts a text with …:\n%s", text)
	}
	words := strings.Join(strings.Fields(text), " ")
	for _, w := range append(strings.Fields(long), strings.Fields(why)...) {
		if !strings.Contains(words, w) {
			t.Errorf("the communiqué lacks %q of a long name or reason", w)
		}
	}
	wantLine(t, "sprint points", text, "Sprint 1 (km 80)")
	wantLine(t, "points column", text, "Place", "Bib", "Rider", "Team", "Points")
	// Stage 2, 170 km, won in 14,000 s: 43.714 km/h.
	wantLine(t, "average speed", text, "Winner's average speed: 43.714 km/h")
}

// clipWords is s cut to at most n characters, at a space.
func clipWords(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,")
}
