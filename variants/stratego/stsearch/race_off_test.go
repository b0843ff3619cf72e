//go:build !race

package stsearch

// raceDetector is off: allocation counts are exact (race_on_test.go).
const raceDetector = false
