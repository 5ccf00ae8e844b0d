package sheets

// withPlayer is a team with its player beside it ("Rojo · Marta"), as the sheets list the Cycling
// Party's managers; the team alone when no player is named.
func withPlayer(team, manager string) string {
	if manager == "" {
		return team
	}
	return team + " · " + manager
}
