package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"racedirector/app/race"
	"racedirector/app/refuse"
)

// A backup is bounded by what a tour can hold, and every list and text in it is checked against
// those bounds before anything else is done with it: a small file that lists a million bibs in a
// sprint, a million history lines or a team of a million riders is refused at once, naming the
// field, instead of being validated element by element (one reason each) or stored row by row.
const (
	// MaxTourTeams is the most teams a tour has (the most any game allows).
	MaxTourTeams = 30
	// maxStageEntries is the most results a stage of a backup holds: its sprints and climbs, its
	// finish, each rider's abandonment, advantages, lost turns and the jury's decisions.
	maxStageEntries = 2000
	// maxStageHistory is the most lines of history a stage of a backup holds (every change saved,
	// undone, reopened: a stage of a grand tour has a few hundred).
	maxStageHistory = 5000
	// maxEntryBytes is the most bytes of one result's JSON, and of a history line's results before
	// and after (a finish of 270 riders' times is 16 KB).
	maxEntryBytes = 64 << 10
	// maxHistoryTextBytes is the most bytes of a history line's sentence to say again.
	maxHistoryTextBytes = 16 << 10
	// maxRulesetItems is the most items of any list or object of a backup's ruleset (the shipped
	// ones have at most 23).
	maxRulesetItems = 200
	// maxStageMarkers is the most markers on a stage's board.
	maxStageMarkers = 4 * race.MaxStageLength
	// maxWeatherRolls is the most weather rolls of a stage (start, 1/3, 1/2, 3/4).
	maxWeatherRolls = 4
)

// checkBackupBounds checks the sizes of a backup's lists and the texts it keeps in the database's
// columns (names, ids, history lines), before the backup is validated as a tour.
func checkBackupBounds(b *Backup) error {
	v := &refuse.ValidationError{}
	race.CheckText(v, "profile", race.ProfileText, b.Profile)
	if b.Name != "" {
		race.CheckText(v, "name", race.TourNameText, strings.TrimSpace(b.Name))
	}
	race.CheckText(v, "ruleset.id", race.RulesetIDText, b.Ruleset.ID)
	checkRulesetBounds(v, b.Ruleset)
	if n := len(b.Teams); n > MaxTourTeams {
		v.Addf("teams", "a tour has at most %d teams (it has %d)", MaxTourTeams, n)
	} else {
		for i, t := range b.Teams {
			if n := len(t.Riders); n > race.MaxRidersPerTeam {
				v.Addf(fmt.Sprintf("teams[%d].riders", i), "a team has at most %d riders (it has %d)", race.MaxRidersPerTeam, n)
			}
		}
	}
	if n := len(b.Stages); n > race.MaxTourStages {
		v.Addf("stages", "must list at most %d stages", race.MaxTourStages)
		return v.Err()
	}
	for i, sb := range b.Stages {
		checkStageBounds(v, fmt.Sprintf("stages[%d]", i), sb)
	}
	return v.Err()
}

// checkStageBounds checks one backed-up stage: its course's lists, its results and its history.
func checkStageBounds(v *refuse.ValidationError, p string, sb stageBackup) {
	st := sb.Stage
	race.CheckText(v, p+".stage.type", race.StageTypeText, st.Type)
	for name, n := range map[string]int{"climbs": len(st.Climbs), "sprints": len(st.Sprints), "sections": len(st.Sections), "cards": len(st.Cards)} {
		if n > race.MaxStageLength {
			v.Addf(p+".stage."+name, "a stage has at most %d squares: it cannot have %d of them", race.MaxStageLength, n)
		}
	}
	if n := len(st.Markers); n > maxStageMarkers {
		v.Addf(p+".stage.markers", "a stage has at most %d markers (it has %d)", maxStageMarkers, n)
	} else {
		for j, m := range st.Markers {
			f := fmt.Sprintf("%s.stage.markers[%d]", p, j)
			if race.CheckText(v, f+".kind", race.MarkerLabelText, m.Kind) {
				race.CheckText(v, f+".label", race.MarkerLabelText, m.Label)
			}
		}
	}
	if n := len(sb.Entries); n > maxStageEntries {
		v.Addf(p+".entries", "a stage has at most %d results (it has %d)", maxStageEntries, n)
	} else {
		for j, e := range sb.Entries {
			f := fmt.Sprintf("%s.entries[%d]", p, j)
			race.CheckText(v, f+".kind", race.EntryKindText, e.Kind)
			race.CheckText(v, f+".key", race.EntryKeyText, e.Key)
			if n := len(e.Data); n > maxEntryBytes {
				v.Addf(f+".data", "must be at most %d bytes of JSON (it has %d)", maxEntryBytes, n)
			}
		}
	}
	if n := len(sb.History); n > maxStageHistory {
		v.Addf(p+".history", "a stage has at most %d lines of history (it has %d)", maxStageHistory, n)
		return
	}
	for j, h := range sb.History {
		f := fmt.Sprintf("%s.history[%d]", p, j)
		race.CheckText(v, f+".action", race.EntryKindText, h.Action)
		race.CheckText(v, f+".kind", race.EntryKindText, h.Kind)
		race.CheckText(v, f+".key", race.EntryKeyText, h.Key)
		// A line longer than the limit is cut, as the history cuts the lines it writes.
		race.CheckText(v, f+".summary", race.HistoryLineText, keptLine(h.Summary))
		race.CheckText(v, f+".who", race.AuditWhoText, h.Who)
		if !knownAuthorKind(h.WhoKind) {
			v.Addf(f+".who_kind", "is not a kind of author Race Director knows")
		}
		if n := len(h.Text); n > maxHistoryTextBytes {
			v.Addf(f+".text", "must be at most %d bytes of JSON (it has %d)", maxHistoryTextBytes, n)
		}
		for name, s := range map[string]string{"before": h.Before, "after": h.After} {
			if n := len(s); n > maxEntryBytes {
				v.Addf(f+"."+name, "must be at most %d bytes of JSON (it has %d)", maxEntryBytes, n)
			}
		}
	}
}

// checkRulesetBounds checks that every list and object of a backup's ruleset is of a ruleset's size
// and every text of a ruleset's length, before the ruleset is validated.
func checkRulesetBounds(v *refuse.ValidationError, rs race.Ruleset) {
	data, err := json.Marshal(rs)
	if err != nil {
		v.Addf("ruleset", "cannot be read: %v", err)
		return
	}
	var tree any
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&tree); err != nil {
		v.Addf("ruleset", "cannot be read: %v", err)
		return
	}
	var walk func(path string, x any)
	walk = func(path string, x any) {
		switch x := x.(type) {
		case map[string]any:
			if len(x) > maxRulesetItems {
				v.Addf(path, "must have at most %d items (it has %d)", maxRulesetItems, len(x))
				return
			}
			for _, k := range slices.Sorted(maps.Keys(x)) {
				if race.CheckText(v, path, race.RulesetText, k) {
					walk(path+"."+k, x[k])
				}
			}
		case []any:
			if len(x) > maxRulesetItems {
				v.Addf(path, "must have at most %d items (it has %d)", maxRulesetItems, len(x))
				return
			}
			for i, e := range x {
				walk(fmt.Sprintf("%s[%d]", path, i), e)
			}
		case string:
			race.CheckText(v, path, race.RulesetText, x)
		}
	}
	walk("ruleset", tree)
}

// checkEntryBounds checks what one backed-up result, just added to res, lists: a crossing order,
// a finish, fatigue or abandonments list each rider of the tour at most once, so at most the tour's
// riders; and its texts are of their kind's length. It runs before the result is validated rider by
// rider.
func checkEntryBounds(t *race.Tour, res *race.StageResult, e entryBackup, field string) error {
	riders := 0
	for _, team := range t.Teams {
		riders += len(team.Riders)
	}
	v := &refuse.ValidationError{}
	switch e.Kind {
	case KindSprint, KindClimb:
		k, _ := strconv.Atoi(e.Key) // applyEntry has read it
		order := res.Sprints[k]
		if e.Kind == KindClimb {
			order = res.Climbs[k]
		}
		if n := len(order); n > riders {
			v.Addf(field, "a crossing order lists each rider at most once: at most %d riders, the tour's (it lists %d)", riders, n)
		}
	case KindFinish:
		f := res.Finish
		n := len(f.Results)
		for _, g := range f.Groups {
			n += len(g.Riders)
		}
		for _, tt := range f.Teams {
			n += len(tt.Dropped)
		}
		switch {
		case n > riders:
			v.Addf(field, "a finish lists each rider at most once: at most %d riders, the tour's (it lists %d)", riders, n)
		case len(f.Groups) > riders:
			v.Addf(field, "a finish has at most %d groups, one per rider of the tour (it has %d)", riders, len(f.Groups))
		case len(f.Teams) > len(t.Teams):
			v.Addf(field, "a finish has at most %d teams, the tour's (it has %d)", len(t.Teams), len(f.Teams))
		}
	case KindFatigue:
		if n := len(res.Fatigue); n > riders {
			v.Addf(field, "fatigue is given for at most %d riders, the tour's (it has %d)", riders, n)
		}
	case KindWeather:
		if n := len(res.Weather); n > maxWeatherRolls {
			v.Addf(field, "a stage has at most %d weather rolls (it has %d)", maxWeatherRolls, n)
			break
		}
		for i, w := range res.Weather {
			race.CheckText(v, fmt.Sprintf("%s.data[%d]", field, i), race.EntryKindText, w)
		}
	case KindAbandon:
		if n := len(res.Abandons); n > riders {
			v.Addf(field, "a stage has at most %d abandonments, one per rider of the tour (it has %d)", riders, n)
			break
		}
		a := res.Abandons[len(res.Abandons)-1]
		race.CheckText(v, field+".reason", race.ReasonText, a.Reason)
		race.CheckText(v, field+".status", race.EntryKindText, a.Status)
	case KindReinstate:
		if n := len(res.Reinstated); n > riders {
			v.Addf(field, "a stage has at most %d reinstatements, one per rider of the tour (it has %d)", riders, n)
			break
		}
		race.CheckText(v, field+".reason", race.ReasonText, res.Reinstated[len(res.Reinstated)-1].Reason)
	case KindPenalty:
		race.CheckText(v, field+".reason", race.ReasonText, res.Penalties[len(res.Penalties)-1].Reason)
	case KindLostTurn:
		race.CheckText(v, field+".reason", race.ReasonText, res.LostTurns[len(res.LostTurns)-1].Reason)
	case KindAdvantage:
		u := res.Advantages[len(res.Advantages)-1]
		race.CheckText(v, field+".kind", race.EntryKindText, u.Kind)
		race.CheckText(v, field+".variant", race.EntryKindText, u.Variant)
	}
	return v.Err()
}
