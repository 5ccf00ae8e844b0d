package store

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gorm.io/gorm"

	"racedirector/app/i18n"

	"racedirector/models"
)

// maxSessionsPerDirector bounds one director's devices signed in: past it, the oldest session ends.
const maxSessionsPerDirector = 50

// StartSession keeps a director's session (its token's hash) until expires, forgetting the sessions
// ended at now and the director's oldest past maxSessionsPerDirector.
func (s *Store) StartSession(director uint, tokenHash string, expires, now time.Time) error {
	return s.bookkeeping(func(tx *gorm.DB) error {
		if err := tx.Where("expires_at <= ?", now.UTC()).Delete(&models.DirectorSession{}).Error; err != nil {
			return fmt.Errorf("store: unable to forget the ended sessions: %w", err)
		}
		var old []string
		if err := tx.Model(&models.DirectorSession{}).Where("director_id = ?", director).Order("expires_at DESC").
			Offset(maxSessionsPerDirector-1).Pluck("token_hash", &old).Error; err != nil {
			return fmt.Errorf("store: unable to count the director's sessions: %w", err)
		}
		if len(old) > 0 {
			if err := tx.Where("token_hash IN ?", old).Delete(&models.DirectorSession{}).Error; err != nil {
				return fmt.Errorf("store: unable to end the oldest sessions: %w", err)
			}
		}
		row := models.DirectorSession{TokenHash: tokenHash, DirectorID: director, ExpiresAt: expires.UTC(), CreatedAt: now.UTC()}
		if err := tx.Create(&row).Error; err != nil {
			return fmt.Errorf("store: unable to keep the session: %w", err)
		}
		return nil
	})
}

// SessionSeen is where a session is used from: the browser or program (its User-Agent) and the
// client address, kept for its director to recognise their devices.
type SessionSeen struct {
	UserAgent, Address string
}

// seenEvery is how often a session's last use is written: a request within it of the last one
// written writes nothing.
const seenEvery = time.Minute

// SessionDirector returns the account of the session whose token hashes to tokenHash, when it has
// not ended at now and its account is not disabled (ok false otherwise), and notes that the session
// was used at now from seen (at most once every seenEvery, or when it is used from elsewhere).
func (s *Store) SessionDirector(tokenHash string, now time.Time, seen SessionSeen) (DirectorAccount, bool, error) {
	var ses models.DirectorSession
	err := s.reads.Where("token_hash = ?", tokenHash).Take(&ses).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DirectorAccount{}, false, nil
	}
	if err != nil {
		return DirectorAccount{}, false, fmt.Errorf("store: unable to read the session: %w", err)
	}
	if !now.Before(ses.ExpiresAt) {
		return DirectorAccount{}, false, nil
	}
	var d models.Director
	err = s.reads.Where("id = ?", ses.DirectorID).Take(&d).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return DirectorAccount{}, false, nil
	}
	if err != nil {
		return DirectorAccount{}, false, fmt.Errorf("store: unable to read the session's director: %w", err)
	}
	if d.DisabledAt != nil {
		return DirectorAccount{}, false, nil
	}
	seen.UserAgent, seen.Address = clipText(seen.UserAgent, 200), clipText(seen.Address, 64)
	if ses.LastSeenAt == nil || now.Sub(*ses.LastSeenAt) >= seenEvery || ses.UserAgent != seen.UserAgent || ses.Address != seen.Address {
		at := now.UTC()
		err := s.db.Model(&models.DirectorSession{}).Where("token_hash = ?", tokenHash).
			Updates(map[string]any{"last_seen_at": &at, "user_agent": seen.UserAgent, "address": seen.Address}).Error
		if err != nil {
			return DirectorAccount{}, false, fmt.Errorf("store: unable to note the session's use: %w", err)
		}
	}
	return DirectorAccount{ID: d.ID, Name: d.Name, Admin: d.Admin, Official: d.Official}, true, nil
}

// clipText is text made valid UTF-8 without control characters, cut to max characters: what a
// client sends of itself is kept as a hint, never refused.
func clipText(text string, max int) string {
	text = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(text, ""))
	if r := []rune(text); len(r) > max {
		text = string(r[:max])
	}
	return text
}

// SessionLine is one of a director's sessions, as they see it: ID names it (the first 16 hex
// characters of its token's hash: nothing of the token), This marks the one asking.
type SessionLine struct {
	ID         string     `json:"id"`
	CreatedAt  time.Time  `json:"created_at"`
	LastSeenAt *time.Time `json:"last_seen_at,omitempty"`
	ExpiresAt  time.Time  `json:"expires_at"`
	UserAgent  string     `json:"user_agent"`
	Address    string     `json:"address"`
	This       bool       `json:"this"`
}

// sessionIDLen is how many hex characters of a token's hash name a session.
const sessionIDLen = 16

// SessionID is the id of the session whose token hashes to tokenHash.
func SessionID(tokenHash string) string {
	if len(tokenHash) < sessionIDLen {
		return tokenHash
	}
	return tokenHash[:sessionIDLen]
}

// DirectorSessions lists the director's sessions that have not ended at now, the last used first;
// this is the token hash of the session asking (marked This).
func (s *Store) DirectorSessions(director uint, this string, now time.Time) ([]SessionLine, error) {
	var rows []models.DirectorSession
	if err := s.reads.Where("director_id = ? AND expires_at > ?", director, now.UTC()).Order("created_at DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("store: unable to list the sessions: %w", err)
	}
	out := make([]SessionLine, 0, len(rows))
	for _, r := range rows {
		l := SessionLine{ID: SessionID(r.TokenHash), CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(), UserAgent: r.UserAgent, Address: r.Address, This: r.TokenHash == this}
		if r.LastSeenAt != nil {
			at := r.LastSeenAt.UTC()
			l.LastSeenAt = &at
		}
		out = append(out, l)
	}
	sort.SliceStable(out, func(i, j int) bool { return lastUse(out[i]).After(lastUse(out[j])) })
	return out, nil
}

// lastUse is when a session was last used (its start when it has not been since).
func lastUse(l SessionLine) time.Time {
	if l.LastSeenAt != nil {
		return *l.LastSeenAt
	}
	return l.CreatedAt
}

// EndDirectorSession ends the director's session named id (SessionLine.ID): a NotFoundError for
// none of theirs (another director's is not told apart from none).
func (s *Store) EndDirectorSession(director uint, id string) error {
	return s.write(func(tx *gorm.DB) error {
		var hashes []string
		if err := tx.Model(&models.DirectorSession{}).Where("director_id = ?", director).Pluck("token_hash", &hashes).Error; err != nil {
			return fmt.Errorf("store: unable to read the sessions: %w", err)
		}
		for _, h := range hashes {
			if len(id) == sessionIDLen && SessionID(h) == id {
				if err := tx.Where("token_hash = ?", h).Delete(&models.DirectorSession{}).Error; err != nil {
					return fmt.Errorf("store: unable to end the session: %w", err)
				}
				return recordChange(tx, auditNote{action: "account.session", owner: director, text: i18n.Textf("a session of %s ended", directorNameIn(tx, director))})
			}
		}
		return notFound("session %q", clipText(id, sessionIDLen+4))
	})
}

// ChangePassword sets the director's new password (its hash) and ends their other sessions, the
// one whose token hashes to keep staying: one transaction.
func (s *Store) ChangePassword(director uint, keep, passwordHash string) error {
	return s.write(func(tx *gorm.DB) error {
		res := tx.Model(&models.Director{}).Where("id = ? AND disabled_at IS NULL", director).Update("password_hash", passwordHash)
		if res.Error != nil {
			return fmt.Errorf("store: unable to set the password: %w", res.Error)
		}
		if res.RowsAffected != 1 {
			return notFound("director %d", director)
		}
		if err := tx.Where("director_id = ? AND token_hash <> ?", director, keep).Delete(&models.DirectorSession{}).Error; err != nil {
			return fmt.Errorf("store: unable to end the other sessions: %w", err)
		}
		return recordChange(tx, auditNote{action: "account.password", owner: director, text: i18n.Textf("%s changed their password; their other sessions ended", directorNameIn(tx, director))})
	})
}

// EndSession forgets the session whose token hashes to tokenHash.
func (s *Store) EndSession(tokenHash string) error {
	if err := s.db.Where("token_hash = ?", tokenHash).Delete(&models.DirectorSession{}).Error; err != nil {
		return fmt.Errorf("store: unable to end the session: %w", err)
	}
	return nil
}
