package store

import (
	"fmt"

	"gorm.io/gorm"

	"racedirector/app/refuse"
	"racedirector/app/roster"
	"racedirector/models"
)

// DatabaseBounds are the most teams and riders one teams database may hold: a director's own where
// directors have accounts, the whole database of a single director otherwise. A database at its
// bound refuses a new team or rider (422, naming the bound) until some are deleted.
type DatabaseBounds struct {
	Teams  int
	Riders int
}

// DefaultDatabaseBounds are 600 teams and 5,000 riders a database: the most a roster file holds
// (roster.MaxRows riders) fits in an empty database, nine to a team.
func DefaultDatabaseBounds() DatabaseBounds {
	return DatabaseBounds{Teams: 600, Riders: roster.MaxRows}
}

// bounds are the store's bounds, the defaults where Bounds leaves one unset.
func (s *Store) bounds() DatabaseBounds {
	b, def := s.Bounds, DefaultDatabaseBounds()
	if b.Teams <= 0 {
		b.Teams = def.Teams
	}
	if b.Riders <= 0 {
		b.Riders = def.Riders
	}
	return b
}

// databaseCounts counts, inside tx, the teams and riders of owner's teams database.
func databaseCounts(tx *gorm.DB, owner uint) (teams, riders int, err error) {
	var t, r int64
	if err := tx.Model(&models.Team{}).Where("owner_id = ?", owner).Count(&t).Error; err != nil {
		return 0, 0, fmt.Errorf("store: unable to count teams: %w", err)
	}
	err = tx.Model(&models.Rider{}).Where("team_id IN (?)", tx.Model(&models.Team{}).Select("id").Where("owner_id = ?", owner)).Count(&r).Error
	if err != nil {
		return 0, 0, fmt.Errorf("store: unable to count riders: %w", err)
	}
	return int(t), int(r), nil
}

// roomForTeam refuses, inside tx, a new team of riders riders in owner's database when the database
// holds as many teams as it may, or would hold more riders than it may.
func (s *Store) roomForTeam(tx *gorm.DB, owner uint, riders int) error {
	teams, have, err := databaseCounts(tx, owner)
	if err != nil {
		return err
	}
	b := s.bounds()
	if teams >= b.Teams {
		return refuse.Invalidf("name", "the teams database already holds %d teams, the most it may hold: delete a team to make room for another", b.Teams)
	}
	if have+riders > b.Riders {
		return refuse.Invalidf("riders", "the teams database would hold %d riders, more than the %d it may hold: delete riders to make room", have+riders, b.Riders)
	}
	return nil
}

// roomForRiders refuses, inside tx, riders more riders in owner's database (fewer when negative)
// when it would then hold more than it may; field names the refusal.
func (s *Store) roomForRiders(tx *gorm.DB, owner uint, riders int, field string) error {
	if riders <= 0 {
		return nil
	}
	_, have, err := databaseCounts(tx, owner)
	if err != nil {
		return err
	}
	if b := s.bounds(); have+riders > b.Riders {
		if riders == 1 {
			return refuse.Invalidf(field, "the teams database already holds %d riders, the most it may hold: delete a rider to make room for another", b.Riders)
		}
		return refuse.Invalidf(field, "the teams database would hold %d riders, more than the %d it may hold: delete riders to make room", have+riders, b.Riders)
	}
	return nil
}

// importRoom adds to an import's preview the problem of a file that would take owner's database past
// its bounds: at the row of the first team, and of the first rider, beyond them. teamLines are the
// file rows of the preview's teams (the first row of each).
func (s *Store) importRoom(tx *gorm.DB, owner uint, prev *ImportPreview, teamLines []int) error {
	teams, riders, err := databaseCounts(tx, owner)
	if err != nil {
		return err
	}
	b := s.bounds()
	teamSaid, riderSaid := false, false
	for i, t := range prev.Teams {
		if teams += boolInt(t.Action == "create"); teams > b.Teams && !teamSaid {
			prev.Problems = append(prev.Problems, roster.Problemf(teamLines[i], "team", "team %s would be team %d of the teams database, which may hold at most %d", t.Name, teams, b.Teams))
			teamSaid = true
		}
		for _, r := range t.Riders {
			if riders += boolInt(r.Action == "create"); riders > b.Riders && !riderSaid {
				prev.Problems = append(prev.Problems, roster.Problemf(r.Line, "number", "%s would be rider %d of the teams database, which may hold at most %d", r.Name, riders, b.Riders))
				riderSaid = true
			}
		}
	}
	return nil
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TeamsPage is one page of the scope's teams with their riders, in the order of ListTeams.
type TeamsPage struct {
	Teams []Team
	// Page is the page's number (1-based) and Pages how many there are; Total counts the teams.
	Page, Pages, Total int
}

// TeamsPage returns page page (1-based) of the scope's teams, size a page: a page past the last is
// the last, one before the first the first. It reads without a transaction, as ListTeams does (one
// on SQLite would hold the write lock): a team created meanwhile may be counted and not listed.
func (s *Store) TeamsPage(sc Scope, page, size int) (TeamsPage, error) {
	var out TeamsPage
	var count int64
	if err := sc.where(s.reads.Model(&models.Team{}), "teams").Count(&count).Error; err != nil {
		return out, fmt.Errorf("store: unable to count teams: %w", err)
	}
	out.Total, out.Pages = int(count), max(1, (int(count)+size-1)/size)
	out.Page = min(max(page, 1), out.Pages)
	var rows []models.Team
	err := sc.where(s.reads, "teams").Preload("Riders", ridersOrdered).Order("name_key, owner_id").Offset((out.Page - 1) * size).Limit(size).Find(&rows).Error
	if err != nil {
		return out, fmt.Errorf("store: unable to list teams: %w", err)
	}
	out.Teams = make([]Team, 0, len(rows))
	for _, r := range rows {
		out.Teams = append(out.Teams, s.teamFromRow(r))
	}
	return out, nil
}

// TeamPageOf is the page (1-based, size teams a page) of TeamsPage holding team id; 1 when the team
// is not in the scope.
func (s *Store) TeamPageOf(sc Scope, id uint, size int) (int, error) {
	var row models.Team
	if err := s.reads.Select("id", "owner_id", "name_key").First(&row, id).Error; err != nil || !sc.Sees(row.OwnerID) {
		return 1, nil
	}
	var before int64
	err := sc.where(s.reads.Model(&models.Team{}), "teams").
		Where("name_key < ? OR (name_key = ? AND owner_id < ?)", row.NameKey, row.NameKey, row.OwnerID).Count(&before).Error
	if err != nil {
		return 1, fmt.Errorf("store: unable to place team %d: %w", id, err)
	}
	return int(before)/size + 1, nil
}
