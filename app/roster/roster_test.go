package roster

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// attrs is a layout of two games: one where the role is a choice, one of cards; older files may have
// the bare columns cost and pianura.
var attrs = Layout{
	Games:  []Game{{ID: "cycling-party", Role: true}, {ID: "2ruote", Attributes: []string{"cost", "pianura"}}},
	Legacy: []string{"cost", "pianura"},
}

// cells is a row's game cells for the layout attrs.
func cells(role string, card map[string]int) map[string]GameCells {
	if card == nil {
		card = map[string]int{}
	}
	return map[string]GameCells{"cycling-party": {Role: role, Attributes: map[string]int{}}, "2ruote": {Attributes: card}}
}

func sampleRows() []Row {
	return []Row{
		{Line: 2, Team: "Rojo", Short: "ROJ", Color: "#d62828", Number: 1, Name: "Tadej Pogačar", Born: "1998-09-21", Games: cells("Leader", nil), Attributes: map[string]int{}, HasBorn: true},
		{Line: 3, Team: "Ñandú, Čapek", Short: "ÑČ", Color: "#0a0b0c", Number: 2, Name: `Søren "Łoś" Ørsted`, Games: cells("", map[string]int{"cost": 4, "pianura": 9}), Attributes: map[string]int{}, HasBorn: true},
		{Line: 4, Team: "Ñandú, Čapek", Short: "ÑČ", Color: "#0a0b0c", Number: 3, Name: "Rafał; Majka", Games: cells("Sprinter", map[string]int{"cost": 1}), Attributes: map[string]int{}, HasBorn: true},
		{Line: 5, Team: "=HYPERLINK(\"http://x\",\"x\")", Short: "EVI", Color: "#000000", Number: 4, Name: "-2+3", Games: cells("@SUM(A1)", nil), Attributes: map[string]int{}, HasBorn: true},
		{Line: 6, Team: "=HYPERLINK(\"http://x\",\"x\")", Short: "EVI", Color: "#000000", Number: 5, Name: "'=already quoted", Games: cells("+1", nil), Attributes: map[string]int{}, HasBorn: true},
		{Line: 7, Team: "Vacío", Short: "VAC", Color: "#fefefe", Games: cells("", nil), Attributes: map[string]int{}, HasBorn: true},
	}
}

func TestWriteThenRead(t *testing.T) {
	for _, format := range []string{"csv", "xlsx"} {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			write := map[string]func(*bytes.Buffer) error{
				"csv":  func(b *bytes.Buffer) error { return WriteCSV(b, sampleRows(), attrs) },
				"xlsx": func(b *bytes.Buffer) error { return WriteXLSX(b, sampleRows(), attrs) },
			}[format]
			if err := write(&buf); err != nil {
				t.Fatalf("writing %s: %v", format, err)
			}
			sh, err := Read(buf.Bytes(), "roster."+format, attrs)
			if err != nil {
				t.Fatalf("reading back %s: %v", format, err)
			}
			if len(sh.Problems) != 0 {
				t.Errorf("reading back %s found problems %v, want none", format, sh.Problems)
			}
			if !reflect.DeepEqual(sh.Rows, sampleRows()) {
				t.Errorf("read back %s\n%+v\nwant\n%+v", format, sh.Rows, sampleRows())
			}
		})
	}
}

func TestReadFormats(t *testing.T) {
	const header = "team,short,color,number,name,cycling-party role,2ruote cost,2ruote pianura\n"
	cases := []struct {
		name, filename, data string
		wantRows             int
		wantProblems         []string // "line column"
	}{
		{"comma CSV", "r.csv", "team,short,color,number,name,role\nRojo,ROJ,#d62828,1,Tadej,leader\n", 1, nil},
		{"semicolon CSV from a spreadsheet", "r.csv", "team;short;color;number;name;role\nRojo;ROJ;#d62828;1;Tadej, the first;leader\n", 1, nil},
		{"byte order mark", "r.csv", "\xef\xbb\xbfteam,short,color,number,name,role\nRojo,ROJ,#d62828,1,Tadej,leader\n", 1, nil},
		{"header in other case and spaced", "r.csv", " Team , SHORT,Color,Number,Name,Role\nRojo,ROJ,#d62828,1,Tadej,leader\n", 1, nil},
		{"columns in another order", "r.csv", "name,role,number,team,short,color\nTadej,leader,1,Rojo,ROJ,#d62828\n", 1, nil},
		{"blank rows skipped, lines kept", "r.csv", "team,short,color,number,name,role\n,,,,,\nRojo,ROJ,#d62828,x,Tadej,leader\n", 1, []string{"3 number"}},
		{"CRLF line ends", "r.csv", "team,short,color,number,name,role\r\nRojo,ROJ,#d62828,1,Tadej,leader\r\n", 1, nil},
		{"short rows", "r.csv", "team,short,color,number,name,role,cost\nRojo,ROJ,#d62828,1,Tadej\n", 1, nil},
		{"empty file", "r.csv", "", 0, []string{"1 "}},
		{"header only", "r.csv", "team,short,color,number,name,role\n", 0, []string{"2 "}},
		{"team alone", "r.csv", "team,short,color,number,name,role\nVacío,VAC,#fefefe,,,\n", 1, nil},
		{"team alone with a value is a rider without number", "r.csv", "team,short,color,number,name,role,cost\nVacío,VAC,#fefefe,,,,3\n", 1, []string{"2 number"}},
		{"missing number", "r.csv", "team,short,color,number,name,role\nRojo,ROJ,#d62828,,Tadej,leader\n", 1, []string{"2 number"}},
		{"value not a number", "r.csv", "team,short,color,number,name,role,pianura\nRojo,ROJ,#d62828,1,Tadej,leader,fast\n", 1, []string{"2 pianura"}},
		{"unknown column", "r.csv", "team,short,colour,number,name,role\nRojo,ROJ,#d62828,1,Tadej,leader\n", 0, []string{"1 colour"}},
		{"a start list: team, number and name", "r.csv", "team,number,name\nUAE Team Emirates,1,Tadej\n", 1, nil},
		{"a start list without names", "r.csv", "team,number\nUAE Team Emirates,1\n", 0, []string{"1 name"}},
		{"a role per game", "r.csv", header + "Rojo,ROJ,#d62828,1,Tadej,Leader,3,7\n", 1, nil},
		{"game headers spaced and in capitals", "r.csv", "team,short,color,number,name, Cycling-Party   ROLE ,2RUOTE Cost\nRojo,ROJ,#d62828,1,Tadej,Leader,3\n", 1, nil},
		{"a card value not a number", "r.csv", header + "Rojo,ROJ,#d62828,1,Tadej,Leader,tre,7\n", 1, []string{"2 2ruote cost"}},
		{"a rider with a card only", "r.csv", header + "Rojo,ROJ,#d62828,,,,3,\n", 1, []string{"2 number"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sh, err := Read([]byte(c.data), c.filename, attrs)
			if err != nil {
				t.Fatalf("Read = %v, want a sheet", err)
			}
			if len(sh.Rows) != c.wantRows {
				t.Errorf("rows = %d (%+v), want %d", len(sh.Rows), sh.Rows, c.wantRows)
			}
			var got []string
			for _, p := range sh.Problems {
				got = append(got, fmt.Sprintf("%d %s", p.Line, p.Column))
			}
			if strings.Join(got, "|") != strings.Join(c.wantProblems, "|") {
				t.Errorf("problems = %v (%+v), want %v", got, sh.Problems, c.wantProblems)
			}
		})
	}
}

func TestReadRefusesOtherFiles(t *testing.T) {
	for _, c := range []struct{ name, filename, data string }{
		{"picture", "logo.png", "\x89PNG\r\n\x1a\n\x00"},
		{"not a workbook", "r.xlsx", "team,short\n"},
		{"zip, not a workbook", "r.bin", "PK\x03\x04garbage"},
		{"Latin-1", "r.csv", "team\nFran\xe7ois\n"},
		{"broken quotes", "r.csv", "team,short\n\"Rojo,ROJ\n\"x\"y,z\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Read([]byte(c.data), c.filename, attrs); err == nil {
				t.Errorf("Read(%s) succeeded, want an error", c.name)
			}
		})
	}
}

func TestHeaderAndRecord(t *testing.T) {
	if got := strings.Join(attrs.Header(), ","); got != "team,short,color,number,name,born,cycling-party role,2ruote cost,2ruote pianura" {
		t.Errorf("Header = %s", got)
	}
	if got := strings.Join(Record(sampleRows()[2], attrs), ","); got != "Ñandú, Čapek,ÑČ,#0a0b0c,3,Rafał; Majka,,Sprinter,1," {
		t.Errorf("Record = %s", got)
	}
	base := BaseColumns()
	base[0] = "changed"
	if BaseColumns()[0] != "team" {
		t.Error("BaseColumns shares its slice: a caller changed it")
	}
}

// TestReadOlderSingleRoleFile reads a file of the older shape (one role column, bare card value
// columns): the role and values come in Role and Attributes, no game column is there.
func TestReadOlderSingleRoleFile(t *testing.T) {
	sh, err := Read([]byte("team,short,color,number,name,role,cost,pianura\nRojo,ROJ,#d62828,1,Tadej,rider,3,7\n"), "old.csv", attrs)
	if err != nil || len(sh.Problems) > 0 || len(sh.Rows) != 1 {
		t.Fatalf("Read = %+v, %v; want one row and no problem", sh, err)
	}
	r := sh.Rows[0]
	if r.Role != "rider" || !reflect.DeepEqual(r.Attributes, map[string]int{"cost": 3, "pianura": 7}) || r.Games != nil {
		t.Errorf("row = %+v, want role rider, cost 3, pianura 7 and no game cells", r)
	}
	sh, _ = Read([]byte("team,short,color,number,name,2ruote cost\nRojo,ROJ,#d62828,1,Tadej,\n"), "part.csv", attrs)
	if _, has := sh.Rows[0].Games["cycling-party"]; has || len(sh.Rows[0].Games) != 1 {
		t.Errorf("a file with 2RUOTE columns only reads games %+v, want 2ruote alone (the other games kept as they are)", sh.Rows[0].Games)
	}
}
