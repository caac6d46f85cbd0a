#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_utf8.h"

#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* Byte by byte, but plain ASCII 64 or 16 bytes at a time where SSE2 is. */
bool tc_utf8_valid(const unsigned char *s, size_t len)
{
	size_t i = 0, n;
	uint32_t cp;

	while (i < len) {
#ifdef __SSE2__
		if (len - i >= 64) {
			const __m128i *p = (const __m128i *) (s + i);
			__m128i any = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(p), _mm_loadu_si128(p + 1)),
				_mm_or_si128(_mm_loadu_si128(p + 2), _mm_loadu_si128(p + 3)));

			if (!_mm_movemask_epi8(any)) {
				i += 64;
				continue;
			}
		}
		if (len - i >= 16) {
			/* bit k set: byte k is 0x80 or above */
			unsigned high = (unsigned) _mm_movemask_epi8(_mm_loadu_si128((const __m128i *) (s + i)));

			if (!high) {
				i += 16;
				continue;
			}
			i += (size_t) __builtin_ctz(high);
		}
#endif
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		n = tc_utf8_decode(s + i, len - i, &cp);
		if (!n) {
			return 0;
		}
		i += n;
	}
	return 1;
}
