package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// englishMakers are the functions whose answer is English words made in Go ("3 effort points",
// "1st"): passed into a sentence they stay English in every language.
var englishMakers = map[string]bool{"plural.Of": true, "fmt.Sprintf": true, "fmt.Sprint": true, "race.Ordinal": true,
	"race.StatusName": true, "race.PenaltyWords": true, "race.FormatTime": true, "Ordinal": true, "StatusName": true, "PenaltyWords": true}

// TestReasonValuesAreNotEnglish fails for a value given to a sentence (the arguments after a
// reason's format) that is English words made in Go: a string literal with a letter in it, or the
// answer of plural.Of, fmt.Sprintf and the like. Such a value is said in English inside a Spanish or
// Italian sentence ("le quedan 3 effort points"): give an i18n.Text, or a word of the game
// (i18n.Named), instead.
func TestReasonValuesAreNotEnglish(t *testing.T) {
	checked := 0
	for _, dir := range reasonSources {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var maker string
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					maker = fn.Name
				case *ast.SelectorExpr:
					maker = fn.Sel.Name
				}
				idx, ok := reasonMakers[maker]
				if !ok || idx >= len(call.Args) || maker == "Add" || maker == "NewHTTPError" {
					return true
				}
				for _, arg := range call.Args[idx+1:] {
					checked++
					switch a := arg.(type) {
					case *ast.BasicLit:
						s, _ := strconv.Unquote(a.Value)
						if a.Kind == token.STRING && strings.IndexFunc(s, unicode.IsLetter) >= 0 {
							t.Errorf("%s: the value %s is English in every language: give an i18n.Text", fset.Position(a.Pos()), a.Value)
						}
					case *ast.CallExpr:
						name := ""
						switch fn := a.Fun.(type) {
						case *ast.Ident:
							name = fn.Name
						case *ast.SelectorExpr:
							if x, ok := fn.X.(*ast.Ident); ok {
								name = x.Name + "." + fn.Sel.Name
							}
						}
						if name == "fmt.Sprintf" && len(a.Args) > 0 {
							if lit, ok := a.Args[0].(*ast.BasicLit); ok {
								if format, _ := strconv.Unquote(lit.Value); strings.IndexFunc(printfVerbOf.ReplaceAllString(format, ""), unicode.IsLetter) < 0 {
									continue // a field's path, "order[%d]": no words
								}
							}
						}
						if englishMakers[name] {
							t.Errorf("%s: the value %s(…) is English words made in Go: give an i18n.Text", fset.Position(a.Pos()), name)
						}
					}
				}
				return true
			})
		}
	}
	if checked < 300 {
		t.Fatalf("checked only %d values: is the scan still finding the makers?", checked)
	}
}
