package store

import "gorm.io/gorm"

// Scope is whose tours and teams a request may see and change: every one (a table served open or
// with the director's PIN, and an administrator), one director's own, or none (no one signed in).
// Things are created in the scope's own database (Owner). The zero Scope sees nothing.
type Scope struct {
	owner uint
	all   bool
	some  bool
}

// Everything is the scope of a database of one director (open or with the PIN): every tour and team.
func Everything() Scope { return Scope{all: true, some: true} }

// DirectorScope is a director's scope: the tours and teams they own.
func DirectorScope(director uint) Scope { return Scope{owner: director, some: director != 0} }

// AdminScope is an administrator's scope: every tour and team, their own database for what they create.
func AdminScope(director uint) Scope { return Scope{owner: director, all: true, some: true} }

// Nobody is the scope of someone not signed in where accounts are kept: nothing at all.
func Nobody() Scope { return Scope{} }

// Owner is the director new tours and teams belong to (0: no one, a database of one director).
func (sc Scope) Owner() uint { return sc.owner }

// All says whether the scope sees every director's tours and teams.
func (sc Scope) All() bool { return sc.all }

// Own is the scope's own database: an administrator's own teams, for choosing a tour's teams or
// importing and exporting a teams file; a director's is their scope itself; a database of one
// director is all of it.
func (sc Scope) Own() Scope {
	if sc.all && sc.owner != 0 {
		return DirectorScope(sc.owner)
	}
	return sc
}

// Sees says whether a tour or team owned by owner is in the scope.
func (sc Scope) Sees(owner uint) bool {
	return sc.all || sc.some && owner == sc.owner
}

// where narrows a query on table (tours or teams) to the scope.
func (sc Scope) where(db *gorm.DB, table string) *gorm.DB {
	switch {
	case sc.all:
		return db
	case !sc.some:
		return db.Where("1 = 0")
	case table == "tours" || table == "seasons": // a director's own and those shared with them
		k := tourKind()
		if table == "seasons" {
			k = seasonKind()
		}
		shared := db.Session(&gorm.Session{NewDB: true}).Table(k.links).Select(k.key).Where("director_id = ?", sc.owner)
		return db.Where("("+table+".owner_id = ? OR "+table+".id IN (?))", sc.owner, shared)
	}
	return db.Where(table+".owner_id = ?", sc.owner)
}

// shared says whether a tour of owner that the scope lists is shared with it: a director's list holds
// other directors' tours only as their co-director.
func (sc Scope) shared(owner uint) bool { return !sc.all && sc.some && owner != sc.owner }
