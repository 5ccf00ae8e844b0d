package auth

import (
	"strings"
	"testing"
	"unicode/utf8"

	"racedirector/data"
)

// TestWeakPasswords refuses, past their length, the passwords guessing finds first, each with its
// reason naming the password, and takes the others.
func TestWeakPasswords(t *testing.T) {
	const (
		common   = "one of the most common passwords"
		fromName = "made from the director's name"
		repeats  = "one character or a few repeated"
		walk     = "keyboard row or a sequence"
	)
	for _, c := range []struct{ password, name, want string }{
		{"1234567890", "Marta Rossi", common},
		{"qwertyuiop", "Marta Rossi", common},
		{"Password123", "Marta Rossi", common},
		{"  ILoveYou123 ", "Marta Rossi", common},
		{"aaaaaaaaaa", "Marta Rossi", repeats},
		{"ababababababab", "Marta Rossi", repeats},
		{"passpasspass", "Marta Rossi", repeats},
		{"1212121299", "Marta Rossi", repeats},
		{"abcdefghijkl", "Marta Rossi", walk},
		{"0987654321", "Marta Rossi", walk},
		{"zxcvbnm,./", "Marta Rossi", walk},
		{"ytrewq654321", "Marta Rossi", walk},
		{"lkjhgfdsa11", "Marta Rossi", walk},
		{"MartaMartaMarta", "Marta", fromName},
		{"martarossi", "Marta Rossi", fromName},
		{"rossi.marta!", "Marta Rossi", fromName},
		{"marta-123456789", "Marta Rossi", fromName},
		{"Rossi Rossi 2027", "Marta Rossi", fromName},
		{"ten chars!", "Marta Rossi", ""},
		{"correct horse battery", "Marta Rossi", ""},
		{"marta climbs the stelvio", "Marta Rossi", ""},
		{"bruno rides on", "Bruno", ""},
		{"anna-the-admin-2027", "Anna", ""},
		{"carla-climbs-alpe", "Carla", ""},
		{"vélo-café-ü", "Li", ""},
		{"Lanterne Rouge 7", "Marta Rossi", ""},
	} {
		err := CheckPassword(c.password, c.name)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("CheckPassword(%q, %q) = %v, want it taken", c.password, c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "the password ")):
			t.Errorf("CheckPassword(%q, %q) = %v, want the password refused as %q", c.password, c.name, err, c.want)
		}
	}
}

// TestCheckPINRefusesCommonPassphrases refuses a passphrase PIN on the list of common passwords in
// any case; digits keep their own rule.
func TestCheckPINRefusesCommonPassphrases(t *testing.T) {
	for pin, ok := range map[string]bool{"password": false, "Sunshine1": false, "iloveyou123": false, "12345678": true, "lanterne rouge": true} {
		err := CheckPIN(pin)
		if (err == nil) != ok {
			t.Errorf("CheckPIN(%q) = %v, want ok=%v", pin, err, ok)
		}
		if err != nil && !strings.Contains(err.Error(), "most common passwords") {
			t.Errorf("CheckPIN(%q) = %q, want the reason in words", pin, err)
		}
	}
}

// TestCommonPasswordList checks the embedded list: lowercase, sorted by bytes, each line once and of
// 8 characters or more, at least 10,000 of them; each is found in any case, and nothing else is.
func TestCommonPasswordList(t *testing.T) {
	list := data.CommonPasswords()
	lines := strings.Split(strings.TrimSuffix(list, "\n"), "\n")
	if len(lines) < 10000 {
		t.Fatalf("the list has %d passwords, want 10,000 or more", len(lines))
	}
	for i, line := range lines {
		switch {
		case line != strings.ToLower(line) || line != strings.TrimSpace(line) || utf8.RuneCountInString(line) < 8:
			t.Errorf("line %d %q: want lowercase, trimmed, 8 characters or more", i+1, line)
		case i > 0 && lines[i-1] >= line:
			t.Errorf("line %d %q is not after %q: want sorted by bytes, each once", i+1, line, lines[i-1])
		}
		if !IsCommonPassword(line) || !IsCommonPassword(strings.ToUpper(line)) {
			t.Fatalf("line %d %q is not found", i+1, line)
		}
		if next := line + "\x7f"; IsCommonPassword(next) {
			t.Fatalf("%q is found, not on the list", next)
		}
	}
}

// TestSortedLinesHold searches small sorted lists, with and without a last newline.
func TestSortedLinesHold(t *testing.T) {
	for _, c := range []struct {
		list, s string
		want    bool
	}{
		{"", "a", false}, {"a\n", "a", true}, {"a", "a", true}, {"a\n", "", false}, {"a\nb\n", "a\nb", false},
		{"apple\nbanana\ncherry", "banana", true}, {"apple\nbanana\ncherry", "cherry", true}, {"apple\nbanana\ncherry\n", "apple", true},
		{"apple\nbanana\ncherry\n", "b", false}, {"apple\nbanana\ncherry\n", "zzz", false}, {"apple\nbanana\ncherry\n", "aaa", false},
		{"apple\nbanana\ncherry\n", "bananas", false}, {"apple\nbanana\ncherry\n", "banan", false},
	} {
		if got := sortedLinesHold(c.list, c.s); got != c.want {
			t.Errorf("sortedLinesHold(%q, %q) = %v, want %v", c.list, c.s, got, c.want)
		}
	}
}
