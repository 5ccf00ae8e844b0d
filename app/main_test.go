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

// testHeapLimit is when the tests' process collects its garbage: each test's app is thrown away,
// so the heap may grow to this size before a collection (GOGC's default, 100, spent a sixth of the
// package's CPU on collections). The process peaks near 2.1 GB resident; the tests that weigh
// memory collect first.
const testHeapLimit = 2 << 30

// TestMain runs the scenario tests testsAtOnce at a time unless -parallel says otherwise, collecting
// garbage at testHeapLimit unless GOGC or GOMEMLIMIT is set or the race detector runs.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(testsAtOnce))
	}
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" && !raceDetector {
		debug.SetMemoryLimit(testHeapLimit)
		debug.SetGCPercent(-1)
	}
	os.Exit(m.Run())
}
