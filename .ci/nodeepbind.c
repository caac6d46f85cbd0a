/*
 * Preloaded before the sanitizer runtime in the sanitizer leg of .ci/run:
 * PHP opens extensions with dlopen(RTLD_DEEPBIND), which the AddressSanitizer
 * runtime refuses. This dlopen() drops that flag and hands over to the next
 * dlopen() (the sanitizer's).
 */
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int flags)
{
	static void *(*next)(const char *, int);

	if (!next) {
		next = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
	}
	return next(file, flags & ~RTLD_DEEPBIND);
}
