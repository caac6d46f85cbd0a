/*
 * The strings a pass omits, handed to a second thread that hashes them
 * while the pass goes on (tc_sha256_pair.h): a list that only grows,
 * written by the thread of the pass (the producer), from which that thread
 * and the hashing thread both take jobs.
 *
 * The hashing thread runs plain C only: it escapes and hashes the bytes of
 * strings it is given and writes digits into strings it is given. It never
 * allocates, frees, or changes a reference count, and reads nothing of PHP's
 * state: the producer allocates and frees everything, holds every string
 * of the list until the thread has ended (tc_sha256_jobs_end()), and runs
 * no user code meanwhile, so no string of the list can change or go away.
 */
#ifndef TC_SHA256_JOBS_H
#define TC_SHA256_JOBS_H

#include "php.h"

typedef struct {
	zend_string *src; /* the string to hash (JSON-escaped) */
	zend_string *hex; /* gets the 64 hex digits of its digest */
} tc_sha256_job;

typedef struct _tc_sha256_jobs tc_sha256_jobs;

/* At MINIT: whether this build can start a thread and the process may run
 * on more than one CPU. */
void tc_sha256_jobs_startup(void);

/* What tc_sha256_jobs_startup() found: CPUs the process may run on, 0 when
 * this build has no threads. */
int tc_sha256_jobs_cpus(void);

/* At MSHUTDOWN: ends the resident thread, if this process started one. */
void tc_sha256_jobs_shutdown(void);

/*
 * Claims the process's resident hashing thread for a pass (starting it the
 * first time, with every signal blocked; it is kept until
 * tc_sha256_jobs_shutdown()) and returns an empty list for it (owned by the
 * caller, freed by tc_sha256_jobs_end()), or NULL when the thread could not
 * be started or another pass holds it: then nothing was allocated. Whatever
 * a caller keeps for the thread alone across passes is its own from then
 * until tc_sha256_jobs_end().
 */
tc_sha256_jobs *tc_sha256_jobs_claim(void);

/* Hands work(jobs, arg) to the thread claimed with jobs. */
void tc_sha256_jobs_start(tc_sha256_jobs *jobs, void (*work)(tc_sha256_jobs *jobs, void *arg), void *arg);

/*
 * Whether handing a pass's hashing to the thread pays even when the pass
 * has little to hash: the thread is awake (it spins for a while after a
 * list), or a pass of this process ended less than a millisecond ago (an
 * agent or a benchmark calling in a loop). Otherwise the other CPU may be
 * idle and slow to wake, and only a pass with much to hash should try.
 * Measured from the clock as the pass started (tc_clock_at(started)) as it
 * starts, from now when started is NULL. tc_sha256_jobs_pass_starts()
 * takes started alike.
 */
bool tc_sha256_jobs_warm(uint64_t *started);

/* A pass that may hand its hashing to the thread has ended, at now
 * (tc_clock_ns()), for tc_sha256_jobs_warm(). */
void tc_sha256_jobs_pass_ended(uint64_t now);

/*
 * At the start of a pass that may hand its hashing to the thread and
 * expects enough to hash for it (the caller's judgement): notes whether
 * such passes come in bursts (the first of a burst starts
 * TC_JOBS_WARM_NS or more after a pass ended, the others closer), and when
 * this pass starts a burst less than TC_JOBS_PROD_NS after the last pass
 * ended, the last burst had more than its first pass, and the thread has
 * gone to sleep, wakes the thread without a list, to spin for one as after
 * a list (tc_sha256_jobs.c). The wake costs the caller a system call
 * (microseconds; tens of them on a virtual machine whose other CPU is
 * idle), and the thread is up only well after that, so this pass, which
 * counts as cold, does not wait for it: the next passes of the burst find
 * it spinning instead of paying for the wake in their middle. Passes a
 * pause apart one at a time, or an agent's (an LLM call apart), never wake
 * it so. Does nothing before the thread is started, and nothing but the
 * count in a child of fork().
 */
void tc_sha256_jobs_pass_starts(uint64_t *started);

/* Producer: appends a job, taking over one reference to each string, and
 * wakes the thread when it waits for jobs. Returns its number (jobs are
 * numbered from 0 in the order they are pushed). */
uint32_t tc_sha256_jobs_push(tc_sha256_jobs *jobs, zend_string *src, zend_string *hex);

/* Producer, until the close: job i, pushed before (its strings borrowed
 * from the list; the job may have been taken). */
const tc_sha256_job *tc_sha256_jobs_get(tc_sha256_jobs *jobs, uint32_t i);

/* Producer: no job follows; wakes the thread so that it can finish. The
 * jobs nobody took are taken from then on the longest first, when there
 * are few of them (tc_sha256_jobs.c). */
void tc_sha256_jobs_close(tc_sha256_jobs *jobs);

/* Either thread: takes the next job nobody took into *job (its strings
 * borrowed from the list); false when none is there now. */
bool tc_sha256_jobs_take(tc_sha256_jobs *jobs, tc_sha256_job *job);

/* Either thread: how many jobs nobody took yet (a moment's count: the
 * other thread may take some meanwhile). */
uint32_t tc_sha256_jobs_left(tc_sha256_jobs *jobs);

/* Either thread: whether no job follows those in the list. */
bool tc_sha256_jobs_closed(tc_sha256_jobs *jobs);

/* The hashing thread: waits until want jobs are there to take, or fewer
 * once the list is closed. False once it is closed and every job taken. */
bool tc_sha256_jobs_wait(tc_sha256_jobs *jobs, uint32_t want);

/* Producer, on a bailout: takes every job nobody took (they are not
 * hashed) and closes the list; tc_sha256_jobs_end() follows. */
void tc_sha256_jobs_drop(tc_sha256_jobs *jobs);

/* Producer, after tc_sha256_jobs_close(): waits until work has returned
 * on the thread (which then waits for the next pass), then lets go of
 * every string of the list and frees it. */
void tc_sha256_jobs_end(tc_sha256_jobs *jobs);

#endif
