package race

import "strings"

// ShortName is a rider's name as every place short of room writes it — the TV, its podium, the
// story's charts, a stage-result card: the first name's initial and the rest ("Tadej Pogačar" →
// "T. Pogačar", "Mathieu van der Poel" → "M. van der Poel"); a name of one word stays whole.
func ShortName(name string) string {
	words := strings.Fields(name)
	if len(words) < 2 {
		return strings.TrimSpace(name)
	}
	first := []rune(words[0])
	return string(first[:1]) + ". " + strings.Join(words[1:], " ")
}
