package auth

import (
	"regexp"
	"strings"
	"testing"
)

// TestSetupCode: the code is three groups of four unmistakable letters, new at every start; the
// director on this machine needs none, anyone else must type it (any case, with or without dashes).
func TestSetupCode(t *testing.T) {
	l, err := New("", Options{})
	if err != nil {
		t.Fatal(err)
	}
	code := l.SetupCode()
	if !regexp.MustCompile(`^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$`).MatchString(code) {
		t.Fatalf("setup code %q is not three groups of four letters", code)
	}
	other, _ := New("", Options{})
	if other.SetupCode() == code {
		t.Errorf("two starts made the same setup code %q", code)
	}
	laptop := Viewer{Mode: Open, Director: true, Local: true}
	proxied := Viewer{Mode: Open}
	pinElsewhere := Viewer{Mode: PINMode, Locked: true, Director: true}
	if l.SetupNeedsCode(laptop) || l.CheckSetupCode(laptop, "") != nil {
		t.Errorf("the director on this machine is asked for the setup code")
	}
	for _, v := range []Viewer{proxied, pinElsewhere} {
		if !l.SetupNeedsCode(v) {
			t.Errorf("%+v may set up without the code", v)
		}
		for _, typed := range []string{"", "AAAA-BBBB-CCCC", code[:13], code + "X"} {
			if err := l.CheckSetupCode(v, typed); err == nil || !strings.Contains(err.Error(), "code") {
				t.Errorf("CheckSetupCode(%+v, %q) = %v, want a refusal on the code", v, typed, err)
			}
		}
		for _, typed := range []string{code, strings.ToLower(code), strings.ReplaceAll(code, "-", " ")} {
			if err := l.CheckSetupCode(v, typed); err != nil {
				t.Errorf("CheckSetupCode(%+v, %q) = %v, want it taken", v, typed, err)
			}
		}
	}
}
