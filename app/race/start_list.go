package race

import (
	"fmt"
	"slices"
	"strings"

	"racedirector/app/refuse"
)

// A real race's own bibs (docs/rules.md §5.2): its official start list (team, bib, name) gives each
// rider of the tour the bib he wears, and a rider may be renumbered until his first result. Board
// games keep team × 10 + counter number.

// StartEntry is one line of an official start list: the rider's team, bib and name.
type StartEntry struct {
	Team string
	Bib  int
	Name string
}

// StartList is an official start list read from CSV or a paste.
type StartList struct {
	// Entries are the list's riders in its order.
	Entries []StartEntry
	// Rows is, for each entry, its data row; Lines the file line of each data row.
	Rows, Lines []int
}

// startListColumns are a start list's columns, in their order when it has no header.
func startListColumns() []string { return []string{"team", "bib", "name"} }

// ParseStartList reads a start list: one rider a line, team,bib,name (separated by commas, semicolons
// or tabs), or any order under a first line naming the columns team, bib and name (rider is name).
// Rows whose cells are all empty are skipped; at most MaxClockRows rows. A problem is a
// *refuse.ValidationError naming the cell by data row (rows[3].bib); Lines gives its file line.
func ParseStartList(data []byte) (StartList, error) {
	var out StartList
	v := &refuse.ValidationError{}
	r, first, err := firstCSVLine(data,
		func(line int) error {
			return refuse.Invalidf("file", "line %d has more than %d cells: the columns are team,bib,name", line, maxClockCells)
		},
		func() error { return refuse.Invalid("file", "is empty: one rider a line, team,bib,name") })
	if err != nil {
		return out, err
	}
	col := map[string]int{"team": 0, "bib": 1, "name": 2}
	var pending [][]string
	if len(first) > 1 && allDigits(strings.TrimSpace(first[1])) && strings.TrimSpace(first[1]) != "" {
		pending = append(pending, first)
	} else if col = startListHeader(first, v); col == nil {
		return out, v.Err()
	}
	eachCSVRow(r, pending, v, &out.Lines, func(row int, rec []string) {
		cell := func(name string) string {
			if i := col[name]; i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		p := fmt.Sprintf("rows[%d]", row)
		e := StartEntry{Team: cell("team"), Name: cell("name")}
		ok := true
		if e.Team == "" {
			v.Add(p+".team", "is required")
			ok = false
		}
		if e.Name == "" {
			v.Add(p+".name", "is required")
			ok = false
		}
		bib, bibOK := readBib(p, cell("bib"), v)
		if ok && bibOK {
			e.Bib = bib
			out.Entries = append(out.Entries, e)
			out.Rows = append(out.Rows, row)
		}
	})
	if v.Err() == nil && len(out.Entries) == 0 {
		v.Add("rows", "there are no riders in the start list")
	}
	return out, v.Err()
}

// startListHeader maps a start list's header to its columns, or adds the problems to v and returns nil.
func startListHeader(header []string, v *refuse.ValidationError) map[string]int {
	col := map[string]int{}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		if name == "rider" {
			name = "name"
		}
		if !slices.Contains(startListColumns(), name) {
			v.Addf("header", "unknown column %q: the columns are team,bib,name", h)
			return nil
		}
		if _, dup := col[name]; dup {
			v.Addf("header", "column %q is there twice", name)
			return nil
		}
		col[name] = i
	}
	for _, need := range startListColumns() {
		if _, has := col[need]; !has {
			v.Addf("header", "has no %s column: the columns are team,bib,name", need)
			return nil
		}
	}
	return col
}

// nameKey is a name as start lists are matched on: its words in lower case, in any order
// ("POGAČAR Tadej" is "Tadej Pogačar").
func nameKey(s string) string {
	words := strings.Fields(strings.ToLower(s))
	slices.Sort(words)
	return strings.Join(words, " ")
}

// RacedBibs are the bibs a tour's results name (sprints, climbs, the finish, a team time trial's
// riders, abandonments, advantages, fatigue, lost turns, the jury's decisions, the most combative).
func RacedBibs(t *Tour, results []StageResult) map[int]bool {
	in := map[int]bool{}
	add := func(bibs ...int) {
		for _, b := range bibs {
			if b != 0 {
				in[b] = true
			}
		}
	}
	for _, r := range results {
		for _, order := range r.Sprints {
			add(order...)
		}
		for _, order := range r.Climbs {
			add(order...)
		}
		for _, g := range r.Finish.Groups {
			add(g.Riders...)
		}
		for _, c := range r.Finish.Results {
			add(c.Bib)
		}
		for _, tt := range r.Finish.Teams {
			if team, ok := t.TeamByID(tt.Team); ok {
				for _, rider := range team.Riders {
					add(rider.Bib)
				}
			}
		}
		for _, a := range r.Abandons {
			add(a.Bib)
		}
		for _, u := range r.Advantages {
			add(u.Bib)
		}
		for bib := range r.Fatigue {
			add(bib)
		}
		for _, l := range r.LostTurns {
			add(l.Bib)
		}
		for _, k := range r.Reinstated {
			add(k.Bib)
		}
		for _, p := range r.Penalties {
			add(p.Bib)
		}
		add(r.Combativity, r.MostCombative)
	}
	return in
}

// Renumbering is the bibs a tour's riders change to: each changed rider's bib before (the key) and after.
type Renumbering map[int]int

// ownBibs refuses a renumbering in a game whose bibs are team × 10 + counter number.
func ownBibs(t *Tour) error {
	if !t.Ruleset.OfficialResults {
		return refuse.Conflictf("the bibs of %s are the team's number × 10 + the rider's counter number: only a real race keeps its own", t.Ruleset.Name)
	}
	return nil
}

// StartListBibs matches each line of an official start list with a rider of the tour (his team by
// name or short name, his name in any case and word order) and returns the bibs that change: each
// rider once, every bib of the tour different (a rider the list does not name keeps his), and a
// changed bib's rider without a result yet (raced: the bibs results name, RacedBibs and the
// history's). Fields are the list's rows: rows[2].team, rows[2].name, rows[2].bib.
func StartListBibs(t *Tour, raced map[int]bool, list StartList) (Renumbering, error) {
	if err := ownBibs(t); err != nil {
		return nil, err
	}
	if len(list.Entries) > t.RiderCount() {
		return nil, refuse.Invalidf("rows", "name %d riders, more than the tour's %d", len(list.Entries), t.RiderCount())
	}
	v := &refuse.ValidationError{}
	named := map[int]int{}   // old bib → entry
	wearing := map[int]int{} // new bib → entry
	for i, e := range list.Entries {
		p := fmt.Sprintf("rows[%d]", list.Rows[i])
		team, ok := teamNamed(t, e.Team)
		if !ok {
			v.Addf(p+".team", "no team of this tour is called %q", e.Team)
			continue
		}
		k := slices.IndexFunc(team.Riders, func(r Rider) bool { return nameKey(r.Name) == nameKey(e.Name) })
		if k < 0 {
			v.Addf(p+".name", "%s has no rider called %q", team.Name, e.Name)
			continue
		}
		old := team.Riders[k].Bib
		if j, dup := named[old]; dup {
			v.Addf(p+".name", "%s is already in rows[%d]", team.Riders[k].Name, list.Rows[j])
			continue
		}
		named[old] = i
		if j, dup := wearing[e.Bib]; dup {
			v.Addf(p+".bib", "bib %d is already in rows[%d]", e.Bib, list.Rows[j])
			continue
		}
		wearing[e.Bib] = i
		if old != e.Bib && raced[old] {
			v.Addf(p+".bib", "%s already has results under bib %d: a bib changes only before its rider's first result", team.Riders[k].Name, old)
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	changes := Renumbering{}
	for old, i := range named {
		if e := list.Entries[i]; e.Bib != old {
			changes[old] = e.Bib
		}
	}
	return changes, checkRenumbering(t, raced, changes, func(newBib int) string {
		return fmt.Sprintf("rows[%d].bib", list.Rows[wearing[newBib]])
	})
}

// RenumberRider is the renumbering of the rider wearing bib to newBib (PUT …/riders/{bib} {"bib"}):
// refused when newBib is worn by another rider of the tour, out of 1…MaxBib, or when the rider
// already has results (raced). The field is "bib".
func RenumberRider(t *Tour, raced map[int]bool, bib, newBib int) (Renumbering, error) {
	if err := ownBibs(t); err != nil {
		return nil, err
	}
	r, ok := t.RiderByBib(bib)
	switch {
	case !ok:
		return nil, refuse.Invalidf("bib", "no rider with bib %d in this tour", bib)
	case newBib < 1 || newBib > MaxBib:
		return nil, refuse.Invalidf("bib", "must be between 1 and %d", MaxBib)
	case newBib == bib:
		return Renumbering{}, nil
	case raced[bib]:
		return nil, refuse.Invalidf("bib", "%s already has results under bib %d: a bib changes only before its rider's first result", r.Name, bib)
	}
	changes := Renumbering{bib: newBib}
	return changes, checkRenumbering(t, raced, changes, func(int) string { return "bib" })
}

// checkRenumbering refuses changes that would give two riders of the tour one bib (field names the
// field of a new bib) or a rider a bib still named in results.
func checkRenumbering(t *Tour, raced map[int]bool, changes Renumbering, field func(newBib int) string) error {
	v := &refuse.ValidationError{}
	for _, team := range t.Teams {
		for _, r := range team.Riders {
			if _, moving := changes[r.Bib]; moving {
				continue
			}
			for _, newBib := range changes {
				if newBib == r.Bib {
					v.Addf(field(newBib), "bib %d is worn by %s (%s), who keeps it", newBib, r.Name, team.Name)
				}
			}
		}
	}
	for _, newBib := range changes {
		if _, worn := t.RiderByBib(newBib); !worn && raced[newBib] {
			v.Addf(field(newBib), "bib %d is named in this tour's results", newBib)
		}
	}
	return v.Err()
}

// teamNamed is the tour's team called name (its name or its short name, in any case and spacing).
func teamNamed(t *Tour, name string) (Team, bool) {
	key := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	for _, team := range t.Teams {
		if strings.Join(strings.Fields(strings.ToLower(team.Name)), " ") == key || strings.ToLower(team.Short) == key {
			return team, true
		}
	}
	return Team{}, false
}
