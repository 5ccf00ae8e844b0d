package store

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/race"
	"racedirector/app/refuse"
)

// GameRole is what a database rider is in one game: his role there and, in a game of rider cards
// (2RUOTE), his card values.
type GameRole struct {
	Role       string         `json:"role,omitempty"`
	Attributes map[string]int `json:"attributes,omitempty"`
}

// Games holds a database rider's role in each game, by ruleset id.
type Games map[string]GameRole

// clone is a deep copy (nil stays nil).
func (g Games) clone() Games {
	if g == nil {
		return nil
	}
	out := make(Games, len(g))
	for id, e := range g {
		e.Attributes = maps.Clone(e.Attributes)
		out[id] = e
	}
	return out
}

// gamesJSON is the stored form of a rider's games.
func gamesJSON(g Games) string {
	if len(g) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(g) // plain maps of strings and ints: cannot fail
	return string(b)
}

// gamesFromJSON reads the stored form; a damaged value reads as no game.
func gamesFromJSON(s string) Games {
	g := Games{}
	_ = json.Unmarshal([]byte(s), &g)
	return g
}

// Game is one game a database rider can be given a role in: a ruleset with roles or rider cards.
type Game struct {
	ID   string
	Name string
	// Roles are the game's roles; a game with one role (2RUOTE) gives it to every rider.
	Roles []race.Role
	// Attributes are the game's card values (2RUOTE's cost and speeds).
	Attributes []race.AttributeRule
	// CounterRoles says the counter number gives the role (Cycling Party).
	CounterRoles bool
}

// ChoosesRole says a rider's role is a choice in this game (it has more than one role).
func (g Game) ChoosesRole() bool { return len(g.Roles) > 1 }

// RoleName names a role of the game in English, the app's default language; an unknown id is
// returned as given.
func (g Game) RoleName(id string) string { return g.RoleNameIn(id, race.LanguageEnglish) }

// RoleNameIn names a role of the game in lang ("Jefe de filas" in Spanish, "Leader" in English);
// an unknown id is returned as given.
func (g Game) RoleNameIn(id, lang string) string {
	for _, r := range g.Roles {
		if r.ID == id {
			return r.NameIn(lang)
		}
	}
	return id
}

// OwnRoleName names a role of the game in the game's own words, as the roster file writes it
// ("Líder", "Jefe de filas": the import reads it back in any language); an unknown id is returned
// as given.
func (g Game) OwnRoleName(id string) string {
	for _, r := range g.Roles {
		if r.ID == id {
			return r.Name
		}
	}
	return id
}

// FindRole matches what a spreadsheet cell says to a role of the game: its id or its name in any of
// the game's languages, in any case, with or without the words in brackets ("Jefe de filas",
// "Leader", "Capitano" and "JF" are all the JF), "_" and "-" read as spaces ("flat_domestique" is
// the Flat domestique).
func (g Game) FindRole(text string) (string, bool) {
	key := roleKey(text)
	if key == "" {
		return "", false
	}
	for _, r := range g.Roles {
		if key == roleKey(r.ID) || key == roleKey(r.Name) || strings.EqualFold(strings.TrimSpace(text), r.Name) {
			return r.ID, true
		}
	}
	for _, r := range g.Roles {
		for _, name := range r.Names {
			if key == roleKey(name) || strings.EqualFold(strings.TrimSpace(text), name) {
				return r.ID, true
			}
		}
	}
	return "", false
}

// roleKey is how FindRole compares role words: lower case, without the words in brackets, "_" and
// "-" as spaces, spaces collapsed.
func roleKey(s string) string {
	s = strings.ToLower(s)
	if i := strings.Index(s, "("); i > 0 {
		s = s[:i]
	}
	s = strings.NewReplacer("_", " ", "-", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// RoleList names every role of the game as messages do, in English: "Leader, Sprinter, Rouleur",
// "Leader (JF), All-rounder (TT)" (race.Role.LabelIn).
func (g Game) RoleList() string { return g.RoleListIn(race.LanguageEnglish) }

// RoleListIn is RoleList in lang: "Jefe de filas (JF), Todoterreno (TT)" in Spanish.
func (g Game) RoleListIn(lang string) string {
	names := make([]string, len(g.Roles))
	for i, r := range g.Roles {
		names[i] = r.LabelIn(lang)
	}
	return strings.Join(names, ", ")
}

// attribute returns the card value rule with that id.
func (g Game) attribute(id string) (race.AttributeRule, bool) {
	for _, a := range g.Attributes {
		if a.ID == id {
			return a, true
		}
	}
	return race.AttributeRule{}, false
}

// attributeList names every card value of the game.
func (g Game) attributeList() string {
	names := make([]string, len(g.Attributes))
	for i, a := range g.Attributes {
		names[i] = a.ShortIn(race.LanguageEnglish)
	}
	return strings.Join(names, ", ")
}

// gameOf is the Game of a ruleset.
func gameOf(rs race.Ruleset) Game {
	g := Game{ID: rs.ID, Name: rs.Name, Roles: rs.Roles, Attributes: rs.Team.Attributes}
	for _, r := range rs.Roles {
		g.CounterRoles = g.CounterRoles || r.Counter > 0
	}
	return g
}

// Games lists the games database riders carry a role for (the rulesets with roles or rider cards):
// the default game first, then the games of roles, then the games of cards (their many values last).
func (s *Store) Games() []Game {
	var out []Game
	for _, rs := range s.rulesets {
		if len(rs.Roles) > 0 || len(rs.Team.Attributes) > 0 {
			out = append(out, gameOf(rs))
		}
	}
	slices.SortStableFunc(out[min(1, len(out)):], func(a, b Game) int { return len(a.Attributes) - len(b.Attributes) })
	return out
}

// Game returns the game of that ruleset id.
func (s *Store) Game(id string) (Game, bool) {
	for _, g := range s.Games() {
		if g.ID == id {
			return g, true
		}
	}
	return Game{}, false
}

// gameOfRole is the game a role id belongs to, the default game first (role ids of the shipped
// games differ, so there is one).
func (s *Store) gameOfRole(role string) (string, bool) {
	for _, g := range s.Games() {
		for _, r := range g.Roles {
			if r.ID == role {
				return g.ID, true
			}
		}
	}
	return "", false
}

// gameOfAttribute is the game a card value belongs to.
func (s *Store) gameOfAttribute(id string) (string, bool) {
	for _, g := range s.Games() {
		if _, ok := g.attribute(id); ok {
			return g.ID, true
		}
	}
	return "", false
}

// primaryGame is the game the older single role and attributes fields show: the default game when
// the rider has a role there, otherwise his first game.
func (s *Store) primaryGame(g Games) string {
	for _, game := range s.Games() {
		if _, ok := g[game.ID]; ok {
			return game.ID
		}
	}
	return ""
}

// unknownRoleMessage says a role fits no game, listing each game's roles.
func (s *Store) unknownRoleMessage(role string) i18n.Text {
	var lists []string
	for _, g := range s.Games() {
		lists = append(lists, g.Name+": "+g.RoleList())
	}
	return i18n.Textf("%q is not a role of any game; the roles are %s", role, strings.Join(lists, "; "))
}

// legacyGames puts a role and card values given the older way (one role, one set of values) under
// the games they belong to; what fits no game is put under the default game, to be corrected there.
func (s *Store) legacyGames(role string, attrs map[string]int) Games {
	games := Games{}
	if role = strings.TrimSpace(role); role != "" {
		gid, ok := s.gameOfRole(role)
		if !ok && len(s.Games()) > 0 {
			gid = s.Games()[0].ID
		}
		games[gid] = GameRole{Role: role}
	}
	for _, k := range slices.Sorted(maps.Keys(attrs)) {
		gid, ok := s.gameOfAttribute(k)
		if !ok {
			continue
		}
		e := games[gid]
		if e.Attributes == nil {
			e.Attributes = map[string]int{}
		}
		e.Attributes[k] = attrs[k]
		games[gid] = e
	}
	return s.normalizeGames(games)
}

// normalizeGames trims roles, drops empty entries and gives a game of one role (2RUOTE) that role.
func (s *Store) normalizeGames(in Games) Games {
	out := Games{}
	for id, e := range in {
		e.Role = strings.TrimSpace(e.Role)
		if len(e.Attributes) == 0 {
			e.Attributes = nil
		}
		if e.Role == "" && e.Attributes == nil {
			continue
		}
		if g, ok := s.Game(id); ok && e.Role == "" && len(g.Roles) == 1 {
			e.Role = g.Roles[0].ID
		}
		out[id] = e
	}
	return out
}

// riderGames works out a rider's games from an input: games, when given, replace the rider's own
// (old, nil for a new rider); the older role and attributes fields set the game they belong to.
// Every value is checked, problems named with prefix ("riders[2].") as the input named them.
func (s *Store) riderGames(v *refuse.ValidationError, prefix string, in RiderInput, old Games) Games {
	games := old.clone()
	if in.Games != nil {
		games = in.Games.clone()
	}
	if games == nil {
		games = Games{}
	}
	// legacy maps "gameID.role" or "gameID.attributes.k" to the older field that gave the value.
	legacy := map[string]string{}
	if role := strings.TrimSpace(in.Role); role != "" {
		gid, ok := s.gameOfRole(role)
		given := in.Games[gid].Role
		switch {
		case !ok:
			v.AddText(prefix+"role", s.unknownRoleMessage(role))
		case in.Games != nil && given != "" && given != role:
			v.Addf(prefix+"role", "is %q but games.%s.role is %q: give one of them", role, gid, given)
		default:
			e := games[gid]
			e.Role = role
			games[gid] = e
			legacy[gid+".role"] = prefix + "role"
		}
	}
	byGame := map[string]map[string]int{}
	for _, k := range slices.Sorted(maps.Keys(in.Attributes)) {
		gid, ok := s.gameOfAttribute(k)
		if !ok {
			v.Add(prefix+"attributes."+k, "is not a card value of any game")
			continue
		}
		if byGame[gid] == nil {
			byGame[gid] = map[string]int{}
		}
		byGame[gid][k] = in.Attributes[k]
		legacy[gid+".attributes."+k] = prefix + "attributes." + k
	}
	for _, gid := range slices.Sorted(maps.Keys(byGame)) {
		if given := in.Games[gid].Attributes; in.Games != nil && len(given) > 0 && !maps.Equal(given, byGame[gid]) {
			v.Addf(prefix+"attributes", "differ from games.%s.attributes: give one of them", gid)
			continue
		}
		e := games[gid]
		e.Attributes = byGame[gid]
		games[gid] = e
	}
	games = s.normalizeGames(games)
	s.validateGames(v, prefix, games, legacy)
	return games // no game's role: a rider of real races (uci-road has none), docs/rules.md §5.2
}

// validateGames checks each game's role and card values; legacy renames a value's field to the older
// field it came from.
func (s *Store) validateGames(v *refuse.ValidationError, prefix string, games Games, legacy map[string]string) {
	for _, gid := range slices.Sorted(maps.Keys(games)) {
		field := func(suffix string) string {
			if f, ok := legacy[gid+"."+suffix]; ok {
				return f
			}
			return prefix + "games." + gid + "." + suffix
		}
		g, ok := s.Game(gid)
		if !ok {
			ids := make([]string, 0, len(s.Games()))
			for _, g := range s.Games() {
				ids = append(ids, g.ID)
			}
			v.Addf(prefix+"games."+gid, "is not a game riders have roles in (%s)", strings.Join(ids, ", "))
			continue
		}
		e := games[gid]
		if len(g.Roles) > 0 {
			if e.Role == "" {
				v.Addf(field("role"), "is required: choose the rider's %s role; the roles are %s", g.Name, g.RoleList())
			} else if _, known := g.FindRoleID(e.Role); !known {
				v.Addf(field("role"), "%q is not a %s role; the roles are %s", e.Role, g.Name, g.RoleList())
			}
		}
		for _, k := range slices.Sorted(maps.Keys(e.Attributes)) {
			rule, ok := g.attribute(k)
			if !ok {
				v.Addf(field("attributes."+k), "is not a %s card value; the card values are %s", g.Name, g.attributeList())
				continue
			}
			if val := e.Attributes[k]; val < rule.Min || val > rule.Max {
				v.Addf(field("attributes."+k), "must be between %d and %d", rule.Min, rule.Max)
			}
		}
	}
}

// FindRoleID says whether id is exactly the id of one of the game's roles.
func (g Game) FindRoleID(id string) (race.Role, bool) {
	for _, r := range g.Roles {
		if r.ID == id {
			return r, true
		}
	}
	return race.Role{}, false
}
