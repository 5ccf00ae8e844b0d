package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// A season's backup is the season (its name and scoring) and the backup of each of its tours, in
// order, in one JSON document; restoring it creates the tours and the season in one transaction,
// each tour checked as a tour's backup is (bounds, ruleset, teams, results replayed).

// SeasonBackupFormat marks a Race Director season backup file.
const SeasonBackupFormat = "racedirector-season"

// SeasonBackupVersion is the version of the season backup format this build writes and reads.
const SeasonBackupVersion = 1

// SeasonBackup is a whole season in one JSON document: the season and its tours' backups.
type SeasonBackup = seasonBackupOf[Backup]

// seasonBackupOf is a season backup whose tours are T: their backups when written, and when read
// their JSON, left to read one by one once their number is checked.
type seasonBackupOf[T any] struct {
	Format          string    `json:"format"`
	Version         int       `json:"version"`
	ExportedAt      time.Time `json:"exported_at"`
	Name            string    `json:"name"`
	Points          []int     `json:"points"`
	Classifications bool      `json:"classifications"`
	Tours           []T       `json:"tours"`
}

// ExportSeasonBackup returns a season of the scope with the backup of each of its tours, every one of
// which the scope must see (a co-director may not see the owner's).
func (s *Store) ExportSeasonBackup(sc Scope, id uint) (SeasonBackup, error) {
	season, err := s.GetSeason(sc, id)
	if err != nil {
		return SeasonBackup{}, err
	}
	out := SeasonBackup{Format: SeasonBackupFormat, Version: SeasonBackupVersion, ExportedAt: time.Now().UTC(), Name: season.Name,
		Points: season.Points, Classifications: season.Classifications, Tours: []Backup{}}
	for _, t := range season.Tours {
		// A co-director sees the season, not every tour of it: the backup holds whole tours.
		if err := s.TourVisible(sc, t); err != nil {
			return SeasonBackup{}, refuse.Conflictf("the season holds tour %d, which is not yours to read: its owner or an administrator backs the season up", t)
		}
		b, err := s.ExportBackup(t)
		if err != nil {
			return SeasonBackup{}, err
		}
		out.Tours = append(out.Tours, b)
	}
	return out, nil
}

// ImportSeasonBackup checks a season backup thoroughly and restores it as a new season of the
// scope's owner, with its tours as new tours, in one transaction; a damaged, foreign or too large
// file is refused naming the field ("tours[2].stages[0].entries") and nothing is stored.
func (s *Store) ImportSeasonBackup(sc Scope, data []byte) (Season, error) {
	if err := CheckJSONText(data); err != nil {
		return Season{}, err
	}
	if err := checkBackupLists(data); err != nil {
		return Season{}, err
	}
	var f seasonBackupOf[json.RawMessage]
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Season{}, refuse.Invalidf("file", "is not a Race Director season backup (it is not valid backup JSON: %v)", err)
	}
	if f.Format != SeasonBackupFormat {
		return Season{}, refuse.Invalidf("format", "is %q: this is not a Race Director season backup", f.Format)
	}
	if f.Version != SeasonBackupVersion {
		return Season{}, refuse.Invalidf("version", "backup version %d is not supported (this build reads version %d)", f.Version, SeasonBackupVersion)
	}
	in, err := checkSeason(SeasonInput{Name: f.Name, Points: f.Points, Classifications: f.Classifications})
	if err != nil {
		return Season{}, err
	}
	if len(f.Tours) > race.MaxSeasonTours {
		return Season{}, refuse.Invalidf("tours", "must list at most %d tours (it lists %d)", race.MaxSeasonTours, len(f.Tours))
	}
	tours := make([]checkedBackup, len(f.Tours))
	for i, raw := range f.Tours {
		field := fmt.Sprintf("tours[%d]", i)
		var b Backup
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&b); err != nil {
			return Season{}, refuse.Invalidf(field, "is not a Race Director tour backup (it is not valid backup JSON: %v)", err)
		}
		if tours[i], err = s.checkBackup(b); err != nil {
			v := &refuse.ValidationError{}
			if !v.Merge(field+".", err) {
				return Season{}, err
			}
			return Season{}, v
		}
	}
	points, _ := json.Marshal(in.Points)
	row := models.Season{OwnerID: sc.Owner(), Name: in.Name, Points: string(points), Classifications: in.Classifications}
	err = s.write(func(tx *gorm.DB) error {
		if err := createSeasonRow(tx, &row); err != nil {
			return err
		}
		for i, t := range tours {
			id, err := t.restore(tx, sc.Owner())
			if err != nil {
				return err
			}
			if err := tx.Create(&models.SeasonTour{SeasonID: row.ID, TourID: id, Position: i + 1}).Error; err != nil {
				return fmt.Errorf("store: unable to add tour %d to season %d: %w", id, row.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return Season{}, err
	}
	return s.GetSeason(sc, row.ID)
}
