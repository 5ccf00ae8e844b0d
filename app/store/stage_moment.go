package store

import "racedirector/app/race"

// StageMoment is what the closing of closed stage n changed (race.StageMomentOf), from the standings
// after it and after the stage before.
func (st *RaceState) StageMoment(n int) (race.StageMoment, error) {
	after, err := st.Standings(n)
	if err != nil {
		return race.StageMoment{}, err
	}
	var before *race.Standings
	if n > 1 {
		if before, err = st.Standings(n - 1); err != nil {
			return race.StageMoment{}, err
		}
	}
	return race.StageMomentOf(before, after), nil
}

// HasProvisional says whether the open stage has a finish entered, from which its provisional
// standings (the virtual general classification) are counted.
func (st *RaceState) HasProvisional() bool {
	if st.Current == 0 {
		return false
	}
	res := st.Results[st.Current-1].Finish
	return len(res.Results) > 0 || len(res.Groups) > 0 || len(res.Teams) > 0
}
