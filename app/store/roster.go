package store

import (
	"fmt"
	"maps"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/plural"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/roster"
)

// ImportRider is what an import does to one rider row.
type ImportRider struct {
	Line   int    `json:"row"`
	Number int    `json:"number"`
	Name   string `json:"name"`
	Action string `json:"action"` // create, update, unchanged
}

// ImportTeam is what an import does to one team.
type ImportTeam struct {
	Name   string        `json:"name"`
	Action string        `json:"action"` // create, update, unchanged
	Riders []ImportRider `json:"riders"`
}

// ImportPreview says what an import would create or update, and every problem by row and column.
type ImportPreview struct {
	Teams    []ImportTeam     `json:"teams"`
	Problems []roster.Problem `json:"problems"`
	Counts   map[string]int   `json:"counts"`
	Stored   bool             `json:"stored"`
}

// ImportError is an import refused because of problems; nothing was stored. It becomes a 422.
type ImportError struct {
	Problems []roster.Problem
}

// Error summarises the problems.
func (e *ImportError) Error() string {
	if len(e.Problems) == 0 {
		return "the import has problems"
	}
	p := e.Problems[0]
	msg := fmt.Sprintf("row %d, column %s: %s", p.Line, p.Column, p.Message)
	if len(e.Problems) > 1 {
		msg += " (and " + plural.Of(len(e.Problems)-1, "more problem", "more problems") + ")"
	}
	return msg
}

// AttributeIDs lists the ids of the ruleset-specific rider values (the older files' bare columns).
func (s *Store) AttributeIDs() []string {
	var ids []string
	for _, a := range s.AttributeRules() {
		ids = append(ids, a.ID)
	}
	return ids
}

// RosterLayout is the columns of a roster file after the base ones: for each game, its role column
// (when the role is a choice) and its card value columns.
func (s *Store) RosterLayout() roster.Layout {
	l := roster.Layout{Legacy: s.AttributeIDs()}
	for _, g := range s.Games() {
		rg := roster.Game{ID: g.ID, Role: g.ChoosesRole()}
		for _, a := range g.Attributes {
			rg.Attributes = append(rg.Attributes, a.ID)
		}
		l.Games = append(l.Games, rg)
	}
	return l
}

// RosterRows returns the scope's own database as roster rows, by team name and number, roles in
// the games' words.
func (s *Store) RosterRows(sc Scope) ([]roster.Row, error) {
	teams, err := s.ListTeams(sc.Own())
	if err != nil {
		return nil, err
	}
	var rows []roster.Row
	for _, t := range teams {
		if len(t.Riders) == 0 { // the team alone, so an export keeps it
			rows = append(rows, roster.Row{Team: t.Name, Short: t.Short, Color: t.Color})
		}
		for _, r := range t.Riders {
			row := roster.Row{Team: t.Name, Short: t.Short, Color: t.Color, Number: r.Number, Name: r.Name, Born: r.Born, Games: map[string]roster.GameCells{}}
			for _, g := range s.Games() {
				e := r.Game(g.ID)
				cells := roster.GameCells{Attributes: e.Attributes}
				if g.ChoosesRole() {
					cells.Role = g.OwnRoleName(e.Role)
				}
				row.Games[g.ID] = cells
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// fileGames applies a row's game columns to the games a rider has (old): a game whose columns the
// file has takes the file's role (read as its id or name) and values; empty cells remove it.
func (s *Store) fileGames(old Games, row roster.Row) Games {
	games := old.clone()
	if games == nil {
		games = Games{}
	}
	for id, cells := range row.Games {
		g, ok := s.Game(id)
		if !ok {
			continue
		}
		if cells.Role == "" && len(cells.Attributes) == 0 {
			delete(games, id)
			continue
		}
		role := cells.Role
		if found, ok := g.FindRole(role); ok {
			role = found
		}
		games[id] = GameRole{Role: role, Attributes: maps.Clone(cells.Attributes)}
	}
	return games
}

// fileRole reads the older single role column: a role id of any game, or a role's name (the default
// game first); anything else is left as written, to be refused by name.
func (s *Store) fileRole(text string) string {
	if _, ok := s.gameOfRole(text); ok || text == "" {
		return text
	}
	for _, g := range s.Games() {
		if id, ok := g.FindRole(text); ok {
			return id
		}
	}
	return text
}

type importGroup struct {
	name  string
	short string
	color string
	rows  []roster.Row
}

// groupRows gathers rows by team (case-insensitive), checking that a team's short name and colour agree.
func groupRows(sh roster.Sheet) ([]*importGroup, []roster.Problem) {
	var problems []roster.Problem
	byKey := map[string]*importGroup{}
	var order []*importGroup
	for _, r := range sh.Rows {
		if strings.TrimSpace(r.Team) == "" {
			problems = append(problems, roster.Problemf(r.Line, "team", "is required"))
			continue
		}
		key := strings.ToLower(strings.TrimSpace(r.Team))
		g, ok := byKey[key]
		if !ok {
			g = &importGroup{name: strings.TrimSpace(r.Team), short: r.Short, color: r.Color}
			byKey[key] = g
			order = append(order, g)
		}
		if r.Short != "" && g.short != "" && !strings.EqualFold(r.Short, g.short) {
			problems = append(problems, roster.Problemf(r.Line, "short", "team %s has short name %s on an earlier row", g.name, g.short))
		}
		if r.Color != "" && g.color != "" && !strings.EqualFold(r.Color, g.color) {
			problems = append(problems, roster.Problemf(r.Line, "color", "team %s has colour %s on an earlier row", g.name, g.color))
		}
		if g.short == "" {
			g.short = r.Short
		}
		if g.color == "" {
			g.color = r.Color
		}
		g.rows = append(g.rows, r)
	}
	return order, problems
}

// planImport works out, inside tx, what the sheet would change in the scope's own database; it
// returns the preview and the team inputs to apply (nil id = create).
func (s *Store) planImport(tx *gorm.DB, sc Scope, sh roster.Sheet) (ImportPreview, []plannedTeam, error) {
	prev := ImportPreview{Problems: append([]roster.Problem{}, sh.Problems...), Counts: map[string]int{}, Teams: []ImportTeam{}}
	groups, problems := groupRows(sh)
	prev.Problems = append(prev.Problems, problems...)
	existing, err := s.listTeamsTx(tx, sc.Own())
	if err != nil {
		return prev, nil, err
	}
	byName := map[string]Team{}
	for _, t := range existing {
		byName[strings.ToLower(t.Name)] = t
	}
	var plan []plannedTeam
	var teamLines []int // the first file row of each team of the preview
	marks := newTeamMarks(existing)
	for _, g := range groups {
		in := TeamInput{Name: g.name, Short: g.short, Color: g.color, Riders: []RiderInput{}}
		old, exists := byName[strings.ToLower(g.name)]
		if !exists {
			in.Short, in.Color = marks.give(g.name, in.Short, in.Color)
		}
		it := ImportTeam{Name: g.name, Action: "create"}
		byNumber := map[int]Rider{}
		if exists {
			it.Action = "unchanged"
			if in.Short == "" {
				in.Short = old.Short
			}
			if in.Color == "" {
				in.Color = old.Color
			}
			if !strings.EqualFold(in.Short, old.Short) || !strings.EqualFold(in.Color, old.Color) {
				it.Action = "update"
			}
			for _, r := range old.Riders {
				byNumber[r.Number] = r
				in.Riders = append(in.Riders, RiderInput{Name: r.Name, Number: r.Number, Games: r.Games.clone(), Born: r.Born})
			}
		}
		lines := map[int]int{}  // index in in.Riders → file line
		olds := map[int]Games{} // counter number → the games the file's row starts from
		for _, r := range g.rows {
			if r.TeamOnly() {
				continue
			}
			olds[r.Number] = s.fileGames(byNumber[r.Number].Games, r)
			ri := RiderInput{Name: r.Name, Number: r.Number, Role: s.fileRole(r.Role), Attributes: r.Attributes, Born: r.Born}
			if !r.HasBorn {
				ri.Born = byNumber[r.Number].Born // a file without the column keeps the dates of birth
			}
			placed := false
			for i := range in.Riders {
				if in.Riders[i].Number != r.Number || r.Number == 0 {
					continue
				}
				if line, seen := lines[i]; seen {
					prev.Problems = append(prev.Problems, roster.Problemf(r.Line, "number", "number %d of team %s appears on row %d too", r.Number, g.name, line))
				} else if _, known := byNumber[r.Number]; known {
					in.Riders[i] = ri
					lines[i] = r.Line
				}
				placed = true
			}
			if !placed {
				lines[len(in.Riders)] = r.Line
				in.Riders = append(in.Riders, ri)
			}
		}
		in = normalizeTeam(in)
		firstLine := 0
		if len(g.rows) > 0 {
			firstLine = g.rows[0].Line
		}
		checked, v := s.checkTeam(in, olds)
		if v.Err() != nil {
			prev.Problems = append(prev.Problems, fieldProblems(v, firstLine, lines)...)
		}
		for i, r := range checked.Riders {
			line, fromFile := lines[i]
			if !fromFile {
				continue
			}
			action := "create"
			if o, ok := byNumber[r.Number]; ok {
				action = "unchanged"
				if o.Name != r.Name || gamesJSON(o.Games) != gamesJSON(r.Games) || o.Born != r.Born {
					action = "update"
				}
			}
			if action != "unchanged" && it.Action == "unchanged" {
				it.Action = "update"
			}
			it.Riders = append(it.Riders, ImportRider{Line: line, Number: r.Number, Name: r.Name, Action: action})
			prev.Counts["riders_"+action]++
		}
		sort.SliceStable(it.Riders, func(a, b int) bool { return it.Riders[a].Line < it.Riders[b].Line })
		prev.Counts["teams_"+it.Action]++
		prev.Teams = append(prev.Teams, it)
		teamLines = append(teamLines, firstLine)
		id := uint(0)
		if exists {
			id = old.ID
		}
		plan = append(plan, plannedTeam{id: id, input: checked})
	}
	if err := s.importRoom(tx, sc.Owner(), &prev, teamLines); err != nil {
		return prev, nil, err
	}
	sort.SliceStable(prev.Problems, func(i, j int) bool { return prev.Problems[i].Line < prev.Problems[j].Line })
	prev.Problems = firstPerCell(prev.Problems)
	return prev, plan, nil
}

// firstPerCell keeps the first problem of each row and column: a cell that is not a number is also
// out of range, and saying so twice only hides the useful message.
func firstPerCell(problems []roster.Problem) []roster.Problem {
	out := problems[:0:0]
	type cell struct {
		line   int
		column string
	}
	seen := map[cell]bool{}
	for _, p := range problems {
		key := cell{p.Line, p.Column}
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	return out
}

// teamMarks are the short names and colours the teams of an import have, so that a new team the
// file gives neither gets its own.
type teamMarks struct {
	shorts, colours map[string]bool
	n               int
}

func newTeamMarks(existing []Team) *teamMarks {
	m := &teamMarks{shorts: map[string]bool{}, colours: map[string]bool{}}
	for _, t := range existing {
		m.shorts[strings.ToUpper(t.Short)], m.colours[strings.ToLower(t.Color)] = true, true
		m.n++
	}
	return m
}

// give returns a new team's short name and colour: those the file gives, else new ones.
func (m *teamMarks) give(name, short, colour string) (string, string) {
	if strings.TrimSpace(short) == "" {
		short = race.TeamShort(name, func(s string) bool { return m.shorts[s] })
	}
	if strings.TrimSpace(colour) == "" {
		colour = race.TeamColour(func(c string) bool { return m.colours[c] }, m.n)
	}
	m.shorts[strings.ToUpper(strings.TrimSpace(short))], m.colours[strings.ToLower(strings.TrimSpace(colour))] = true, true
	m.n++
	return short, colour
}

type plannedTeam struct {
	id    uint
	input TeamInput
}

// fieldProblems turns validation fields (riders[2].name) into problems by file row and column.
func fieldProblems(v *refuse.ValidationError, teamLine int, lines map[int]int) []roster.Problem {
	re := regexp.MustCompile(`^riders\[(\d+)\]\.(.+)$`)
	var out []roster.Problem
	for f := range v.Fields {
		msg := v.Reason(f)
		if m := re.FindStringSubmatch(f); m != nil {
			i, _ := strconv.Atoi(m[1])
			line, ok := lines[i]
			if !ok {
				line = teamLine
			}
			out = append(out, roster.ProblemText(line, fileColumn(m[2]), msg))
			continue
		}
		col := f
		if f == "riders" { // too many riders: the team's problem, not one number's
			col = "team"
		}
		out = append(out, roster.ProblemText(teamLine, col, msg))
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Column < out[j].Column
	})
	return out
}

// fileColumn is the roster column of a rider field: "games.2ruote.attributes.cost" is "2ruote cost",
// "games.cycling-party.role" is "cycling-party role", and the older "attributes.cost" is "cost".
func fileColumn(field string) string {
	if rest, ok := strings.CutPrefix(field, "games."); ok {
		game, what, _ := strings.Cut(rest, ".")
		return roster.Game{ID: game}.AttributeColumn(strings.TrimPrefix(what, "attributes."))
	}
	if field == "attributes" {
		return roster.LegacyRole
	}
	return strings.TrimPrefix(field, "attributes.")
}

// PreviewImport says what importing the sheet into the scope's own database would do; it stores nothing.
func (s *Store) PreviewImport(sc Scope, sh roster.Sheet) (ImportPreview, error) {
	var prev ImportPreview
	err := s.read(func(tx *gorm.DB) error {
		var err error
		prev, _, err = s.planImport(tx, sc, sh)
		return err
	})
	return prev, err
}

// ApplyImport stores the whole sheet in the scope's own database in one transaction, or nothing when
// any row has a problem.
func (s *Store) ApplyImport(sc Scope, sh roster.Sheet) (ImportPreview, error) {
	var prev ImportPreview
	err := s.write(func(tx *gorm.DB) error {
		var plan []plannedTeam
		var err error
		prev, plan, err = s.planImport(tx, sc, sh)
		if err != nil {
			return err
		}
		if len(prev.Problems) > 0 {
			return &ImportError{Problems: prev.Problems}
		}
		created, updated := 0, 0
		for _, p := range plan {
			if p.id == 0 {
				if _, err := createTeamTx(tx, sc.Owner(), p.input); err != nil {
					return err
				}
				created++
				continue
			}
			updated++
			row, err := getTeamRow(tx, sc.Own(), p.id)
			if err != nil {
				return err
			}
			if err := updateTeamTx(tx, row, p.input); err != nil {
				return err
			}
		}
		owner := sc.Owner()
		return recordChange(tx, auditNote{action: "teams.import", owner: owner, text: i18n.Textf("teams file imported: %s new, %s changed", teamsText(created), teamsText(updated))})
	})
	if err == nil {
		prev.Stored = true
	}
	return prev, err
}
