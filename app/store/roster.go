package store

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gorm.io/gorm"

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
		msg += fmt.Sprintf(" (and %d more problems)", len(e.Problems)-1)
	}
	return msg
}

// AttributeIDs lists the ids of the ruleset-specific rider values, the roster's extra columns.
func (s *Store) AttributeIDs() []string {
	var ids []string
	for _, a := range s.AttributeRules() {
		ids = append(ids, a.ID)
	}
	return ids
}

// RosterRows returns the whole database as roster rows, by team name and number.
func (s *Store) RosterRows() ([]roster.Row, error) {
	teams, err := s.ListTeams()
	if err != nil {
		return nil, err
	}
	var rows []roster.Row
	for _, t := range teams {
		if len(t.Riders) == 0 { // the team alone, so an export keeps it
			rows = append(rows, roster.Row{Team: t.Name, Short: t.Short, Color: t.Color})
		}
		for _, r := range t.Riders {
			rows = append(rows, roster.Row{Team: t.Name, Short: t.Short, Color: t.Color, Number: r.Number, Name: r.Name, Role: r.Role, Attributes: r.Attributes})
		}
	}
	return rows, nil
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
			problems = append(problems, roster.Problem{Line: r.Line, Column: "team", Message: "is required"})
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
			problems = append(problems, roster.Problem{Line: r.Line, Column: "short", Message: fmt.Sprintf("team %s has short name %s on an earlier row", g.name, g.short)})
		}
		if r.Color != "" && g.color != "" && !strings.EqualFold(r.Color, g.color) {
			problems = append(problems, roster.Problem{Line: r.Line, Column: "color", Message: fmt.Sprintf("team %s has colour %s on an earlier row", g.name, g.color)})
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

// planImport works out, inside tx, what the sheet would change; it returns the preview and the
// team inputs to apply (nil id = create).
func (s *Store) planImport(tx *gorm.DB, sh roster.Sheet) (ImportPreview, []plannedTeam, error) {
	prev := ImportPreview{Problems: append([]roster.Problem{}, sh.Problems...), Counts: map[string]int{}, Teams: []ImportTeam{}}
	groups, problems := groupRows(sh)
	prev.Problems = append(prev.Problems, problems...)
	existing, err := s.listTeamsTx(tx)
	if err != nil {
		return prev, nil, err
	}
	byName := map[string]Team{}
	for _, t := range existing {
		byName[strings.ToLower(t.Name)] = t
	}
	var plan []plannedTeam
	for _, g := range groups {
		in := TeamInput{Name: g.name, Short: g.short, Color: g.color, Riders: []RiderInput{}}
		old, exists := byName[strings.ToLower(g.name)]
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
				in.Riders = append(in.Riders, RiderInput{Name: r.Name, Number: r.Number, Role: r.Role, Attributes: r.Attributes})
			}
		}
		lines := map[int]int{} // index in in.Riders → file line
		for _, r := range g.rows {
			if r.TeamOnly() {
				continue
			}
			ri := RiderInput{Name: r.Name, Number: r.Number, Role: r.Role, Attributes: r.Attributes}
			action := "create"
			if old, ok := byNumber[r.Number]; ok {
				action = "unchanged"
				if old.Name != strings.TrimSpace(r.Name) || old.Role != strings.TrimSpace(r.Role) || attributesJSON(old.Attributes) != attributesJSON(r.Attributes) {
					action = "update"
				}
				for i := range in.Riders {
					if in.Riders[i].Number == r.Number {
						if _, seen := lines[i]; seen {
							prev.Problems = append(prev.Problems, roster.Problem{Line: r.Line, Column: "number", Message: fmt.Sprintf("number %d of team %s appears on row %d too", r.Number, g.name, lines[i])})
						}
						in.Riders[i] = ri
						lines[i] = r.Line
					}
				}
			} else {
				dup := false
				for i := range in.Riders {
					if in.Riders[i].Number == r.Number && r.Number != 0 {
						prev.Problems = append(prev.Problems, roster.Problem{Line: r.Line, Column: "number", Message: fmt.Sprintf("number %d of team %s appears on row %d too", r.Number, g.name, lines[i])})
						dup = true
					}
				}
				if !dup {
					lines[len(in.Riders)] = r.Line
					in.Riders = append(in.Riders, ri)
				}
			}
			if action != "unchanged" && it.Action == "unchanged" {
				it.Action = "update"
			}
			it.Riders = append(it.Riders, ImportRider{Line: r.Line, Number: r.Number, Name: strings.TrimSpace(r.Name), Action: action})
			prev.Counts["riders_"+action]++
		}
		prev.Counts["teams_"+it.Action]++
		in = normalizeTeam(in)
		firstLine := 0
		if len(g.rows) > 0 {
			firstLine = g.rows[0].Line
		}
		if v := s.validateTeam(in); v.Err() != nil {
			prev.Problems = append(prev.Problems, fieldProblems(v.Fields, firstLine, lines)...)
		}
		prev.Teams = append(prev.Teams, it)
		id := uint(0)
		if exists {
			id = old.ID
		}
		plan = append(plan, plannedTeam{id: id, input: in})
	}
	sort.SliceStable(prev.Problems, func(i, j int) bool { return prev.Problems[i].Line < prev.Problems[j].Line })
	prev.Problems = firstPerCell(prev.Problems)
	return prev, plan, nil
}

// firstPerCell keeps the first problem of each row and column: a cell that is not a number is also
// out of range, and saying so twice only hides the useful message.
func firstPerCell(problems []roster.Problem) []roster.Problem {
	out := problems[:0:0]
	seen := map[roster.Problem]bool{}
	for _, p := range problems {
		key := roster.Problem{Line: p.Line, Column: p.Column}
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	return out
}

type plannedTeam struct {
	id    uint
	input TeamInput
}

// fieldProblems turns validation fields (riders[2].name) into problems by file row and column.
func fieldProblems(fields map[string]string, teamLine int, lines map[int]int) []roster.Problem {
	re := regexp.MustCompile(`^riders\[(\d+)\]\.(.+)$`)
	var out []roster.Problem
	for f, msg := range fields {
		if m := re.FindStringSubmatch(f); m != nil {
			i, _ := strconv.Atoi(m[1])
			line, ok := lines[i]
			if !ok {
				line = teamLine
			}
			col := strings.TrimPrefix(m[2], "attributes.")
			out = append(out, roster.Problem{Line: line, Column: col, Message: msg})
			continue
		}
		col := f
		if f == "riders" { // too many riders: the team's problem, not one number's
			col = "team"
		}
		out = append(out, roster.Problem{Line: teamLine, Column: col, Message: msg})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Column < out[j].Column
	})
	return out
}

// PreviewImport says what importing the sheet would do; it stores nothing.
func (s *Store) PreviewImport(sh roster.Sheet) (ImportPreview, error) {
	var prev ImportPreview
	err := s.db.Transaction(func(tx *gorm.DB) error {
		var err error
		prev, _, err = s.planImport(tx, sh)
		return err
	})
	return prev, err
}

// ApplyImport stores the whole sheet in one transaction, or nothing when any row has a problem.
func (s *Store) ApplyImport(sh roster.Sheet) (ImportPreview, error) {
	var prev ImportPreview
	err := s.db.Transaction(func(tx *gorm.DB) error {
		var plan []plannedTeam
		var err error
		prev, plan, err = s.planImport(tx, sh)
		if err != nil {
			return err
		}
		if len(prev.Problems) > 0 {
			return &ImportError{Problems: prev.Problems}
		}
		for _, p := range plan {
			if p.id == 0 {
				if _, err := createTeamTx(tx, p.input); err != nil {
					return err
				}
				continue
			}
			row, err := getTeamRow(tx, p.id)
			if err != nil {
				return err
			}
			if err := updateTeamTx(tx, row, p.input); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		prev.Stored = true
	}
	return prev, err
}
