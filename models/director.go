package models

import "time"

// Director is a director's account on a shared database: a name to sign in with, a password kept as
// a slow hash (empty until the director accepts an invitation), and whether the director is an
// administrator, who sees every director's tours and teams and invites directors.
type Director struct {
	ID   uint   `gorm:"primaryKey"`
	Name string `gorm:"size:60;not null"`
	// NameKey is the name in lower case: names are unique whatever their case.
	NameKey string `gorm:"size:60;not null;uniqueIndex:idx_director_name_key"`
	// PasswordHash is the Argon2id hash of the password in its PHC form ("" until one is chosen).
	PasswordHash string `gorm:"size:200;not null;default:''"`
	Admin        bool   `gorm:"not null;default:false"`
	// Official says the account is an official's: they see every tour of the league and change nothing.
	Official bool `gorm:"not null;default:false"`
	// DisabledAt is when an administrator disabled the account (nil: it signs in): a disabled
	// director cannot sign in, their tours stay and stay followable.
	DisabledAt *time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// Invitation lets one director choose a password once, before it expires: the link's token is kept
// only as its SHA-256.
type Invitation struct {
	ID         uint      `gorm:"primaryKey"`
	DirectorID uint      `gorm:"not null;index:idx_invitation_director"`
	TokenHash  string    `gorm:"size:64;not null;uniqueIndex:idx_invitation_token"`
	ExpiresAt  time.Time `gorm:"not null"`
	// UsedAt is when the password was chosen with it (nil: not used yet).
	UsedAt *time.Time
	// Reset says the invitation replaces a password the director had (a reset link).
	Reset     bool `gorm:"not null;default:false"`
	CreatedAt time.Time
}

// DirectorSession is a director signed in on one device: the token the device sends is kept only
// as its SHA-256, so that every instance of the app on the database knows the session.
type DirectorSession struct {
	TokenHash  string    `gorm:"primaryKey;size:64"`
	DirectorID uint      `gorm:"not null;index:idx_session_director"`
	ExpiresAt  time.Time `gorm:"not null;index:idx_session_expires"`
	CreatedAt  time.Time
	// LastSeenAt is when the session was last used (to the minute), UserAgent and Address the
	// browser or program and the client address it was last used from.
	LastSeenAt *time.Time
	UserAgent  string `gorm:"size:200;not null;default:''"`
	Address    string `gorm:"size:64;not null;default:''"`
}
