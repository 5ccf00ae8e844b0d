package i18n_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"racedirector/app/i18n"
)

// reasonSources are the packages whose refusals reach users.
var reasonSources = []string{"../race", "../store", "../roster", "../auth", "../sheets", "..",
	"../../handlers/base", "../../handlers/web", "../../handlers/season", "../../handlers/accounts", "../../handlers/wizard", "../../handlers/follow", "../../handlers/api"}

// reasonMakers maps each function that takes a reason's format to the position of that format
// among its arguments (the receiver or package does not matter: the names are the app's own).
var reasonMakers = map[string]int{
	"Add": 1, "Addf": 1, "Invalid": 1, "Invalidf": 1, "Conflict": 0, "Conflictf": 0,
	"Textf": 0, "Reasonf": 0, "Problemf": 2, "notFound": 0, "badRequest": 0, "BadRequest": 0, "noSheetf": 1,
	"say": 1, "NewHTTPError": 1,
}

// passedOn are the parameter names of the makers themselves: a format handed on, not made there.
var passedOn = map[string]bool{"format": true, "reason": true, "message": true}

// reasonUse is one reason made in the sources: its format, or why it is not one.
type reasonUse struct {
	at, format, problem string
}

// reasonsIn reads every reason format the sources give to a maker.
func reasonsIn(t *testing.T) []reasonUse {
	t.Helper()
	var out []reasonUse
	for _, dir := range reasonSources {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		consts := map[string]string{}
		var parsed []*ast.File
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			parsed = append(parsed, f)
			ast.Inspect(f, func(n ast.Node) bool { // constants, the package's and the functions' own
				if g, ok := n.(*ast.GenDecl); ok && g.Tok == token.CONST {
					for _, spec := range g.Specs {
						vs := spec.(*ast.ValueSpec)
						for i, v := range vs.Values {
							if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
								s, _ := strconv.Unquote(lit.Value)
								consts[vs.Names[i].Name] = s
							}
						}
					}
				}
				return true
			})
		}
		for _, f := range parsed {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var name string
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					name = fn.Name
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				}
				idx, maker := reasonMakers[name]
				if !maker || idx >= len(call.Args) || name == "Add" && len(call.Args) != 2 {
					return true
				}
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && name == "Add" && lit.Kind == token.STRING && strings.ToLower(lit.Value) != lit.Value {
					return true // a header's Add("Vary", "Accept-Language"), not a field's
				}
				use := reasonUse{at: fset.Position(call.Pos()).String()}
				switch arg := call.Args[idx].(type) {
				case *ast.BasicLit:
					if arg.Kind != token.STRING {
						return true
					}
					use.format, _ = strconv.Unquote(arg.Value)
				case *ast.Ident:
					if s, ok := consts[arg.Name]; ok {
						use.format = s
					} else if passedOn[arg.Name] || name == "NewHTTPError" || name == "Add" {
						return true // a format handed on, or an error or Text given whole
					} else {
						use.problem = "the reason " + arg.Name + " is not a format literal"
					}
				case *ast.CallExpr:
					if sel, ok := arg.Fun.(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok && x.Name == "fmt" {
							use.problem = "the reason is built with fmt." + sel.Sel.Name + ": pass the format and its values"
							break
						}
					}
					return true // a Text made by a maker (checked itself) or a Said()
				case *ast.BinaryExpr:
					use.problem = "the reason is built by joining strings: pass a format and its values"
				default:
					return true
				}
				out = append(out, use)
				return true
			})
		}
	}
	return out
}

// loadCatalogue reads the app's catalogues from data/i18n.
func loadCatalogue(t *testing.T) *i18n.Catalogue {
	t.Helper()
	c, err := i18n.Load(os.DirFS("../../data/i18n"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestReasonsAreInTheCatalogues fails for a reason made in the sources that Spanish or Italian do
// not have, and for a reason built with fmt.Sprintf or by joining strings (a sentence no catalogue
// can have as its key).
func TestReasonsAreInTheCatalogues(t *testing.T) {
	c := loadCatalogue(t)
	uses := reasonsIn(t)
	if len(uses) < 300 {
		t.Fatalf("found only %d reasons in the sources: is the scan still finding the makers?", len(uses))
	}
	missing := map[string]bool{}
	for _, u := range uses {
		if u.problem != "" {
			t.Errorf("%s: %s", u.at, u.problem)
			continue
		}
		for _, lang := range []string{i18n.English, i18n.Spanish, i18n.Italian} {
			if !c.Has(lang, u.format) {
				if !missing[lang+u.format] {
					t.Errorf("%s: %q is not in the %s catalogue", u.at, u.format, lang)
				}
				missing[lang+u.format] = true
			}
		}
	}
	if dump := os.Getenv("REASONS_DUMP"); dump != "" {
		var keys []string
		seen := map[string]bool{}
		for _, u := range uses {
			if u.problem == "" && !c.Has(i18n.Spanish, u.format) && !seen[u.format] {
				seen[u.format] = true
				keys = append(keys, u.format)
			}
		}
		sort.Strings(keys)
		if err := os.WriteFile(dump, []byte(strings.Join(keys, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// printfVerb finds the printf verbs of a format, with an explicit argument index or not.
var printfVerb = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// verbsOf lists a format's verbs by argument: argument i's verb letter (%% is no argument).
func verbsOf(format string) []string {
	var verbs []string
	next := 0
	for _, m := range printfVerb.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		i := next
		if m[1] != "" {
			i, _ = strconv.Atoi(m[1])
			i--
		}
		for len(verbs) <= i {
			verbs = append(verbs, "")
		}
		verbs[i] = m[2]
		next = i + 1
	}
	return verbs
}

// reasonFiles reads every reasons*.<lang>.json catalogue of a language into one map.
func reasonFiles(t *testing.T, lang string) map[string]any {
	t.Helper()
	files, err := filepath.Glob("../../data/i18n/reasons*." + lang + ".json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no reasons catalogues in %s: %v", lang, err)
	}
	out := map[string]any{}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// TestReasonTranslationsKeepTheirVerbs fails for a reason key that is not in all three languages,
// and for a translation whose printf verbs (their number and their kinds, by argument) are not
// its English format's: it would print %!d(string=…) or drop a value.
func TestReasonTranslationsKeepTheirVerbs(t *testing.T) {
	loadCatalogue(t) // the files load: no key twice, every plural well formed
	en := reasonFiles(t, i18n.English)
	for _, lang := range []string{i18n.Spanish, i18n.Italian} {
		tr := reasonFiles(t, lang)
		for key, v := range en {
			other, ok := tr[key]
			if !ok {
				t.Errorf("%q has no %s translation", key, lang)
				continue
			}
			english, isText := v.(string)
			if !isText {
				if _, plural := other.(map[string]any); !plural {
					t.Errorf("%q is a plural in English but not in %s", key, lang)
				}
				continue
			}
			if strings.Contains(key, " ") && english != key {
				t.Errorf("the English of %q is %q: a reason's English is its key", key, english)
			}
			s, _ := other.(string)
			if strings.TrimSpace(s) == "" {
				t.Errorf("%q is empty in %s", key, lang)
				continue
			}
			if got, want := fmt.Sprint(verbsOf(s)), fmt.Sprint(verbsOf(english)); got != want {
				t.Errorf("%s of %q has verbs %s, want %s", lang, key, got, want)
			}
		}
		for key := range tr {
			if _, ok := en[key]; !ok {
				t.Errorf("%s has %q, which English has not", lang, key)
			}
		}
	}
}

// TestVerbsOf checks the verb reader the translations' test relies on.
func TestVerbsOf(t *testing.T) {
	for format, want := range map[string]string{
		"bib %d is in %s":       "[d s]",
		"%[2]s tiene el %[1]d":  "[d s]",
		"100%% of %q, %5.1f km": "[q f]",
		"no verbs":              "[]",
		"%s%s":                  "[s s]",
	} {
		if got := fmt.Sprint(verbsOf(format)); got != want {
			t.Errorf("verbsOf(%q) = %s, want %s", format, got, want)
		}
	}
}
