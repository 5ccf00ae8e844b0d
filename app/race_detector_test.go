//go:build race

package app_test

// raceDetector says the tests run under the race detector, whose shadow memory grows with the heap:
// TestMain then keeps GOGC's default collector.
const raceDetector = true
