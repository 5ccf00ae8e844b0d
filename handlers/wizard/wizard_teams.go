package wizard

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/app/store"
	"racedirector/handlers/base"
)

// teamsStepView is the team choice: the chosen teams first, in their racing order, then every other
// database team, each with its riders and their role in the tour's game.
type teamsStepView struct {
	RidersPerTeam int
	// UpTo says RidersPerTeam is the most (a game of team sizes in a range, Ciclismo a fondo).
	UpTo               bool
	MinTeams, MaxTeams int
	MaxCost            int
	Game               store.Game
	// GameName is the game's name in the page's language.
	GameName string
	// ShowRole shows each rider's role (a game of roles, not of cards); ChooseRole as a select per
	// rider; CounterRoles says the counter gives the role instead.
	ShowRole     bool
	ChooseRole   bool
	CounterRoles bool
	Attributes   []race.AttributeRule
	Teams        []teamChoice
	Messages     []string
	Chosen       int
	// ChosenWords are "(n chosen)" for every count the step allows, 0 first: the page's script
	// says the count at once as teams are ticked.
	ChosenWords []string
}

// teamChoice is one database team: whether it races (Number, its racing order, from 1), and which
// of its riders.
type teamChoice struct {
	ID                 uint
	Name, Short, Color string
	Checked            bool
	Number             int
	First, Last        bool
	// Choose shows a checkbox per rider: the team has more riders than the tour needs.
	Choose   bool
	Riders   []riderChoice
	Cost     int
	Messages []string
	// Manager is the team's player as typed, its form field ManagerField; ManagerInvalid marks it refused.
	Manager, ManagerField string
	ManagerInvalid        bool
}

// riderChoice is one rider of a database team and his role (or card) in the tour's game.
type riderChoice struct {
	ID       uint
	Number   int
	Name     string
	Role     string
	RoleName string
	// Changed says the role or card is changed for this tour; Missing that he has none in this game.
	Changed bool
	Missing bool
	Invalid bool
	Values  []cardValue
	Racing  bool
}

// cardValue is one card value of a rider in the tour's game (2RUOTE), editable for this tour.
type cardValue struct {
	// Name is the value's full name ("Pianura (flat speed)"), Short its column title ("Pianura").
	Name, Short, Input, Value string
	Invalid                   bool
}

// roleField and cardField are the wizard's form names of a rider's role select and card values.
func roleField(rider uint) string               { return fmt.Sprintf("role.%d", rider) }
func cardField(rider uint, value string) string { return fmt.Sprintf("card.%d.%s", rider, value) }

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

// teamFieldPattern reads "teams[2].riders[1].role", "riders.7[0]", "overrides.31.role" and
// "card.31.cost" fields of store.BuildTour and of the team step's own form.
func teamFieldPattern() *regexp.Regexp {
	return regexp.MustCompile(`^(?:teams\[(\d+)\](?:\.riders\[(\d+)\])?|riders\.(\d+)(?:\[\d+\])?|(?:overrides|card)\.(\d+))(?:\.(.*))?$`)
}

// racingOrder lists the database teams as the step shows them: the chosen ones in their racing
// order, then the others in the database's order (by name).
func racingOrder(all []store.Team, chosen []uint) []store.Team {
	var out []store.Team
	for _, id := range chosen {
		if k := slices.IndexFunc(all, func(t store.Team) bool { return t.ID == id }); k >= 0 {
			out = append(out, all[k])
		}
	}
	for _, t := range all {
		if !slices.Contains(chosen, t.ID) {
			out = append(out, t)
		}
	}
	return out
}

// riderView is a rider's row of the team step: his role (or card) in the tour's game, this tour's
// override applied.
func riderView(l *i18n.Localizer, game store.Game, gameName string, r store.Rider, override store.GameRole, typed map[string]string) riderChoice {
	own := r.Game(game.ID)
	rc := riderChoice{ID: r.ID, Number: r.Number, Name: r.Name, Role: own.Role}
	if override.Role != "" {
		rc.Role, rc.Changed = override.Role, override.Role != own.Role
	}
	values := own.Attributes
	if override.Attributes != nil {
		values, rc.Changed = override.Attributes, true
	}
	rc.RoleName = rc.Role
	for _, ro := range game.Roles {
		if ro.ID == rc.Role {
			rc.RoleName = ro.NameIn(l.Lang())
		}
	}
	if len(game.Roles) > 1 && rc.Role == "" {
		rc.Missing, rc.RoleName = true, l.T("setup.teams_step.no_role", "Game", gameName)
	}
	for _, a := range game.Attributes {
		cv := cardValue{Name: a.NameIn(l.Lang()), Short: a.Short(), Input: cardField(r.ID, a.ID)}
		if v, ok := typed[cv.Input]; ok {
			cv.Value, cv.Invalid = v, true
		} else if v, ok := values[a.ID]; ok {
			cv.Value = strconv.Itoa(v)
		}
		rc.Values = append(rc.Values, cv)
	}
	if _, has := values["cost"]; len(game.Attributes) > 0 && !has {
		rc.Missing = true
	}
	return rc
}

// renderTeamsStep shows every database team, the chosen ones first and checked, with the messages
// beside each.
func (h *Handler) renderTeamsStep(c echo.Context, status int, d wizardDraft, errs map[string]string, message string) error {
	return h.renderTeamsStepTyped(c, status, d, errs, nil, message)
}

// renderTeamsStepTyped is renderTeamsStep showing card values refused as typed (by input name).
func (h *Handler) renderTeamsStepTyped(c echo.Context, status int, d wizardDraft, errs, typed map[string]string, message string) error {
	d.Step = stepTeams
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	all, err := h.StoreFor(c).ListTeams(h.Scope(c).Own())
	if err != nil {
		return err
	}
	game, _ := h.Store.Game(rs.ID)
	if game.ID == "" {
		game = store.Game{ID: rs.ID, Name: rs.Name}
	}
	tr := h.Tr(c)
	all = racingOrder(all, d.Teams)
	n := d.Request.RidersPerTeam
	tv := &teamsStepView{RidersPerTeam: n, UpTo: len(rs.Team.RiderCounts) == 0, MinTeams: max(rs.Team.MinTeams, 2), MaxTeams: rs.Team.MaxTeams, MaxCost: rs.Team.MaxCost,
		Game: game, GameName: rs.NameIn(tr.Lang()), ShowRole: len(game.Roles) > 0 && len(game.Attributes) == 0, ChooseRole: game.ChoosesRole() && !game.CounterRoles, CounterRoles: game.CounterRoles, Attributes: rs.Team.Attributes, Chosen: len(d.Teams)}
	for i := 0; i <= max(len(all), len(d.Teams)); i++ {
		tv.ChosenWords = append(tv.ChosenWords, tr.N("setup.teams_step.chosen", i))
	}
	byID := map[uint]int{}
	riderTeam := map[uint]int{}
	for k, t := range all {
		byID[t.ID] = k
		picked := pickedRiders(t, d.chosenRiders(t.ID), n)
		tc := teamChoice{ID: t.ID, Name: t.Name, Short: t.Short, Color: t.Color, Choose: n > 0 && len(t.Riders) > n,
			Manager: d.Managers[strconv.FormatUint(uint64(t.ID), 10)], ManagerField: managerField(t.ID)}
		if i := slices.Index(d.Teams, t.ID); i >= 0 {
			tc.Checked, tc.Number, tc.First, tc.Last = true, i+1, i == 0, i == len(d.Teams)-1
		}
		for _, r := range t.Riders {
			riderTeam[r.ID] = k
			rc := riderView(tr, game, rs.NameIn(tr.Lang()), r, d.Overrides[strconv.FormatUint(uint64(r.ID), 10)], typed)
			rc.Racing = slices.ContainsFunc(picked, func(p store.Rider) bool { return p.ID == r.ID })
			if rc.Racing && rs.Team.MaxCost > 0 {
				if v, err := strconv.Atoi(rc.costValue()); err == nil {
					tc.Cost += v
				}
			}
			tc.Riders = append(tc.Riders, rc)
		}
		tv.Teams = append(tv.Teams, tc)
	}
	pattern := teamFieldPattern()
	for _, f := range slices.Sorted(maps.Keys(errs)) {
		msg := errs[f]
		m := pattern.FindStringSubmatch(f)
		team, rider := -1, -1
		switch {
		case m == nil:
		case m[1] != "":
			i, _ := strconv.Atoi(m[1])
			if i < len(d.Teams) {
				if k, ok := byID[d.Teams[i]]; ok {
					team = k
				}
			}
			if j, err := strconv.Atoi(m[2]); err == nil && team >= 0 {
				picked := pickedRiders(all[team], d.chosenRiders(all[team].ID), n)
				if j < len(picked) {
					rider = int(picked[j].ID)
				}
			}
		case m[3] != "":
			id, _ := strconv.ParseUint(m[3], 10, 32)
			if k, ok := byID[uint(id)]; ok {
				team = k
			}
		case m[4] != "":
			id, _ := strconv.ParseUint(m[4], 10, 32)
			if k, ok := riderTeam[uint(id)]; ok {
				team, rider = k, int(id)
			}
		}
		if team < 0 {
			tv.Messages = append(tv.Messages, teamsTopMessage(tr, f, msg))
			continue
		}
		tv.Teams[team].Messages = append(tv.Teams[team].Messages, teamMessage(tr, &tv.Teams[team], rider, m[5], msg))
	}
	return h.renderWizard(c, status, d, rs, wizardView{Teams: tv}, errs, message)
}

// costValue is the rider's card cost as shown ("" when he has none).
func (rc riderChoice) costValue() string {
	for _, v := range rc.Values {
		if strings.HasSuffix(v.Input, ".cost") {
			return v.Value
		}
	}
	return ""
}

// teamMessage words a message about a team, naming the rider it is about (rider id, or -1) unless it
// already does, and marks his row.
func teamMessage(l *i18n.Localizer, tc *teamChoice, rider int, what, msg string) string {
	text := msg
	if what == "manager" {
		tc.ManagerInvalid = true
		return l.T("players.wizard.manager_message", "Message", msg)
	}
	if what != "" && what != "riders" && what != "role" && !strings.HasPrefix(what, "attributes.") {
		text = what + " " + msg
	}
	if name, ok := strings.CutPrefix(what, "attributes."); ok {
		text = name + " " + msg
	}
	for i, r := range tc.Riders {
		if int(r.ID) != rider {
			continue
		}
		tc.Riders[i].Invalid = true
		if !strings.Contains(text, r.Name) {
			text = l.T("setup.teams_step.rider_message", "Name", r.Name, "Number", r.Number, "Message", text)
		}
	}
	return text
}

// teamsTopMessage words a message that belongs to no team, in l's language (msg is already in it).
func teamsTopMessage(l *i18n.Localizer, field, msg string) string {
	switch {
	case field == "teams":
		if m := regexp.MustCompile(`^must be between (\d+) and (\d+) teams \(has (\d+)\)$`).FindStringSubmatch(msg); m != nil {
			return l.T("setup.teams_step.choose_teams", "Min", m[1], "Max", m[2], "Chosen", m[3])
		}
		return l.T("setup.teams_step.teams_message", "Message", msg)
	case field == "riders_per_team":
		return l.T("setup.teams_step.riders_per_team_message", "Message", msg)
	case field == "name":
		return l.T("setup.teams_step.name_message", "Message", msg)
	case strings.HasPrefix(field, "stages"):
		return l.T("setup.teams_step.stages_message", "Where", stageWhere(l, field), "Message", msg)
	case strings.HasPrefix(field, "points"):
		return l.T("setup.teams_step.points_message", "Message", msg)
	case strings.HasPrefix(field, "overrides"):
		return l.T("setup.teams_step.role_message", "Message", msg)
	}
	return field + " " + msg
}

// stageWhere names a stage field for a message in words: "stages[1].climbs[0].start" is "Stage 2,
// climb 1, start square:", "stages[1]" is "Stage 2:".
func stageWhere(l *i18n.Localizer, field string) string {
	i, rest, ok := strings.Cut(strings.TrimPrefix(field, "stages["), "]")
	n, err := strconv.Atoi(i)
	switch {
	case !ok || err != nil:
		return l.T("setup.teams_step.where_stages")
	case strings.TrimPrefix(rest, ".") == "":
		return l.T("setup.teams_step.where_stage", "N", n+1)
	}
	w := stageFieldWords(l, strings.TrimPrefix(rest, "."))
	return l.T("setup.teams_step.where_stage_field", "N", n+1, "Field", base.LowerFirst(w))
}

// wizardTeamsPost applies the team choice, then moves a team up or down, goes back or, when the tour
// would be created as it stands (store.BuildTour: the ruleset's team rules), on to the summary.
func (h *Handler) wizardTeamsPost(c echo.Context, d wizardDraft, action string) error {
	rs, err := h.wizardRuleset(d)
	if err != nil {
		return err
	}
	all, err := h.StoreFor(c).ListTeams(h.Scope(c).Own())
	if err != nil {
		return err
	}
	refused, typed := readTeamsForm(c, &d, all, rs)
	if target, ok := backTarget(rs, stepTeams, action); ok {
		d.Step = target
		return h.showStep(c, d)
	}
	if move, id, ok := teamMove(action); ok {
		d.Teams = moveTeam(d.Teams, id, move)
		return h.renderTeamsStepTyped(c, http.StatusOK, d, wizardFieldsOf(h.Tr(c), refused), typed, "")
	}
	if refused.Err() != nil {
		return h.renderTeamsStepTyped(c, http.StatusUnprocessableEntity, d, h.Said(c, refused), typed, h.Tr(c).T("setup.teams_step.refused"))
	}
	if _, err := h.StoreFor(c).BuildTour(h.Scope(c), d.createInput()); err != nil {
		var ve *refuse.ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		return h.renderTeamsStep(c, http.StatusUnprocessableEntity, d, h.Said(c, ve), h.Tr(c).T("setup.teams_step.refused"))
	}
	d.Step = stepSummary
	if target, ok := jumpTarget(rs, d, action); ok {
		d.Step = target
	}
	return h.showStep(c, d)
}

// teamMove reads an "up_team:7" or "down_team:7" action: the move (-1 or +1) and the team id.
func teamMove(action string) (int, uint, bool) {
	name, arg, ok := strings.Cut(action, ":")
	if !ok || (name != "up_team" && name != "down_team") {
		return 0, 0, false
	}
	id, err := strconv.ParseUint(arg, 10, 32)
	if err != nil {
		return 0, 0, false
	}
	if name == "up_team" {
		return -1, uint(id), true
	}
	return 1, uint(id), true
}

// moveTeam moves a chosen team one place up (-1) or down (+1) in the racing order.
func moveTeam(teams []uint, id uint, move int) []uint {
	i := slices.Index(teams, id)
	j := i + move
	if i < 0 || j < 0 || j >= len(teams) {
		return teams
	}
	out := slices.Clone(teams)
	out[i], out[j] = out[j], out[i]
	return out
}
