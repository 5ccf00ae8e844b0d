// Package roster reads and writes the teams-and-riders database as a spreadsheet
// (XLSX or CSV): one row per rider with its team, and his role in each game.
package roster

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
)

// BaseColumns are the columns every roster file has, in order; the games' columns follow.
func BaseColumns() []string {
	return []string{"team", "short", "color", "number", "name"}
}

// RequiredColumns are the columns a roster file must have: a real race's start list gives no more
// (a new team without short name or colour gets them, race.TeamShort and race.TeamColour).
func RequiredColumns() []string {
	return []string{"team", "number", "name"}
}

// BornColumn is the optional column of a rider's date of birth (2003-04-05), after the name.
const BornColumn = "born"

// LegacyRole is the single role column of older roster files (one role from any game).
const LegacyRole = "role"

// Game is one game's columns in a roster file: "<id> role" when a rider's role there is a choice,
// then "<id> <value>" for each card value ("2ruote cost").
type Game struct {
	ID         string
	Role       bool
	Attributes []string
}

// RoleColumn is the header of the game's role column.
func (g Game) RoleColumn() string { return g.ID + " role" }

// AttributeColumn is the header of one of the game's card value columns.
func (g Game) AttributeColumn(id string) string { return g.ID + " " + id }

// Layout is the columns of a roster file after the base ones: a group per game. Files of the older
// single-role shape (a "role" column and bare card value columns such as "cost") are read too.
type Layout struct {
	Games []Game
	// Legacy are the card value columns older files have without a game ("cost", "pianura", …).
	Legacy []string
	// Words are the header's words a file is written in (nil: English, the columns' own names).
	Words Words
	// Aliases are the header's words in the other languages, read as well as English: a file
	// exported in Spanish or Italian imports again.
	Aliases []Words
}

// Words are a roster file's fixed words in one language, by their English name: the base columns,
// "born", "role" (the games' role columns are "<game> <role word>") and "tab" (the worksheet).
type Words map[string]string

// word is the English name w in these words (itself when they have none).
func (w Words) word(name string) string {
	if s := strings.TrimSpace(w[name]); s != "" {
		return s
	}
	return name
}

// HeaderIn returns the header row a file is written with in the layout's Words.
func (l Layout) HeaderIn() []string {
	h := l.Header()
	if l.Words == nil {
		return h
	}
	for i, c := range h {
		h[i] = l.Words.heading(c, l.Games)
	}
	return h
}

// RequiredIn returns the heads of the columns a file must have (RequiredColumns) in the layout's
// Words.
func (l Layout) RequiredIn() []string {
	var out []string
	for _, c := range RequiredColumns() {
		if l.Words == nil {
			out = append(out, c)
		} else {
			out = append(out, l.Words.heading(c, l.Games))
		}
	}
	return out
}

// heading is the English column c in these words: a base column or born by its word, a role
// column as "<game> <role word>"; a card value column keeps its name.
func (w Words) heading(c string, games []Game) string {
	for _, g := range games {
		if g.Role && c == g.RoleColumn() {
			return g.ID + " " + w.word(LegacyRole)
		}
	}
	if slices.Contains(BaseColumns(), c) || c == BornColumn || c == LegacyRole {
		return w.word(c)
	}
	return c
}

// canonical is a header cell as the column's English name (a heading in one of the layout's
// languages is read as its English column), lower-cased with its spaces trimmed.
func (l Layout) canonical(h string) string {
	h = strings.ToLower(strings.Join(strings.Fields(h), " "))
	all := append([]Words{l.Words}, l.Aliases...)
	for _, c := range append(l.Header(), LegacyRole) {
		for _, w := range all {
			if w != nil && strings.ToLower(w.heading(c, l.Games)) == h {
				return c
			}
		}
	}
	return h
}

// Header returns the full header row a roster file is written with.
func (l Layout) Header() []string {
	h := append(BaseColumns(), BornColumn)
	for _, g := range l.Games {
		if g.Role {
			h = append(h, g.RoleColumn())
		}
		for _, a := range g.Attributes {
			h = append(h, g.AttributeColumn(a))
		}
	}
	return h
}

// GameCells are one rider's cells of one game: his role there (as written) and card values.
type GameCells struct {
	Role       string
	Attributes map[string]int
}

// empty says the rider has nothing in that game.
func (c GameCells) empty() bool { return c.Role == "" && len(c.Attributes) == 0 }

// Row is one rider row of a roster file; Line is its 1-based line in the file (the header is line 1).
// A row with a team but no number, name nor role is the team alone (a team without riders yet).
type Row struct {
	Line   int
	Team   string
	Short  string
	Color  string
	Number int
	Name   string
	// Games are the rider's cells by game id, one for each game whose columns the file has (empty
	// cells: no role in that game).
	Games map[string]GameCells
	// Role and Attributes are the older single-role columns, when the file has them.
	Role       string
	Attributes map[string]int
	// Born is the rider's date of birth as written; HasBorn says the file has the born column (a
	// file without it leaves the riders' dates of birth as they are).
	Born    string
	HasBorn bool
}

// TeamOnly says whether the row is a team without a rider: no number, name, role nor value.
func (r Row) TeamOnly() bool {
	if r.Number != 0 || r.Name != "" || r.Role != "" || r.Born != "" || len(r.Attributes) > 0 {
		return false
	}
	for _, c := range r.Games {
		if !c.empty() {
			return false
		}
	}
	return true
}

// Problem is one thing wrong in a roster file, by row and column.
type Problem struct {
	Line    int    `json:"row"`
	Column  string `json:"column"`
	Message string `json:"message"`
	// Text is Message as a sentence to translate (Said); Message is it in English until a
	// handler puts it in the user's language.
	Text i18n.Text `json:"-"`
}

// Problemf returns the problem at line and column whose message is format with its values.
func Problemf(line int, column, format string, args ...any) Problem {
	t := i18n.Textf(format, args...)
	return Problem{Line: line, Column: column, Message: t.String(), Text: t}
}

// ProblemText returns the problem at line and column whose message is already a Text.
func ProblemText(line int, column string, t i18n.Text) Problem {
	return Problem{Line: line, Column: column, Message: t.String(), Text: t}
}

// Said is the problem's message as a sentence to translate.
func (p Problem) Said() i18n.Text {
	if p.Text.Format == "" {
		return i18n.Text{Format: p.Message}
	}
	return p.Text
}

// Sheet is what a roster file holds: its rows and what is wrong with them.
type Sheet struct {
	Rows     []Row
	Problems []Problem
}

// record is one non-empty row of a file with its line.
type record struct {
	line  int
	cells []string
}

// columns maps each known header of a file to its cell index, with the problems of the header.
type columns struct {
	index    map[string]int
	problems []Problem
}

// readHeader matches a header row to the layout's columns (any case, spaces trimmed).
func readHeader(header record, l Layout) columns {
	known := map[string]bool{LegacyRole: true}
	for _, c := range l.Header() {
		known[c] = true
	}
	for _, a := range l.Legacy {
		known[a] = true
	}
	cols := columns{index: map[string]int{}}
	for i, h := range header.cells {
		h = l.canonical(h)
		if h == "" {
			continue
		}
		if fault := race.TextFault(h); fault.Format != "" {
			cols.problems = append(cols.problems, ProblemText(header.line, strings.ToValidUTF8(strings.ReplaceAll(h, "\x00", ""), "\uFFFD"), fault))
			continue
		}
		if !known[h] {
			cols.problems = append(cols.problems, Problemf(header.line, h, "unknown column"))
			continue
		}
		if _, dup := cols.index[h]; dup {
			cols.problems = append(cols.problems, Problemf(header.line, h, "column appears twice"))
			continue
		}
		cols.index[h] = i
	}
	for _, c := range RequiredColumns() {
		if _, ok := cols.index[c]; !ok {
			cols.problems = append(cols.problems, Problemf(header.line, c, "required column is missing"))
		}
	}
	return cols
}

// has says whether the file has that column.
func (c columns) has(col string) bool {
	_, ok := c.index[col]
	return ok
}

// cell is a row's trimmed cell of that column ("" when absent).
func (c columns) cell(rec record, col string) string {
	i, ok := c.index[col]
	if !ok || i >= len(rec.cells) {
		return ""
	}
	return strings.TrimSpace(rec.cells[i])
}

// parseRecords turns the file's non-empty rows (the first is the header) into rider rows.
func parseRecords(records []record, l Layout) Sheet {
	var sh Sheet
	if len(records) == 0 {
		sh.Problems = append(sh.Problems, Problemf(1, "", "the file is empty: expected a header row %s", strings.Join(l.Header(), ", ")))
		return sh
	}
	cols := readHeader(records[0], l)
	if sh.Problems = cols.problems; len(sh.Problems) > 0 {
		return sh
	}
	for _, rec := range records[1:] {
		row, problems := parseRow(rec, cols, l)
		sh.Rows = append(sh.Rows, row)
		sh.Problems = append(sh.Problems, problems...)
	}
	if len(sh.Rows) == 0 {
		sh.Problems = append(sh.Problems, Problemf(records[0].line+1, "", "the file has a header but no rider rows"))
	}
	return sh
}

// parseRow reads one rider row.
func parseRow(rec record, cols columns, l Layout) (Row, []Problem) {
	problems := cellFaults(rec, cols)
	number := func(col string) (int, bool) {
		v := cols.cell(rec, col)
		if v == "" {
			return 0, false
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			problems = append(problems, Problemf(rec.line, col, "%q is not a whole number", v))
			return 0, false
		}
		return n, true
	}
	row := Row{Line: rec.line, Team: cols.cell(rec, "team"), Short: cols.cell(rec, "short"), Color: cols.cell(rec, "color"),
		Name: cols.cell(rec, "name"), Role: cols.cell(rec, LegacyRole), Attributes: map[string]int{},
		Born: cols.cell(rec, BornColumn), HasBorn: cols.has(BornColumn)}
	for _, a := range l.Legacy {
		if n, ok := number(a); ok {
			row.Attributes[a] = n
		}
	}
	for _, g := range l.Games {
		present := false
		cells := GameCells{Attributes: map[string]int{}}
		if g.Role && cols.has(g.RoleColumn()) {
			present = true
			cells.Role = cols.cell(rec, g.RoleColumn())
		}
		for _, a := range g.Attributes {
			col := g.AttributeColumn(a)
			present = present || cols.has(col)
			if n, ok := number(col); ok {
				cells.Attributes[a] = n
			}
		}
		if present {
			if row.Games == nil {
				row.Games = map[string]GameCells{}
			}
			row.Games[g.ID] = cells
		}
	}
	if n, ok := number("number"); ok {
		row.Number = n
	} else if cols.cell(rec, "number") == "" && !row.TeamOnly() {
		problems = append(problems, Problemf(rec.line, "number", "is required"))
	}
	return row, problems
}

// cellFaults are the problems of a row's cells that hold text no database keeps alike on SQLite and
// PostgreSQL (invalid UTF-8, a NUL character), by column in the file's order.
func cellFaults(rec record, cols columns) []Problem {
	var problems []Problem
	for _, col := range slices.SortedFunc(maps.Keys(cols.index), func(a, b string) int { return cols.index[a] - cols.index[b] }) {
		if i := cols.index[col]; i < len(rec.cells) {
			if fault := race.TextFault(rec.cells[i]); fault.Format != "" {
				problems = append(problems, ProblemText(rec.line, col, fault))
			}
		}
	}
	return problems
}
