package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// A season groups tours of its director's and ranks their riders, teams and managers across them
// (race.Season). It belongs to the director who made it (0 on a table without accounts); only the
// scopes that see its owner see it, and its co-directors, as a tour (seasons_shared.go).

// Season is a season as kept: its scoring and its tours, in order.
type Season struct {
	ID              uint      `json:"id"`
	Name            string    `json:"name"`
	Points          []int     `json:"points"`
	Classifications bool      `json:"classifications"`
	FollowCode      string    `json:"follow_code"`
	Tours           []uint    `json:"tours"`
	OwnerID         uint      `json:"-"`
	CreatedAt       time.Time `json:"created_at"`
	// Shared says the season is another director's, shared with the director who reads it.
	Shared bool `json:"shared,omitempty"`
}

// Rules is the season's scoring for the engine.
func (s Season) Rules() race.SeasonRules {
	return race.SeasonRules{Points: s.Points, Classifications: s.Classifications}
}

// SeasonInput is a season's name and scoring, as a director gives them.
type SeasonInput struct {
	Name            string `json:"name"`
	Points          []int  `json:"points"`
	Classifications bool   `json:"classifications"`
}

// SeasonVisible says whether the scope sees the season, as TourVisible does for a tour.
func (s *Store) SeasonVisible(sc Scope, id uint) error {
	_, err := getSeasonRow(s.reads, sc, id)
	return err
}

// getSeasonRow reads a season of the scope with its tours: one the scope does not see is not found.
func getSeasonRow(db *gorm.DB, sc Scope, id uint) (models.Season, error) {
	var row models.Season
	err := db.Preload("Tours", func(db *gorm.DB) *gorm.DB { return db.Order("position") }).First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.Season{}, notFound("season %d", id)
	}
	if err != nil {
		return row, fmt.Errorf("store: unable to fetch season %d: %w", id, err)
	}
	if seen, err := seasonSeen(db, sc, id, row.OwnerID); err != nil || !seen {
		return models.Season{}, cmpErr(err, notFound("season %d", id))
	}
	return row, nil
}

// seasonFromRow is a kept season.
func seasonFromRow(row models.Season) Season {
	out := Season{ID: row.ID, Name: row.Name, Points: []int{}, Classifications: row.Classifications, FollowCode: row.FollowCode,
		Tours: []uint{}, OwnerID: row.OwnerID, CreatedAt: row.CreatedAt}
	_ = json.Unmarshal([]byte(row.Points), &out.Points) // written by the app: a list of numbers
	for _, t := range row.Tours {
		out.Tours = append(out.Tours, t.TourID)
	}
	return out
}

// checkSeason checks a season's name and scoring, returning it as it is to be kept.
func checkSeason(in SeasonInput) (SeasonInput, error) {
	in.Name = strings.TrimSpace(in.Name)
	v := &refuse.ValidationError{}
	if in.Name == "" {
		v.Add("name", "is required")
	} else {
		race.CheckText(v, "name", race.SeasonNameText, in.Name)
	}
	race.CheckSeasonRules(v, race.SeasonRules{Points: in.Points, Classifications: in.Classifications})
	return in, v.Err()
}

// ListSeasons returns the scope's seasons, newest first.
func (s *Store) ListSeasons(sc Scope) ([]Season, error) {
	var rows []models.Season
	if err := sc.where(s.reads, "seasons").Preload("Tours", func(db *gorm.DB) *gorm.DB { return db.Order("position") }).
		Order("id desc").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list seasons: %w", err)
	}
	out := make([]Season, 0, len(rows))
	for _, r := range rows {
		season := seasonFromRow(r)
		season.Shared = sc.shared(r.OwnerID)
		out = append(out, season)
	}
	return out, nil
}

// GetSeason returns a season of the scope.
func (s *Store) GetSeason(sc Scope, id uint) (Season, error) {
	row, err := getSeasonRow(s.reads, sc, id)
	if err != nil {
		return Season{}, err
	}
	season := seasonFromRow(row)
	season.Shared = sc.shared(row.OwnerID)
	return season, nil
}

// CreateSeason checks and keeps a new season of the scope's owner, with a follow code of its own.
func (s *Store) CreateSeason(sc Scope, in SeasonInput) (Season, error) {
	in, err := checkSeason(in)
	if err != nil {
		return Season{}, err
	}
	points, _ := json.Marshal(in.Points)
	row := models.Season{OwnerID: sc.Owner(), Name: in.Name, Points: string(points), Classifications: in.Classifications}
	if err := s.write(func(tx *gorm.DB) error { return createSeasonRow(tx, &row) }); err != nil {
		return Season{}, err
	}
	return s.GetSeason(sc, row.ID)
}

// createSeasonRow keeps a new season in tx, with a follow code of its own.
func createSeasonRow(tx *gorm.DB, row *models.Season) error {
	code, err := freeSeasonCode(tx)
	if err != nil {
		return err
	}
	row.FollowCode = code
	if err := tx.Create(row).Error; err != nil {
		return fmt.Errorf("store: unable to create season: %w", err)
	}
	return recordChange(tx, auditNote{action: "season.create", owner: row.OwnerID, text: i18n.Textf("season %s created", row.Name)})
}

// UpdateSeason checks and changes a season's name and scoring.
func (s *Store) UpdateSeason(sc Scope, id uint, in SeasonInput) (Season, error) {
	in, err := checkSeason(in)
	if err != nil {
		return Season{}, err
	}
	points, _ := json.Marshal(in.Points)
	err = s.seasonWrite(id, func(tx *gorm.DB) error {
		row, err := getSeasonRow(tx, sc, id)
		if err != nil {
			return err
		}
		said := i18n.Textf("season %s edited", in.Name)
		if row.Name != in.Name {
			said = i18n.Textf("season %s edited: now called %s", row.Name, in.Name)
		}
		row.Name, row.Points, row.Classifications = in.Name, string(points), in.Classifications
		if err := tx.Model(&row).Select("name", "points", "classifications").Updates(&row).Error; err != nil {
			return fmt.Errorf("store: unable to update season %d: %w", id, err)
		}
		return recordChange(tx, auditNote{action: "season.edit", owner: row.OwnerID, text: said})
	})
	if err != nil {
		return Season{}, err
	}
	return s.GetSeason(sc, id)
}

// DeleteSeason removes a season of the scope; its tours stay.
func (s *Store) DeleteSeason(sc Scope, id uint) error {
	err := s.write(func(tx *gorm.DB) error {
		row, err := getSeasonRow(tx, sc, id)
		if err != nil {
			return err
		}
		if err := recordChange(tx, auditNote{action: "season.delete", owner: row.OwnerID, text: i18n.Textf("season %s deleted", row.Name)}); err != nil {
			return err
		}
		if err := tx.Where("season_id = ?", id).Delete(&models.SeasonTour{}).Error; err != nil {
			return fmt.Errorf("store: unable to delete the tours of season %d: %w", id, err)
		}
		if err := tx.Where("season_id = ?", id).Delete(&models.SeasonCodirector{}).Error; err != nil {
			return fmt.Errorf("store: unable to delete the co-directors of season %d: %w", id, err)
		}
		if err := tx.Delete(&models.Season{}, id).Error; err != nil {
			return fmt.Errorf("store: unable to delete season %d: %w", id, err)
		}
		return nil
	})
	if err == nil {
		s.seasonChanged(id, SeasonDeletedKind)
	}
	return err
}

// SetSeasonTours replaces a season's tours by tourIDs, in that order: each must be a tour the scope
// sees, listed once, at most race.MaxSeasonTours.
func (s *Store) SetSeasonTours(sc Scope, id uint, tourIDs []uint) (Season, error) {
	err := s.seasonWrite(id, func(tx *gorm.DB) error {
		row, err := getSeasonRow(tx, sc, id)
		if err != nil {
			return err
		}
		if err := checkSeasonTours(tx, sc, row, tourIDs); err != nil {
			return err
		}
		if err := recordChange(tx, auditNote{action: "season.tours", owner: row.OwnerID, text: i18n.Textf("season %s: its tours are now %s", row.Name, toursText(len(tourIDs)))}); err != nil {
			return err
		}
		if err := tx.Where("season_id = ?", id).Delete(&models.SeasonTour{}).Error; err != nil {
			return fmt.Errorf("store: unable to clear the tours of season %d: %w", id, err)
		}
		for i, t := range tourIDs {
			if err := tx.Create(&models.SeasonTour{SeasonID: id, TourID: t, Position: i + 1}).Error; err != nil {
				return fmt.Errorf("store: unable to add tour %d to season %d: %w", t, id, err)
			}
		}
		return tx.Model(&models.Season{}).Where("id = ?", id).Update("updated_at", time.Now()).Error
	})
	if err != nil {
		return Season{}, err
	}
	return s.GetSeason(sc, id)
}

// checkSeasonTours refuses a list of tours too long, with a tour twice, or a tour the scope does not
// see: a co-director adds only the tours they see (their own and those shared with them), and keeps
// (or takes out) the season's tours they do not see.
func checkSeasonTours(tx *gorm.DB, sc Scope, season models.Season, tourIDs []uint) error {
	v := &refuse.ValidationError{}
	if len(tourIDs) > race.MaxSeasonTours {
		v.Addf("tours", "must list at most %d tours (it lists %d)", race.MaxSeasonTours, len(tourIDs))
		return v
	}
	var visible []uint
	if len(tourIDs) > 0 {
		if err := sc.where(tx.Model(&models.Tour{}), "tours").Where("tours.id IN ?", tourIDs).Pluck("tours.id", &visible).Error; err != nil {
			return fmt.Errorf("store: unable to read the season's tours: %w", err)
		}
	}
	seen := map[uint]bool{}
	for _, t := range visible {
		seen[t] = true
	}
	for _, t := range season.Tours {
		seen[t.TourID] = true
	}
	listed := map[uint]bool{}
	for i, t := range tourIDs {
		field := fmt.Sprintf("tours[%d]", i)
		switch {
		case !seen[t]:
			v.Addf(field, "there is no tour %d", t)
		case listed[t]:
			v.Addf(field, "tour %d is listed twice", t)
		}
		listed[t] = true
	}
	return v.Err()
}

// freeSeasonCode draws follow codes until one that no season nor tour has (the follow form finds
// either by its code).
func freeSeasonCode(tx *gorm.DB) (string, error) {
	for range 20 {
		code := newFollowCode()
		var n, tours int64
		if err := tx.Model(&models.Season{}).Where("follow_code = ?", code).Count(&n).Error; err != nil {
			return "", fmt.Errorf("store: unable to check a follow code: %w", err)
		}
		if err := tx.Model(&models.Tour{}).Where("follow_code = ?", code).Count(&tours).Error; err != nil {
			return "", fmt.Errorf("store: unable to check a follow code: %w", err)
		}
		if n+tours == 0 {
			return code, nil
		}
	}
	return "", errors.New("store: no free follow code found")
}

// SeasonByFollowCode returns the season with the follow code (any case); a NotFoundError for none.
func (s *Store) SeasonByFollowCode(code string) (Season, error) {
	code = NormalizeFollowCode(code)
	var row models.Season
	err := s.reads.Preload("Tours", func(db *gorm.DB) *gorm.DB { return db.Order("position") }).Where("follow_code = ? AND follow_code <> ''", code).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || code == "" {
		return Season{}, notFound("season %q", code)
	}
	if err != nil {
		return Season{}, fmt.Errorf("store: unable to find a season by its follow code: %w", err)
	}
	return seasonFromRow(row), nil
}

// seasonsTables makes the seasons' tables (new with seasons).
func seasonsTables(tx *gorm.DB) error {
	return tx.AutoMigrate(&models.Season{}, &models.SeasonTour{})
}
