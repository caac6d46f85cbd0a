/*
 * A monotonic clock in nanoseconds, for the decisions that depend on how
 * long ago something happened (a warm pass, a cold one). Not for timing
 * the work itself. 0 where the clock cannot be read.
 */
#ifndef TC_CLOCK_H
#define TC_CLOCK_H

#include "php.h"

#ifdef PHP_WIN32
static zend_always_inline uint64_t tc_clock_ns(void)
{
	LARGE_INTEGER count, freq;

	if (!QueryPerformanceCounter(&count) || !QueryPerformanceFrequency(&freq) || !freq.QuadPart) {
		return 0;
	}
	return (uint64_t) ((double) count.QuadPart / (double) freq.QuadPart * 1e9);
}
#else
# include <time.h>

static zend_always_inline uint64_t tc_clock_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
		return 0;
	}
	return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}
#endif

#endif
