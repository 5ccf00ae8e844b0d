package quiet

import (
	"runtime"
	"runtime/debug"
)

// ReturnMemory gives the memory the program holds without using back to the system: the Go heap's
// free pages after two collections (the first moves what the pools hold aside, such as the
// compressors a burst of requests left there, the second frees it), and the C library's free
// memory (SQLite's closed connections' caches), where it keeps it.
func ReturnMemory() {
	runtime.GC()
	debug.FreeOSMemory()
	trimC()
}
