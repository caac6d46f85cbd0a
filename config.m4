dnl config.m4 for extension toolcompact

PHP_ARG_ENABLE([toolcompact],
  [whether to enable toolcompact support],
  [AS_HELP_STRING([--enable-toolcompact],
    [Enable toolcompact support])],
  [no])

PHP_ARG_WITH([toolcompact-openssl],
  [whether toolcompact computes SHA-256 with OpenSSL],
  [AS_HELP_STRING([--without-toolcompact-openssl],
    [toolcompact: compute SHA-256 with PHP's hash extension instead of OpenSSL libcrypto])],
  [yes],
  [no])

if test "$PHP_TOOLCOMPACT" != "no"; then
  if test "$PHP_TOOLCOMPACT_OPENSSL" != "no"; then
    PKG_CHECK_MODULES([TOOLCOMPACT_LIBCRYPTO], [libcrypto >= 1.1.1], [
      PHP_EVAL_INCLINE([$TOOLCOMPACT_LIBCRYPTO_CFLAGS])
      PHP_EVAL_LIBLINE([$TOOLCOMPACT_LIBCRYPTO_LIBS], [TOOLCOMPACT_SHARED_LIBADD])
      AC_DEFINE([TOOLCOMPACT_HAVE_OPENSSL], [1], [Whether toolcompact uses OpenSSL for SHA-256])
    ], [
      AC_MSG_WARN([libcrypto not found through pkg-config; toolcompact falls back to PHP's hash extension for SHA-256])
    ])
  fi
  PHP_SUBST([TOOLCOMPACT_SHARED_LIBADD])

  dnl Only what php_toolcompact.h marks PHP_TOOLCOMPACT_API (and get_module)
  dnl is exported: calls between the files of src/ are then direct, and
  dnl their globals are not read through the GOT.
  TOOLCOMPACT_CFLAGS="-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1"
  AX_CHECK_COMPILE_FLAG([-fvisibility=hidden],
    [TOOLCOMPACT_CFLAGS="$TOOLCOMPACT_CFLAGS -fvisibility=hidden"])

  PHP_NEW_EXTENSION([toolcompact], m4_normalize([
      toolcompact.c
      src/bind/tc_bind.c
      src/bind/tc_client.c
      src/digest/tc_digest.c
      src/digest/tc_sha256.c
      src/engine/tc_collapse.c
      src/engine/tc_decide.c
      src/engine/tc_estimate.c
      src/engine/tc_group.c
      src/engine/tc_index.c
      src/engine/tc_message.c
      src/engine/tc_params.c
      src/engine/tc_pass.c
      src/engine/tc_payload.c
      src/engine/tc_preview.c
      src/engine/tc_rewrite.c
      src/engine/tc_walker.c
      src/formats/tc_anthropic.c
      src/formats/tc_fcache.c
      src/formats/tc_fjson.c
      src/formats/tc_fmedia.c
      src/formats/tc_format.c
      src/formats/tc_fthink.c
      src/formats/tc_ftold.c
      src/formats/tc_fpayload.c
      src/formats/tc_fread.c
      src/formats/tc_frestore.c
      src/formats/tc_fview.c
      src/formats/tc_gemini.c
      src/formats/tc_jtext.c
      src/formats/tc_node.c
      src/formats/tc_placeholder.c
      src/formats/tc_openai.c
      src/formats/tc_responses.c
      src/json/tc_json.c
      src/json/tc_json_escape.c
      src/json/tc_json_flat.c
      src/json/tc_json_flat512.c
      src/memo/tc_memo.c
      src/offload/tc_restore.c
      src/offload/tc_retrieval.c
      src/shapes/tc_access.c
      src/window/tc_wcut.c
      src/window/tc_wfacts.c
      src/window/tc_window.c
      src/window/tc_wsummary.c
      src/window/tc_target.c
      src/wire/tc_readback.c
      src/wire/tc_request.c
    ]),
    [$ext_shared],, [$TOOLCOMPACT_CFLAGS])
  for dir in bind digest engine formats json memo offload shapes window wire; do
    PHP_ADD_BUILD_DIR([$ext_builddir/src/$dir])
  done
  dnl make pgo, a profile-guided build
  PHP_ADD_MAKEFILE_FRAGMENT
  PHP_ADD_EXTENSION_DEP([toolcompact], [json])
  PHP_ADD_EXTENSION_DEP([toolcompact], [hash])
  PHP_ADD_EXTENSION_DEP([toolcompact], [spl])
fi
