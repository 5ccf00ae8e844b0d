//go:build linux && cgo

package quiet

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
// give_back returns the free memory of every arena of glibc's malloc to the system.
static void give_back(void) { malloc_trim(0); }
#else
static void give_back(void) {}
#endif
*/
import "C"

// trimC returns the C library's free memory to the system (glibc's malloc keeps what SQLite freed
// in its arenas otherwise).
func trimC() { C.give_back() }
