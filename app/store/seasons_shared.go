package store

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/models"
)

// Seasons handed over and shared, as tours are (sharedKind): a season's owner (or an administrator)
// gives it to another director, keeping its id and follow code, and names co-directors, who change
// its name, points and tours but do not delete it, hand it over or choose its co-directors.

// seasonKind is a season as sharedKind shares it, but for how its changes are written.
func seasonKind() sharedKind {
	return sharedKind{table: "seasons", links: "season_codirectors", key: "season_id", notFound: "season %d",
		ownsAlready: "is %s, who owns the season already", handed: "season handed over to %s",
		link: func(id, director uint) any { return &models.SeasonCodirector{SeasonID: id, DirectorID: director} }}
}

// seasonShared is a season as sharedKind shares it: each change one transaction, then told to the
// season's followers.
func (s *Store) seasonShared() sharedKind {
	k := seasonKind()
	k.write, k.bump, k.what, k.record = s.seasonWrite, bumpSeason, "season", recordSeasonChange
	return k
}

// recordSeasonChange records a change of the season numbered id, for its owner, named by the season.
func recordSeasonChange(tx *gorm.DB, id uint, action string, text i18n.Text) error {
	var row models.Season
	if err := tx.Select("name, owner_id").Where("id = ?", id).Take(&row).Error; err != nil {
		return fmt.Errorf("store: unable to read season %d for the audit record: %w", id, err)
	}
	return recordChange(tx, auditNote{action: action, owner: row.OwnerID, text: i18n.Textf("%s: %s", row.Name, text)})
}

// bumpSeason notes that a season changed, inside the transaction that changes it.
func bumpSeason(tx *gorm.DB, id uint) error {
	if err := tx.Model(&models.Season{}).Where("id = ?", id).Update("updated_at", time.Now()).Error; err != nil {
		return fmt.Errorf("store: unable to note the change of season %d: %w", id, err)
	}
	return nil
}

// SeasonSharing reads a season's owner and co-directors.
func (s *Store) SeasonSharing(id uint) (TourShare, error) { return seasonKind().sharing(s.reads, id) }

// HandOverSeason gives the season to the director numbered to: its id, follow code and tours stay,
// its followers keep following it; a co-director who receives it is a co-director no longer.
func (s *Store) HandOverSeason(id, to uint) (TourShare, error) {
	return s.seasonShared().handOver(id, to)
}

// SetSeasonCodirectors makes ids the season's co-directors, as SetCodirectors does for a tour.
func (s *Store) SetSeasonCodirectors(id uint, ids []uint) (TourShare, error) {
	return s.seasonShared().setCodirectors(id, ids)
}

// SeasonOwned says whether the scope may hand the season over, choose its co-directors and delete
// it, as TourOwned does for a tour.
func (s *Store) SeasonOwned(sc Scope, id uint) (codirector bool, err error) {
	if err := s.SeasonVisible(sc, id); err != nil {
		return false, err
	}
	return seasonKind().owned(s.reads, sc, id)
}

// seasonSeen says whether the scope sees a season of owner numbered id: its owner's, or shared
// with the scope's director.
func seasonSeen(db *gorm.DB, sc Scope, id, owner uint) (bool, error) {
	if sc.Sees(owner) {
		return true, nil
	}
	if !sc.some {
		return false, nil
	}
	return seasonKind().codirected(db, id, sc.owner)
}

// seasonsShared gives seasons their co-directors (table season_codirectors).
func seasonsShared(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&models.SeasonCodirector{}); err != nil {
		return fmt.Errorf("creating the seasons' co-directors: %w", err)
	}
	return nil
}
