package store

import "racedirector/app/i18n"

// The sentences of the audit record that more than one action says. Each is an i18n.Text whose
// English is the summary kept (data/i18n/audit.*.json says them in every language).

// toursText is "1 tour", "3 tours".
func toursText(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d tour", n), i18n.Textf("%d tours", n))
}

// accountCreatedText says an account was created, with its role.
func accountCreatedText(name string, admin, official bool) i18n.Text {
	switch {
	case admin:
		return i18n.Textf("account of %s created: an administrator", name)
	case official:
		return i18n.Textf("account of %s created: an official", name)
	}
	return i18n.Textf("account of %s created: a director", name)
}

// stagesText is "1 stage", "21 stages".
func stagesText(n int) i18n.Text {
	return countOf(n, i18n.Textf("%d stage", n), i18n.Textf("%d stages", n))
}

// tourRiderText says what a change of a tour's rider did: his bib, his date of birth.
func tourRiderText(was, bib int, bornSet bool, born string) i18n.Text {
	var parts []any
	if bib != was {
		parts = append(parts, i18n.Textf("bib %d now wears %d", was, bib))
	}
	switch {
	case bornSet && born == "":
		parts = append(parts, i18n.Textf("date of birth of bib %d taken off", bib))
	case bornSet:
		parts = append(parts, i18n.Textf("bib %d born %s", bib, born))
	}
	if len(parts) == 0 {
		return i18n.Textf("bib %d saved unchanged", bib)
	}
	said, _ := joined(parts).(i18n.Text)
	return said
}
