// Package sheets makes the race director's printable control sheets (docs/rules.md §1.3, §2.7) as PDF
// (gofpdf) and XLSX (excelize) from race values: the stage sheet, the entry and result sheets of a
// stage, every classification with its per-stage detail, the ruleset's own controls (bonuses, effort
// points, fatigue, Cycling Party managers) and a book of all of them.
package sheets

import (
	"fmt"
	"io"
	"io/fs"
	"strings"
	"time"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// Sheet identifiers, as used in URLs (/sheets/{sheet}.pdf).
const (
	SheetStage        = "stage"
	SheetEntry        = "entry"
	SheetResult       = "result"
	SheetGeneral      = "general"
	SheetRegularity   = "regularity"
	SheetMountain     = "mountain"
	SheetSprints      = "sprints"
	SheetTeams        = "teams"
	SheetBonuses      = "bonuses"
	SheetEffort       = "effort"
	SheetFatigue      = "fatigue"
	SheetCyclingParty = "cycling-party"
	SheetBook         = "book"
)

// Input is everything a sheet is made from.
type Input struct {
	Tour *race.Tour
	// Results are the stored results of stages 1..k (Results[i] is stage i+1; k may be < len(Tour.Stages)).
	Results []race.StageResult
	// Closed is the number of the last closed stage (0: none).
	Closed int
	// Stage is the stage a stage sheet is for (stage, entry, result sheets); 0 picks the open stage
	// (Closed+1) for the stage and entry sheets and the last closed stage for the result sheet.
	Stage int
	// After is "after stage n" for classification sheets (0: Closed).
	After int
	// Date is printed in the header (the zero time prints none).
	Date time.Time
	// Fonts holds DejaVuSans.ttf and DejaVuSans-Bold.ttf (assets.Fonts()).
	Fonts fs.FS
	// Publications say how the standings after each stage are published (Publications[i] is stage
	// i+1's; a real race's communiqué prints it): absent ones print as provisional.
	Publications []race.Publication
	// Words is the language the sheet is printed in (nil: English).
	Words *i18n.Localizer
}

// SheetInfo describes one sheet a ruleset has.
type SheetInfo struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	// NeedsStage says the sheet is for one stage (?stage=n).
	NeedsStage bool `json:"needs_stage"`
	// NeedsAfter says the sheet is a classification "after stage n" (?after=n).
	NeedsAfter bool `json:"needs_after"`
}

// Sheets lists the sheets the ruleset has, in book order.
func Sheets(rs race.Ruleset) []SheetInfo {
	var out []SheetInfo
	for _, s := range catalogue() {
		if s.has(&rs) {
			out = append(out, s.SheetInfo)
		}
	}
	return out
}

// SheetsIn lists the sheets the ruleset has, in book order, titled in l's language.
func SheetsIn(rs race.Ruleset, l *i18n.Localizer) []SheetInfo {
	out := Sheets(rs)
	for i := range out {
		out[i].Title = l.T("sheets.title." + out[i].ID)
	}
	return out
}

// PDF writes the sheet as an A4 PDF. An unknown sheet or one the ruleset lacks is a
// *NoSheetError; a stage or "after" out of range one on "stage" or "after"; a
// classification sheet before any stage is closed (or a result of a stage not closed yet) a
// *refuse.ConflictError.
func PDF(w io.Writer, sheet string, in Input) error {
	l, err := localizer(in)
	if err != nil {
		return err
	}
	in.Words = l
	docs, err := build(sheet, in)
	if err != nil {
		return err
	}
	return writePDF(w, in, docs)
}

// XLSX writes the sheet as an Excel workbook, one worksheet per sheet (the book has one per sheet
// of the book); it refuses what PDF refuses.
func XLSX(w io.Writer, sheet string, in Input) error {
	l, err := localizer(in)
	if err != nil {
		return err
	}
	in.Words = l
	docs, err := build(sheet, in)
	if err != nil {
		return err
	}
	return writeXLSX(w, in, docs)
}

// sheetKind is one entry of the catalogue: what a sheet is and which rulesets have it.
type sheetKind struct {
	SheetInfo
	has func(rs *race.Ruleset) bool
}

// catalogue is every sheet in book order.
func catalogue() []sheetKind {
	always := func(*race.Ruleset) bool { return true }
	class := func(c string) func(*race.Ruleset) bool {
		return func(rs *race.Ruleset) bool { return rs.Has(c) }
	}
	// classSheets are the sheets the classifications declare (race.Classifications), the managers'
	// (manager) or the others'.
	classSheets := func(manager bool) []sheetKind {
		var out []sheetKind
		for _, d := range race.Classifications() {
			if d.Sheet != "" && (d.Rows == race.RowsManager) == manager {
				out = append(out, sheetKind{SheetInfo{d.Sheet, d.SheetTitle, false, true}, class(d.ID)})
			}
		}
		return out
	}
	out := []sheetKind{
		{SheetInfo{SheetStage, "Stage sheet", true, false}, always},
		{SheetInfo{SheetEntry, "Entry sheet", true, false}, always},
		{SheetInfo{SheetResult, "Stage result", true, false}, always},
		{SheetInfo{SheetCommunique, "Official communiqué", true, false}, func(rs *race.Ruleset) bool { return rs.OfficialResults }},
	}
	out = append(out, classSheets(false)...)
	out = append(out,
		sheetKind{SheetInfo{SheetBonuses, "Bonuses control", false, true}, hasBonuses},
		sheetKind{SheetInfo{SheetEffort, "Effort-points control", false, true}, func(rs *race.Ruleset) bool { return rs.Effort != nil }},
		sheetKind{SheetInfo{SheetFatigue, "Fatigue control", false, true}, func(rs *race.Ruleset) bool { return rs.Fatigue != nil }})
	out = append(out, classSheets(true)...)
	return append(out,
		sheetKind{SheetInfo{SheetSummary, "Tour summary", false, false}, always},
		sheetKind{SheetInfo{SheetBook, "Race book", false, false}, always})
}

// classificationOfSheet is the classification whose control sheet is sheet.
func classificationOfSheet(sheet string) (race.Classification, bool) {
	for _, d := range race.Classifications() {
		if d.Sheet == sheet {
			return d, true
		}
	}
	return race.Classification{}, false
}

// hasBonuses reports whether the ruleset gives time bonuses (Ciclismo a fondo's bonus turns).
func hasBonuses(rs *race.Ruleset) bool {
	return len(rs.SprintBonuses) > 0 || len(rs.ClimbBonuses) > 0 || len(rs.FinishBonuses) > 0
}

// lookupSheet finds a sheet of the ruleset, or says why there is none.
func lookupSheet(rs *race.Ruleset, id string, l *i18n.Localizer) (sheetKind, error) {
	var ids []string
	for _, s := range catalogue() {
		if !s.has(rs) {
			continue
		}
		if s.ID == id {
			return s, nil
		}
		ids = append(ids, s.ID)
	}
	for _, s := range catalogue() {
		if s.ID == id {
			return sheetKind{}, &NoSheetError{Sheet: id, Text: i18n.Textf("the %s game has no %s", rs.NameIn(l.Lang()), strings.ToLower(l.T("sheets.title."+s.ID)))}
		}
	}
	return sheetKind{}, &NoSheetError{Sheet: id, Text: i18n.Textf("there is no sheet %q: the sheets are %s", id, strings.Join(ids, ", "))}
}

// NoSheetError is a sheet that does not exist, or that the tour's ruleset does not have: an unknown
// resource (a 404), not a bad value.
type NoSheetError struct {
	Sheet string
	// Text says why, as a sentence to translate.
	Text i18n.Text
}

// Error says which sheet and why, in English.
func (e *NoSheetError) Error() string { return e.Text.String() }

// Said is why, as a sentence to translate.
func (e *NoSheetError) Said() i18n.Text { return e.Text }

// build checks the request and makes the documents of a sheet.
func build(id string, in Input) ([]sheetDoc, error) {
	if in.Tour == nil {
		return nil, refuse.Invalid("tour", "is missing")
	}
	l, err := localizer(in)
	if err != nil {
		return nil, err
	}
	in.Words = l
	tour := *in.Tour
	tour.Ruleset = race.WithSettings(tour.Ruleset, tour.Settings)
	in.Tour = &tour
	kind, err := lookupSheet(&in.Tour.Ruleset, id, l)
	if err != nil {
		return nil, err
	}
	src, err := newSource(in)
	if err != nil {
		return nil, err
	}
	if kind.ID == SheetBook {
		return src.book()
	}
	if kind.ID == SheetSummary {
		return src.summary(false)
	}
	if kind.NeedsStage {
		n, err := src.stageFor(kind.ID, in.Stage)
		if err != nil {
			return nil, err
		}
		doc, err := src.stageDoc(kind.ID, n)
		if err != nil {
			return nil, err
		}
		return []sheetDoc{doc}, nil
	}
	after, err := src.afterFor(in.After)
	if err != nil {
		return nil, err
	}
	doc, err := src.classificationDoc(kind.ID, after)
	if err != nil {
		return nil, err
	}
	return []sheetDoc{doc}, nil
}

// stageFor resolves and checks the stage of a stage sheet.
func (s *source) stageFor(sheet string, n int) (int, error) {
	total := len(s.t.Stages)
	if n == 0 {
		n = defaultStage(sheet, s.closed, total)
	}
	if sheet == SheetResult && s.closed == 0 {
		return 0, refuse.Conflict("no stage is closed yet: a stage result is printed once its stage is closed")
	}
	if n < 1 || n > total {
		return 0, refuse.Invalidf("stage", "must be between 1 and %d", total)
	}
	if sheet == SheetResult && n > s.closed {
		return 0, refuse.Conflictf("stage %d is not closed yet: the last closed stage is %d", n, s.closed)
	}
	if sheet == SheetCommunique && (n > s.closed+1 || n > len(s.results) || !hasFinish(s.result(n))) {
		return 0, refuse.Conflictf("stage %d has no finish entered yet: its communiqué is printed once it has one", n)
	}
	return n, nil
}

// defaultStage is the stage a stage sheet asked for no stage is for: the open stage (the last one
// once all are closed), or for a result the last closed stage.
func defaultStage(sheet string, closed, total int) int {
	if sheet == SheetResult {
		return closed
	}
	return min(closed+1, total)
}

// afterFor resolves and checks the "after stage n" of a classification sheet.
func (s *source) afterFor(after int) (int, error) {
	if s.closed == 0 {
		return 0, refuse.Conflict("no stage is closed yet: classifications are printed after a closed stage")
	}
	if after == 0 {
		return s.closed, nil
	}
	if after < 1 || after > s.closed {
		return 0, refuse.Invalidf("after", "must be between 1 and %d (the last closed stage)", s.closed)
	}
	return after, nil
}

// stageDoc makes the stage, entry or result sheet of stage n.
func (s *source) stageDoc(sheet string, n int) (sheetDoc, error) {
	switch sheet {
	case SheetStage:
		return s.stageSheet(n), nil
	case SheetEntry:
		return s.entrySheet(n), nil
	case SheetCommunique:
		return s.communique(n)
	}
	return s.resultSheet(n)
}

// classificationDoc makes a classification or control sheet after stage after.
func (s *source) classificationDoc(sheet string, after int) (sheetDoc, error) {
	if d, ok := classificationOfSheet(sheet); ok && (d.Rows == race.RowsPoints || d.Rows == race.RowsPlaces) {
		return s.pointsSheet(d, after)
	}
	switch sheet {
	case SheetGeneral:
		return s.generalSheet(after)
	case SheetTeams:
		return s.teamsSheet(after)
	case SheetYouth:
		return s.youthSheet(after)
	case SheetBonuses:
		return s.bonusesSheet(after)
	case SheetEffort:
		return s.effortSheet(after)
	case SheetFatigue:
		return s.fatigueSheet(after)
	case SheetCyclingParty:
		return s.managersSheet(after)
	}
	return sheetDoc{}, fmt.Errorf("sheets: no builder for sheet %q", sheet)
}
