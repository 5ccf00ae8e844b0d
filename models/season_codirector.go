package models

// SeasonCodirector is a director the season's owner shares the season with: they change its name,
// points and tours as the owner does, but do not delete it, hand it over or choose its co-directors.
type SeasonCodirector struct {
	SeasonID   uint `gorm:"primaryKey;autoIncrement:false"`
	DirectorID uint `gorm:"primaryKey;autoIncrement:false;index:idx_season_codirector_director"`
}
