package models

import "time"

// Season groups tours (of any game) whose places earn points across them (race.Season).
type Season struct {
	ID uint `gorm:"primaryKey"`
	// OwnerID is the director the season belongs to (0: no one's, a table without accounts).
	OwnerID uint   `gorm:"not null;default:0;index:idx_season_owner"`
	Name    string `gorm:"size:80;not null"`
	// Points is the JSON list of the points for each place (race.SeasonRules.Points).
	Points string `gorm:"type:text;not null"`
	// Classifications counts the points and mountain classifications too.
	Classifications bool `gorm:"not null;default:false"`
	// FollowCode is the short code players follow the season with (/follow/season/{code}).
	FollowCode string       `gorm:"size:6;uniqueIndex:idx_season_follow_code"`
	Tours      []SeasonTour `gorm:"constraint:OnDelete:CASCADE"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// SeasonTour is one tour of a season; Position orders the season's tours.
type SeasonTour struct {
	SeasonID uint `gorm:"primaryKey"`
	TourID   uint `gorm:"primaryKey;index"`
	Position int  `gorm:"not null"`
}
