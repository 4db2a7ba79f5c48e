// Typed wrappers for OpenSSL's function-like macros, which Swift cannot call directly.
// No logic lives here: each function forwards one call.
#ifndef AFRUN_COPENSSL_SHIM_H
#define AFRUN_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/bio.h>

// STACK_OF(X509) accessors are macros.
static inline int afs_sk_X509_num(const STACK_OF(X509) *s) { return sk_X509_num(s); }
static inline X509 *afs_sk_X509_value(const STACK_OF(X509) *s, int i) { return sk_X509_value(s, i); }

#endif
