package wizard

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
)

// readTeamsForm applies the team step's form to the draft: the chosen teams (the ones chosen before
// keep their racing order, newly chosen ones follow in the order listed), the racing riders, and the
// roles or card values changed for this tour (overrides; the database is not changed). Card values
// that are not whole numbers are refused by input name, and returned as typed.
func readTeamsForm(c echo.Context, d *wizardDraft, all []store.Team, rs race.Ruleset) (*refuse.ValidationError, map[string]string) {
	form, _ := c.FormParams()
	var checked []uint
	for _, s := range form["teams"] {
		id, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32)
		if err == nil && id > 0 && !slices.Contains(checked, uint(id)) {
			checked = append(checked, uint(id))
		}
	}
	d.Teams = racingTeams(d.Teams, checked, form["order"])
	riders := map[string][]uint{}
	for _, s := range form["choose"] {
		key := strings.TrimSpace(s)
		if _, err := strconv.ParseUint(key, 10, 32); err != nil {
			continue
		}
		list := []uint{}
		for _, r := range form["riders."+key] {
			if id, err := strconv.ParseUint(strings.TrimSpace(r), 10, 32); err == nil {
				list = append(list, uint(id))
			}
		}
		riders[key] = list
	}
	d.Riders = riders
	d.Managers = readManagers(form, d.Teams, d.Managers)
	return readOverrides(form, d, all, rs)
}

// managerField is the wizard's form name of a team's player.
func managerField(team uint) string { return "manager." + strconv.FormatUint(uint64(team), 10) }

// readManagers reads the player typed for each chosen team ("manager.7"), as typed: store.BuildTour
// refuses a bad one naming the team. A chosen team whose field is not on the form keeps the draft's
// player; the teams not chosen keep none.
func readManagers(form map[string][]string, teams []uint, before map[string]string) map[string]string {
	out := map[string]string{}
	for _, id := range teams {
		key := strconv.FormatUint(uint64(id), 10)
		name := before[key]
		if vals, ok := form[managerField(id)]; ok && len(vals) > 0 {
			name = vals[0]
		}
		if strings.TrimSpace(name) != "" {
			out[key] = name
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// racingTeams is the racing order of the checked teams: the order the page's script recorded them
// being ticked in ("order"); without it, the teams chosen before keep their places and the newly
// ticked ones follow as listed.
func racingTeams(before, checked []uint, order []string) []uint {
	if strings.TrimSpace(strings.Join(order, "")) != "" {
		clicked := clickOrder(order)
		teams := slices.Clone(checked)
		slices.SortStableFunc(teams, func(a, b uint) int { return clicked(a) - clicked(b) })
		return teams
	}
	var teams []uint
	for _, id := range before {
		if slices.Contains(checked, id) {
			teams = append(teams, id)
		}
	}
	for _, id := range checked {
		if !slices.Contains(teams, id) {
			teams = append(teams, id)
		}
	}
	return teams
}

// clickOrder reads the "order" field (team ids, comma separated, in the order ticked) as a rank: a
// team not in it ranks after the others.
func clickOrder(values []string) func(uint) int {
	rank := map[uint]int{}
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			if id, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32); err == nil {
				if _, seen := rank[uint(id)]; !seen && len(rank) < 1000 {
					rank[uint(id)] = len(rank)
				}
			}
		}
	}
	return func(id uint) int {
		if r, ok := rank[id]; ok {
			return r
		}
		return len(rank)
	}
}

// readOverrides reads each rider's role select and card values: what differs from his own role in
// the tour's game is this tour's override; a rider whose fields are not on the form keeps his.
func readOverrides(form map[string][]string, d *wizardDraft, all []store.Team, rs race.Ruleset) (*refuse.ValidationError, map[string]string) {
	v := &refuse.ValidationError{}
	typed := map[string]string{}
	overrides := map[string]store.GameRole{}
	for _, t := range all {
		for _, r := range t.Riders {
			key := strconv.FormatUint(uint64(r.ID), 10)
			own := r.Game(rs.ID)
			o := d.Overrides[key]
			if vals, ok := form[roleField(r.ID)]; ok && len(vals) > 0 {
				o.Role = ""
				if role := strings.TrimSpace(vals[0]); role != own.Role {
					o.Role = role
				}
			}
			if attrs, seen := readCard(form, r.ID, rs, v, typed); seen {
				o.Attributes = nil
				if !maps.Equal(attrs, own.Attributes) {
					o.Attributes = attrs
				}
			}
			if o.Role != "" || o.Attributes != nil {
				overrides[key] = o
			}
		}
	}
	d.Overrides = overrides
	pruneOverrides(d, all)
	return v, typed
}

// readCard reads a rider's card values from the form; seen says the form had them.
func readCard(form map[string][]string, rider uint, rs race.Ruleset, v *refuse.ValidationError, typed map[string]string) (map[string]int, bool) {
	attrs := map[string]int{}
	seen := false
	for _, a := range rs.Team.Attributes {
		name := cardField(rider, a.ID)
		vals, ok := form[name]
		if !ok || len(vals) == 0 {
			continue
		}
		seen = true
		raw := strings.TrimSpace(vals[0])
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil {
			v.Addf(name, "%s must be a whole number", a.Name)
			typed[name] = raw
			continue
		}
		attrs[a.ID] = n
	}
	return attrs, seen
}

// pruneOverrides drops the overrides of riders who are not in the chosen teams (a team unchosen, a
// rider deleted from the database since): they would not race.
func pruneOverrides(d *wizardDraft, all []store.Team) {
	for key := range d.Overrides {
		keep := false
		for _, t := range all {
			if !slices.Contains(d.Teams, t.ID) {
				continue
			}
			for _, r := range t.Riders {
				keep = keep || strconv.FormatUint(uint64(r.ID), 10) == key
			}
		}
		if !keep {
			delete(d.Overrides, key)
		}
	}
	if len(d.Overrides) == 0 {
		d.Overrides = nil
	}
}
