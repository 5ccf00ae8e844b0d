// Package models holds the GORM structs: the tables, columns, indexes and constraints of Race Director.
package models

import "time"

// Team is a team of the database ("Personalise"); tours copy it.
type Team struct {
	ID uint `gorm:"primaryKey"`
	// OwnerID is the director whose teams database the team is in (0: no one's, a database of
	// one director served open or with the PIN). Names are unique within one director's database.
	OwnerID   uint    `gorm:"not null;default:0;uniqueIndex:idx_team_owner_name,priority:1;uniqueIndex:idx_team_owner_name_key,priority:1"`
	Name      string  `gorm:"size:60;not null;uniqueIndex:idx_team_owner_name,priority:2"`
	NameKey   string  `gorm:"size:60;not null;uniqueIndex:idx_team_owner_name_key,priority:2"`
	Short     string  `gorm:"size:4;not null"`
	Color     string  `gorm:"size:7;not null"`
	Riders    []Rider `gorm:"constraint:OnDelete:CASCADE"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Rider is a rider of the database, in one team, with a counter number unique in the team and a
// role in each game he is set up for.
type Rider struct {
	ID     uint   `gorm:"primaryKey"`
	TeamID uint   `gorm:"not null;uniqueIndex:idx_rider_team_number"`
	Name   string `gorm:"size:60;not null"`
	Number int    `gorm:"not null;uniqueIndex:idx_rider_team_number"`
	// Games is JSON: the rider's role in each game, by ruleset id, with card values where the game
	// has them ({"cycling-party": {"role": "leader"}, "2ruote": {"role": "rider", "attributes": {"cost": 3}}}).
	Games string `gorm:"type:text;not null;default:'{}'"`
	// Born is the rider's date of birth, 2003-04-05 ("" when not known).
	Born      string `gorm:"size:10;not null;default:''"`
	CreatedAt time.Time
	UpdatedAt time.Time
}
