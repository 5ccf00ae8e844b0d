package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"strings"

	"racedirector/app/i18n"
	"racedirector/app/refuse"
)

// setupAlphabet is the setup code's letters: no 0/O, 1/I/L to mistake.
const setupAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newSetupCode makes a one-time setup code of 12 letters in three groups ("K7QF-M2XD-PA3W", some 59 bits).
func newSetupCode() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	var sb strings.Builder
	for i, x := range b {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(setupAlphabet[int(x)%len(setupAlphabet)])
	}
	return sb.String(), nil
}

// SetupCode is the one-time code that makes the first administrator's account from another machine
// (printed at start, never in the log).
func (l *Lock) SetupCode() string { return l.setupCode }

// SetupNeedsCode says whether viewer v must give the setup code to make the first administrator's
// account: anyone but the director on this machine.
func (l *Lock) SetupNeedsCode(v Viewer) bool { return !(v.Local && v.Director) }

// CheckSetupCode checks the setup code typed by viewer v (nothing to check on this machine): a wrong
// one is a validation error on the field "code".
func (l *Lock) CheckSetupCode(v Viewer, code string) error {
	if !l.SetupNeedsCode(v) {
		return nil
	}
	typed := strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(code))
	want := strings.ReplaceAll(l.setupCode, "-", "")
	if typed == "" {
		return refuse.InvalidText("code", i18n.Textf("type the setup code Race Director printed when it started"))
	}
	if subtle.ConstantTimeCompare([]byte(typed), []byte(want)) != 1 {
		return refuse.InvalidText("code", i18n.Textf("this is not the setup code Race Director printed when it started"))
	}
	return nil
}
