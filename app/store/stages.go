package store

import (
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/plural"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// IncompleteError is a stage that cannot close: Missing says exactly what is missing. It becomes a 422.
type IncompleteError struct {
	Stage   int
	Missing []i18n.Text
	// Fields names what is missing by field where one is missing as a whole: "finish" when no finish
	// is entered at all (race.FinishMissingAtClose).
	Fields map[string]i18n.Text
}

// Error summarises what is missing.
func (e *IncompleteError) Error() string {
	return fmt.Sprintf("stage %d cannot be closed yet: %s missing", e.Stage, plural.Of(len(e.Missing), "thing is", "things are"))
}

// StageView is one stage as the API and pages show it: its course, state and results.
type StageView struct {
	race.Stage
	Version int              `json:"version"`
	Results race.StageResult `json:"results"`
	// Times are the finish placings computed from the finish entered so far.
	Times []race.StageTime `json:"times,omitempty"`
	// OutTimes are the times of the riders who crossed the line but left the race in this stage
	// (outside the time limit, disqualified): not placed.
	OutTimes []race.StageTime `json:"out_times,omitempty"`
	// Bonuses says where the stage's time bonuses come from: "entered" (with the finish: the
	// officials' bonus column), "tables" (the ruleset's) or "none".
	Bonuses string `json:"bonuses"`
}

// GetStage returns stage n of a tour with its results.
func (s *Store) GetStage(tourID uint, n int) (StageView, *RaceState, error) {
	st, err := s.LoadRace(tourID)
	if err != nil {
		return StageView{}, nil, err
	}
	if n < 1 || n > len(st.Tour.Stages) {
		return StageView{}, st, notFound("stage %d of tour %d", n, tourID)
	}
	v := StageView{Stage: st.Tour.Stages[n-1], Version: st.Versions[n-1], Results: st.Results[n-1]}
	v.Bonuses = race.StageBonuses(&st.Tour.Ruleset, v.Stage, v.Results.Finish)
	if len(v.Stage.Markers) == 0 {
		v.Stage.Markers = race.StageMarkers(st.Tour.Ruleset, v.Stage)
	}
	if len(v.Results.Finish.Groups) > 0 || len(v.Results.Finish.Results) > 0 || len(v.Results.Finish.Teams) > 0 {
		if times, err := race.StageTimes(&st.Tour, n, st.Prior(n), v.Results); err == nil {
			v.Times = times
		}
		if out, err := race.StageOutTimes(&st.Tour, n, st.Prior(n), v.Results); err == nil {
			v.OutTimes = out
		}
	}
	return v, st, nil
}

// CloseStage ends stage n ("End stage"): it must be open and complete; the next stage opens.
func (s *Store) CloseStage(tourID uint, n, version int) error {
	return s.tourChange(tourID, n, "close", func(tx *gorm.DB) error {
		st, err := s.loadOpenStage(tx, tourID, n, version)
		if err != nil {
			return err
		}
		if missing := race.MissingAtClose(&st.Tour, st.Prior(n), st.Results[n-1]); len(missing) > 0 {
			e := &IncompleteError{Stage: n, Missing: missing}
			if whole, ok := race.FinishMissingAtClose(&st.Tour, st.Prior(n), st.Results[n-1]); ok {
				e.Fields = map[string]i18n.Text{"finish": whole}
			}
			return e
		}
		now := time.Now()
		if err := tx.Model(&models.Stage{}).Where("id = ?", st.stageIDs[n-1]).Updates(map[string]any{"state": race.StateClosed, "closed_at": &now, "version": gorm.Expr("version + 1")}).Error; err != nil {
			return fmt.Errorf("store: unable to close stage %d: %w", n, err)
		}
		// The closing publishes the standings after the stage: what they say is kept with it, so that a
		// revision can tell what changed.
		published, closed := "", i18n.Textf("stage %d closed", n)
		if standings, err := st.ProvisionalStandings(); err == nil { // counted from the closed stages' tally when kept
			published = mustJSON(race.SnapshotOf(standings))
		}
		if err := keepChange(tx, &models.Change{StageID: st.stageIDs[n-1], At: now, Action: "close", Kind: "stage", Summary: keptLine(closed.String()), SummaryText: encodeText(closed), After: published}); err != nil {
			return err
		}
		if err := recordTourChange(tx, tourID, "stage.close", closed); err != nil {
			return err
		}
		if n < len(st.Tour.Stages) {
			if err := tx.Model(&models.Stage{}).Where("id = ?", st.stageIDs[n]).Update("state", race.StateOpen).Error; err != nil {
				return fmt.Errorf("store: unable to open stage %d: %w", n+1, err)
			}
		}
		return bumpTour(tx, tourID)
	})
}

// ReopenStage reopens stage n, which must be the last closed stage; the next stage, if it has
// no results yet, goes back to planned.
func (s *Store) ReopenStage(tourID uint, n int) error {
	return s.tourChange(tourID, n, "reopen", func(tx *gorm.DB) error {
		st, err := loadRace(tx, tourID, s.rulesets)
		if err != nil {
			return err
		}
		if n < 1 || n > len(st.Tour.Stages) {
			return notFound("stage %d of tour %d", n, tourID)
		}
		if st.Tour.Stages[n-1].State != race.StateClosed {
			return refuse.Conflictf("stage %d is not closed", n)
		}
		if n != st.Closed {
			return refuse.Conflictf("only the last closed stage (stage %d) can be reopened", st.Closed)
		}
		if n < len(st.Tour.Stages) {
			var count int64
			if err := tx.Model(&models.Entry{}).Where("stage_id = ?", st.stageIDs[n]).Count(&count).Error; err != nil {
				return fmt.Errorf("store: unable to count results: %w", err)
			}
			if count > 0 {
				return refuse.Conflictf("stage %d already has results: clear or undo them before reopening stage %d", n+1, n)
			}
			if err := tx.Model(&models.Stage{}).Where("id = ?", st.stageIDs[n]).Update("state", race.StatePlanned).Error; err != nil {
				return fmt.Errorf("store: unable to plan stage %d: %w", n+1, err)
			}
		}
		now, reopened := time.Now(), i18n.Textf("stage %d reopened", n)
		if err := tx.Model(&models.Stage{}).Where("id = ?", st.stageIDs[n-1]).Updates(map[string]any{"state": race.StateOpen, "closed_at": nil, "version": gorm.Expr("version + 1")}).Error; err != nil {
			return fmt.Errorf("store: unable to reopen stage %d: %w", n, err)
		}
		if err := keepChange(tx, &models.Change{StageID: st.stageIDs[n-1], At: now, Action: "reopen", Kind: "stage", Summary: keptLine(reopened.String()), SummaryText: encodeText(reopened)}); err != nil {
			return err
		}
		if err := recordTourChange(tx, tourID, "stage.reopen", reopened); err != nil {
			return err
		}
		return bumpTour(tx, tourID)
	})
}

// HistoryLine is one change of a stage, newest first.
type HistoryLine struct {
	ID      uint      `json:"id"`
	At      time.Time `json:"at"`
	Action  string    `json:"action"`
	Kind    string    `json:"kind"`
	Summary string    `json:"summary"`
	Undone  bool      `json:"undone"`
	// Who is the change's author as said then: a director's name, "table (PIN)", "open table",
	// "command line" ("" for a change kept before authors were); WhoText says it in any language.
	Who     string    `json:"who"`
	WhoText i18n.Text `json:"-"`
	// Text is the summary as a sentence said in any language; Said is false for a change kept
	// before sentences were, which has only its English Summary.
	Text i18n.Text `json:"-"`
	Said bool      `json:"-"`
}

// historyLine is a kept change as a line of the history.
func historyLine(r models.Change) HistoryLine {
	l := HistoryLine{ID: r.ID, At: r.At, Action: r.Action, Kind: r.Kind, Summary: r.Summary, Undone: r.Undone, Who: r.Who}
	if r.Who != "" {
		l.WhoText = WhoText(AuthorKind(r.WhoKind), r.Who)
	}
	l.Text, l.Said = decodeText(r.SummaryText)
	return l
}

// History returns the changes of stage n, newest first.
func (s *Store) History(tourID uint, n int) ([]HistoryLine, error) {
	st, err := s.LoadRace(tourID)
	if err != nil {
		return nil, err
	}
	if n < 1 || n > len(st.Tour.Stages) {
		return nil, notFound("stage %d of tour %d", n, tourID)
	}
	var rows []models.Change
	if err := s.reads.Where("stage_id = ?", st.stageIDs[n-1]).Order("id desc").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read history: %w", err)
	}
	out := make([]HistoryLine, 0, len(rows))
	for _, r := range rows {
		out = append(out, historyLine(r))
	}
	return out, nil
}

// Undo takes back the last change of the open stage n that is not yet undone; it answers the
// history's line of the undoing ("undone: …").
func (s *Store) Undo(tourID uint, n, version int) (HistoryLine, error) {
	var undoing models.Change
	err := s.tourChange(tourID, n, "undo", func(tx *gorm.DB) error {
		st, err := s.loadOpenStage(tx, tourID, n, version)
		if err != nil {
			return err
		}
		stageID := st.stageIDs[n-1]
		var last models.Change
		err = tx.Where("stage_id = ? AND undone = ? AND action NOT IN ?", stageID, false, []string{"undo", "close", "reopen"}).Order("id desc").First(&last).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return refuse.Conflictf("stage %d has no change to undo", n)
		}
		if err != nil {
			return fmt.Errorf("store: unable to read history: %w", err)
		}
		var e models.Entry
		err = tx.Where("stage_id = ? AND kind = ? AND key = ?", stageID, last.Kind, last.Key).First(&e).Error
		exists := err == nil
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("store: unable to read entry: %w", err)
		}
		switch {
		case last.Before == "" && exists:
			err = tx.Delete(&e).Error
		case last.Before != "" && exists:
			err = tx.Model(&e).Update("data", last.Before).Error
		case last.Before != "":
			var seq int
			if err := tx.Model(&models.Entry{}).Where("stage_id = ?", stageID).Select("COALESCE(MAX(seq), 0)").Scan(&seq).Error; err != nil {
				return err
			}
			err = tx.Create(&models.Entry{StageID: stageID, Kind: last.Kind, Key: last.Key, Seq: seq + 1, Data: last.Before}).Error
		}
		if err != nil {
			return fmt.Errorf("store: unable to undo: %w", err)
		}
		undoing = models.Change{StageID: stageID, At: time.Now(), Action: "undo", Kind: last.Kind, Key: last.Key, Summary: keptLine("undone: " + last.Summary), Before: last.After, After: last.Before}
		what, ok := decodeText(last.SummaryText)
		if !ok { // a change kept before sentences were stays in English
			what = i18n.Text{Format: "%s", Args: []any{last.Summary}}
		} else {
			undoing.SummaryText = encodeText(i18n.Textf("undone: %s", what))
		}
		if err := tx.Model(&last).Update("undone", true).Error; err != nil {
			return err
		}
		if err := keepChange(tx, &undoing); err != nil {
			return err
		}
		if err := recordTourChange(tx, tourID, "stage.undo", i18n.Textf("stage %d: undone: %s", n, what)); err != nil {
			return err
		}
		if err := tx.Model(&models.Stage{}).Where("id = ?", stageID).Update("version", gorm.Expr("version + 1")).Error; err != nil {
			return fmt.Errorf("store: unable to count the change of the stage: %w", err)
		}
		return bumpTour(tx, tourID)
	})
	return historyLine(undoing), err
}
