package race

import "racedirector/app/i18n"

// ReasonSecondCrash is the reason of the abandonment the app records itself when a second crash in a
// stage puts a Ciclismo a fondo rider out of the race (docs/rules.md §2.6). It is stored as this
// stable English sentence, a key of the catalogues, and said in the reader's language wherever a
// reason is shown (ReasonWords).
const ReasonSecondCrash = "second crash in the stage"

// appReasons are the reasons the app stores itself, by their stored text: each is said with its
// catalogue sentence. A text an older build stored for the same reason goes here too.
func appReasons() map[string]i18n.Text {
	return map[string]i18n.Text{
		ReasonSecondCrash: i18n.Textf("second crash in the stage"),
	}
}

// ReasonWords is a stored reason (an abandonment's, a penalty's) as the reader says it: a reason the
// app wrote itself in the catalogues' words of the reader's language, a reason the director typed
// as he typed it.
func ReasonWords(reason string) i18n.Text {
	if t, ok := appReasons()[reason]; ok {
		return t
	}
	return i18n.Text{Else: reason}
}

// ReasonSaid is why the rider left the race, as the reader says it: the time limit he missed, or
// his abandonment's reason (ReasonWords).
func (o OutRow) ReasonSaid() i18n.Text {
	if o.Said.Format != "" {
		return o.Said
	}
	return ReasonWords(o.Reason)
}

// ReasonSaid is why a penalty was given, as the reader says it: the jury's reason as typed, or the
// words of a reinstatement after the time limit with the jury's reason.
func (p PenaltyRow) ReasonSaid() i18n.Text {
	if p.Said.Format != "" {
		return p.Said
	}
	return ReasonWords(p.Reason)
}
