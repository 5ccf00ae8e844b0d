//go:build !race

package app_test

// raceDetector says the tests run under the race detector (they do not: see race_detector_test.go).
const raceDetector = false
