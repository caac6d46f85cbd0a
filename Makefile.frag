
# make pgo: a profile-guided build (GCC 10 or later). The objects are built
# to count how often each branch is taken, bench/train.php calls the module
# the way an agent does, and the objects are built again from those counts
# (README, "From source"). A plain make builds without them. Both builds
# define TOOLCOMPACT_PGO (phpinfo() says which build it is): the two must
# compile the same code. -Wno-clobbered as php-src builds: zend_try is a
# setjmp() whose own variable GCC then takes for one a longjmp() may clobber.
TOOLCOMPACT_PGO_GENERATE = -DTOOLCOMPACT_PGO -fprofile-generate -fprofile-update=atomic
TOOLCOMPACT_PGO_USE = -DTOOLCOMPACT_PGO -fprofile-use -fprofile-partial-training -Wno-missing-profile -Wno-clobbered
# find(1) arguments that match the build's objects and libraries
TOOLCOMPACT_OBJECTS = -name '*.lo' -o -name '*.o' -o -name '*.la'

pgo:
	@$(CC) -fprofile-partial-training -x c -c -o /dev/null /dev/null 2>/dev/null \
		|| { echo "make pgo: $(CC) does not take -fprofile-partial-training (GCC 10 or later)"; exit 1; }
	$(MAKE) pgo-clean
	$(MAKE) CFLAGS="$(CFLAGS) $(TOOLCOMPACT_PGO_GENERATE)" LDFLAGS="$(LDFLAGS) -fprofile-generate" all
	$(PHP_EXECUTABLE) -n -d extension=$(phplibdir)/toolcompact.so $(srcdir)/bench/train.php
	find . $(TOOLCOMPACT_OBJECTS) | xargs rm -f
	$(MAKE) CFLAGS="$(CFLAGS) $(TOOLCOMPACT_PGO_USE)" all

# Drops the objects and the branch counts: the next make builds anew.
pgo-clean:
	find . $(TOOLCOMPACT_OBJECTS) -o -name '*.gcda' | xargs rm -f

.PHONY: pgo pgo-clean

# make test loads PHP's own opcache (inert until a test turns it on), so that
# the opcache preloading tests run instead of skipping: run-tests.php would
# look for it in modules/, which make test makes the extension directory.
TOOLCOMPACT_TEST_OPCACHE = $(wildcard $(EXTENSION_DIR)/opcache.so)
PHP_TEST_SHARED_EXTENSIONS += $(if $(TOOLCOMPACT_TEST_OPCACHE),-d zend_extension=$(TOOLCOMPACT_TEST_OPCACHE))
