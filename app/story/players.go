package story

// Label is the manager's team as the story's charts name it: with its player beside it ("Rojo · Marta"),
// the team alone when no player is named.
func (m Manager) Label() string {
	if m.Manager == "" {
		return m.Team
	}
	return m.Team + " · " + m.Manager
}
