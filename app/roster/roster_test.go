package roster

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

var attrs = []string{"cost", "pianura"}

func sampleRows() []Row {
	return []Row{
		{Line: 2, Team: "Rojo", Short: "ROJ", Color: "#d62828", Number: 1, Name: "Tadej Pogačar", Role: "leader", Attributes: map[string]int{}},
		{Line: 3, Team: "Ñandú, Čapek", Short: "ÑČ", Color: "#0a0b0c", Number: 2, Name: `Søren "Łoś" Ørsted`, Role: "rider", Attributes: map[string]int{"cost": 4, "pianura": 9}},
		{Line: 4, Team: "Ñandú, Čapek", Short: "ÑČ", Color: "#0a0b0c", Number: 3, Name: "Rafał; Majka", Role: "rider", Attributes: map[string]int{"cost": 1}},
		{Line: 5, Team: "Vacío", Short: "VAC", Color: "#fefefe", Attributes: map[string]int{}},
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
		{"unknown and missing columns", "r.csv", "team,short,colour,number,name,role\nRojo,ROJ,#d62828,1,Tadej,leader\n", 0, []string{"1 colour", "1 color"}},
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
	if got := strings.Join(Header(attrs), ","); got != "team,short,color,number,name,role,cost,pianura" {
		t.Errorf("Header = %s", got)
	}
	if got := strings.Join(Record(sampleRows()[2], attrs), ","); got != "Ñandú, Čapek,ÑČ,#0a0b0c,3,Rafał; Majka,rider,1," {
		t.Errorf("Record = %s", got)
	}
	base := BaseColumns()
	base[0] = "changed"
	if BaseColumns()[0] != "team" {
		t.Error("BaseColumns shares its slice: a caller changed it")
	}
}
