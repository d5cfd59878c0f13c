#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/sha.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/pkcs12.h>

/* The SHA-256 of one buffer through libcrypto's own SHA-256 code. The first EVP digest of a process
   fetches the algorithm from a provider, about 0.6 ms of a call that names one file by a digest
   (issue 32); this does not. SHA256_Init and its kin are deprecated as an interface in OpenSSL 3
   and still exported by libcrypto.so.3. HubCoreTests compares it with the EVP digest. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline int hub_sha256(const void *data, size_t count, unsigned char *out) {
    SHA256_CTX context;
    return SHA256_Init(&context) == 1 && SHA256_Update(&context, data, count) == 1 && SHA256_Final(out, &context) == 1;
}
#pragma GCC diagnostic pop
