package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// CreateTourInput is a (possibly edited) proposal plus the teams that race, as the wizard
// or POST /api/v1/tours gives it.
type CreateTourInput struct {
	race.Proposal
	// Teams are database team ids, in the order that numbers them (team 1 → bibs 11..).
	Teams []uint `json:"teams"`
	// Riders optionally picks which database riders race, by team id (as a string key in JSON);
	// a team not listed races its lowest counter numbers.
	Riders map[string][]uint `json:"riders,omitempty"`
	// PointsOverride is the Cycling Party points definition when it differs from the proposal's.
	PointsOverride *race.PointsDefinition `json:"points_override,omitempty"`
	// Overrides change, for this tour only, the role or card values riders race with, by database
	// rider id (as a string key in JSON); an empty role or no attributes keep the rider's own. The
	// database is not changed.
	Overrides map[string]GameRole `json:"overrides,omitempty"`
	// Managers name the player of each team, by database team id (as a string key in JSON); a team
	// not listed has no player named.
	Managers map[string]string `json:"managers,omitempty"`
	// Settings are the director's choices for the tour; a ruleset with a young riders'
	// classification gets the default cut-off (1 January of the race's year minus 25: the year in the
	// tour's name, else this year) when none is given.
	Settings race.TourSettings `json:"settings"`
}

// TourSummary is one line of the tours list ("Load").
type TourSummary struct {
	ID          uint      `json:"id"`
	Name        string    `json:"name"`
	Ruleset     string    `json:"ruleset"`
	RulesetName string    `json:"ruleset_name"`
	Stages      int       `json:"stages"`
	Closed      int       `json:"closed"`
	Current     int       `json:"current"`
	State       string    `json:"state"`
	Teams       int       `json:"teams"`
	Leader      *LeaderOf `json:"leader,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
	// OwnerID is the director the tour belongs to (0: no one's).
	OwnerID uint `json:"-"`
	// Shared says the tour is another director's, shared with the viewer as a co-director.
	Shared bool `json:"shared,omitempty"`
}

// LeaderOf names the leader of the individual classification.
type LeaderOf struct {
	Bib  int    `json:"bib"`
	Name string `json:"name"`
	Team string `json:"team"`
}

// TourView is a whole tour as the API shows it: its ruleset, teams with riders and bibs, stages.
type TourView struct {
	ID            uint                   `json:"id"`
	Name          string                 `json:"name"`
	Ruleset       string                 `json:"ruleset"`
	RulesetName   string                 `json:"ruleset_name"`
	Profile       string                 `json:"profile"`
	Seed          int64                  `json:"seed"`
	RidersPerTeam int                    `json:"riders_per_team"`
	Advanced      bool                   `json:"advanced,omitempty"`
	Points        *race.PointsDefinition `json:"points,omitempty"`
	Teams         []race.Team            `json:"teams"`
	Stages        []StageSummary         `json:"stages"`
	Current       int                    `json:"current"`
	Closed        int                    `json:"closed"`
	CreatedAt     time.Time              `json:"created_at"`
	// FollowCode is the code players follow the tour with (/follow/{code}).
	FollowCode string `json:"follow_code"`
	// Settings are the director's choices for the tour (the young riders' cut-off…).
	Settings race.TourSettings `json:"settings"`
}

// StageSummary is one stage in a tour view.
type StageSummary struct {
	Number int    `json:"number"`
	Type   string `json:"type"`
	// Length is in squares, or a real race's km with decimals.
	Length  float64 `json:"length"`
	State   string  `json:"state"`
	Climbs  int     `json:"climbs"`
	Sprints int     `json:"sprints"`
}

// pickRiders chooses the database riders a team races with.
func pickRiders(t Team, chosen []uint, n int, field string) ([]Rider, error) {
	if chosen != nil {
		byID := map[uint]Rider{}
		for _, r := range t.Riders {
			byID[r.ID] = r
		}
		var out []Rider
		seen := map[uint]bool{}
		for i, id := range chosen {
			r, ok := byID[id]
			if !ok {
				return nil, refuse.Invalidf(fmt.Sprintf("%s[%d]", field, i), "rider %d is not in team %s", id, t.Name)
			}
			if seen[id] {
				return nil, refuse.Invalid(fmt.Sprintf("%s[%d]", field, i), "is chosen twice")
			}
			seen[id] = true
			out = append(out, r)
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
		return out, nil
	}
	riders := append([]Rider(nil), t.Riders...)
	sort.Slice(riders, func(i, j int) bool { return riders[i].Number < riders[j].Number })
	if n > 0 && len(riders) > n {
		riders = riders[:n]
	}
	return riders, nil
}

// BuildTour checks a tour input against its ruleset and the scope's own teams database and returns
// the race tour it would create (teams copied, bibs given). It stores nothing.
func (s *Store) BuildTour(sc Scope, in CreateTourInput) (race.Tour, error) {
	rs, ok := s.Ruleset(in.Ruleset)
	if !ok {
		return race.Tour{}, refuse.Invalidf("ruleset", "unknown ruleset %q", in.Ruleset)
	}
	v := &refuse.ValidationError{}
	if in.RidersPerTeam == 0 {
		in.RidersPerTeam = defaultRidersPerTeam(rs.Team)
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		v.Add("name", "is required")
	} else {
		race.CheckText(v, "name", race.TourNameText, name)
	}
	if len(in.Stages) < 1 || len(in.Stages) > 30 {
		v.Add("stages", "a tour has 1 to 30 stages")
	}
	stages := make([]race.Stage, len(in.Stages))
	// asGiven is what is validated: the normalised stages with the climbs and sprints the director
	// gave kept in the director's order, so a refusal names the field as it was sent.
	asGiven := make([]race.Stage, len(in.Stages))
	for i, st := range in.Stages {
		st.Number = i + 1
		st.State = ""
		stages[i] = race.NormalizeStage(rs, st)
		asGiven[i] = stages[i]
		if len(st.Cards) == 0 {
			asGiven[i].Sprints = st.Sprints
			if len(st.Sections) == 0 {
				asGiven[i].Climbs = st.Climbs
			}
		}
	}
	if err := race.ReviewStages(rs, asGiven, in.Advanced); err != nil {
		var ve *refuse.ValidationError
		if errors.As(err, &ve) {
			for f := range ve.Fields {
				v.AddText(f, ve.Reason(f))
			}
		} else {
			return race.Tour{}, err
		}
	}
	points := in.Points
	if in.PointsOverride != nil {
		points = *in.PointsOverride
	}
	if rs.Has(race.ClassCyclingParty) {
		if points.StageWin == 0 && points.Individual == nil && points.Regularity == nil {
			points = rs.DefaultPoints()
		}
		if err := race.ValidatePoints(points); err != nil {
			var ve *refuse.ValidationError
			if errors.As(err, &ve) {
				for f := range ve.Fields {
					v.AddText(f, ve.Reason(f)) // already "points.…"
				}
			}
		}
	}
	var teams []race.Team
	var gaps []roleGap
	inTour := map[uint]bool{}
	seen := map[uint]int{}
	least, most := race.TeamCountRange(rs.Team)
	if len(in.Teams) > most { // a list past the rules is refused whole, its first teams checked only
		v.Addf("teams", "must be between %d and %d teams (has %d)", least, most, len(in.Teams))
	}
	for i, id := range in.Teams[:min(len(in.Teams), most)] {
		field := fmt.Sprintf("teams[%d]", i)
		if j, dup := seen[id]; dup {
			v.Addf(field, "team %d is chosen twice (also as team %d of the list)", id, j+1)
			continue
		}
		seen[id] = i
		t, err := s.GetTeam(sc.Own(), id)
		if err != nil {
			var nf *NotFoundError
			if errors.As(err, &nf) {
				v.Addf(field, "no team with id %d in the database", id)
				continue
			}
			return race.Tour{}, err
		}
		for _, r := range t.Riders {
			inTour[r.ID] = true
		}
		riders, err := pickRiders(t, in.Riders[strconv.FormatUint(uint64(id), 10)], in.RidersPerTeam, "riders."+strconv.FormatUint(uint64(id), 10))
		if err != nil {
			var ve *refuse.ValidationError
			if errors.As(err, &ve) {
				for f := range ve.Fields {
					v.AddText(f, ve.Reason(f))
				}
				continue
			}
			return race.Tour{}, err
		}
		manager := in.Managers[strconv.FormatUint(uint64(id), 10)]
		race.CheckManager(v, field+".manager", manager)
		rt := race.Team{ID: i + 1, Name: t.Name, Short: t.Short, Color: t.Color, Manager: race.CleanManager(manager)}
		for j, r := range riders {
			g := raceRole(rs, r, in.Overrides[strconv.FormatUint(uint64(r.ID), 10)])
			if need := rs.NeedOfRider(g.Role, g.Attributes); need.Lacks() {
				gaps = append(gaps, roleGap{field: fmt.Sprintf("teams[%d].riders[%d].%s", i, j, need.Field), problem: need.Problem, rider: r.Name, number: r.Number, team: t.Name})
			}
			rt.Riders = append(rt.Riders, race.Rider{Name: r.Name, Number: r.Number, Role: g.Role, Attributes: g.Attributes, Born: r.Born})
		}
		teams = append(teams, rt)
	}
	s.checkOverrides(v, rs, in.Overrides, inTour)
	settings := in.Settings
	if settings.YouthBornFrom == "" && rs.Has(race.ClassYouth) {
		settings.YouthBornFrom = race.DefaultYouthBornFrom(rs, race.RaceYear(name, time.Now().Year()))
	}
	if err := race.ValidateSettings(settings); err != nil {
		v.Merge("settings.", err)
	}
	if len(gaps) > 0 {
		v.AddText(gaps[0].field, gapMessage(gameOf(rs), gaps))
	}
	in.RidersPerTeam = racingSize(rs, teams, in.RidersPerTeam)
	if v.Err() == nil {
		if err := race.ValidateTeams(rs, teams, in.RidersPerTeam); err != nil {
			return race.Tour{}, err
		}
	}
	if err := v.Err(); err != nil {
		return race.Tour{}, err
	}
	tour := race.Tour{Name: name, Ruleset: rs.Clone(), RidersPerTeam: in.RidersPerTeam, Teams: race.AssignBibs(teams), Stages: stages, Advanced: in.Advanced, Settings: settings}
	if rs.Has(race.ClassCyclingParty) {
		p := points
		tour.Points = &p
	}
	return tour, nil
}

// CreateTour validates the input, copies the teams and riders of the scope's own database into a new
// tour of the scope's owner, opens its first stage, and returns the tour id.
func (s *Store) CreateTour(sc Scope, in CreateTourInput) (uint, error) {
	tour, err := s.BuildTour(sc, in)
	if err != nil {
		return 0, err
	}
	var id uint
	err = s.write(func(tx *gorm.DB) error {
		var err error
		id, err = insertTour(tx, sc.Owner(), tour, in.Profile, in.Seed, nil, nil)
		if err != nil {
			return err
		}
		if err := recordTourChange(tx, id, "tour.create", i18n.Textf("tour created with %s and %s", stagesText(len(tour.Stages)), teamsText(len(tour.Teams)))); err != nil {
			return err
		}
		return linkSources(tx, id, in.Teams)
	})
	return id, err
}

// insertTour writes a race tour of owner with stage states (nil: first open, rest planned) and entries.
func insertTour(tx *gorm.DB, owner uint, tour race.Tour, profile string, seed int64, states []string, stageData []stageBackup) (uint, error) {
	rsJSON, err := json.Marshal(tour.Ruleset)
	if err != nil {
		return 0, fmt.Errorf("store: unable to encode the ruleset: %w", err)
	}
	pointsJSON := "{}"
	if tour.Points != nil {
		b, _ := json.Marshal(tour.Points)
		pointsJSON = string(b)
	}
	code, err := freeFollowCode(tx)
	if err != nil {
		return 0, err
	}
	row := models.Tour{OwnerID: owner, FollowCode: code, Name: tour.Name, RulesetID: tour.Ruleset.ID, Ruleset: string(rsJSON), Points: pointsJSON, Settings: settingsJSON(tour.Settings), Combined: tour.Settings.Combined,
		Profile: profile, Seed: seed, RidersPerTeam: tour.RidersPerTeam, Advanced: tour.Advanced, Version: newTourVersion()}
	if err := tx.Create(&row).Error; err != nil {
		return 0, fmt.Errorf("store: unable to create tour: %w", err)
	}
	for _, t := range tour.Teams {
		tt := models.TourTeam{TourID: row.ID, Number: t.ID, Name: t.Name, Short: t.Short, Color: t.Color, Manager: race.CleanManager(t.Manager)}
		if err := tx.Create(&tt).Error; err != nil {
			return 0, fmt.Errorf("store: unable to copy team %s: %w", t.Name, err)
		}
		for _, r := range t.Riders {
			tr := models.TourRider{TourID: row.ID, TourTeamID: tt.ID, Bib: r.Bib, Name: r.Name, Number: r.Number, Role: r.Role, Attributes: attributesJSON(r.Attributes), Born: r.Born}
			if err := tx.Create(&tr).Error; err != nil {
				return 0, fmt.Errorf("store: unable to copy rider %s: %w", r.Name, err)
			}
		}
	}
	for i, st := range tour.Stages {
		state := race.StatePlanned
		if states != nil && i < len(states) {
			state = states[i]
		} else if i == 0 {
			state = race.StateOpen
		}
		course, err := json.Marshal(courseOf(st))
		if err != nil {
			return 0, fmt.Errorf("store: unable to encode stage %d: %w", i+1, err)
		}
		srow := models.Stage{TourID: row.ID, Number: i + 1, Type: st.Type, Length: st.Length, State: state, Course: string(course)}
		if state == race.StateClosed {
			now := time.Now()
			srow.ClosedAt = &now
		}
		if err := tx.Create(&srow).Error; err != nil {
			return 0, fmt.Errorf("store: unable to create stage %d: %w", i+1, err)
		}
		if stageData != nil && i < len(stageData) {
			if err := restoreStageData(tx, srow.ID, stageData[i]); err != nil {
				return 0, err
			}
		}
	}
	return row.ID, nil
}

// course is the stored JSON of a stage's course.
type course struct {
	Climbs        []race.Climb   `json:"climbs"`
	Sprints       []race.Sprint  `json:"sprints"`
	Markers       []race.Marker  `json:"markers,omitempty"`
	Sections      []race.Section `json:"sections,omitempty"`
	Cards         []string       `json:"cards,omitempty"`
	RestDayBefore bool           `json:"rest_day_before,omitempty"`
	FeedZones     int            `json:"feed_zones,omitempty"`
	// Metres is a real race's exact length published with decimals (race.Stage.Metres).
	Metres race.Metres `json:"km,omitempty"`
}

func courseOf(st race.Stage) course {
	return course{Climbs: st.Climbs, Sprints: st.Sprints, Markers: st.Markers, Sections: st.Sections, Cards: st.Cards, RestDayBefore: st.RestDayBefore, FeedZones: st.FeedZones, Metres: st.Metres}
}

func stageFromRow(row models.Stage) (race.Stage, error) {
	var c course
	if err := json.Unmarshal([]byte(row.Course), &c); err != nil {
		return race.Stage{}, fmt.Errorf("store: stage %d course is damaged: %w", row.Number, err)
	}
	return race.Stage{Number: row.Number, Type: row.Type, Length: row.Length, State: row.State, Climbs: c.Climbs, Sprints: c.Sprints,
		Markers: c.Markers, Sections: c.Sections, Cards: c.Cards, RestDayBefore: c.RestDayBefore, FeedZones: c.FeedZones, Metres: c.Metres}, nil
}

// DeleteTour erases a tour with its stages and results.
func (s *Store) DeleteTour(id uint) error {
	err := s.tourWrite(id, func(tx *gorm.DB) error {
		var row models.Tour
		if err := tx.First(&row, id).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return notFound("tour %d", id)
			}
			return fmt.Errorf("store: unable to fetch tour %d: %w", id, err)
		}
		// The record stays with the tour's id and name: a league needs it of a deleted tour too.
		if err := recordTourChange(tx, id, "tour.delete", i18n.Textf("tour deleted with its stages and results")); err != nil {
			return err
		}
		var stageIDs []uint
		if err := tx.Model(&models.Stage{}).Where("tour_id = ?", id).Pluck("id", &stageIDs).Error; err != nil {
			return fmt.Errorf("store: unable to list stages: %w", err)
		}
		if len(stageIDs) > 0 {
			if err := tx.Where("stage_id IN ?", stageIDs).Delete(&models.Entry{}).Error; err != nil {
				return fmt.Errorf("store: unable to delete results: %w", err)
			}
			if err := tx.Where("stage_id IN ?", stageIDs).Delete(&models.Change{}).Error; err != nil {
				return fmt.Errorf("store: unable to delete history: %w", err)
			}
		}
		for _, m := range []any{&models.Stage{}, &models.TourRider{}, &models.TourTeam{}, &models.TourCodirector{}, &models.SeasonTour{}} {
			if err := tx.Where("tour_id = ?", id).Delete(m).Error; err != nil {
				return fmt.Errorf("store: unable to delete tour %d: %w", id, err)
			}
		}
		return tx.Delete(&models.Tour{}, id).Error
	})
	if err == nil {
		s.races.forget(id)
		s.changed(id, 0, "deleted")
	}
	return err
}

// racingSize is the riders per team a tour races with. A game that allows a range of team sizes
// (Ciclismo a fondo: up to 8) takes riders_per_team as the most: teams that all have fewer riders
// (the box's teams of 6) race with the size of the largest. A game of fixed sizes keeps the one asked.
func racingSize(rs race.Ruleset, teams []race.Team, asked int) int {
	if len(rs.Team.RiderCounts) > 0 || len(teams) == 0 || asked > rs.Team.MaxRiders {
		return asked // fixed sizes; or a size the game does not allow, refused as asked
	}
	largest := 0
	for _, t := range teams {
		largest = max(largest, len(t.Riders))
	}
	if largest >= max(rs.Team.MinRiders, 1) && largest < asked {
		return largest
	}
	return asked
}

// defaultRidersPerTeam is the riders per team a tour gets when none is given: the largest the
// ruleset allows (Cycling Party 6, Ciclismo a fondo 8, 2RUOTE 5).
func defaultRidersPerTeam(tr race.TeamRules) int {
	best := tr.MaxRiders
	for _, n := range tr.RiderCounts {
		best = max(best, n)
	}
	return best
}
