package models

import "time"

// Tour is a tour being raced: its own copy of the ruleset, teams and riders.
type Tour struct {
	ID uint `gorm:"primaryKey"`
	// OwnerID is the director the tour belongs to (0: no one's, a database of one director served
	// open or with the PIN).
	OwnerID   uint   `gorm:"not null;default:0;index:idx_tour_owner"`
	Name      string `gorm:"size:80;not null"`
	RulesetID string `gorm:"size:40;not null"`
	// Ruleset is the JSON copy of the ruleset the tour was created with.
	Ruleset string `gorm:"type:text;not null"`
	// Points is the JSON Cycling Party points definition.
	Points        string `gorm:"type:text;not null;default:'{}'"`
	Profile       string `gorm:"size:20"`
	Seed          int64
	RidersPerTeam int
	Advanced      bool
	// Version changes in the same transaction as every change of the tour's results or stages: what
	// is read from memory for a version is what the database holds at that version. A new tour starts
	// at the clock's nanoseconds, so a tour that reuses a deleted tour's id never meets its versions.
	Version int64 `gorm:"not null;default:0"`
	// FollowCode is the short code players follow the tour with (/follow/{code}): 6 characters
	// without ambiguous letters, unique among tours.
	FollowCode string `gorm:"size:6;uniqueIndex:idx_tour_follow_code"`
	// Settings is the JSON of the director's choices for the tour (race.TourSettings).
	Settings string `gorm:"type:text;not null;default:'{}'"`
	// Combined turns on the combined classification (race.TourSettings.Combined, kept out of Settings).
	Combined  bool        `gorm:"not null;default:false"`
	Teams     []TourTeam  `gorm:"constraint:OnDelete:CASCADE"`
	Riders    []TourRider `gorm:"constraint:OnDelete:CASCADE"`
	Stages    []Stage     `gorm:"constraint:OnDelete:CASCADE"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TourTeam is a team copied into a tour; Number gives the bibs (Number×10 + counter).
type TourTeam struct {
	ID           uint   `gorm:"primaryKey"`
	TourID       uint   `gorm:"not null;uniqueIndex:idx_tour_team_number"`
	Number       int    `gorm:"not null;uniqueIndex:idx_tour_team_number"`
	Name         string `gorm:"size:60;not null"`
	Short        string `gorm:"size:4;not null"`
	Color        string `gorm:"size:7;not null"`
	SourceTeamID uint
	// Manager is the name of the player who runs the team in this tour ("" when none is named).
	Manager string `gorm:"size:40;not null;default:''"`
}

// TourRider is a rider copied into a tour, identified by bib within the tour.
type TourRider struct {
	ID         uint   `gorm:"primaryKey"`
	TourID     uint   `gorm:"not null;uniqueIndex:idx_tour_rider_bib"`
	TourTeamID uint   `gorm:"not null;index"`
	Bib        int    `gorm:"not null;uniqueIndex:idx_tour_rider_bib"`
	Name       string `gorm:"size:60;not null"`
	Number     int    `gorm:"not null"`
	Role       string `gorm:"size:40;not null"`
	Attributes string `gorm:"type:text;not null;default:'{}'"`
	// Born is the rider's date of birth, 2003-04-05 ("" when not known).
	Born string `gorm:"size:10;not null;default:''"`
	// SourceRiderID is the rider of the teams database the tour copied (0: none known).
	SourceRiderID uint `gorm:"not null;default:0;index"`
}

// Stage is one stage of a tour: its course (JSON) and state.
type Stage struct {
	ID     uint   `gorm:"primaryKey"`
	TourID uint   `gorm:"not null;uniqueIndex:idx_stage_tour_number"`
	Number int    `gorm:"not null;uniqueIndex:idx_stage_tour_number"`
	Type   string `gorm:"size:20;not null"`
	Length int    `gorm:"not null"`
	State  string `gorm:"size:10;not null"`
	// Course is the JSON of the stage's climbs, sprints, markers, sections and cards.
	Course string `gorm:"type:text;not null"`
	// Version counts changes to the stage's results, refusing stale forms.
	Version   int `gorm:"not null;default:0"`
	ClosedAt  *time.Time
	Entries   []Entry  `gorm:"constraint:OnDelete:CASCADE"`
	Changes   []Change `gorm:"constraint:OnDelete:CASCADE"`
	UpdatedAt time.Time
}

// Entry is one entered result of a stage: a sprint, a climb, the finish, an abandonment,
// an advantage use, fatigue… Kind and Key identify it; Data is its JSON.
type Entry struct {
	ID      uint   `gorm:"primaryKey"`
	StageID uint   `gorm:"not null;uniqueIndex:idx_entry_key"`
	Kind    string `gorm:"size:20;not null;uniqueIndex:idx_entry_key"`
	Key     string `gorm:"size:40;not null;uniqueIndex:idx_entry_key"`
	Seq     int    `gorm:"not null"`
	Data    string `gorm:"type:text;not null"`
}

// Change is one line of a stage's history: what changed, when, and the values before and after.
type Change struct {
	ID      uint `gorm:"primaryKey"`
	StageID uint `gorm:"not null;index"`
	At      time.Time
	Action  string `gorm:"size:20;not null"`
	Kind    string `gorm:"size:20;not null"`
	Key     string `gorm:"size:40;not null"`
	Summary string `gorm:"size:300"`
	// SummaryText is the summary as a sentence any language can say again: its English format and
	// values, JSON ("" for changes kept before, which have only the English summary).
	SummaryText string `gorm:"type:text"`
	// Before and After are the entry's JSON ("" when absent).
	Before string `gorm:"type:text"`
	After  string `gorm:"type:text"`
	Undone bool
	// Who is the change's author as said then (a director's name, or "table (PIN)", "open table",
	// "command line"; "" for changes kept before authors were); WhoKind is the author's kind (Author).
	Who     string `gorm:"size:60;not null;default:''"`
	WhoKind string `gorm:"size:20;not null;default:''"`
}

// All lists every model, in migration order.
func All() []any {
	return []any{&Setting{}, &Team{}, &Rider{}, &Tour{}, &TourTeam{}, &TourRider{}, &Stage{}, &Entry{}, &Change{},
		&Director{}, &Invitation{}, &DirectorSession{}, &TourCodirector{}, &Season{}, &SeasonTour{}, &SeasonCodirector{}, &AuditEntry{}}
}

// Setting is one key/value of the application's own state (for example, that the defaults were loaded).
type Setting struct {
	Key   string `gorm:"primaryKey;size:60"`
	Value string `gorm:"type:text;not null"`
}
