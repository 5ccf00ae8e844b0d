package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
	"racedirector/models"
)

// Team is a database team with its riders, as pages and the API show it.
type Team struct {
	ID     uint    `json:"id"`
	Name   string  `json:"name"`
	Short  string  `json:"short"`
	Color  string  `json:"color"`
	Riders []Rider `json:"riders"`
	// OwnerID is the director whose database the team is in (0: no one's).
	OwnerID uint `json:"-"`
}

// Rider is a database rider, as pages and the API show it: his role in each game (Games) and, for
// clients of the older single-role shape, Role and Attributes of his first game (the default game
// when he has a role there).
type Rider struct {
	ID         uint           `json:"id"`
	TeamID     uint           `json:"team_id"`
	Name       string         `json:"name"`
	Number     int            `json:"number"`
	Role       string         `json:"role"`
	Attributes map[string]int `json:"attributes"`
	Games      Games          `json:"games"`
	// Born is the rider's date of birth, 2003-04-05 ("" when not known).
	Born string `json:"born,omitempty"`
}

// Game is the rider's role in one game (empty when he has none there).
func (r Rider) Game(id string) GameRole { return r.Games[id] }

func (s *Store) teamFromRow(row models.Team) Team {
	t := Team{ID: row.ID, Name: row.Name, Short: row.Short, Color: row.Color, Riders: []Rider{}, OwnerID: row.OwnerID}
	for _, r := range row.Riders {
		t.Riders = append(t.Riders, s.riderFromRow(r))
	}
	return t
}

func (s *Store) riderFromRow(r models.Rider) Rider {
	games := gamesFromJSON(r.Games)
	out := Rider{ID: r.ID, TeamID: r.TeamID, Name: r.Name, Number: r.Number, Games: games, Attributes: map[string]int{}, Born: r.Born}
	if first, ok := games[s.primaryGame(games)]; ok {
		out.Role = first.Role
		maps.Copy(out.Attributes, first.Attributes)
	}
	return out
}

// oldGames are the games of a team's riders, by counter number.
func oldGames(riders []models.Rider) map[int]Games {
	out := map[int]Games{}
	for _, r := range riders {
		out[r.Number] = gamesFromJSON(r.Games)
	}
	return out
}

func attributesJSON(a map[string]int) string {
	if len(a) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(a)
	return string(b)
}

func ridersOrdered(db *gorm.DB) *gorm.DB { return db.Order("number") }

// ListTeams returns every team of the scope with its riders, by name.
func (s *Store) ListTeams(sc Scope) ([]Team, error) { return s.listTeamsTx(s.reads, sc) }

func (s *Store) listTeamsTx(db *gorm.DB, sc Scope) ([]Team, error) {
	var rows []models.Team
	if err := sc.where(db, "teams").Preload("Riders", ridersOrdered).Order("name_key, owner_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list teams: %w", err)
	}
	out := make([]Team, 0, len(rows))
	for _, r := range rows {
		out = append(out, s.teamFromRow(r))
	}
	return out, nil
}

// GetTeam returns one team of the scope with its riders (another director's is not found).
func (s *Store) GetTeam(sc Scope, id uint) (Team, error) {
	row, err := getTeamRow(s.reads, sc, id)
	if err != nil {
		return Team{}, err
	}
	return s.teamFromRow(row), nil
}

// getTeamRow reads a team of the scope with its riders: one the scope does not see is not found, as
// one that does not exist.
func getTeamRow(db *gorm.DB, sc Scope, id uint) (models.Team, error) {
	var row models.Team
	err := db.Preload("Riders", ridersOrdered).First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && !sc.Sees(row.OwnerID) {
		return models.Team{}, notFound("team %d", id)
	}
	if err != nil {
		return row, fmt.Errorf("store: unable to fetch team %d: %w", id, err)
	}
	return row, nil
}

// checkTeamNameFree refuses a name another team of the owner's database already has (case-insensitive).
func checkTeamNameFree(db *gorm.DB, owner uint, name string, except uint) error {
	var count int64
	if err := db.Model(&models.Team{}).Where("owner_id = ? AND name_key = ? AND id <> ?", owner, strings.ToLower(name), except).Count(&count).Error; err != nil {
		return fmt.Errorf("store: unable to check team names: %w", err)
	}
	if count > 0 {
		return refuse.Invalidf("name", "a team called %q already exists", name)
	}
	return nil
}

// CreateTeam validates and stores a new team (with its riders, if given) in the scope's own database.
func (s *Store) CreateTeam(sc Scope, in TeamInput) (Team, error) {
	in, v := s.checkTeam(normalizeTeam(in), nil)
	if err := v.Err(); err != nil {
		return Team{}, err
	}
	var id uint
	err := s.write(func(tx *gorm.DB) error {
		if err := s.roomForTeam(tx, sc.Owner(), len(in.Riders)); err != nil {
			return err
		}
		var err error
		if id, err = createTeamTx(tx, sc.Owner(), in); err != nil {
			return err
		}
		return recordTeamChange(tx, id, "team.create", i18n.Textf("team %s created with %s", in.Name, ridersText(len(in.Riders))))
	})
	if err != nil {
		return Team{}, err
	}
	return s.GetTeam(sc, id)
}

// createTeamTx stores a checked team (see checkTeam) in owner's database.
func createTeamTx(tx *gorm.DB, owner uint, in TeamInput) (uint, error) {
	if err := checkTeamNameFree(tx, owner, in.Name, 0); err != nil {
		return 0, err
	}
	row := models.Team{OwnerID: owner, Name: in.Name, NameKey: strings.ToLower(in.Name), Short: in.Short, Color: in.Color}
	if err := tx.Create(&row).Error; err != nil {
		return 0, fmt.Errorf("store: unable to create team: %w", err)
	}
	for _, r := range in.Riders {
		rr := models.Rider{TeamID: row.ID, Name: r.Name, Number: r.Number, Games: gamesJSON(r.Games), Born: r.Born}
		if err := tx.Create(&rr).Error; err != nil {
			return 0, fmt.Errorf("store: unable to create rider: %w", err)
		}
	}
	return row.ID, nil
}

// UpdateTeam validates and changes a team; riders, when given, replace the team's riders
// (matched by counter number, so unchanged riders keep their ids).
func (s *Store) UpdateTeam(sc Scope, id uint, in TeamInput) (Team, error) {
	in = normalizeTeam(in)
	err := s.write(func(tx *gorm.DB) error {
		row, err := getTeamRow(tx, sc, id)
		var nf *NotFoundError
		if errors.As(err, &nf) {
			if _, v := s.checkTeam(in, nil); v.Err() != nil {
				return v // a bad body is refused as such, even for an unknown team
			}
		}
		if err != nil {
			return err
		}
		checked, v := s.checkTeam(in, oldGames(row.Riders))
		if err := v.Err(); err != nil {
			return err
		}
		if checked.Riders != nil {
			if err := s.roomForRiders(tx, row.OwnerID, len(checked.Riders)-len(row.Riders), "riders"); err != nil {
				return err
			}
		}
		if err := updateTeamTx(tx, row, checked); err != nil {
			return err
		}
		said := i18n.Textf("team %s edited", checked.Name)
		if row.Name != checked.Name {
			said = i18n.Textf("team %s edited: now called %s", row.Name, checked.Name)
		}
		return recordTeamChange(tx, id, "team.edit", said)
	})
	if err != nil {
		return Team{}, err
	}
	return s.GetTeam(sc, id)
}

// updateTeamTx stores a checked team (see checkTeam) over its row.
func updateTeamTx(tx *gorm.DB, row models.Team, in TeamInput) error {
	if err := checkTeamNameFree(tx, row.OwnerID, in.Name, row.ID); err != nil {
		return err
	}
	row.Name, row.NameKey, row.Short, row.Color = in.Name, strings.ToLower(in.Name), in.Short, in.Color
	if err := tx.Model(&row).Select("name", "name_key", "short", "color").Updates(&row).Error; err != nil {
		return fmt.Errorf("store: unable to update team: %w", err)
	}
	if in.Riders == nil {
		return nil
	}
	byNumber := map[int]models.Rider{}
	for _, r := range row.Riders {
		byNumber[r.Number] = r
	}
	keep := map[uint]bool{}
	for _, r := range in.Riders {
		if old, ok := byNumber[r.Number]; ok {
			keep[old.ID] = true
			old.Name, old.Games, old.Born = r.Name, gamesJSON(r.Games), r.Born
			if err := tx.Model(&old).Select("name", "games", "born").Updates(&old).Error; err != nil {
				return fmt.Errorf("store: unable to update rider: %w", err)
			}
			continue
		}
		rr := models.Rider{TeamID: row.ID, Name: r.Name, Number: r.Number, Games: gamesJSON(r.Games), Born: r.Born}
		if err := tx.Create(&rr).Error; err != nil {
			return fmt.Errorf("store: unable to create rider: %w", err)
		}
		keep[rr.ID] = true
	}
	for _, r := range row.Riders {
		if !keep[r.ID] {
			if err := tx.Delete(&models.Rider{}, r.ID).Error; err != nil {
				return fmt.Errorf("store: unable to delete rider: %w", err)
			}
		}
	}
	return nil
}

// DeleteTeam removes a team of the scope and its riders; tours keep their copies.
func (s *Store) DeleteTeam(sc Scope, id uint) error {
	return s.write(func(tx *gorm.DB) error {
		row, err := getTeamRow(tx, sc, id)
		if err != nil {
			return err
		}
		if err := recordTeamChange(tx, id, "team.delete", i18n.Textf("team %s deleted with %s", row.Name, ridersText(len(row.Riders)))); err != nil {
			return err
		}
		if err := tx.Where("team_id = ?", id).Delete(&models.Rider{}).Error; err != nil {
			return fmt.Errorf("store: unable to delete riders of team %d: %w", id, err)
		}
		if err := tx.Delete(&models.Team{}, id).Error; err != nil {
			return fmt.Errorf("store: unable to delete team %d: %w", id, err)
		}
		return nil
	})
}

// ListRiders returns the riders of the scope's teams, of one team when teamID is not 0, by team and number.
func (s *Store) ListRiders(sc Scope, teamID uint) ([]Rider, error) {
	q := s.reads.Model(&models.Rider{}).Order("team_id, number")
	if teamID != 0 {
		if _, err := getTeamRow(s.reads, sc, teamID); err != nil {
			return nil, err
		}
		q = q.Where("team_id = ?", teamID)
	} else if !sc.All() {
		q = q.Where("team_id IN (?)", sc.where(s.reads.Model(&models.Team{}), "teams").Select("id"))
	}
	var rows []models.Rider
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list riders: %w", err)
	}
	out := make([]Rider, 0, len(rows))
	for _, r := range rows {
		out = append(out, s.riderFromRow(r))
	}
	return out, nil
}

// GetRider returns one rider of the scope's teams.
func (s *Store) GetRider(sc Scope, id uint) (Rider, error) {
	row, err := getRiderRow(s.reads, sc, id)
	if err != nil {
		return Rider{}, err
	}
	return s.riderFromRow(row), nil
}

// getRiderRow reads a rider of the scope's teams: one in a team the scope does not see is not
// found, as one that does not exist.
func getRiderRow(db *gorm.DB, sc Scope, id uint) (models.Rider, error) {
	var row models.Rider
	err := db.First(&row, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return row, notFound("rider %d", id)
	}
	if err != nil {
		return row, fmt.Errorf("store: unable to fetch rider %d: %w", id, err)
	}
	if !sc.All() {
		var team models.Team
		err := db.Select("id, owner_id").Where("id = ?", row.TeamID).Take(&team).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || err == nil && !sc.Sees(team.OwnerID) {
			return models.Rider{}, notFound("rider %d", id)
		}
		if err != nil {
			return row, fmt.Errorf("store: unable to fetch the team of rider %d: %w", id, err)
		}
	}
	return row, nil
}

// checkRider checks a rider and that its team exists in the scope and its number is free there; old
// are the games he has now (nil for a new rider). It returns the rider as it is to be stored (see
// checkRiderFields).
func (s *Store) checkRider(tx *gorm.DB, sc Scope, in RiderInput, except uint, old Games) (RiderInput, error) {
	v := &refuse.ValidationError{}
	in = s.checkRiderFields(v, "", in, old)
	if in.TeamID == 0 {
		v.Add("team_id", "is required")
	} else if _, err := getTeamRow(tx, sc, in.TeamID); err != nil {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			v.Addf("team_id", "no team with id %d", in.TeamID)
		} else {
			return in, err
		}
	}
	if err := v.Err(); err != nil {
		return in, err
	}
	var count int64
	if err := tx.Model(&models.Rider{}).Where("team_id = ? AND number = ? AND id <> ?", in.TeamID, in.Number, except).Count(&count).Error; err != nil {
		return in, fmt.Errorf("store: unable to check rider numbers: %w", err)
	}
	if count > 0 {
		return in, refuse.Invalidf("number", "number %d is already used in this team", in.Number)
	}
	var riders int64
	if err := tx.Model(&models.Rider{}).Where("team_id = ? AND id <> ?", in.TeamID, except).Count(&riders).Error; err != nil {
		return in, fmt.Errorf("store: unable to count riders: %w", err)
	}
	if riders >= 9 {
		return in, refuse.Invalid("team_id", "this team already has 9 riders, the most a team can have")
	}
	return in, nil
}

// CreateRider validates and stores a new rider in a team of the scope.
func (s *Store) CreateRider(sc Scope, in RiderInput) (Rider, error) {
	in = normalizeRider(in)
	var id uint
	err := s.write(func(tx *gorm.DB) error {
		in, err := s.checkRider(tx, sc, in, 0, nil)
		if err != nil {
			return err
		}
		team, err := getTeamRow(tx, sc, in.TeamID)
		if err != nil {
			return err
		}
		if err := s.roomForRiders(tx, team.OwnerID, 1, "team_id"); err != nil {
			return err
		}
		row := models.Rider{TeamID: in.TeamID, Name: in.Name, Number: in.Number, Games: gamesJSON(in.Games), Born: in.Born}
		if err := tx.Create(&row).Error; err != nil {
			return fmt.Errorf("store: unable to create rider: %w", err)
		}
		id = row.ID
		return recordTeamChange(tx, team.ID, "rider.create", i18n.Textf("rider %s added to team %s", in.Name, team.Name))
	})
	if err != nil {
		return Rider{}, err
	}
	return s.GetRider(sc, id)
}

// UpdateRider validates and changes a rider of the scope (it may move to another team of the scope).
func (s *Store) UpdateRider(sc Scope, id uint, in RiderInput) (Rider, error) {
	in = normalizeRider(in)
	err := s.write(func(tx *gorm.DB) error {
		row, err := getRiderRow(tx, sc, id)
		if err != nil {
			return err
		}
		was := row.Name
		if in.TeamID == 0 {
			in.TeamID = row.TeamID
		}
		in, err := s.checkRider(tx, sc, in, id, gamesFromJSON(row.Games))
		if err != nil {
			return err
		}
		row.TeamID, row.Name, row.Number, row.Games, row.Born = in.TeamID, in.Name, in.Number, gamesJSON(in.Games), in.Born
		if err := tx.Model(&row).Select("team_id", "name", "number", "games", "born").Updates(&row).Error; err != nil {
			return fmt.Errorf("store: unable to update rider: %w", err)
		}
		said := i18n.Textf("rider %s edited", in.Name)
		if was != in.Name {
			said = i18n.Textf("rider %s edited: now called %s", was, in.Name)
		}
		return recordTeamChange(tx, row.TeamID, "rider.edit", said)
	})
	if err != nil {
		return Rider{}, err
	}
	return s.GetRider(sc, id)
}

// DeleteRider removes a rider of the scope from the database; tours keep their copies.
func (s *Store) DeleteRider(sc Scope, id uint) error {
	return s.write(func(tx *gorm.DB) error {
		row, err := getRiderRow(tx, sc, id)
		if err != nil {
			return err
		}
		if err := recordTeamChange(tx, row.TeamID, "rider.delete", i18n.Textf("rider %s deleted", row.Name)); err != nil {
			return err
		}
		if err := tx.Delete(&models.Rider{}, id).Error; err != nil {
			return fmt.Errorf("store: unable to delete rider %d: %w", id, err)
		}
		return nil
	})
}
