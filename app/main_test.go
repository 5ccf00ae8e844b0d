package app_test

import (
	"flag"
	"os"
	"runtime/debug"
	"strconv"
	"testing"
)

// testsAtOnce is how many parallel tests run side by side unless go test's -parallel is given: on
// two cores a few more than the cores keep them busy while some tests wait on a server, a stream or
// a child process.
const testsAtOnce = 4

// testGCPercent is the collector's target for the tests' process: each test's app is thrown away,
// so the heap may grow to five times what is live before a collection (the default, 100, spends a
// sixth of the package's CPU on collections). The tests that weigh memory collect first.
const testGCPercent = 400

// TestMain runs the scenario tests testsAtOnce at a time unless -parallel says otherwise, with the
// collector's target at testGCPercent unless GOGC is set.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(testsAtOnce))
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(testGCPercent)
	}
	os.Exit(m.Run())
}
