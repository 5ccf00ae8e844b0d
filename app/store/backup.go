package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// BackupFormat marks a Race Director tour backup file.
const BackupFormat = "racedirector-tour"

// BackupVersion is the version of the backup format this build writes and reads.
const BackupVersion = 1

// Backup is a whole tour in one JSON document, restorable on another machine.
type Backup struct {
	Format        string                 `json:"format"`
	Version       int                    `json:"version"`
	ExportedAt    time.Time              `json:"exported_at"`
	Name          string                 `json:"name"`
	Profile       string                 `json:"profile"`
	Seed          int64                  `json:"seed"`
	RidersPerTeam int                    `json:"riders_per_team"`
	Advanced      bool                   `json:"advanced,omitempty"`
	Ruleset       race.Ruleset           `json:"ruleset"`
	Points        *race.PointsDefinition `json:"points,omitempty"`
	Teams         []race.Team            `json:"teams"`
	Stages        []stageBackup          `json:"stages"`
	// Settings are the director's choices for the tour (absent in older backups).
	Settings race.TourSettings `json:"settings"`
}

// stageBackup is one stage of a backup: its course, state, entries and history.
type stageBackup struct {
	Stage   race.Stage      `json:"stage"`
	Version int             `json:"version"`
	Entries []entryBackup   `json:"entries"`
	History []historyBackup `json:"history"`
}

type entryBackup struct {
	Kind string          `json:"kind"`
	Key  string          `json:"key"`
	Seq  int             `json:"seq"`
	Data json.RawMessage `json:"data"`
}

type historyBackup struct {
	At      time.Time `json:"at"`
	Action  string    `json:"action"`
	Kind    string    `json:"kind"`
	Key     string    `json:"key"`
	Summary string    `json:"summary"`
	// Text is the summary as a sentence any language can say again (absent in older backups, and
	// for changes kept before sentences were).
	Text   json.RawMessage `json:"text,omitempty"`
	Before string          `json:"before,omitempty"`
	After  string          `json:"after,omitempty"`
	Undone bool            `json:"undone,omitempty"`
	// Who is the change's author as said then, WhoKind the author's kind (absent in older backups,
	// and for changes kept before authors were).
	Who     string `json:"who,omitempty"`
	WhoKind string `json:"who_kind,omitempty"`
}

// ExportBackup returns the whole tour as a Backup.
func (s *Store) ExportBackup(tourID uint) (Backup, error) {
	st, err := s.LoadRace(tourID)
	if err != nil {
		return Backup{}, err
	}
	b := Backup{Format: BackupFormat, Version: BackupVersion, ExportedAt: time.Now().UTC(), Name: st.Tour.Name, Profile: st.Profile, Seed: st.Seed,
		RidersPerTeam: st.Tour.RidersPerTeam, Advanced: st.Tour.Advanced, Ruleset: st.Tour.Ruleset, Points: st.Tour.Points, Teams: st.Tour.Teams, Settings: st.Tour.Settings}
	for i, stage := range st.Tour.Stages {
		sb := stageBackup{Stage: stage, Version: st.Versions[i], Entries: []entryBackup{}, History: []historyBackup{}}
		var entries []models.Entry
		if err := s.reads.Where("stage_id = ?", st.stageIDs[i]).Order("seq, id").Find(&entries).Error; err != nil {
			return Backup{}, fmt.Errorf("store: unable to read results: %w", err)
		}
		for _, e := range entries {
			sb.Entries = append(sb.Entries, entryBackup{Kind: e.Kind, Key: e.Key, Seq: e.Seq, Data: json.RawMessage(e.Data)})
		}
		var changes []models.Change
		if err := s.reads.Where("stage_id = ?", st.stageIDs[i]).Order("id").Find(&changes).Error; err != nil {
			return Backup{}, fmt.Errorf("store: unable to read history: %w", err)
		}
		for _, c := range changes {
			sb.History = append(sb.History, historyBackup{At: c.At, Action: c.Action, Kind: c.Kind, Key: c.Key, Summary: c.Summary, Text: rawText(c.SummaryText), Before: c.Before, After: c.After, Undone: c.Undone, Who: c.Who, WhoKind: c.WhoKind})
		}
		b.Stages = append(b.Stages, sb)
	}
	return b, nil
}

// restoreStageData writes a backed-up stage's entries and history.
func restoreStageData(tx *gorm.DB, stageID uint, sb stageBackup) error {
	for _, e := range sb.Entries {
		// A backup is written indented: store the data compact, as the results actions write it.
		var data bytes.Buffer
		if err := json.Compact(&data, e.Data); err != nil {
			return refuse.Invalidf("stages.entries", "a %s result is damaged: %v", e.Kind, err)
		}
		if err := tx.Create(&models.Entry{StageID: stageID, Kind: e.Kind, Key: e.Key, Seq: e.Seq, Data: data.String()}).Error; err != nil {
			return fmt.Errorf("store: unable to restore a result: %w", err)
		}
	}
	for _, h := range sb.History {
		var text bytes.Buffer // compact, as the history keeps it
		if len(h.Text) > 0 && string(h.Text) != "null" {
			if err := json.Compact(&text, h.Text); err != nil {
				return fmt.Errorf("store: unable to restore history: %w", err)
			}
		}
		if err := tx.Create(&models.Change{StageID: stageID, At: h.At, Action: h.Action, Kind: h.Kind, Key: h.Key, Summary: keptLine(h.Summary), SummaryText: text.String(), Before: h.Before, After: h.After, Undone: h.Undone, Who: h.Who, WhoKind: h.WhoKind}).Error; err != nil {
			return fmt.Errorf("store: unable to restore history: %w", err)
		}
	}
	return tx.Model(&models.Stage{}).Where("id = ?", stageID).Update("version", sb.Version).Error
}

// ImportBackup checks a backup file thoroughly and restores it as a new tour of the scope's owner; a
// damaged or foreign file is refused with the reason and nothing is stored.
func (s *Store) ImportBackup(sc Scope, data []byte) (uint, error) {
	if err := CheckJSONText(data); err != nil {
		return 0, err
	}
	if err := checkBackupLists(data); err != nil {
		return 0, err
	}
	var b Backup
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return 0, refuse.Invalidf("file", "is not a Race Director tour backup (it is not valid backup JSON: %v)", err)
	}
	r, err := s.checkBackup(b)
	if err != nil {
		return 0, err
	}
	var id uint
	err = s.write(func(tx *gorm.DB) error {
		var err error
		id, err = r.restore(tx, sc.Owner())
		return err
	})
	return id, err
}

// checkedBackup is a backup checked thoroughly, ready to be restored.
type checkedBackup struct {
	b      Backup
	tour   race.Tour
	states []string
}

// restore writes the checked backup as a new tour of owner in tx, and returns its id.
func (r checkedBackup) restore(tx *gorm.DB, owner uint) (uint, error) {
	id, err := insertTour(tx, owner, r.tour, r.b.Profile, r.b.Seed, r.states, r.b.Stages)
	if err != nil {
		return 0, err
	}
	if err := recordTourChange(tx, id, "tour.import", i18n.Textf("tour restored from a backup with %s", stagesText(len(r.tour.Stages)))); err != nil {
		return 0, err
	}
	return id, linkByName(tx, id)
}

// checkBackup checks a backup read from its file as a tour: its format, bounds, ruleset, teams,
// stages and every result replayed; a refusal names the field.
func (s *Store) checkBackup(b Backup) (checkedBackup, error) {
	if b.Format != BackupFormat {
		return checkedBackup{}, refuse.Invalidf("format", "is %q: this is not a Race Director tour backup", b.Format)
	}
	if b.Version != BackupVersion {
		return checkedBackup{}, refuse.Invalidf("version", "backup version %d is not supported (this build reads version %d)", b.Version, BackupVersion)
	}
	if err := checkBackupBounds(&b); err != nil {
		return checkedBackup{}, err
	}
	b.Ruleset.FillFromShipped(s.rulesets) // a backup made before a field existed
	if err := b.Ruleset.Validate(); err != nil {
		return checkedBackup{}, refuse.Invalidf("ruleset", "is damaged: %v", err)
	}
	tour := race.Tour{Name: b.Name, Ruleset: b.Ruleset, RidersPerTeam: b.RidersPerTeam, Advanced: b.Advanced, Points: b.Points, Teams: b.Teams, Settings: b.Settings}
	if err := race.ValidateSettings(b.Settings); err != nil {
		return checkedBackup{}, prefixed("settings: ", err)
	}
	if b.Name == "" {
		return checkedBackup{}, refuse.Invalid("name", "is required")
	}
	if b.Points != nil {
		if err := race.ValidatePoints(*b.Points); err != nil {
			return checkedBackup{}, err
		}
	}
	if err := race.ValidateTeams(b.Ruleset, b.Teams, b.RidersPerTeam); err != nil {
		return checkedBackup{}, prefixed("teams: ", err)
	}
	if err := checkBackupBibs(b.Ruleset, b.Teams); err != nil {
		return checkedBackup{}, err
	}
	states := make([]string, len(b.Stages))
	for i, sb := range b.Stages {
		tour.Stages = append(tour.Stages, sb.Stage)
		states[i] = sb.Stage.State
	}
	if err := race.ValidateStages(b.Ruleset, tour.Stages); err != nil {
		return checkedBackup{}, prefixed("", err)
	}
	if err := checkStateSequence(states); err != nil {
		return checkedBackup{}, err
	}
	// Replay the results: every entry must decode and every closed stage must be complete.
	results := make([]race.StageResult, len(b.Stages))
	for i, sb := range b.Stages {
		results[i].Stage = i + 1
		field := fmt.Sprintf("stages[%d].entries", i)
		if states[i] == race.StatePlanned && len(sb.Entries) > 0 {
			return checkedBackup{}, refuse.Invalid(field, "a planned stage cannot have results")
		}
		for _, h := range sb.History {
			if !validText(string(h.Text)) {
				return checkedBackup{}, refuse.Invalidf(fmt.Sprintf("stages[%d].history", i), "the sentence of a change is damaged: %s", h.Summary)
			}
		}
		seen := map[string]bool{}
		for j, e := range sb.Entries {
			if seen[e.Kind+"/"+e.Key] {
				return checkedBackup{}, refuse.Invalidf(field, "the %s result %q appears twice", e.Kind, e.Key)
			}
			seen[e.Kind+"/"+e.Key] = true
			if err := applyEntry(&results[i], models.Entry{Kind: e.Kind, Key: e.Key, Data: string(e.Data)}); err != nil {
				return checkedBackup{}, refuse.Invalidf(field, "a %s result is damaged: %v", e.Kind, err)
			}
			if err := checkEntryBounds(&tour, &results[i], e, fmt.Sprintf("%s[%d]", field, j)); err != nil {
				return checkedBackup{}, err
			}
		}
		if err := race.ValidateFinish(&tour, results[:i], results[i], results[i].Finish); err != nil {
			return checkedBackup{}, prefixed(fmt.Sprintf("stages[%d] finish: ", i), err)
		}
		if err := checkBackupResults(&tour, results[:i], results[i]); err != nil {
			return checkedBackup{}, refuse.InvalidText(field, refuse.ReasonOf(err))
		}
		if states[i] == race.StateClosed {
			if missing := race.MissingAtClose(&tour, results[:i], results[i]); len(missing) > 0 {
				return checkedBackup{}, refuse.Invalidf(fmt.Sprintf("stages[%d]", i), "is closed but incomplete: %s", missing[0])
			}
		}
	}
	closed := 0
	for _, st := range states {
		if st == race.StateClosed {
			closed++
		}
	}
	if closed > 0 {
		if _, err := race.ComputeStandings(&tour, results[:closed], closed); err != nil {
			return checkedBackup{}, refuse.Invalidf("stages", "the results do not give standings: %v", err)
		}
	}
	return checkedBackup{b: b, tour: tour, states: states}, nil
}

// checkBackupResults checks a backed-up stage's results as the results actions would have: sprints
// and climbs the stage has, crossing orders of riders in the race, abandons, advantages, fatigue,
// lost turns and the combativity award of riders of the tour.
func checkBackupResults(t *race.Tour, prior []race.StageResult, cur race.StageResult) error {
	stage := t.Stages[cur.Stage-1]
	for _, o := range []struct {
		what   string
		orders map[int][]int
		count  int
	}{{"intermediate sprint", cur.Sprints, len(stage.Sprints)}, {"climb", cur.Climbs, len(stage.Climbs)}} {
		for k, order := range o.orders {
			if k < 1 || k > o.count {
				return fmt.Errorf("%s %d: the stage has %d", o.what, k, o.count)
			}
			if err := race.ValidateOrder(t, prior, cur, order); err != nil {
				return fmt.Errorf("%s %d: %v", o.what, k, err)
			}
		}
	}
	for j, a := range cur.Abandons {
		others := cur
		others.Abandons = append(append([]race.Abandon(nil), cur.Abandons[:j]...), cur.Abandons[j+1:]...)
		if err := race.ValidateAbandon(t, prior, others, a); err != nil {
			return fmt.Errorf("abandon of bib %d: %v", a.Bib, err)
		}
	}
	known := func(what string, bib int) error {
		if _, ok := t.RiderByBib(bib); !ok {
			return fmt.Errorf("%s: no rider with bib %d in this tour", what, bib)
		}
		return nil
	}
	for _, u := range cur.Advantages {
		if err := known(u.Kind, u.Bib); err != nil {
			return err
		}
	}
	for _, l := range cur.LostTurns {
		if err := known("lost turns", l.Bib); err != nil {
			return err
		}
	}
	if cur.Combativity != 0 {
		if err := known("combativity", cur.Combativity); err != nil {
			return err
		}
	}
	for _, k := range cur.Reinstated {
		if err := known("reinstatement", k.Bib); err != nil {
			return err
		}
	}
	for _, p := range cur.Penalties {
		others := cur
		others.Penalties = nil
		if err := race.ValidatePenalty(t, prior, others, p); err != nil {
			return fmt.Errorf("penalty: %v", err)
		}
	}
	if cur.MostCombative != 0 {
		if err := race.ValidateMostCombative(t, cur, cur.MostCombative); err != nil {
			return fmt.Errorf("most combative rider: %v", err)
		}
	}
	if err := race.ValidateFatigue(t, prior, cur, cur.Fatigue); err != nil {
		return fmt.Errorf("fatigue: %v", err)
	}
	return nil
}

// checkStateSequence accepts closed stages, then at most one open stage, then planned ones.
func checkStateSequence(states []string) error {
	phase := 0 // 0 closed, 1 open seen, 2 planned
	for i, st := range states {
		switch st {
		case race.StateClosed:
			if phase > 0 {
				return refuse.Invalid(fmt.Sprintf("stages[%d].state", i), "a closed stage cannot follow an open or planned one")
			}
		case race.StateOpen:
			if phase > 0 {
				return refuse.Invalid(fmt.Sprintf("stages[%d].state", i), "only one stage can be open, right after the closed ones")
			}
			phase = 1
		case race.StatePlanned:
			if phase == 0 {
				return refuse.Invalid(fmt.Sprintf("stages[%d].state", i), "the stage after the closed ones must be open")
			}
			phase = 2
		default:
			return refuse.Invalid(fmt.Sprintf("stages[%d].state", i), "must be planned, open or closed")
		}
	}
	return nil
}

// prefixed puts a prefix before each field of a validation error.
func prefixed(prefix string, err error) error {
	var ve *refuse.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	out := &refuse.ValidationError{}
	for f := range ve.Fields {
		out.AddText(f, i18n.Textf("%s%s", prefix, ve.Reason(f)))
	}
	return out
}

// rawText is a change's kept sentence as it goes into a backup (nil for none).
func rawText(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}

// checkBackupBibs refuses a backup whose riders' bibs are not the tour's: team × 10 + counter number
// in a game, a real race's own (1…race.MaxBib, each once) in a real race (docs/rules.md §5.2).
func checkBackupBibs(rs race.Ruleset, teams []race.Team) error {
	worn := map[int]bool{}
	for i, t := range race.AssignBibs(teams) {
		for j, r := range t.Riders {
			field, bib := fmt.Sprintf("teams[%d].riders[%d].bib", i, j), teams[i].Riders[j].Bib
			switch {
			case !rs.OfficialResults && bib != r.Bib:
				return refuse.Invalidf(field, "must be %d", r.Bib)
			case bib < 1 || bib > race.MaxBib:
				return refuse.Invalidf(field, "must be between 1 and %d", race.MaxBib)
			case worn[bib]:
				return refuse.Invalidf(field, "bib %d is worn by another rider of the tour", bib)
			}
			worn[bib] = true
		}
	}
	return nil
}
