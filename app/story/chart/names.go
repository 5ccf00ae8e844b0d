package chart

import "racedirector/app/story"

// topLabels are the labels of the story's top ten (rank and name), each in a room so wide.
func topLabels(s *story.Story, width float64) []riderLabel {
	out := make([]riderLabel, 0, len(s.Top))
	for _, r := range s.Top {
		out = append(out, riderLabel{prefix: itoa(r.Final) + " ", name: r.Name, width: width})
	}
	return out
}

// holderLabels are the names of the jerseys' holders, each in the room of his stretch (room).
func holderLabels(s *story.Story, room func(run) float64) []riderLabel {
	var out []riderLabel
	for _, strip := range s.Jerseys {
		for _, r := range runs(strip) {
			if r.holder.Bib != 0 {
				out = append(out, riderLabel{name: r.holder.Name, width: room(r)})
			}
		}
	}
	return out
}
