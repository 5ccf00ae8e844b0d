package follow

import (
	"testing"

	"racedirector/app/i18n"
	"racedirector/data"
)

// TestTVStageWinsSayHowManyMore: the TV podium's stage wins name the riders with the most wins, and a
// last line says how many other riders won a stage rather than dropping them.
func TestTVStageWinsSayHowManyMore(t *testing.T) {
	cat, err := i18n.Load(data.I18n())
	if err != nil {
		t.Fatal(err)
	}
	l := cat.Localizer("en")
	var winners []awardWin
	for stage, bib := range []int{11, 12, 11, 13, 14, 15, 16, 17} {
		winners = append(winners, awardWin{Stage: stage + 1, Bib: bib, Name: "Fabian Cancellara"})
	}
	got := stageWinsIn(l, winners)
	if len(got) != tvPodiumMaxWins || got[0].Bib != 11 || got[0].Wins != "2 wins" {
		t.Fatalf("the list: %+v", got)
	}
	if last := got[len(got)-1]; last.Bib != 0 || last.Name != "and 3 other winners" {
		t.Errorf("the last line: %+v, want how many others won", last)
	}
	if got[0].Name != "F. Cancellara" {
		t.Errorf("a long name on the TV card: %q", got[0].Name)
	}
	if n := stageWinsIn(l, winners[:4]); len(n) != 3 {
		t.Errorf("three winners: %d lines", len(n))
	}
}
