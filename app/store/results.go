package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// entryWrite is one entry an action stores (Data "" deletes it), with what the change did in a
// sentence for the history.
type entryWrite struct {
	Kind, Key, Data string
	Text            i18n.Text
}

// actionFunc validates an action against the stage's state and returns what to write.
type actionFunc func(st *RaceState, n int) ([]entryWrite, error)

// stageAction runs one results action in one transaction: the stage must be open, the version
// (when not negative) must match the stage's, and every write is kept in the history.
func (s *Store) stageAction(tourID uint, n, version int, action string, fn actionFunc) error {
	var after *RaceState
	kind, was := "", int64(0)
	err := s.tourWrite(tourID, func(tx *gorm.DB) error {
		st, err := s.loadOpenStage(tx, tourID, n, version)
		if err != nil {
			return err
		}
		was = st.Version
		writes, err := fn(st, n)
		if err != nil {
			return err
		}
		if len(writes) > 0 {
			kind = writes[0].Kind
		}
		if err := writeEntries(tx, tourID, st.stageIDs[n-1], n, action, writes); err != nil {
			return err
		}
		after, err = stateAfterWrite(tx, st, n)
		return err
	})
	if err == nil {
		s.races.put(after)        // only once committed: the state of the version the database now holds
		if after.Version != was { // saving the same values again tells no one
			s.changed(tourID, n, kind)
		}
	}
	return err
}

// loadOpenStage loads a tour inside tx for an action on stage n: the stage must be open and, when
// version is not negative, still at the version the client saw. The tour comes from memory when it
// is there at the version the transaction sees (the transaction holds the write lock: the version
// cannot move under it), with the stage's results copied so that the action cannot change the
// state other readers share.
func (s *Store) loadOpenStage(tx *gorm.DB, tourID uint, n, version int) (*RaceState, error) {
	st, err := s.raceIn(tx, tourID)
	if err != nil {
		return nil, err
	}
	if err := st.requireOpen(n); err != nil {
		return nil, err
	}
	if version >= 0 && st.Versions[n-1] != version {
		return nil, refuse.Conflictf("stage %d changed since this page was opened (someone else saved in the meantime): reload it to see the latest results, then enter again", n)
	}
	return st, nil
}

// requireOpen refuses results for a stage that does not exist (404) or is not open (409).
func (st *RaceState) requireOpen(n int) error {
	if n < 1 || n > len(st.Tour.Stages) {
		return notFound("stage %d of tour %d", n, st.TourID)
	}
	switch st.Tour.Stages[n-1].State {
	case race.StateClosed:
		return refuse.Conflictf("stage %d is closed: reopen it to correct its results", n)
	case race.StatePlanned:
		return refuse.Conflictf("stage %d is not open yet: stage %d is the current stage", n, st.Current)
	}
	return nil
}

// writeEntries upserts or deletes entries of stage n and records each change in its history, and
// what they did in the audit record; it bumps the stage's version and the tour's.
func writeEntries(tx *gorm.DB, tourID, stageID uint, n int, action string, writes []entryWrite) error {
	now := time.Now()
	changed := false
	var said []any
	for _, w := range writes {
		var old models.Entry
		err := tx.Where("stage_id = ? AND kind = ? AND key = ?", stageID, w.Kind, w.Key).First(&old).Error
		exists := err == nil
		if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
			return fmt.Errorf("store: unable to read entry: %w", err)
		}
		before := ""
		if exists {
			before = old.Data
		}
		if before == w.Data {
			continue
		}
		switch {
		case w.Data == "" && exists:
			if err := tx.Delete(&old).Error; err != nil {
				return fmt.Errorf("store: unable to delete entry: %w", err)
			}
		case exists:
			if err := tx.Model(&old).Update("data", w.Data).Error; err != nil {
				return fmt.Errorf("store: unable to update entry: %w", err)
			}
		default:
			var seq int
			if err := tx.Model(&models.Entry{}).Where("stage_id = ?", stageID).Select("COALESCE(MAX(seq), 0)").Scan(&seq).Error; err != nil {
				return fmt.Errorf("store: unable to number entry: %w", err)
			}
			e := models.Entry{StageID: stageID, Kind: w.Kind, Key: w.Key, Seq: seq + 1, Data: w.Data}
			if err := tx.Create(&e).Error; err != nil {
				return fmt.Errorf("store: unable to store entry: %w", err)
			}
		}
		changed = true
		said = append(said, w.Text)
		ch := models.Change{StageID: stageID, At: now, Action: action, Kind: w.Kind, Key: w.Key, Summary: keptLine(w.Text.String()), SummaryText: encodeText(w.Text), Before: before, After: w.Data}
		if err := keepChange(tx, &ch); err != nil {
			return err
		}
	}
	if !changed {
		unchanged(tx)
		return nil // saving the same values again changes nothing, not even the version
	}
	if err := recordTourChange(tx, tourID, "stage.result", i18n.Textf("stage %d: %s", n, joined(said))); err != nil {
		return err
	}
	if err := tx.Model(&models.Stage{}).Where("id = ?", stageID).Update("version", gorm.Expr("version + 1")).Error; err != nil {
		return fmt.Errorf("store: unable to count the change of the stage: %w", err)
	}
	return bumpTour(tx, tourID)
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// SetSprint stores the crossing order of intermediate sprint k of stage n (an empty order clears it).
func (s *Store) SetSprint(tourID uint, n, k, version int, order []int) error {
	return s.setOrder(tourID, n, k, version, order, KindSprint)
}

// SetClimb stores the crossing order of climb k of stage n (an empty order clears it).
func (s *Store) SetClimb(tourID uint, n, k, version int, order []int) error {
	return s.setOrder(tourID, n, k, version, order, KindClimb)
}

func (s *Store) setOrder(tourID uint, n, k, version int, order []int, kind string) error {
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		stage := st.Tour.Stages[n-1]
		count := len(stage.Sprints)
		what := i18n.Textf("intermediate sprint")
		if kind == KindClimb {
			count, what = len(stage.Climbs), i18n.Textf("climb")
		}
		if k < 1 || k > count {
			return nil, notFound("%s %d of stage %d", what, k, n)
		}
		cur := st.Results[n-1]
		if err := race.ValidateOrder(&st.Tour, st.Prior(n), cur, order); err != nil {
			return nil, err
		}
		w := entryWrite{Kind: kind, Key: strconv.Itoa(k), Text: orderText(kind, k, order)}
		if len(order) > 0 {
			w.Data = mustJSON(order)
		}
		return []entryWrite{w}, nil
	})
}

// bibList writes bibs as the history says them: "23 11 45".
func bibList(order []int) string {
	words := make([]string, len(order))
	for i, b := range order {
		words[i] = strconv.Itoa(b)
	}
	return strings.Join(words, " ")
}

// SetFinish stores the whole finish of stage n in the tour's time model (empty clears it).
func (s *Store) SetFinish(tourID uint, n, version int, f race.Finish) error {
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := race.ValidateFinish(&st.Tour, st.Prior(n), st.Results[n-1], f); err != nil {
			return nil, err
		}
		riders := len(f.Results)
		for _, g := range f.Groups {
			riders += len(g.Riders)
		}
		w := entryWrite{Kind: KindFinish, Key: "", Text: finishText(f)}
		if riders > 0 || len(f.Groups) > 0 || len(f.Teams) > 0 {
			w.Data = mustJSON(f)
		}
		return []entryWrite{w}, nil
	})
}

// AddAbandon records that a rider left the race in stage n: did not finish (the default status), did
// not start, outside the time limit or disqualified.
func (s *Store) AddAbandon(tourID uint, n, version int, a race.Abandon) error {
	a.Status = strings.ToUpper(strings.TrimSpace(a.Status))
	if a.Status == race.StatusDNF {
		a.Status = "" // stored as before: an abandonment without a status did not finish
	}
	return s.stageAction(tourID, n, version, "add", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := race.ValidateAbandon(&st.Tour, st.Prior(n), st.Results[n-1], a); err != nil {
			return nil, err
		}
		return []entryWrite{{Kind: KindAbandon, Key: strconv.Itoa(a.Bib), Data: mustJSON(a), Text: abandonText(&st.Tour, a)}}, nil
	})
}

// RemoveAbandon takes back an abandonment recorded in stage n.
func (s *Store) RemoveAbandon(tourID uint, n, version, bib int) error {
	return s.stageAction(tourID, n, version, "remove", func(st *RaceState, n int) ([]entryWrite, error) {
		for _, a := range st.Results[n-1].Abandons {
			if a.Bib == bib {
				return []entryWrite{{Kind: KindAbandon, Key: strconv.Itoa(bib), Text: i18n.Textf("abandonment of bib %d taken back", bib)}}, nil
			}
		}
		return nil, notFound("abandonment of bib %d in stage %d", bib, n)
	})
}

// AddAdvantage records one use of an advantage in stage n, refused when the rules forbid it
// (422) or the allowance is used up (409).
func (s *Store) AddAdvantage(tourID uint, n, version int, u race.AdvantageUse) error {
	return s.stageAction(tourID, n, version, "add", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := race.CheckAdvantage(&st.Tour, st.Prior(n), st.Results[n-1], u); err != nil {
			return nil, err
		}
		key := nextKey(st.AdvantageKeys[n-1])
		return []entryWrite{{Kind: KindAdvantage, Key: key, Data: mustJSON(u), Text: useText(st.Tour.Ruleset, u, bibAndName(&st.Tour, u.Bib))}}, nil
	})
}

// RemoveAdvantage takes back one recorded advantage use (by its position, 1-based).
func (s *Store) RemoveAdvantage(tourID uint, n, version, pos int) error {
	return s.stageAction(tourID, n, version, "remove", func(st *RaceState, n int) ([]entryWrite, error) {
		keys := st.AdvantageKeys[n-1]
		if pos < 1 || pos > len(keys) {
			return nil, notFound("advantage use %d in stage %d", pos, n)
		}
		u := st.Results[n-1].Advantages[pos-1]
		return []entryWrite{{Kind: KindAdvantage, Key: keys[pos-1], Text: takenBack(useText(st.Tour.Ruleset, u, i18n.Textf("bib %d", u.Bib)))}}, nil
	})
}

// nextKey returns a sortable key after the given ones.
func nextKey(keys []string) string {
	max := 0
	for _, k := range keys {
		if v, err := strconv.Atoi(k); err == nil && v > max {
			max = v
		}
	}
	return fmt.Sprintf("%06d", max+1)
}

// SetFatigue stores each rider's 2RUOTE fatigue at the end of stage n.
func (s *Store) SetFatigue(tourID uint, n, version int, fatigue map[int]int) error {
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		if st.Tour.Ruleset.Fatigue == nil {
			return nil, refuse.Invalid("fatigue", "this ruleset has no fatigue")
		}
		if err := race.ValidateFatigue(&st.Tour, st.Prior(n), st.Results[n-1], fatigue); err != nil {
			return nil, err
		}
		w := entryWrite{Kind: KindFatigue, Text: i18n.Textf("fatigue of %s", ridersText(len(fatigue)))}
		if len(fatigue) > 0 {
			w.Data = mustJSON(fatigue)
		}
		return []entryWrite{w}, nil
	})
}

// SetWeather stores the Ciclismo a fondo weather rolls of stage n.
func (s *Store) SetWeather(tourID uint, n, version int, weather []string) error {
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := race.ValidateWeather(&st.Tour, st.Results[n-1], weather); err != nil {
			return nil, err
		}
		w := entryWrite{Kind: KindWeather, Text: weatherText(weather)}
		if len(weather) > 0 {
			w.Data = mustJSON(weather)
		}
		return []entryWrite{w}, nil
	})
}

// SetCombativity names the most combative rider of stage n (0 clears it): a rider of the tour still in
// the race.
func (s *Store) SetCombativity(tourID uint, n, version, bib int) error {
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := race.ValidateCombativity(&st.Tour, st.Prior(n), st.Results[n-1], bib); err != nil {
			return nil, err
		}
		w := entryWrite{Kind: KindCombativity, Text: i18n.Textf("combativity award cleared")}
		if bib != 0 {
			r, _ := st.Tour.RiderByBib(bib)
			w.Data, w.Text = strconv.Itoa(bib), i18n.Textf("combativity award: bib %d %s", bib, r.Name)
		}
		return []entryWrite{w}, nil
	})
}

// AddLostTurn records turns a Ciclismo a fondo rider lost in stage n. A second crash in the stage also
// records his abandonment (docs/rules.md §2.6): out says so.
func (s *Store) AddLostTurn(tourID uint, n, version int, l race.LostTurn) (out bool, err error) {
	err = s.stageAction(tourID, n, version, "add", func(st *RaceState, n int) ([]entryWrite, error) {
		cur := st.Results[n-1]
		if err := race.ValidateLostTurn(&st.Tour, st.Prior(n), cur, l); err != nil {
			return nil, err
		}
		writes := []entryWrite{{Kind: KindLostTurn, Key: nextKey(st.LostTurnKeys[n-1]), Data: mustJSON(l), Text: lostTurnText(&st.Tour, l)}}
		if race.SecondCrash(&st.Tour.Ruleset, cur, l) {
			a := race.Abandon{Bib: l.Bib, Reason: race.ReasonSecondCrash}
			if race.ValidateAbandon(&st.Tour, st.Prior(n), cur, a) == nil {
				writes = append(writes, entryWrite{Kind: KindAbandon, Key: strconv.Itoa(l.Bib), Data: mustJSON(a), Text: abandonText(&st.Tour, a)})
				out = true
			}
		}
		return writes, nil
	})
	if err != nil {
		out = false
	}
	return out, err
}

// SetLeadingSector puts a 2RUOTE volata's order into the finish of stage n, in one transaction with the
// stale-form check: the leading sector's riders in that order (race.WithLeadingSector). It answers the
// finish it stored, or tried to store when refused, and the leading sector.
func (s *Store) SetLeadingSector(tourID uint, n, version int, order []int) (race.Finish, int, error) {
	var (
		f      race.Finish
		sector int
	)
	err := s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		cur := st.Results[n-1]
		f, sector = race.WithLeadingSector(cur.Finish, order)
		if st.Tour.Ruleset.TimeModel != race.TimeModelSectors {
			return nil, refuse.Invalid("target", "only a finish in sectors takes a volata order")
		}
		if len(order) == 0 {
			return nil, refuse.Invalid("order", "is empty: compute the volata first")
		}
		if err := race.ValidateFinish(&st.Tour, st.Prior(n), cur, f); err != nil {
			return nil, err
		}
		riders := 0
		for _, g := range f.Groups {
			riders += len(g.Riders)
		}
		return []entryWrite{{Kind: KindFinish, Data: mustJSON(f),
			Text: i18n.Textf("finish: volata order %s in sector %d; %s, %s", bibList(order), sector, groupsText(len(f.Groups)), ridersText(riders))}}, nil
	})
	return f, sector, err
}
