package quiet

import "runtime/debug"

// ReturnMemory gives the memory the program holds without using back to the system: the Go heap's
// free pages after a collection, and the C library's free memory (SQLite's closed connections'
// caches), where it keeps it.
func ReturnMemory() {
	debug.FreeOSMemory()
	trimC()
}
