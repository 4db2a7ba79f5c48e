// Typed wrappers for OpenSSL's function-like macros, which Swift cannot call directly.
// No logic lives here: each function forwards one call.
#ifndef AFRUN_COPENSSL_SHIM_H
#define AFRUN_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/x509_vfy.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/bio.h>
#include <openssl/bn.h>

// STACK_OF(X509) accessors are macros.
static inline int afs_sk_X509_num(const STACK_OF(X509) *s) { return sk_X509_num(s); }
static inline X509 *afs_sk_X509_value(const STACK_OF(X509) *s, int i) { return sk_X509_value(s, i); }
static inline STACK_OF(X509) *afs_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int afs_sk_X509_push(STACK_OF(X509) *s, X509 *x) { return sk_X509_push(s, x); }
// Frees the stack and drops one reference of every certificate in it.
static inline void afs_sk_X509_pop_free(STACK_OF(X509) *s) { sk_X509_pop_free(s, X509_free); }

// STACK_OF(GENERAL_NAME) accessors (subject alternative names).
static inline int afs_sk_GENERAL_NAME_num(const GENERAL_NAMES *s) { return sk_GENERAL_NAME_num(s); }
static inline GENERAL_NAME *afs_sk_GENERAL_NAME_value(const GENERAL_NAMES *s, int i) { return sk_GENERAL_NAME_value(s, i); }

// XN_FLAG_RFC2253 is an OR of other macros, which Swift does not import.
static inline unsigned long afs_xn_flag_rfc2253(void) { return XN_FLAG_RFC2253; }

// OPENSSL_free passes the caller's file and line.
static inline void afs_openssl_free(void *p) { OPENSSL_free(p); }

// BIO_get_mem_data is a BIO_ctrl macro.
static inline long afs_BIO_get_mem_data(BIO *b, char **pp) { return BIO_get_mem_data(b, pp); }

// SSL_CTX ex-data index with a free callback (the pinning context's lifetime, PLATFORM-NOTES #6).
static inline int afs_SSL_CTX_get_ex_new_index(CRYPTO_EX_free *freef) { return SSL_CTX_get_ex_new_index(0, NULL, NULL, NULL, freef); }

// X509_STORE_CTX app data is an ex-data macro.
static inline int afs_X509_STORE_CTX_set_app_data(X509_STORE_CTX *c, void *d) { return X509_STORE_CTX_set_app_data(c, d); }
static inline void *afs_X509_STORE_CTX_get_app_data(X509_STORE_CTX *c) { return X509_STORE_CTX_get_app_data(c); }

#endif
