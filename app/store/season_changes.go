package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"

	"gorm.io/gorm"

	"racedirector/models"
)

// A season's followers are told of its changes as a tour's are (OnTourChange, the change feed):
// the season's own (name, points, tours, directors, deletion) here; its tours' by their own changes,
// which a season's event stream listens to as well.

// SeasonChangeKind and SeasonDeletedKind are the kinds of a season's changes as told.
const (
	// SeasonChangeKind tells that a season's name, points, tours or directors changed.
	SeasonChangeKind = "season"
	// SeasonDeletedKind tells that a season was deleted.
	SeasonDeletedKind = "deleted"
)

// seasonWrite runs fn as the one transaction of a change of the season and, once committed, tells
// the season's followers here and on the other instances.
func (s *Store) seasonWrite(id uint, fn func(tx *gorm.DB) error) error {
	if err := s.write(fn); err != nil {
		return err
	}
	s.seasonChanged(id, SeasonChangeKind)
	return nil
}

// seasonChanged tells the listener and the other instances that a season changed (kind).
func (s *Store) seasonChanged(id uint, kind string) {
	s = s.For(context.WithoutCancel(s.context()))
	ch := TourChange{Season: id, Kind: kind}
	if s.onChange != nil {
		s.onChange(ch)
	}
	if b, err := json.Marshal(tourNotice{TourChange: ch, From: s.from}); err == nil {
		_ = s.notify(string(b))
	}
}

// SeasonVersion names the state of what a season's followers see: its name, scoring, tours and
// the version of each (a decimal number that changes with any of them; not ordered). A season
// that is no more is a NotFoundError.
func (s *Store) SeasonVersion(id uint) (string, error) {
	var row models.Season
	err := s.reads.Select("id, name, points, classifications, updated_at").Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", notFound("season %d", id)
	}
	if err != nil {
		return "", fmt.Errorf("store: unable to read season %d: %w", id, err)
	}
	var tours []struct {
		TourID   uint
		Position int
		Version  int64
	}
	err = s.reads.Table("season_tours").Select("season_tours.tour_id, season_tours.position, tours.version").
		Joins("JOIN tours ON tours.id = season_tours.tour_id").Where("season_tours.season_id = ?", id).
		Order("season_tours.position").Scan(&tours).Error
	if err != nil {
		return "", fmt.Errorf("store: unable to read the tours of season %d: %w", id, err)
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s|%s|%t|%d", row.ID, row.Name, row.Points, row.Classifications, row.UpdatedAt.UnixNano())
	for _, t := range tours {
		fmt.Fprintf(h, "|%d:%d:%d", t.TourID, t.Position, t.Version)
	}
	return strconv.FormatUint(h.Sum64(), 10), nil
}
