package race

import (
	"strings"
	"testing"
	"unicode/utf8"

	"racedirector/app/refuse"
)

func TestTextLimitsTable(t *testing.T) {
	want := map[TextKind]int{
		TourNameText: 80, TeamNameText: 60, TeamShortText: 4, ColorText: 7, RiderNameText: 60, DateText: 10,
		DirectorNameText: 40, ReasonText: 200, ClimbNameText: 60, MarkerLabelText: 100, HistoryLineText: 300,
		ProfileText: 20, RulesetIDText: 40, RoleText: 40, StageTypeText: 20, EntryKindText: 20, EntryKeyText: 40,
		RulesetText: 1000, ManagerNameText: 40, SeasonNameText: 80, AuditActionText: 40, AuditWhoText: 60, AuditSummaryText: 300,
	}
	kinds := TextKinds()
	if len(kinds) != len(want) {
		t.Errorf("TextKinds lists %d kinds, want %d", len(kinds), len(want))
	}
	seen := map[TextKind]bool{}
	for _, k := range kinds {
		if seen[k] {
			t.Errorf("%q is listed twice", k)
		}
		seen[k] = true
		if got := k.MaxChars(); got != want[k] || got <= 0 {
			t.Errorf("%q.MaxChars() = %d, want %d", k, got, want[k])
		}
	}
	if n := TextKind("shoe size").MaxChars(); n != 0 {
		t.Errorf("an unknown kind's limit = %d, want 0", n)
	}
}

func TestCheckText(t *testing.T) {
	tests := []struct {
		name string
		kind TextKind
		text string
		want string // the reason, "" when the text is good
	}{
		{"a name", TeamNameText, "Équipe Ñ 🚴", ""},
		{"a name of the limit", TeamNameText, strings.Repeat("é", 60), ""},
		{"a name over the limit", TeamNameText, strings.Repeat("é", 61), "must be at most 60 characters (it has 61)"},
		{"a reason of the limit", ReasonText, strings.Repeat("x", 200), ""},
		{"a reason over the limit", ReasonText, strings.Repeat("x", 201), "must be at most 200 characters (it has 201)"},
		{"a short name over the limit", TeamShortText, "ABCDE", "must be at most 4 characters (it has 5)"},
		{"a NUL", RiderNameText, "Uno\x00", "must not contain a NUL character"},
		{"a NUL in a reason", ReasonText, "\x00", "must not contain a NUL character"},
		{"invalid UTF-8", RiderNameText, "Fran\xe7ois", "is not valid UTF-8 text"},
		{"a cut sequence", ReasonText, "caída\xc3", "is not valid UTF-8 text"},
		{"invalid UTF-8 and long", TeamNameText, strings.Repeat("\xff", 100), "is not valid UTF-8 text"},
		{"a tab in a name", TeamNameText, "Rojo\tAzul", "must not contain control characters"},
		{"a line break in a name", RiderNameText, "Uno\nDos", "must not contain control characters"},
		{"a bell in a reason", ReasonText, "crash\a", "must not contain control characters"},
		{"a C1 control in a name", TeamNameText, "Rojo\u0085", "must not contain control characters"},
		{"a tab and line breaks in a reason", ReasonText, "crash\tin the\r\ndescent", ""},
		{"right-to-left marks and joiners", RiderNameText, "\u202eRTL\u202c 🚴🏽‍♀️ e\u0301", ""},
		{"an empty text", TeamNameText, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := &refuse.ValidationError{}
			ok := CheckText(v, "field", tc.kind, tc.text)
			got := v.Fields["field"]
			if got != tc.want || ok != (tc.want == "") {
				t.Errorf("CheckText(%q, %.30q) = %v, %q; want %q", tc.kind, tc.text, ok, got, tc.want)
			}
		})
	}
}

func TestTextFault(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Rojo", ""}, {"", ""}, {"Ro\x00jo", "must not contain a NUL character"}, {"Ro\xffjo", "is not valid UTF-8 text"},
		{"\x00\xff", "is not valid UTF-8 text"}, {"tab\tand\nline", ""},
	} {
		if got := TextFault(tc.text).String(); got != tc.want {
			t.Errorf("TextFault(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestClipText(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want int // characters kept, "…" included
	}{
		{"short", "bib 11 abandoned", 16},
		{"of the limit", strings.Repeat("ñ", 300), 300},
		{"over the limit", strings.Repeat("ñ", 301), 300},
		{"far over the limit", strings.Repeat("12 ", 1000), 300},
	} {
		got := ClipText(HistoryLineText, tc.in)
		if n := utf8.RuneCountInString(got); n != tc.want || !utf8.ValidString(got) {
			t.Errorf("%s: ClipText kept %d characters (valid UTF-8: %v), want %d", tc.name, n, utf8.ValidString(got), tc.want)
		}
		if clipped := len(tc.in) != len(got); clipped != strings.HasSuffix(got, "…") || !strings.HasPrefix(tc.in, strings.TrimSuffix(got, "…")) {
			t.Errorf("%s: ClipText = %.40q…, want the text's start, ending in … only when cut", tc.name, got)
		}
	}
}
