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

/*
 * The clock as a pass started, read the first time one of the decisions
 * made as it starts asks for it (*at 0 until then): they share one read
 * (about 20 ns, as much as a pass of a short history spends on some of
 * its messages).
 */
static zend_always_inline uint64_t tc_clock_at(uint64_t *at)
{
	if (!*at) {
		*at = tc_clock_ns();
	}
	return *at;
}

/*
 * A brief pass: over fewer than TC_CLOCK_BRIEF_MESSAGES messages, having
 * queued fewer than TC_CLOCK_BRIEF_BYTES to hash. It takes some tens of
 * microseconds at most, against the millisecond that the decisions which
 * read the clock measure, so the clock as it started stands for every
 * later moment of it: its middle and its end read the clock no more.
 */
#define TC_CLOCK_BRIEF_MESSAGES 64
#define TC_CLOCK_BRIEF_BYTES ((size_t) 64 << 10)

#endif
