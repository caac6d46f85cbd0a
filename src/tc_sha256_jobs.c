#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_sha256_jobs.h"

#if !defined(PHP_WIN32) && defined(__GNUC__)
# define TC_JOBS_THREADS 1
# include <pthread.h>
# include <signal.h>
# include <unistd.h>
# ifdef __linux__
#  include <sched.h>
# endif
#endif

static int tc_jobs_cpus;

int tc_sha256_jobs_cpus(void)
{
	return tc_jobs_cpus;
}

#ifndef TC_JOBS_THREADS

void tc_sha256_jobs_startup(void)
{
	tc_jobs_cpus = 0;
}

tc_sha256_jobs *tc_sha256_jobs_start(void (*work)(tc_sha256_jobs *jobs, void *arg), void *arg)
{
	(void) work;
	(void) arg;
	return NULL;
}

/* (never called without a list) */
void tc_sha256_jobs_push(tc_sha256_jobs *jobs, zend_string *src, zend_string *hex) { ZEND_UNREACHABLE(); }
void tc_sha256_jobs_close(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); }
bool tc_sha256_jobs_take(tc_sha256_jobs *jobs, tc_sha256_job *job) { ZEND_UNREACHABLE(); return 0; }
uint32_t tc_sha256_jobs_left(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); return 0; }
bool tc_sha256_jobs_wait(tc_sha256_jobs *jobs, uint32_t want) { ZEND_UNREACHABLE(); return 0; }
void tc_sha256_jobs_end(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); }

#else

/* The list is kept in chunks that are never moved (the hashing thread reads
 * them while the producer appends): chunk k holds TC_JOBS_FIRST << k jobs. */
#define TC_JOBS_FIRST_LOG 8
#define TC_JOBS_FIRST (1u << TC_JOBS_FIRST_LOG)
#define TC_JOBS_CHUNKS 24

struct _tc_sha256_jobs {
	tc_sha256_job *chunk[TC_JOBS_CHUNKS];
	uint32_t published; /* jobs written (the producer's store, after the job's) */
	uint32_t claimed;   /* jobs taken (either thread) */
	uint32_t want;      /* how many jobs the sleeping thread waits for */
	bool closed;        /* no job follows */
	bool sleeping;      /* the thread waits on wake (under lock) */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	void (*work)(tc_sha256_jobs *jobs, void *arg);
	void *arg;
};

/* The thread's stack. */
#define TC_JOBS_STACK ((size_t) 256 * 1024)

/* Rounds of tc_jobs_pause() before a waiting thread sleeps. */
#define TC_JOBS_SPIN 8192

#if defined(__x86_64__) || defined(__i386__)
# define tc_jobs_pause() __builtin_ia32_pause()
#else
# define tc_jobs_pause() __asm__ __volatile__("" ::: "memory")
#endif

#define TC_LOAD(p) __atomic_load_n(p, __ATOMIC_SEQ_CST)
#define TC_STORE(p, v) __atomic_store_n(p, v, __ATOMIC_SEQ_CST)

void tc_sha256_jobs_startup(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
#if defined(__linux__) && defined(CPU_COUNT)
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0) {
		cpus = CPU_COUNT(&set);
	}
#endif
	tc_jobs_cpus = cpus > 0 ? (int) cpus : 1;
}

/* The chunk that holds job i, and its place there in *at. */
static zend_always_inline int tc_jobs_chunk(uint32_t i, size_t *at)
{
	uint64_t v = (uint64_t) i + TC_JOBS_FIRST;
	int k = 63 - __builtin_clzll(v) - TC_JOBS_FIRST_LOG;

	*at = (size_t) (v - ((uint64_t) TC_JOBS_FIRST << k));
	return k;
}

/* Where job i lives (its chunk allocated). */
static zend_always_inline tc_sha256_job *tc_jobs_slot(tc_sha256_jobs *jobs, uint32_t i)
{
	size_t at;
	int k = tc_jobs_chunk(i, &at);

	return &jobs->chunk[k][at];
}

static void *tc_jobs_thread(void *arg)
{
	tc_sha256_jobs *jobs = arg;

	jobs->work(jobs, jobs->arg);
	return NULL;
}

tc_sha256_jobs *tc_sha256_jobs_start(void (*work)(tc_sha256_jobs *jobs, void *arg), void *arg)
{
	tc_sha256_jobs *jobs = ecalloc(1, sizeof(*jobs));
	sigset_t all, old;
	pthread_attr_t attr;
	int failed;

	jobs->work = work;
	jobs->arg = arg;
	if (pthread_mutex_init(&jobs->lock, NULL) != 0) {
		efree(jobs);
		return NULL;
	}
	if (pthread_cond_init(&jobs->wake, NULL) != 0) {
		pthread_mutex_destroy(&jobs->lock);
		efree(jobs);
		return NULL;
	}
	/* the thread inherits the mask: signals stay with the threads of PHP */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	failed = pthread_attr_init(&attr);
	if (!failed) {
		/* its frames are a few small ones (the lanes' state is in its pair) */
		pthread_attr_setstacksize(&attr, TC_JOBS_STACK);
		failed = pthread_create(&jobs->thread, &attr, tc_jobs_thread, jobs);
		pthread_attr_destroy(&attr);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (failed) {
		pthread_cond_destroy(&jobs->wake);
		pthread_mutex_destroy(&jobs->lock);
		efree(jobs);
		return NULL;
	}
	return jobs;
}

/* Wakes the thread if it sleeps. */
static void tc_jobs_wake(tc_sha256_jobs *jobs)
{
	pthread_mutex_lock(&jobs->lock);
	TC_STORE(&jobs->sleeping, 0);
	pthread_cond_signal(&jobs->wake);
	pthread_mutex_unlock(&jobs->lock);
}

void tc_sha256_jobs_push(tc_sha256_jobs *jobs, zend_string *src, zend_string *hex)
{
	uint32_t i = jobs->published;
	size_t at;
	int k = tc_jobs_chunk(i, &at);
	tc_sha256_job *job;

	if (!jobs->chunk[k]) {
		/* TC_JOBS_CHUNKS chunks hold more jobs than a uint32_t counts */
		jobs->chunk[k] = safe_emalloc((size_t) TC_JOBS_FIRST << k, sizeof(tc_sha256_job), 0);
	}
	job = &jobs->chunk[k][at];
	job->src = src;
	job->hex = hex;
	TC_STORE(&jobs->published, i + 1);
	/* The store above and the thread's store of sleeping before it looks
	 * at the list are both sequentially consistent: one of the two sees
	 * the other's, so a thread that went to sleep is seen here. */
	if (TC_LOAD(&jobs->sleeping) && i + 1 - TC_LOAD(&jobs->claimed) >= TC_LOAD(&jobs->want)) {
		tc_jobs_wake(jobs);
	}
}

void tc_sha256_jobs_close(tc_sha256_jobs *jobs)
{
	TC_STORE(&jobs->closed, 1);
	tc_jobs_wake(jobs);
}

bool tc_sha256_jobs_take(tc_sha256_jobs *jobs, tc_sha256_job *job)
{
	uint32_t c = TC_LOAD(&jobs->claimed);

	do {
		if (c >= TC_LOAD(&jobs->published)) {
			return 0;
		}
	} while (!__atomic_compare_exchange_n(&jobs->claimed, &c, c + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	*job = *tc_jobs_slot(jobs, c);
	return 1;
}

/* Jobs there to take, and whether the list is closed (read first: a closed
 * list has all its jobs published). */
static uint32_t tc_jobs_ready(tc_sha256_jobs *jobs, bool *closed)
{
	*closed = TC_LOAD(&jobs->closed);
	return TC_LOAD(&jobs->published) - TC_LOAD(&jobs->claimed);
}

uint32_t tc_sha256_jobs_left(tc_sha256_jobs *jobs)
{
	bool closed;

	return tc_jobs_ready(jobs, &closed);
}

bool tc_sha256_jobs_wait(tc_sha256_jobs *jobs, uint32_t want)
{
	bool closed;
	uint32_t ready, spin;

	/* The producer makes a job every few microseconds: a short wait is
	 * spent spinning, as waking a thread costs the producer a system call. */
	for (spin = 0; spin < TC_JOBS_SPIN; spin++) {
		ready = tc_jobs_ready(jobs, &closed);
		if (ready >= want || closed) {
			return ready > 0;
		}
		tc_jobs_pause();
	}
	pthread_mutex_lock(&jobs->lock);
	TC_STORE(&jobs->want, want);
	TC_STORE(&jobs->sleeping, 1);
	while ((ready = tc_jobs_ready(jobs, &closed)) < want && !closed && TC_LOAD(&jobs->sleeping)) {
		pthread_cond_wait(&jobs->wake, &jobs->lock);
	}
	TC_STORE(&jobs->sleeping, 0);
	pthread_mutex_unlock(&jobs->lock);
	/* woken early or by a job that the producer has taken since: the
	 * caller asks again */
	return ready > 0 || !closed;
}

void tc_sha256_jobs_end(tc_sha256_jobs *jobs)
{
	uint32_t i;
	int k;

	pthread_join(jobs->thread, NULL);
	for (i = 0; i < jobs->published; i++) {
		tc_sha256_job *job = tc_jobs_slot(jobs, i);

		zend_string_release(job->src);
		zend_string_release(job->hex);
	}
	for (k = 0; k < TC_JOBS_CHUNKS && jobs->chunk[k]; k++) {
		efree(jobs->chunk[k]);
	}
	pthread_cond_destroy(&jobs->wake);
	pthread_mutex_destroy(&jobs->lock);
	efree(jobs);
}

#endif
