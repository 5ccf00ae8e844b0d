package store

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
	"racedirector/models"
)

// MaxDirectorName is the longest a director's name may be, in characters.
const MaxDirectorName = race.MaxDirectorNameLength

// accountsStartedKey is the setting the first account writes: two first administrators created at
// once on a shared database cannot both be the first.
const accountsStartedKey = "accounts_started"

// DirectorAccount is a director's account as signing in needs it.
type DirectorAccount struct {
	ID    uint
	Name  string
	Admin bool
	// Official says the account is an official's: every tour seen, none changed.
	Official bool
	// PasswordHash is the stored hash ("" until the director chose a password).
	PasswordHash string
	// Disabled says an administrator disabled the account: it does not sign in.
	Disabled bool
}

// DirectorLine is one director in the administrator's list.
type DirectorLine struct {
	ID    uint   `json:"id"`
	Name  string `json:"name"`
	Admin bool   `json:"admin"`
	// Official says the account is an official's; Role names the account's role (RoleOf).
	Official bool   `json:"official"`
	Role     string `json:"role"`
	// Active says the director has chosen a password and may sign in.
	Active bool `json:"active"`
	// Disabled says an administrator disabled the account (since DisabledAt): it does not sign in.
	Disabled   bool       `json:"disabled"`
	DisabledAt *time.Time `json:"disabled_at,omitempty"`
	// InvitationExpiresAt is when the director's invitation not used yet ends (nil: none waiting);
	// InvitationExpired says it has ended.
	InvitationExpiresAt *time.Time `json:"invitation_expires_at,omitempty"`
	InvitationExpired   bool       `json:"invitation_expired,omitempty"`
	// InvitationReset says the invitation waiting is a reset link: the director's password ended with it.
	InvitationReset bool `json:"invitation_reset,omitempty"`
	// Tours and Teams count what the director owns.
	Tours     int       `json:"tours"`
	Teams     int       `json:"teams"`
	CreatedAt time.Time `json:"created_at"`
}

// NewDirector is an account to create: its name, whether it is an administrator, its password hash
// ("" for one invited, who chooses it through the invitation) and the teams its database starts
// with (the default teams).
type NewDirector struct {
	Name         string
	Admin        bool
	PasswordHash string
	// Official makes the account an official's (not with Admin): every tour seen, none changed, no teams.
	Official bool
	Teams    []TeamInput
	// FirstOnly refuses the account unless it is the database's first (the first-run setup).
	FirstOnly bool
	// InvitationHash, when not "", keeps an invitation (its token's hash) ending at InvitationExpires.
	InvitationHash    string
	InvitationExpires time.Time
}

// InvitationView is what the invitation page shows: whose it is and until when it works.
type InvitationView struct {
	Director  string
	ExpiresAt time.Time
	// Reset says the director had a password already: the invitation chooses a new one.
	Reset bool
}

// InvitationError is an invitation that no longer works: used already, or expired.
type InvitationError struct {
	Used bool
}

// Error says which, and what to do.
func (e *InvitationError) Error() string { return e.Said().String() }

// Said is the refusal as a sentence to translate.
func (e *InvitationError) Said() i18n.Text {
	if e.Used {
		return i18n.Textf("this invitation has been used already: sign in with the password chosen then, or ask an administrator for a new invitation")
	}
	return i18n.Textf("this invitation has expired: ask an administrator for a new one")
}

// CheckDirectorName returns the name as it is kept (spaces around it dropped) or why it is refused.
func CheckDirectorName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", refuse.Invalid("name", "is required: the director's name, as they will type it to sign in")
	case !utf8.ValidString(name) || strings.IndexFunc(name, func(r rune) bool { return unicode.IsControl(r) || !unicode.IsPrint(r) && r != ' ' }) >= 0:
		return "", refuse.Invalid("name", "must be letters, digits, spaces and punctuation only")
	case utf8.RuneCountInString(name) > MaxDirectorName:
		return "", refuse.Invalidf("name", "must be at most %d characters", MaxDirectorName)
	}
	return name, nil
}

// AnyDirector says whether the database has an account: from then on, directors sign in with their
// name and password.
func (s *Store) AnyDirector() (bool, error) {
	var ids []uint
	if err := s.reads.Model(&models.Director{}).Limit(1).Pluck("id", &ids).Error; err != nil {
		return false, fmt.Errorf("store: unable to look for directors' accounts: %w", err)
	}
	return len(ids) > 0, nil
}

// CreateDirector creates an account. The first account of a database is an administrator and
// becomes the owner of every tour and team that had none (a single director's database, now shared);
// any later one gets its own copy of the default teams (in.Teams), to edit as it likes.
func (s *Store) CreateDirector(in NewDirector) (DirectorLine, error) {
	name, err := CheckDirectorName(in.Name)
	if err != nil {
		return DirectorLine{}, err
	}
	var id uint
	err = s.write(func(tx *gorm.DB) error {
		if err := directorNameFree(tx, name); err != nil {
			return err
		}
		var count int64
		if err := tx.Model(&models.Director{}).Count(&count).Error; err != nil {
			return fmt.Errorf("store: unable to count the directors: %w", err)
		}
		first := count == 0
		if in.FirstOnly && !first {
			return refuse.Conflict("this table has directors' accounts already: sign in, or ask an administrator for an invitation")
		}
		row := models.Director{Name: name, NameKey: strings.ToLower(name), PasswordHash: in.PasswordHash, Admin: in.Admin || first, Official: in.Official && !in.Admin && !first}
		if err := tx.Create(&row).Error; errors.Is(err, gorm.ErrDuplicatedKey) {
			return refuse.Invalidf("name", "a director called %q already exists", name) // made at the same moment
		} else if err != nil {
			return fmt.Errorf("store: unable to create the director: %w", err)
		}
		id = row.ID
		if err := recordChange(tx, auditNote{action: "director.create", owner: row.ID, text: accountCreatedText(name, row.Admin, row.Official)}); err != nil {
			return err
		}
		if in.InvitationHash != "" {
			inv := models.Invitation{DirectorID: row.ID, TokenHash: in.InvitationHash, ExpiresAt: in.InvitationExpires.UTC()}
			if err := tx.Create(&inv).Error; err != nil {
				return fmt.Errorf("store: unable to keep the invitation: %w", err)
			}
		}
		if first {
			return adoptOwnerless(tx, row.ID)
		}
		if row.Official {
			return nil // an official changes nothing: no teams of their own
		}
		for i, t := range in.Teams {
			t, v := s.checkTeam(normalizeTeam(t), nil)
			if v.Err() != nil {
				return fmt.Errorf("store: default team %d (%s): %w", i+1, t.Name, v)
			}
			if _, err := createTeamTx(tx, row.ID, t); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return DirectorLine{}, err
	}
	return s.Director(id, time.Now())
}

// directorNameFree refuses a name another account has (whatever its case).
func directorNameFree(tx *gorm.DB, name string) error {
	var count int64
	if err := tx.Model(&models.Director{}).Where("name_key = ?", strings.ToLower(name)).Count(&count).Error; err != nil {
		return fmt.Errorf("store: unable to check the directors' names: %w", err)
	}
	if count > 0 {
		return refuse.Invalidf("name", "a director called %q already exists", name)
	}
	return nil
}

// adoptOwnerless gives the first administrator every tour and team that had no owner, and marks
// that accounts have started (a second first administrator created at the same moment fails).
func adoptOwnerless(tx *gorm.DB, director uint) error {
	if err := tx.Create(&models.Setting{Key: accountsStartedKey, Value: fmt.Sprint(director)}).Error; err != nil {
		return refuse.Conflict("another administrator was created at the same moment: sign in as that one")
	}
	for _, m := range []any{&models.Tour{}, &models.Team{}} {
		if err := tx.Model(m).Where("owner_id = ?", 0).Update("owner_id", director).Error; err != nil {
			return fmt.Errorf("store: unable to give the first administrator the tours and teams: %w", err)
		}
	}
	return nil
}

// DirectorNamed returns the account of name (any case), a NotFoundError for none.
func (s *Store) DirectorNamed(name string) (DirectorAccount, error) {
	var row models.Director
	err := s.reads.Where("name_key = ?", strings.ToLower(strings.TrimSpace(name))).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DirectorAccount{}, notFound("director %q", strings.TrimSpace(name))
	}
	if err != nil {
		return DirectorAccount{}, fmt.Errorf("store: unable to read the director's account: %w", err)
	}
	return DirectorAccount{ID: row.ID, Name: row.Name, Admin: row.Admin, Official: row.Official, PasswordHash: row.PasswordHash, Disabled: row.DisabledAt != nil}, nil
}

// Directors lists every account by name, with what each owns and its invitation waiting at now.
func (s *Store) Directors(now time.Time) ([]DirectorLine, error) {
	return s.directorLines(s.reads.Order("name_key"), now)
}

// Director returns one account's line at now.
func (s *Store) Director(id uint, now time.Time) (DirectorLine, error) {
	lines, err := s.directorLines(s.reads.Where("id = ?", id), now)
	if err != nil {
		return DirectorLine{}, err
	}
	if len(lines) == 0 {
		return DirectorLine{}, notFound("director %d", id)
	}
	return lines[0], nil
}

// directorLines reads the accounts the query selects, with their counts and invitations.
func (s *Store) directorLines(q *gorm.DB, now time.Time) ([]DirectorLine, error) {
	var rows []models.Director
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list the directors: %w", err)
	}
	counts := func(model any) (map[uint]int, error) {
		var cs []struct {
			OwnerID uint
			N       int
		}
		if err := s.reads.Model(model).Select("owner_id, COUNT(*) AS n").Group("owner_id").Scan(&cs).Error; err != nil {
			return nil, fmt.Errorf("store: unable to count what the directors own: %w", err)
		}
		out := map[uint]int{}
		for _, c := range cs {
			out[c.OwnerID] = c.N
		}
		return out, nil
	}
	tours, err := counts(&models.Tour{})
	if err != nil {
		return nil, err
	}
	teams, err := counts(&models.Team{})
	if err != nil {
		return nil, err
	}
	var invs []models.Invitation
	if err := s.reads.Where("used_at IS NULL").Find(&invs).Error; err != nil {
		return nil, fmt.Errorf("store: unable to read the invitations: %w", err)
	}
	waiting, reset := map[uint]time.Time{}, map[uint]bool{}
	for _, inv := range invs {
		if inv.ExpiresAt.After(waiting[inv.DirectorID]) {
			waiting[inv.DirectorID], reset[inv.DirectorID] = inv.ExpiresAt, inv.Reset
		}
	}
	out := make([]DirectorLine, 0, len(rows))
	for _, r := range rows {
		l := DirectorLine{ID: r.ID, Name: r.Name, Admin: r.Admin, Official: r.Official, Role: RoleOf(r.Admin, r.Official), Active: r.PasswordHash != "", Tours: tours[r.ID], Teams: teams[r.ID], CreatedAt: r.CreatedAt}
		if r.DisabledAt != nil {
			at := r.DisabledAt.UTC()
			l.Disabled, l.DisabledAt = true, &at
		}
		if at, ok := waiting[r.ID]; ok {
			at := at.UTC()
			l.InvitationExpiresAt, l.InvitationExpired, l.InvitationReset = &at, !now.Before(at), reset[r.ID]
		}
		out = append(out, l)
	}
	return out, nil
}
