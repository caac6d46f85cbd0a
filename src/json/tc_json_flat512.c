#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_json_flat.h"

/*
 * The AVX-512 run of tc_json_flat.c: a block's escapes are found from its
 * backslashes, their letters replaced by what they stand for, and their
 * backslashes dropped by byte compression.
 */

#ifdef TC_JSON_VBMI2
# include <immintrin.h>

/* The bits at even positions. */
# define TC_EVEN_BITS 0x5555555555555555ULL

/* The bytes of v equal to c. */
# define TC_EQ(v, c) _mm512_cmpeq_epi8_mask((v), _mm512_set1_epi8(c))

__attribute__((target("avx2,bmi,popcnt,avx512f,avx512bw,avx512vbmi2")))
size_t tc_json_unescape_vbmi2(const unsigned char *s, size_t len, char *d, size_t *written)
{
	size_t i = 0, out = 0;

	while (i + 64 <= len) {
		__m512i v = _mm512_loadu_si512((const void *) (s + i)), r;
		uint64_t m = TC_EQ(v, '\\'), starts, letters, simple, stop, keep, runs, odd_runs;
		uint64_t odd = _mm512_cmplt_epu8_mask(v, _mm512_set1_epi8(0x20))
			| _mm512_cmpge_epu8_mask(v, _mm512_set1_epi8((char) 0x80));
		unsigned take;

		/* An escape starts at a backslash that no escape before it took (a
		 * block begins where no escape is open): in a run of backslashes, at
		 * the run's first and then every second one. The runs that begin at
		 * an odd bit are the backslashes that adding their first bits clears
		 * (the carry runs through each such run and stops past it). */
		runs = m & ~(m << 1);
		odd_runs = m & ~(m + (runs & ~TC_EVEN_BITS));
		starts = ((m & ~odd_runs) & TC_EVEN_BITS) | (odd_runs & ~TC_EVEN_BITS);
		letters = starts << 1;
		simple = letters & (TC_EQ(v, '"') | TC_EQ(v, '\\') | TC_EQ(v, '/') | TC_EQ(v, 'b')
			| TC_EQ(v, 'f') | TC_EQ(v, 'n') | TC_EQ(v, 'r') | TC_EQ(v, 't'));
		/* the end of the string, a byte to check, an escape of another kind,
		 * or an escape whose letter is in the next block */
		stop = (TC_EQ(v, '"') & ~letters) | (odd & ~letters) | ((letters & ~simple) >> 1) | (starts & (1ULL << 63));
		take = stop ? (unsigned) _tzcnt_u64(stop) : 64;
		keep = (take == 64 ? ~0ULL : (1ULL << take) - 1) & ~starts;
		r = _mm512_mask_mov_epi8(v, letters & TC_EQ(v, 'b'), _mm512_set1_epi8('\b'));
		r = _mm512_mask_mov_epi8(r, letters & TC_EQ(v, 'f'), _mm512_set1_epi8('\f'));
		r = _mm512_mask_mov_epi8(r, letters & TC_EQ(v, 'n'), _mm512_set1_epi8('\n'));
		r = _mm512_mask_mov_epi8(r, letters & TC_EQ(v, 'r'), _mm512_set1_epi8('\r'));
		r = _mm512_mask_mov_epi8(r, letters & TC_EQ(v, 't'), _mm512_set1_epi8('\t'));
		_mm512_storeu_si512((void *) (d + out), _mm512_maskz_compress_epi8(keep, r));
		out += (size_t) _mm_popcnt_u64(keep);
		i += take;
		if (take < 64) {
			break;
		}
	}
	*written = out;
	return i;
}
#endif
