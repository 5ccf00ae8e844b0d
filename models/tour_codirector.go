package models

// TourCodirector is a director the tour's owner shares the tour with: they enter its results as the
// owner does, but do not delete it, hand it over or choose its co-directors.
type TourCodirector struct {
	TourID     uint `gorm:"primaryKey;autoIncrement:false"`
	DirectorID uint `gorm:"primaryKey;autoIncrement:false;index:idx_tour_codirector_director"`
}
