// Typed wrappers for libcurl's variadic and macro APIs, which Swift cannot call directly.
// No logic lives here: each function forwards one call with one argument type.
#ifndef AFRUN_CCURL_SHIM_H
#define AFRUN_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt is variadic: one wrapper per argument type.
static inline CURLcode afc_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode afc_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode afc_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode afc_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode afc_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode afc_easy_setopt_share(CURL *h, CURLoption o, CURLSH *v) { return curl_easy_setopt(h, o, v); }

// Callback setters: the function pointer types differ per option.
static inline CURLcode afc_easy_setopt_write_function(CURL *h, CURLoption o, curl_write_callback f) { return curl_easy_setopt(h, o, f); }
static inline CURLcode afc_easy_setopt_read_function(CURL *h, curl_read_callback f) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, f); }
static inline CURLcode afc_easy_setopt_seek_function(CURL *h, curl_seek_callback f) { return curl_easy_setopt(h, CURLOPT_SEEKFUNCTION, f); }
static inline CURLcode afc_easy_setopt_xferinfo_function(CURL *h, curl_xferinfo_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }
static inline CURLcode afc_easy_setopt_ssl_ctx_function(CURL *h, curl_ssl_ctx_callback f) { return curl_easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, f); }
static inline CURLcode afc_easy_setopt_debug_function(CURL *h, curl_debug_callback f) { return curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, f); }

// curl_easy_getinfo is variadic: one wrapper per result type.
static inline CURLcode afc_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode afc_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode afc_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode afc_easy_getinfo_slist(CURL *h, CURLINFO i, struct curl_slist **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode afc_easy_getinfo_tls_session(CURL *h, CURLINFO i, struct curl_tlssessioninfo **v) { return curl_easy_getinfo(h, i, v); }

// curl_multi_setopt and curl_share_setopt are variadic too.
static inline CURLMcode afc_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
static inline CURLSHcode afc_share_setopt_long(CURLSH *s, CURLSHoption o, long v) { return curl_share_setopt(s, o, v); }
static inline CURLSHcode afc_share_setopt_pointer(CURLSH *s, CURLSHoption o, void *v) { return curl_share_setopt(s, o, v); }
static inline CURLSHcode afc_share_setopt_lock_function(CURLSH *s, curl_lock_function f) { return curl_share_setopt(s, CURLSHOPT_LOCKFUNC, f); }
static inline CURLSHcode afc_share_setopt_unlock_function(CURLSH *s, curl_unlock_function f) { return curl_share_setopt(s, CURLSHOPT_UNLOCKFUNC, f); }

// Macros built from other macros do not import into Swift.
static inline long afc_global_all(void) { return CURL_GLOBAL_ALL; }
static inline CURLversion afc_version_now(void) { return CURLVERSION_NOW; }
static inline int afc_pause_all(void) { return CURLPAUSE_ALL; }
static inline int afc_pause_cont(void) { return CURLPAUSE_CONT; }
static inline long afc_pipe_multiplex(void) { return CURLPIPE_MULTIPLEX; }
static inline size_t afc_read_func_abort(void) { return CURL_READFUNC_ABORT; }
static inline int afc_seekfunc_ok(void) { return CURL_SEEKFUNC_OK; }
static inline int afc_seekfunc_cantseek(void) { return CURL_SEEKFUNC_CANTSEEK; }
static inline int afc_seekfunc_fail(void) { return CURL_SEEKFUNC_FAIL; }
// CURLAUTH_* are casts and shifts, which Swift does not import.
static inline long afc_auth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline long afc_auth_digest(void) { return (long)CURLAUTH_DIGEST; }
static inline long afc_auth_ntlm(void) { return (long)CURLAUTH_NTLM; }
static inline long afc_auth_bearer(void) { return (long)CURLAUTH_BEARER; }

#endif
