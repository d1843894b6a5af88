//go:build cgo

package main

// Built with cgo (the net package links it where a C compiler is
// present), the program's threads are the C library's, and under an
// address-space limit (prlimit --as, ulimit -v, as some hosts set) two
// of glibc's defaults took the room of the engine's hash table and heap:
// a malloc arena of 64 MiB of address space (128 MiB while it is being
// aligned) for each thread that calls malloc, and a stack of 8 MiB for
// each thread. Under a limit of 1 GiB the default table fell back to 1
// MiB, and the engine sometimes died at start, out of memory, before
// main (issue 36). Go barely calls malloc, and runs its code on stacks
// of its own, so the constructor below, which runs before the Go runtime
// starts a thread, asks for one arena and stacks of 1 MiB (plenty for the
// C library's name lookups, the only C code the program runs).

/*
#cgo LDFLAGS: -lpthread
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>

__attribute__((constructor)) static void hexdame_small_threads(void) {
	mallopt(M_ARENA_MAX, 1);
	pthread_attr_t attr;
	size_t size;
	if (pthread_getattr_default_np(&attr) != 0) {
		return;
	}
	if (pthread_attr_getstacksize(&attr, &size) == 0 && size > (1 << 20)) {
		pthread_attr_setstacksize(&attr, 1 << 20);
		pthread_setattr_default_np(&attr);
	}
	pthread_attr_destroy(&attr);
}
#endif
*/
import "C"
