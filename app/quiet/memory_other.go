//go:build !linux || !cgo

package quiet

// trimC does nothing where the C library is not glibc's (nor cgo in use).
func trimC() {}
