package store

import (
	"strconv"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// realRaceOnly refuses the jury's decisions in a game: they are for real races (official results).
func realRaceOnly(st *RaceState, field string) error {
	if !st.Tour.Ruleset.OfficialResults {
		return refuse.Invalid(field, "penalties, reinstatements and the most combative rider of the tour are for real races")
	}
	return nil
}

// AddReinstatement keeps a rider who finished stage n outside the time limit in the race, with the
// points he loses in the points classification and the jury's reason.
func (s *Store) AddReinstatement(tourID uint, n, version int, k race.Reinstatement) error {
	k.Reason = strings.TrimSpace(k.Reason)
	return s.stageAction(tourID, n, version, "add", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := realRaceOnly(st, "bib"); err != nil {
			return nil, err
		}
		if err := race.ValidateReinstatement(&st.Tour, st.Prior(n), st.Results[n-1], k); err != nil {
			return nil, err
		}
		r, _ := st.Tour.RiderByBib(k.Bib)
		return []entryWrite{{Kind: KindReinstate, Key: strconv.Itoa(k.Bib), Data: mustJSON(k),
			Text: i18n.Textf("bib %d %s reinstated after the time limit, %s less (%s)", k.Bib, r.Name, pointsWords(k.Points), k.Reason)}}, nil
	})
}

// RemoveReinstatement takes back a reinstatement of stage n.
func (s *Store) RemoveReinstatement(tourID uint, n, version, bib int) error {
	return s.stageAction(tourID, n, version, "remove", func(st *RaceState, n int) ([]entryWrite, error) {
		for _, k := range st.Results[n-1].Reinstated {
			if k.Bib == bib {
				return []entryWrite{{Kind: KindReinstate, Key: strconv.Itoa(bib), Text: i18n.Textf("reinstatement of bib %d taken back", bib)}}, nil
			}
		}
		return nil, notFound("reinstatement of bib %d in stage %d", bib, n)
	})
}

// AddPenalty records one of the jury's penalties in stage n: to a rider in time or points, or to a team
// in time, with its reason.
func (s *Store) AddPenalty(tourID uint, n, version int, p race.Penalty) error {
	p.Reason = strings.TrimSpace(p.Reason)
	return s.stageAction(tourID, n, version, "add", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := realRaceOnly(st, "bib"); err != nil {
			return nil, err
		}
		if err := race.ValidatePenalty(&st.Tour, st.Prior(n), st.Results[n-1], p); err != nil {
			return nil, err
		}
		return []entryWrite{{Kind: KindPenalty, Key: nextKey(st.PenaltyKeys[n-1]), Data: mustJSON(p), Text: penaltyText(&st.Tour, p)}}, nil
	})
}

// RemovePenalty takes back one penalty of stage n (by its position, 1-based).
func (s *Store) RemovePenalty(tourID uint, n, version, pos int) error {
	return s.stageAction(tourID, n, version, "remove", func(st *RaceState, n int) ([]entryWrite, error) {
		keys := st.PenaltyKeys[n-1]
		if pos < 1 || pos > len(keys) {
			return nil, notFound("penalty %d in stage %d", pos, n)
		}
		return []entryWrite{{Kind: KindPenalty, Key: keys[pos-1], Text: takenBack(penaltyText(&st.Tour, st.Results[n-1].Penalties[pos-1]))}}, nil
	})
}

// SetMostCombative names the tour's most combative rider with its last stage (0 clears the award).
func (s *Store) SetMostCombative(tourID uint, n, version, bib int) error {
	return s.stageAction(tourID, n, version, "set", func(st *RaceState, n int) ([]entryWrite, error) {
		if err := realRaceOnly(st, "bib"); err != nil {
			return nil, err
		}
		if err := race.ValidateMostCombative(&st.Tour, st.Results[n-1], bib); err != nil {
			return nil, err
		}
		w := entryWrite{Kind: KindMostCombative, Text: i18n.Textf("most combative rider of the tour cleared")}
		if bib != 0 {
			r, _ := st.Tour.RiderByBib(bib)
			w.Data, w.Text = strconv.Itoa(bib), i18n.Textf("most combative rider of the tour: bib %d %s", bib, r.Name)
		}
		return []entryWrite{w}, nil
	})
}
