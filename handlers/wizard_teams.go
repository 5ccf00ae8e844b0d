package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/race"
	"racedirector/app/store"
)

// teamsStepView is the team choice: every database team with its riders.
type teamsStepView struct {
	RidersPerTeam      int
	MinTeams, MaxTeams int
	MaxCost            int
	Attributes         []race.AttributeRule
	Teams              []teamChoice
	Messages           []string
	Chosen             int
}

// teamChoice is one database team: whether it races, and which of its riders.
type teamChoice struct {
	ID                 uint
	Name, Short, Color string
	Checked            bool
	// Choose shows a checkbox per rider: the team has more riders than the tour needs.
	Choose   bool
	Riders   []riderChoice
	Cost     int
	Messages []string
}

// riderChoice is one rider of a database team.
type riderChoice struct {
	ID       uint
	Number   int
	Name     string
	RoleName string
	Values   []string
	Racing   bool
}

// pickedRiders are the riders a team races with, as store.BuildTour picks them (by counter number).
func pickedRiders(t store.Team, chosen []uint, n int) []store.Rider {
	riders := slices.Clone(t.Riders)
	sort.SliceStable(riders, func(i, j int) bool { return riders[i].Number < riders[j].Number })
	if chosen == nil {
		if n > 0 && len(riders) > n {
			riders = riders[:n]
		}
		return riders
	}
	var out []store.Rider
	for _, r := range riders {
		if slices.Contains(chosen, r.ID) {
			out = append(out, r)
		}
	}
	return out
}

// teamFieldPattern reads "teams[2].riders[1].role" and "riders.7[0]" fields of store.BuildTour.
func teamFieldPattern() *regexp.Regexp {
	return regexp.MustCompile(`^(?:teams\[(\d+)\](?:\.riders\[(\d+)\])?|riders\.(\d+)(?:\[\d+\])?)(?:\.(.*))?$`)
}

// renderTeamsStep shows every database team, the chosen ones checked, with the messages beside each.
func (h *Handler) renderTeamsStep(c echo.Context, status int, d wizardDraft, errs map[string]string, message string) error {
	d.Step = stepTeams
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	all, err := h.Store.ListTeams()
	if err != nil {
		return err
	}
	n := d.Request.RidersPerTeam
	tv := &teamsStepView{RidersPerTeam: n, MinTeams: max(rs.Team.MinTeams, 2), MaxTeams: rs.Team.MaxTeams, MaxCost: rs.Team.MaxCost,
		Attributes: rs.Team.Attributes, Chosen: len(d.Teams)}
	byID := map[uint]int{}
	for k, t := range all {
		byID[t.ID] = k
		key := strconv.FormatUint(uint64(t.ID), 10)
		chosen, has := d.Riders[key]
		if !has {
			chosen = nil
		}
		picked := pickedRiders(t, chosen, n)
		tc := teamChoice{ID: t.ID, Name: t.Name, Short: t.Short, Color: t.Color, Checked: slices.Contains(d.Teams, t.ID), Choose: n > 0 && len(t.Riders) > n}
		for _, r := range t.Riders {
			rc := riderChoice{ID: r.ID, Number: r.Number, Name: r.Name, RoleName: r.Role}
			if role, ok := rs.Role(r.Role); ok {
				rc.RoleName = role.Name
			} else if len(rs.Roles) > 0 {
				rc.RoleName = r.Role + " (not a role of " + rs.Name + ")"
			}
			rc.Racing = slices.ContainsFunc(picked, func(p store.Rider) bool { return p.ID == r.ID })
			for _, a := range rs.Team.Attributes {
				if v, ok := r.Attributes[a.ID]; ok {
					rc.Values = append(rc.Values, strconv.Itoa(v))
				} else {
					rc.Values = append(rc.Values, "—")
				}
			}
			if rc.Racing {
				tc.Cost += r.Attributes["cost"]
			}
			tc.Riders = append(tc.Riders, rc)
		}
		tv.Teams = append(tv.Teams, tc)
	}
	pattern := teamFieldPattern()
	keys := make([]string, 0, len(errs))
	for f := range errs {
		keys = append(keys, f)
	}
	sort.Strings(keys)
	for _, f := range keys {
		msg := errs[f]
		m := pattern.FindStringSubmatch(f)
		team := -1
		switch {
		case m == nil:
		case m[1] != "":
			i, _ := strconv.Atoi(m[1])
			if i < len(d.Teams) {
				if k, ok := byID[d.Teams[i]]; ok {
					team = k
				}
			}
		case m[3] != "":
			id, _ := strconv.ParseUint(m[3], 10, 32)
			if k, ok := byID[uint(id)]; ok {
				team = k
			}
		}
		if team < 0 {
			tv.Messages = append(tv.Messages, teamsTopMessage(f, msg))
			continue
		}
		text := msg
		if m[4] != "" && m[4] != "riders" {
			text = strings.ReplaceAll(m[4], "attributes.", "") + " " + msg
		}
		if m[2] != "" {
			j, _ := strconv.Atoi(m[2])
			key := strconv.FormatUint(uint64(tv.Teams[team].ID), 10)
			chosen, has := d.Riders[key]
			if !has {
				chosen = nil
			}
			picked := pickedRiders(all[team], chosen, n)
			if j < len(picked) {
				text = fmt.Sprintf("%s (number %d): %s", picked[j].Name, picked[j].Number, text)
			}
		}
		tv.Teams[team].Messages = append(tv.Teams[team].Messages, text)
	}
	return h.renderWizard(c, status, d, rs, wizardView{Teams: tv}, errs, message)
}

// teamsTopMessage words a message that belongs to no team.
func teamsTopMessage(field, msg string) string {
	switch {
	case field == "teams":
		return "Teams: " + msg
	case field == "riders_per_team":
		return "Riders per team " + msg + " (go back to the characteristics)."
	case field == "name":
		return "Tour name " + msg + " (go back to the characteristics)."
	case strings.HasPrefix(field, "stages"):
		return "Stages: " + field + " " + msg + " (go back to the stages)."
	case strings.HasPrefix(field, "points"):
		return "Points: " + field + " " + msg + " (go back to the points)."
	}
	return field + " " + msg
}

// readTeamsForm applies the chosen teams and riders to the draft.
func readTeamsForm(c echo.Context, d *wizardDraft) {
	form, _ := c.FormParams()
	d.Teams = nil
	seen := map[uint]bool{}
	for _, s := range form["teams"] {
		id, err := strconv.ParseUint(strings.TrimSpace(s), 10, 32)
		if err == nil && id > 0 && !seen[uint(id)] {
			seen[uint(id)] = true
			d.Teams = append(d.Teams, uint(id))
		}
	}
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
}

// wizardTeamsPost applies the team choice, then goes back or, when the tour would be created as it
// stands (store.BuildTour: the ruleset's team rules), on to the summary.
func (h *Handler) wizardTeamsPost(c echo.Context, d wizardDraft, action string) error {
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	readTeamsForm(c, &d)
	if target, ok := backTarget(rs, stepTeams, action); ok {
		d.Step = target
		return h.showStep(c, d)
	}
	if _, err := h.Store.BuildTour(d.createInput()); err != nil {
		var ve *race.ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		return h.renderTeamsStep(c, http.StatusUnprocessableEntity, d, ve.Fields, "The tour cannot race with these teams: see the messages beside them. Nothing was saved.")
	}
	d.Step = stepSummary
	if target, ok := jumpTarget(rs, d, action); ok {
		d.Step = target
	}
	return h.showStep(c, d)
}
