package sheets

import (
	"io"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// SeasonInput is what a season's standings sheet is made from: the engine's tables (race.Season).
type SeasonInput struct {
	Name      string
	Rules     race.SeasonRules
	Tours     []race.SeasonTour
	Standings race.SeasonStandings
	// Date is printed in the header (the zero time prints none).
	Date  time.Time
	Fonts fs.FS
	// Words is the language the sheet is printed in (nil: English).
	Words *i18n.Localizer
}

// SeasonPDF writes a season's standings (riders, teams, managers) as a PDF.
func SeasonPDF(w io.Writer, in SeasonInput) error {
	l, err := localizer(Input{Words: in.Words})
	if err != nil {
		return err
	}
	return writePDF(w, in.input(l), []sheetDoc{seasonSheet(in, l)})
}

// SeasonXLSX writes a season's standings as a workbook: one worksheet, a table for each of riders,
// teams and managers, points and counts as numbers.
func SeasonXLSX(w io.Writer, in SeasonInput) error {
	l, err := localizer(Input{Words: in.Words})
	if err != nil {
		return err
	}
	return writeXLSX(w, in.input(l), []sheetDoc{seasonSheet(in, l)})
}

// input is the sheets' Input for a season: its name where a tour's is printed.
func (in SeasonInput) input(l *i18n.Localizer) Input {
	return Input{Tour: &race.Tour{Name: in.Name, Ruleset: race.Ruleset{Name: l.T("seasons.sheet.kind")}}, Date: in.Date, Fonts: in.Fonts, Words: l}
}

// seasonSheet is the season's sheet: its tours, then its three tables.
func seasonSheet(in SeasonInput, l *i18n.Localizer) sheetDoc {
	doc := sheetDoc{id: "season", title: l.T("seasons.sheet.title"), short: l.T("seasons.sheet.tab")}
	if in.Standings.Provisional {
		doc.subtitle = l.T("seasons.provisional_note")
	}
	points := make([]string, len(in.Rules.Points))
	for i, p := range in.Rules.Points {
		points[i] = strconv.Itoa(p)
	}
	lines := []string{l.T("seasons.scoring", "Points", strings.Join(points, ", "))}
	if in.Rules.Classifications {
		lines[0] += " " + l.T("seasons.scoring_classifications")
	}
	for _, t := range in.Tours {
		state := l.T("seasons.tour_final")
		switch {
		case !t.Final && t.Closed > 0:
			state = l.T("seasons.tour_running", "N", t.Closed, "Stages", t.Stages)
		case !t.Final:
			state = l.T("seasons.tour_not_started")
		}
		lines = append(lines, t.Name+" — "+state)
	}
	doc.blocks = append(doc.blocks, block{heading: l.T("seasons.sheet.tours"), lines: lines})
	for _, part := range []struct {
		head, col string
		rows      []race.SeasonRow
	}{
		{l.T("seasons.riders"), l.T("seasons.col.rider"), in.Standings.Riders},
		{l.T("seasons.teams"), l.T("seasons.col.team"), in.Standings.Teams},
		{l.T("seasons.managers"), l.T("seasons.col.manager"), in.Standings.Managers},
	} {
		t := &table{title: part.head, empty: l.T("seasons.none_ranked"), cols: []column{
			keyCol(l.T("seasons.col.rank"), 12, "R"), flexCol(part.col, 60, true), col(l.T("seasons.col.points"), 18, "R"),
			col(l.T("seasons.col.tours"), 16, "R"), col(l.T("seasons.col.wins"), 16, "R"), col(l.T("seasons.col.provisional"), 24, "L"),
		}}
		for _, r := range part.rows {
			name := r.Name
			if r.Team != "" {
				name += " (" + r.Team + ")"
			}
			prov := emptyCell()
			if r.Provisional {
				prov = textCell(l.T("seasons.provisional"))
			}
			t.rows = append(t.rows, tableRow{cells: []cell{intCell(r.Rank), textCell(name), intCell(r.Points), intCell(r.Tours), intCell(r.Wins), prov}})
		}
		doc.blocks = append(doc.blocks, block{table: t})
	}
	return doc
}
