#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"

#include "tc_clock.h"
#include "tc_sha256_jobs.h"

#if !defined(PHP_WIN32) && defined(__GNUC__)
# define TC_JOBS_THREADS 1
# include <pthread.h>
# include <sched.h>
# include <signal.h>
# include <unistd.h>
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

tc_sha256_jobs *tc_sha256_jobs_claim(void)
{
	return NULL;
}

/* (never called without a list) */
void tc_sha256_jobs_start(tc_sha256_jobs *jobs, void (*work)(tc_sha256_jobs *jobs, void *arg), void *arg) { ZEND_UNREACHABLE(); }
uint32_t tc_sha256_jobs_push(tc_sha256_jobs *jobs, zend_string *src, zend_string *hex) { ZEND_UNREACHABLE(); return 0; }
const tc_sha256_job *tc_sha256_jobs_get(tc_sha256_jobs *jobs, uint32_t i) { ZEND_UNREACHABLE(); return NULL; }
void tc_sha256_jobs_close(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); }
bool tc_sha256_jobs_take(tc_sha256_jobs *jobs, tc_sha256_job *job) { ZEND_UNREACHABLE(); return 0; }
uint32_t tc_sha256_jobs_left(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); return 0; }
bool tc_sha256_jobs_closed(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); return 0; }
bool tc_sha256_jobs_wait(tc_sha256_jobs *jobs, uint32_t want) { ZEND_UNREACHABLE(); return 0; }
void tc_sha256_jobs_end(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); }
void tc_sha256_jobs_drop(tc_sha256_jobs *jobs) { ZEND_UNREACHABLE(); }
void tc_sha256_jobs_shutdown(void) {}
bool tc_sha256_jobs_warm(uint64_t *started) { return 0; }
void tc_sha256_jobs_pass_ended(uint64_t now) {}
void tc_sha256_jobs_pass_starts(uint64_t *started) {}

#else

/* The list is kept in chunks that are never moved (the hashing thread reads
 * them while the producer appends): chunk k holds TC_JOBS_FIRST << k jobs
 * (the first 256 bytes, so that a short pass allocates little). */
#define TC_JOBS_FIRST_LOG 4
#define TC_JOBS_FIRST (1u << TC_JOBS_FIRST_LOG)
#define TC_JOBS_CHUNKS 29

struct _tc_sha256_jobs {
	tc_sha256_job *chunk[TC_JOBS_CHUNKS];
	uint32_t published; /* jobs written (the producer's store, after the job's) */
	uint32_t claimed;   /* jobs taken (either thread) */
	uint32_t want;      /* how many jobs the sleeping thread waits for */
	bool closed;        /* no job follows */
	bool sleeping;      /* the thread waits on wake (under lock) */
	bool worked;        /* the thread is done with the list (set under the resident's lock) */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	void (*work)(tc_sha256_jobs *jobs, void *arg);
	void *arg;
};

/*
 * The hashing thread is resident: started by the first pass that hands it a
 * list, it stays for the passes after. Once done with a list it spins for
 * TC_JOBS_LINGER_NS, so that a pass that follows at once hands it the next
 * list without a system call, then sleeps (holding nothing) until a pass
 * wakes it. Waking a thread whose CPU has been idle for a while can take
 * long on a virtual machine (up to a millisecond was seen): a pass that
 * finds its list not yet picked up when it has done the work itself takes
 * the list back (tc_sha256_jobs_end()) instead of waiting, and passes hand
 * small lists only while the thread or the passes are warm
 * (tc_sha256_jobs_warm()). One thread serves the process: a pass that finds
 * it held (by another thread of a ZTS build) hashes alone. A child of fork()
 * has no thread: the pid that started it tells, and the child starts its own.
 */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t task_set;  /* the thread sleeps here for a list or the end */
	pthread_cond_t task_done; /* a pass waits here for the thread to be done */
	pthread_t thread;
	pid_t pid;                /* the process that started the thread; 0: none */
	tc_sha256_jobs *task;     /* a list handed over and not yet picked up */
	uint64_t last_end;        /* when a pass of the process last ended (ns) */
	bool sleeping;            /* the thread sleeps on task_set */
	bool quit;                /* the thread is to end (MSHUTDOWN) */
	bool busy;                /* a pass holds the thread */
	bool prodded;             /* woken without a list (tc_sha256_jobs_pass_starts()) */
	bool lead_last;           /* the last pass tc_sha256_jobs_pass_starts() saw began a burst */
	bool lead_followed;       /* the last burst had more passes than its first */
	int cpu[2];               /* the CPU each side was last seen on (TC_JOBS_PASS,
	                           * TC_JOBS_WORKER; -1: not known), for tc_jobs_spin_for() */
} tc_jobs_resident;

/* The two sides of a list: the thread of the pass and the hashing thread. */
enum { TC_JOBS_PASS, TC_JOBS_WORKER };

/* A pass that starts less than this after a pass ended counts as warm. */
#define TC_JOBS_WARM_NS ((uint64_t) 1000000)

/*
 * How long the thread spins for the next list once done with one: as long
 * as a pass that follows counts as warm, since a warm pass hands its
 * strings over. With 250 us, a pass 0.25-1 ms after the last found the
 * thread asleep, woke it and waited: the first calls of the benchmark's
 * blocks, 0.4 ms of baseline calls after the block before, took 15-25 us
 * of ctf-rev-rock against 6-7 for the calls after them; with 1 ms, 6-7 too.
 */
#define TC_JOBS_LINGER_NS TC_JOBS_WARM_NS

/* A pass that starts less than this after a pass ended may wake the
 * sleeping thread ahead (tc_sha256_jobs_pass_starts()): not one agent
 * waiting for its LLM. */
#define TC_JOBS_PROD_NS ((uint64_t) 20000000)

/* How long a thread waiting for jobs in a pass spins before it sleeps. */
#define TC_JOBS_SPIN_NS ((uint64_t) 2000000)

/* At most this many jobs left at the close are put in order
 * (tc_jobs_longest_first()): more are most of a long pass, whose end the
 * order barely moves. */
#define TC_JOBS_ORDER_MAX 256

/* The thread's stack. */
#define TC_JOBS_STACK ((size_t) 256 * 1024)

#if defined(__x86_64__) || defined(__i386__)
# define tc_jobs_pause() __builtin_ia32_pause()
#else
# define tc_jobs_pause() __asm__ __volatile__("" ::: "memory")
#endif

#define TC_LOAD(p) __atomic_load_n(p, __ATOMIC_SEQ_CST)
#define TC_STORE(p, v) __atomic_store_n(p, v, __ATOMIC_SEQ_CST)

/* The CPU the calling thread runs on; -1 where that cannot be known. */
static zend_always_inline int tc_jobs_this_cpu(void)
{
#if defined(__linux__) && defined(__GLIBC__)
	return sched_getcpu();
#else
	return -1;
#endif
}

/* Notes the CPU that side runs on (a hint: no ordering needed) and
 * returns it. */
static zend_always_inline int tc_jobs_note_cpu(int side)
{
	int cpu = tc_jobs_this_cpu();

	__atomic_store_n(&tc_jobs_resident.cpu[side], cpu, __ATOMIC_RELAXED);
	return cpu;
}

/*
 * Spins on side's thread until done(arg) or ns have passed (the clock read
 * every 256 rounds); returns whether done. What it waits for is the other
 * side's to do, and the scheduler may have put both threads on one CPU
 * (it often wakes the hashing thread on the CPU of the pass that wakes it,
 * the other one idle): a spin there would keep the other side off that CPU
 * until the spin ends (2 ms) or the time slice does. So at each clock read,
 * a spin on the CPU the other side was last seen on yields it.
 */
static zend_always_inline bool tc_jobs_spin_for(bool (*done)(void *arg), void *arg, uint64_t ns, int side)
{
	uint64_t until = 0;
	uint32_t round;

	for (round = 0;; round++) {
		if (done(arg)) {
			return 1;
		}
		if ((round & 255) == 0) {
			uint64_t now = tc_clock_ns();
			int cpu;

			if (!until) {
				until = now + ns;
			} else if (now >= until) {
				return 0;
			}
			cpu = tc_jobs_note_cpu(side);
			if (cpu >= 0 && cpu == __atomic_load_n(&tc_jobs_resident.cpu[!side], __ATOMIC_RELAXED)) {
				sched_yield();
			}
		}
		tc_jobs_pause();
	}
}

/* The resident thread's state as in a process that never started it. */
static void tc_jobs_resident_reset(void)
{
	memset(&tc_jobs_resident, 0, sizeof(tc_jobs_resident));
	tc_jobs_resident.cpu[TC_JOBS_PASS] = tc_jobs_resident.cpu[TC_JOBS_WORKER] = -1;
	pthread_mutex_init(&tc_jobs_resident.lock, NULL);
	pthread_cond_init(&tc_jobs_resident.task_set, NULL);
	pthread_cond_init(&tc_jobs_resident.task_done, NULL);
}

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
	tc_jobs_resident_reset();
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

static bool tc_jobs_task_set(void *arg)
{
	(void) arg;
	return TC_LOAD(&tc_jobs_resident.task) || TC_LOAD(&tc_jobs_resident.quit);
}

/* The resident thread: works on each list it picks up, until the end. */
static void *tc_jobs_thread(void *arg)
{
	tc_sha256_jobs *jobs;

	(void) arg;
	for (;;) {
		tc_jobs_spin_for(tc_jobs_task_set, NULL, TC_JOBS_LINGER_NS, TC_JOBS_WORKER);
		pthread_mutex_lock(&tc_jobs_resident.lock);
		while (!tc_jobs_resident.task && !tc_jobs_resident.quit && !tc_jobs_resident.prodded) {
			TC_STORE(&tc_jobs_resident.sleeping, 1);
			pthread_cond_wait(&tc_jobs_resident.task_set, &tc_jobs_resident.lock);
		}
		TC_STORE(&tc_jobs_resident.sleeping, 0);
		tc_jobs_resident.prodded = 0;
		jobs = tc_jobs_resident.task;
		if (!jobs) {
			bool quit = tc_jobs_resident.quit;

			pthread_mutex_unlock(&tc_jobs_resident.lock);
			if (quit) {
				return NULL; /* with no list handed over */
			}
			continue; /* woken ahead of a list: spin for it as after one */
		}
		TC_STORE(&tc_jobs_resident.task, NULL);
		pthread_mutex_unlock(&tc_jobs_resident.lock);
		tc_jobs_note_cpu(TC_JOBS_WORKER);
		jobs->work(jobs, jobs->arg);
		pthread_mutex_lock(&tc_jobs_resident.lock);
		/* the last touch of the list: the pass may free it from now on */
		TC_STORE(&jobs->worked, 1);
		pthread_cond_signal(&tc_jobs_resident.task_done);
		pthread_mutex_unlock(&tc_jobs_resident.lock);
	}
}

/* Starts the resident thread, with every signal blocked (the thread
 * inherits the mask: signals stay with the threads of PHP). */
static bool tc_jobs_resident_start(void)
{
	sigset_t all, old;
	pthread_attr_t attr;
	int failed;

	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	failed = pthread_attr_init(&attr);
	if (!failed) {
		/* its frames are a few small ones (the lanes' state is in its pair) */
		pthread_attr_setstacksize(&attr, TC_JOBS_STACK);
		failed = pthread_create(&tc_jobs_resident.thread, &attr, tc_jobs_thread, NULL);
		pthread_attr_destroy(&attr);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (failed) {
		return 0;
	}
	tc_jobs_resident.pid = getpid();
	return 1;
}

tc_sha256_jobs *tc_sha256_jobs_claim(void)
{
	tc_sha256_jobs *jobs;
	bool idle = 0;

	if (!__atomic_compare_exchange_n(&tc_jobs_resident.busy, &idle, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		return NULL; /* another thread's pass holds it */
	}
	if (tc_jobs_resident.pid != getpid()) {
		/* never started, or started by the parent of this process */
		tc_jobs_resident_reset();
		TC_STORE(&tc_jobs_resident.busy, 1);
		if (!tc_jobs_resident_start()) {
			TC_STORE(&tc_jobs_resident.busy, 0);
			return NULL;
		}
	}
	jobs = ecalloc(1, sizeof(*jobs));
	if (pthread_mutex_init(&jobs->lock, NULL) == 0) {
		if (pthread_cond_init(&jobs->wake, NULL) == 0) {
			return jobs;
		}
		pthread_mutex_destroy(&jobs->lock);
	}
	efree(jobs);
	TC_STORE(&tc_jobs_resident.busy, 0);
	return NULL;
}

void tc_sha256_jobs_start(tc_sha256_jobs *jobs, void (*work)(tc_sha256_jobs *jobs, void *arg), void *arg)
{
	jobs->work = work;
	jobs->arg = arg;
	tc_jobs_note_cpu(TC_JOBS_PASS);
	pthread_mutex_lock(&tc_jobs_resident.lock);
	TC_STORE(&tc_jobs_resident.task, jobs);
	if (TC_LOAD(&tc_jobs_resident.sleeping)) {
		pthread_cond_signal(&tc_jobs_resident.task_set);
	}
	pthread_mutex_unlock(&tc_jobs_resident.lock);
}

/* Wakes the thread if it sleeps. */
static void tc_jobs_wake(tc_sha256_jobs *jobs)
{
	pthread_mutex_lock(&jobs->lock);
	TC_STORE(&jobs->sleeping, 0);
	pthread_cond_signal(&jobs->wake);
	pthread_mutex_unlock(&jobs->lock);
}

/* Producer: the place of job i, its chunk allocated if need be. */
static tc_sha256_job *tc_jobs_new_slot(tc_sha256_jobs *jobs, uint32_t i)
{
	size_t at;
	int k = tc_jobs_chunk(i, &at);

	if (!jobs->chunk[k]) {
		/* TC_JOBS_CHUNKS chunks hold more jobs than a uint32_t counts */
		jobs->chunk[k] = safe_emalloc((size_t) TC_JOBS_FIRST << k, sizeof(tc_sha256_job), 0);
	}
	return &jobs->chunk[k][at];
}

uint32_t tc_sha256_jobs_push(tc_sha256_jobs *jobs, zend_string *src, zend_string *hex)
{
	uint32_t i = jobs->published;
	tc_sha256_job *job = tc_jobs_new_slot(jobs, i);

	job->src = src;
	job->hex = hex;
	tc_jobs_note_cpu(TC_JOBS_PASS);
	TC_STORE(&jobs->published, i + 1);
	/* The store above and the thread's store of sleeping before it looks
	 * at the list are both sequentially consistent: one of the two sees
	 * the other's, so a thread that went to sleep is seen here. */
	if (TC_LOAD(&jobs->sleeping) && i + 1 - TC_LOAD(&jobs->claimed) >= TC_LOAD(&jobs->want)) {
		tc_jobs_wake(jobs);
	}
	return i;
}

const tc_sha256_job *tc_sha256_jobs_get(tc_sha256_jobs *jobs, uint32_t i)
{
	return tc_jobs_slot(jobs, i);
}

/* Takes every job nobody took yet, when at least min (1 or more) are left:
 * returns how many it took (0: none), the first of them in *first. The
 * other thread may take some meanwhile: those are not among them. */
static uint32_t tc_jobs_take_rest(tc_sha256_jobs *jobs, uint32_t min, uint32_t *first)
{
	uint32_t c = TC_LOAD(&jobs->claimed), published = TC_LOAD(&jobs->published);

	while (published - c >= min
		&& !__atomic_compare_exchange_n(&jobs->claimed, &c, published, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
		/* c now holds what the thread took meanwhile */
	}
	*first = c;
	return published - c >= min ? published - c : 0;
}

static int tc_jobs_longer(const void *a, const void *b)
{
	size_t la = ZSTR_LEN(((const tc_sha256_job *) a)->src), lb = ZSTR_LEN(((const tc_sha256_job *) b)->src);

	return la < lb ? 1 : la > lb ? -1 : 0;
}

/*
 * At the close, the jobs nobody took yet, when there are two to
 * TC_JOBS_ORDER_MAX of them, are put in order, the longest first: both
 * threads then start the long strings first, and the last ones taken,
 * while the other thread may already be done, are the short ones. This
 * thread takes them all (claimed moved to the end of the list), orders
 * their slots, and gives them back (claimed moved back): meanwhile the
 * other thread finds none to take, and one that read claimed before and
 * finds it back at the same value takes the job now in that slot.
 */
static void tc_jobs_longest_first(tc_sha256_jobs *jobs)
{
	tc_sha256_job rest[TC_JOBS_ORDER_MAX];
	uint32_t c, n, i;

	if (jobs->published - TC_LOAD(&jobs->claimed) > TC_JOBS_ORDER_MAX) {
		return;
	}
	n = tc_jobs_take_rest(jobs, 2, &c);
	if (!n) {
		return; /* (none or one left) */
	}
	for (i = 0; i < n; i++) {
		rest[i] = *tc_jobs_slot(jobs, c + i);
	}
	qsort(rest, n, sizeof(rest[0]), tc_jobs_longer);
	for (i = 0; i < n; i++) {
		*tc_jobs_slot(jobs, c + i) = rest[i];
	}
	TC_STORE(&jobs->claimed, c);
}

void tc_sha256_jobs_close(tc_sha256_jobs *jobs)
{
	tc_jobs_longest_first(jobs);
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

bool tc_sha256_jobs_closed(tc_sha256_jobs *jobs)
{
	return TC_LOAD(&jobs->closed);
}

uint32_t tc_sha256_jobs_left(tc_sha256_jobs *jobs)
{
	bool closed;

	return tc_jobs_ready(jobs, &closed);
}

typedef struct {
	tc_sha256_jobs *jobs;
	uint32_t want;
} tc_jobs_wanted;

static bool tc_jobs_has_wanted(void *arg)
{
	tc_jobs_wanted *w = arg;
	bool closed;

	return tc_jobs_ready(w->jobs, &closed) >= w->want || closed;
}

bool tc_sha256_jobs_wait(tc_sha256_jobs *jobs, uint32_t want)
{
	tc_jobs_wanted wanted = {jobs, want};
	bool closed;
	uint32_t ready;

	/* The producer makes a job every few microseconds, and waking this
	 * thread would cost it a system call (and a wait for a CPU that went
	 * idle): a wait in a pass is spent spinning, for long. */
	if (tc_jobs_spin_for(tc_jobs_has_wanted, &wanted, TC_JOBS_SPIN_NS, TC_JOBS_WORKER)) {
		ready = tc_jobs_ready(jobs, &closed);
		return ready > 0 || !closed;
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

static bool tc_jobs_worked(void *arg)
{
	return TC_LOAD(&((tc_sha256_jobs *) arg)->worked);
}

void tc_sha256_jobs_end(tc_sha256_jobs *jobs)
{
	uint32_t i;
	int k;

	pthread_mutex_lock(&tc_jobs_resident.lock);
	if (TC_LOAD(&tc_jobs_resident.task) == jobs) {
		/* not picked up yet (its CPU slow to wake): every job is done, so
		 * the thread will not need it */
		TC_STORE(&tc_jobs_resident.task, NULL);
		TC_STORE(&jobs->worked, 1);
	}
	pthread_mutex_unlock(&tc_jobs_resident.lock);
	/* else the thread is on it: done once it finds the list closed and
	 * every job taken, which a short wait spent spinning sees */
	if (!tc_jobs_spin_for(tc_jobs_worked, jobs, TC_JOBS_SPIN_NS, TC_JOBS_PASS)) {
		pthread_mutex_lock(&tc_jobs_resident.lock);
		while (!TC_LOAD(&jobs->worked)) {
			pthread_cond_wait(&tc_jobs_resident.task_done, &tc_jobs_resident.lock);
		}
		pthread_mutex_unlock(&tc_jobs_resident.lock);
	}
	TC_STORE(&tc_jobs_resident.busy, 0);
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

void tc_sha256_jobs_drop(tc_sha256_jobs *jobs)
{
	uint32_t first;

	tc_jobs_take_rest(jobs, 1, &first);
	tc_sha256_jobs_close(jobs);
}

/* The clock as the pass started (started: tc_clock_at()), or now. */
static uint64_t tc_jobs_clock(uint64_t *started)
{
	return started ? tc_clock_at(started) : tc_clock_ns();
}

bool tc_sha256_jobs_warm(uint64_t *started)
{
	/* (in a child of fork(), the parent's state may say awake: one pass
	 * then hands over early, and starts the child's thread) */
	if (TC_LOAD(&tc_jobs_resident.pid) && !TC_LOAD(&tc_jobs_resident.sleeping)) {
		return 1;
	}
	return tc_jobs_clock(started) - TC_LOAD(&tc_jobs_resident.last_end) < TC_JOBS_WARM_NS;
}

void tc_sha256_jobs_pass_starts(uint64_t *started)
{
	uint64_t gap;

	if (!TC_LOAD(&tc_jobs_resident.pid)) {
		return; /* no thread yet */
	}
	gap = tc_jobs_clock(started) - TC_LOAD(&tc_jobs_resident.last_end);
	if (gap < TC_JOBS_WARM_NS) {
		if (TC_LOAD(&tc_jobs_resident.lead_last)) {
			TC_STORE(&tc_jobs_resident.lead_followed, 1);
			TC_STORE(&tc_jobs_resident.lead_last, 0);
		}
		return;
	}
	/* the first pass of a burst; the last one's burst was that pass alone
	 * if no pass came close after it */
	if (TC_LOAD(&tc_jobs_resident.lead_last)) {
		TC_STORE(&tc_jobs_resident.lead_followed, 0);
	}
	TC_STORE(&tc_jobs_resident.lead_last, 1);
	/* (in a child of fork(), the parent's state may say asleep: its pid
	 * differs) */
	if (gap >= TC_JOBS_PROD_NS || !TC_LOAD(&tc_jobs_resident.lead_followed)
			|| !TC_LOAD(&tc_jobs_resident.sleeping) || TC_LOAD(&tc_jobs_resident.pid) != getpid()) {
		return;
	}
	pthread_mutex_lock(&tc_jobs_resident.lock);
	if (tc_jobs_resident.sleeping) {
		tc_jobs_resident.prodded = 1;
		pthread_cond_signal(&tc_jobs_resident.task_set);
	}
	pthread_mutex_unlock(&tc_jobs_resident.lock);
}

void tc_sha256_jobs_pass_ended(uint64_t now)
{
	TC_STORE(&tc_jobs_resident.last_end, now);
}

void tc_sha256_jobs_shutdown(void)
{
	if (tc_jobs_resident.pid != getpid()) {
		return; /* never started here (in a child of fork(), the parent's) */
	}
	pthread_mutex_lock(&tc_jobs_resident.lock);
	tc_jobs_resident.quit = 1;
	pthread_cond_signal(&tc_jobs_resident.task_set);
	pthread_mutex_unlock(&tc_jobs_resident.lock);
	pthread_join(tc_jobs_resident.thread, NULL);
	tc_jobs_resident.pid = 0;
}

#endif
