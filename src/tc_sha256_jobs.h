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

/*
 * Starts a thread that runs work(jobs, arg) and returns the list it takes
 * jobs from (owned by the caller, freed by tc_sha256_jobs_end()), or NULL
 * when no thread could be started: then nothing was allocated and work
 * never runs. The thread starts with every signal blocked.
 */
tc_sha256_jobs *tc_sha256_jobs_start(void (*work)(tc_sha256_jobs *jobs, void *arg), void *arg);

/* Producer: appends a job, taking over one reference to each string, and
 * wakes the thread when it waits for jobs. */
void tc_sha256_jobs_push(tc_sha256_jobs *jobs, zend_string *src, zend_string *hex);

/* Producer: no job follows; wakes the thread so that it can finish. */
void tc_sha256_jobs_close(tc_sha256_jobs *jobs);

/* Either thread: takes the next job nobody took into *job (its strings
 * borrowed from the list); false when none is there now. */
bool tc_sha256_jobs_take(tc_sha256_jobs *jobs, tc_sha256_job *job);

/* Either thread: how many jobs nobody took yet (a moment's count: the
 * other thread may take some meanwhile). */
uint32_t tc_sha256_jobs_left(tc_sha256_jobs *jobs);

/* The hashing thread: waits until want jobs are there to take, or fewer
 * once the list is closed. False once it is closed and every job taken. */
bool tc_sha256_jobs_wait(tc_sha256_jobs *jobs, uint32_t want);

/* Producer, after tc_sha256_jobs_close(): waits for the thread's end,
 * then lets go of every string of the list and frees it. */
void tc_sha256_jobs_end(tc_sha256_jobs *jobs);

#endif
