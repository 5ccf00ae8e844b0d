package sheets

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/race"
)

// pdfText is the text of a PDF laid out as on the page (pdftotext -layout). Without pdftotext the
// test is skipped, unless CI=true, where it fails.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pdftotext is required in CI (Debian: poppler-utils): %v", err)
		}
		t.Skip("pdftotext not installed (Debian: poppler-utils); skipping the PDF text checks")
	}
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// dump writes a file under $SHEETS_DUMP, when set, to look at the sheets by eye.
func dump(t *testing.T, name string, data []byte) {
	dir := os.Getenv("SHEETS_DUMP")
	if dir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Errorf("dumping %s: %v", name, err)
	}
}

// makePDF generates a sheet as PDF, failing the test on an error.
func makePDF(t *testing.T, name, sheet string, in Input) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := PDF(&buf, sheet, in); err != nil {
		t.Fatalf("PDF(%s) of %s: %v", sheet, name, err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
		t.Fatalf("PDF(%s) of %s does not start with %%PDF-: %q", sheet, name, buf.Bytes()[:min(buf.Len(), 16)])
	}
	dump(t, name+"-"+sheet+".pdf", buf.Bytes())
	return buf.Bytes()
}

// lineWith finds the first line holding every part, in that order.
func lineWith(text string, parts ...string) (string, bool) {
	for _, line := range strings.Split(text, "\n") {
		rest, ok := line, true
		for _, p := range parts {
			i := strings.Index(rest, p)
			if i < 0 {
				ok = false
				break
			}
			rest = rest[i+len(p):]
		}
		if ok {
			return line, true
		}
	}
	return "", false
}

// wantLine fails unless a line of the text holds every part in order.
func wantLine(t *testing.T, what, text string, parts ...string) {
	t.Helper()
	if _, ok := lineWith(text, parts...); !ok {
		t.Errorf("%s: want a line with %q in that order; text:\n%s", what, parts, text)
	}
}

// pageCount checks that every page says "page i of n" and returns n.
func pageCount(t *testing.T, what, text string) int {
	t.Helper()
	re := regexp.MustCompile(`page (\d+) of (\d+)`)
	found := re.FindAllStringSubmatch(text, -1)
	if len(found) == 0 {
		t.Fatalf("%s: no \"page i of n\" footer in:\n%s", what, text)
	}
	n, _ := strconv.Atoi(found[0][2])
	if len(found) != n {
		t.Errorf("%s: %d page footers, want %d (\"of %d\")", what, len(found), n, n)
	}
	for i, m := range found {
		if m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(n) {
			t.Errorf("%s: footer %d reads %q, want \"page %d of %d\"", what, i+1, m[0], i+1, n)
		}
	}
	return n
}

// landscapePages counts the pages whose media box is A4 landscape.
func landscapePages(pdf []byte) int {
	return bytes.Count(pdf, []byte("/MediaBox [0 0 841.89 595.28]"))
}

// TestPDFEverySheet prints every sheet of each ruleset's tour and reads the text back: the header
// (tour, sheet, stage or moment, date), the page footers, the accented names, ranks, times and gaps.
func TestPDFEverySheet(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		fix  fixture
		// want lists, per sheet, lines that must appear (each a list of parts in order).
		want map[string][][]string
	}{
		{"cp", cyclingPartyTour(t), map[string][][]string{
			SheetStage: {{"Stage sheet", "Stage 3 of 3 — High mountains, 172 km"}, {"0", "Start"}, {"25", "Kilometre indicator", "25 km"},
				{"90", "Climb start indicator", "Climb 3 Alpe d’Huez, Hors category"},
				{"121", "Climb finish indicator", "points 35, 25, 15, 10, 5"}, {"122", "Attack line", "50 km to go"},
				{"164", "Sprint line", "8 km to go"}, {"166", "Sprint line", "6 km to go"}, {"172", "Finish line"},
				{"173", "Time indicator", "55–60 s"}, {"184", "Time indicator", "0–5 s"},
				{"10", "Intermediate sprint", "Sprint 1 — points 5, 3, 1"}, {"C3 HC"}, {"S1"}, {"Start", "Finish"}},
			SheetEntry: {{"Entry sheet", "Stage 3 of 3 — High mountains, 172 km"}, {"Bib", "Rider", "Team", "S1", "S2", "S3", "C1", "C4", "Turn", "Square", "Die", "Abandon"},
				{"11", "Tadej Pogačar", "Rojo Racing"}, {"22", "Michał Kwiatkowski", "Azul Movistar"}, {"31", "Miguel Induráin"},
				{"Water bottles: 5 per team"}, {"Team", "Sprint", "Double throw, climb 3 (hors)"}, {"Rojo Racing", "1 of 1 left:", "2 of 2 left:"}},
			SheetResult: {{"Stage result", "Stage 3 of 3 — High mountains, 172 km"}, {"1", "41", "Primož Roglič", "Amarillo Jumbo", "0:23", "—"},
				{"2", "11", "Tadej Pogačar", "0:50", "+0:27"}, {"11", "12", "Søren Kragh Andersen", "3:36", "+3:13"},
				{"Sprint 1 (km 10)"}, {"1", "32", "Mark Cavendish", "5"}, {"Climb 3, Alpe d’Huez — Hors category (km 90–121)"},
				{"1", "11", "Tadej Pogačar", "35"}, {"Teams on the day"}, {"Leaders after the stage"},
				{"Individual (time)", "Yellow jersey", "11", "Tadej Pogačar"}},
			SheetGeneral: {{"General control", "after stage 3 of 3"}, {"Rank", "Bib", "Rider", "Team", "S1", "S2", "S3", "Total", "Gap"},
				{"1", "11", "Tadej Pogačar", "Rojo Racing", "0:37", "0:06", "0:50", "1:33", "—"},
				{"2", "41", "Primož Roglič", "0:37", "0:45", "0:23", "1:45", "+0:12"},
				{"3", "21", "Nairo Quintana", "2:12", "+0:39"}, {"9", "12", "Søren Kragh Andersen", "0:19", "5:28", "+3:55"},
				{"15", "Rafał Majka", "1:50", "abandoned, stage 2"}},
			SheetRegularity: {{"Regularity control", "after stage 3 of 3"}, {"1", "12", "Søren Kragh Andersen", "100", "100"},
				{"Tadej Pogačar", "30", "30", "20", "80"}},
			SheetMountain: {{"Mountain control"}, {"1", "11", "Tadej Pogačar", "Rojo Racing"}},
			SheetSprints:  {{"Intermediate sprints control"}, {"Michał Kwiatkowski"}, {"Søren Kragh Andersen"}},
			SheetTeams: {{"Teams control", "after stage 3 of 3"}, {"Rank", "Team", "S1", "S2", "S3", "Total", "Gap"},
				{"Teams on the day, stage 3"}},
			SheetCyclingParty: {{"Cycling Party managers", "after stage 3 of 3"},
				{"Rank", "Manager (team)", "Stage wins", "Individual", "Regularity", "Mountain", "Sprints", "Teams", "Total"},
				{"Stage 1 win", "12", "Søren Kragh Andersen", "5"}, {"Individual", "1", "11", "Tadej Pogačar", "Rojo Racing", "25"}},
			SheetSummary: {{"Tour summary"}, {"Stage winners"}, {"Who wore each jersey"}, {"Gap to the leader"}, {"Cycling Party managers' points"}},
			SheetBook: {{"Stage sheet", "Stage 1 of 3 — Flat, 200 km"}, {"Stage result", "Stage 2 of 3 — Medium mountains, 180 km"},
				{"Stage result", "Stage 3 of 3"}, {"General control", "after stage 3 of 3"}, {"Cycling Party managers"}, {"Tour summary"}, {"Gap to the leader"}, {"The story of the tour"}, {"Time won and lost, stage by stage"}, {"Where the managers' points come from"}},
		}},
		{"caf", ciclismoTour(t), map[string][][]string{
			SheetStage: {{"Stage sheet", "Stage 2 of 2 — Individual time trial, 54 squares (18 km)"}, {"1", "ITT medium (16–30 km)", "18", "54", "0–18", "1–54"}},
			SheetEntry: {{"Entry sheet", "Stage 2 of 2"}, {"Bib", "Rider", "Team", "Turn", "Effort left", "Effort spent", "Lost turns", "Abandon"},
				{"12", "Miguel Induráin", "Reynolds", "1"}, {"23", "Søren Lilholt"}},
			SheetResult: {{"Stage result", "Stage 2 of 2 — Individual time trial, 54 squares (18 km)"}, {"1", "12", "Miguel Induráin", "9 turns", "—"},
				{"2", "22", "Álvaro Pino", "10 turns", "+1 turn"}, {"24", "Laudelino Cubino", "second crash"}},
			SheetGeneral: {{"General control", "after stage 2 of 2"}, {"Rank", "Bib", "Rider", "S1", "S2", "Bonus", "Total", "Gap"},
				{"1", "23", "Søren Lilholt", "22", "11", "3", "30 turns", "—"}},
			SheetBonuses: {{"Bonuses control", "after stage 2 of 2"}, {"23", "Søren Lilholt", "Kelme", "3", "3"},
				{"13", "Ángel Arroyo", "Reynolds", "3", "3"}},
			SheetEffort: {{"Effort-points control", "after stage 2 of 2"}, {"11", "Pedro Delgado", "Reynolds", "JF", "2", "2", "1", "1"},
				{"24", "Laudelino Cubino", "abandoned, stage 2"}},
			SheetRegularity: {{"Regularity control"}, {"Søren Lilholt"}},
			SheetMountain:   {{"Mountain control"}, {"1", "13", "Ángel Arroyo", "5", "5"}},
			SheetTeams:      {{"Teams control"}, {"Team classification"}},
			SheetSummary:    {{"Tour summary"}, {"Stage winners"}, {"Who wore each jersey"}, {"Gap to the leader"}},
			SheetBook:       {{"Stage sheet", "Stage 1 of 2 — Low-mountain stage, 181 squares (169 km)"}, {"Effort-points control"}},
		}},
		{"2ruote", ruoteTour(t), map[string][][]string{
			SheetStage: {{"Stage sheet", "Stage 2 of 2 — Flat stage, 11 terrain cards"}, {"4", "Intermediate sprint", "regularity 5, 3, 1"},
				{"4", "TV", "TV"}, {"3", "Hill", "hill"}},
			SheetEntry: {{"Entry sheet"}, {"Bib", "Rider", "Team", "S1", "Sector", "Fatigue", "Abandon"}, {"23", "Søren Kragh Andersen", "Molteni"}},
			SheetResult: {{"Stage result", "Stage 2 of 2 — Flat stage, 11 terrain cards"}, {"1", "23", "Søren Kragh Andersen", "0:00", "—"},
				{"2", "22", "Felice Gimondi", "0:30", "+0:30"}},
			SheetGeneral: {{"General control", "after stage 2 of 2"}, {"1", "11", "Fausto Coppi", "0:00", "0:30", "0:30", "—"}},
			SheetFatigue: {{"Fatigue control", "after stage 2 of 2"}, {"21", "Eddy Merckx", "Molteni", "15", "27", "retired (fatigue), stage 2"},
				{"23", "Søren Kragh Andersen", "7", "22"}, {"Above 25 the rider retires"}},
			SheetMountain: {{"Mountain control"}, {"1", "11", "Fausto Coppi", "5", "5"}},
			SheetRegularity: {{"Regularity control", "after stage 2 of 2"}, {"Regularity (Maglia Ciclamino)"},
				{"1", "22", "Felice Gimondi", "Molteni", "15", "15", "30"}, {"2", "23", "Søren Kragh Andersen", "5", "20", "25"}},
			SheetTeams:   {{"Teams control"}, {"1", "Molteni", "2:00", "1:00", "3:00", "—"}, {"2", "Bianchi", "2:00", "1:30", "3:30", "+0:30"}},
			SheetSummary: {{"Tour summary"}, {"Stage winners"}, {"Who wore each jersey"}, {"Gap to the leader"}},
			SheetBook:    {{"Stage sheet", "Stage 1 of 2 — Mountain stage, 11 terrain cards"}, {"Fatigue control"}},
		}},
	}
	for _, c := range cases {
		in := c.fix.input(len(c.fix.results))
		for _, info := range Sheets(c.fix.tour.Ruleset) {
			t.Run(c.name+"/"+info.ID, func(t *testing.T) {
				pdf := makePDF(t, c.name, info.ID, in)
				text := pdfText(t, pdf)
				what := c.name + " " + info.ID + ".pdf"
				n := pageCount(t, what, text)
				for _, want := range []string{c.fix.tour.Name, "14 July 2027", c.fix.tour.Ruleset.Name} {
					if got := strings.Count(text, want); got < n {
						t.Errorf("%s: %q printed %d times, want on each of the %d pages", what, want, got, n)
					}
				}
				if info.ID != SheetBook && strings.Count(text, info.Title) < n {
					t.Errorf("%s: title %q not on each of the %d pages", what, info.Title, n)
				}
				if _, ok := c.want[info.ID]; !ok {
					t.Errorf("%s: the test has no expected lines for this sheet", what)
				}
				for _, parts := range c.want[info.ID] {
					wantLine(t, what, text, parts...)
				}
			})
		}
	}
}

// TestPDFOrientation prints the general control in landscape and the stage sheet in portrait.
func TestPDFOrientation(t *testing.T) {
	f := cyclingPartyTour(t)
	in := f.input(3)
	if got := landscapePages(makePDF(t, "cp", SheetGeneral, in)); got != 1 {
		t.Errorf("general control: %d landscape pages, want 1", got)
	}
	if got := landscapePages(makePDF(t, "cp", SheetStage, in)); got != 0 {
		t.Errorf("stage sheet: %d landscape pages, want 0 (portrait)", got)
	}
	if got := landscapePages(makePDF(t, "cp", SheetEntry, in)); got == 0 {
		t.Errorf("entry sheet of a stage with 3 sprints and 4 climbs: portrait, want landscape (its boxes do not fit portrait)")
	}
}

// TestPDFFontsEmbedded checks that DejaVu Sans is embedded and that a missing font is an error.
func TestPDFFontsEmbedded(t *testing.T) {
	f := cyclingPartyTour(t)
	in := f.input(3)
	pdf := makePDF(t, "cp", SheetResult, in)
	if !bytes.Contains(bytes.ToLower(pdf), []byte("dejavu")) || !bytes.Contains(pdf, []byte("/FontFile2")) {
		t.Errorf("result PDF does not embed the DejaVu TrueType font")
	}
	in.Fonts = os.DirFS(t.TempDir())
	var buf bytes.Buffer
	err := PDF(&buf, SheetResult, in)
	if err == nil || !strings.Contains(err.Error(), "DejaVuSans") {
		t.Errorf("PDF without the font files: error %v, want one naming the DejaVuSans font", err)
	}
}

// TestPDFOddNames: names with emoji (runes above U+FFFF, which the fonts lack), right-to-left text,
// NUL bytes and invalid UTF-8 are printed in every sheet, not a panic.
func TestPDFOddNames(t *testing.T) {
	f := cyclingPartyTour(t)
	odd := "🚴🏽‍♀️ a\x00b \u202eRTL\u202c عربي \xff\xfe 𝕏"
	f.tour.Name = odd + " tour"
	f.tour.Ruleset.Name = odd
	for i := range f.tour.Teams {
		f.tour.Teams[i].Name = odd + f.tour.Teams[i].Name
		for j := range f.tour.Teams[i].Riders {
			f.tour.Teams[i].Riders[j].Name += odd
		}
	}
	f.tour.Stages[0].Climbs[0].Name = odd
	for _, info := range Sheets(f.tour.Ruleset) {
		in := f.input(3)
		if info.NeedsStage {
			in.Stage = 1
		}
		makePDF(t, "odd", info.ID, in)
	}
}

// TestEntrySheetLeavesOutAdvantagesNobodyHas checks the entry sheet of a tour without an hors
// category climb: no "Mountain attack" column of "0 of 0 left:" for every team.
func TestEntrySheetLeavesOutAdvantagesNobodyHas(t *testing.T) {
	f := cyclingPartyTour(t)
	st := f.tour.Stages[2]
	st.Climbs[2].Category, st.Climbs[2].End = "first", st.Climbs[2].Start+23
	f.tour.Stages[2] = race.NormalizeStage(f.tour.Ruleset, st)
	s, err := newSource(f.input(0))
	if err != nil {
		t.Fatal(err)
	}
	tbl := s.advantageTable(1)
	if tbl == nil {
		t.Fatal("no advantage table on the entry sheet of stage 1")
	}
	var titles []string
	for _, c := range tbl.cols {
		titles = append(titles, c.title)
	}
	if slices.Contains(titles, "Mountain attack") || !slices.Contains(titles, "Sprint") {
		t.Errorf("entry sheet advantage columns = %v, want Sprint and no Mountain attack (no team has one in this tour)", titles)
	}
}
