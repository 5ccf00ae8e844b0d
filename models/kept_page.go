package models

import "time"

// KeptPage is a refused page form kept for the one GET its redirect leads to (post/redirect/get),
// when several instances serve the database and that GET may reach another one. A scratch row:
// taken once, or dropped when stale; no part of the tours' or teams' data.
type KeptPage struct {
	Token   string `gorm:"primaryKey;size:64"`
	Address string `gorm:"size:1024;not null"`
	Status  int    `gorm:"not null"`
	Body    string `gorm:"type:text;not null"`
	At      time.Time
}
