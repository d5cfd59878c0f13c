// dlopen on first use; see include/CLibraries.h.
#include "CLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const sonames[] = {
    [HUB_LIBRARY_CURL] = HUB_LIBCURL_SONAME,
    [HUB_LIBRARY_ARCHIVE] = HUB_LIBARCHIVE_SONAME,
    [HUB_LIBRARY_SQLITE] = HUB_LIBSQLITE_SONAME,
};
#define LIBRARY_COUNT (sizeof sonames / sizeof sonames[0])

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *_Atomic handles[LIBRARY_COUNT];
static const char *failures[LIBRARY_COUNT];

const char *hub_library_soname(hub_library library) {
    return (unsigned)library < LIBRARY_COUNT ? sonames[library] : "(unknown library)";
}

int hub_library_load(hub_library library, const char **error) {
    if ((unsigned)library >= LIBRARY_COUNT) {
        *error = "unknown library";
        return -1;
    }
    if (atomic_load_explicit(&handles[library], memory_order_acquire) != NULL) return 0;
    pthread_mutex_lock(&lock);
    int result = 0;
    if (atomic_load_explicit(&handles[library], memory_order_relaxed) == NULL) {
        // RTLD_NOW: a missing symbol shows here, once, not in the middle of a transfer.
        // RTLD_LOCAL: the library's symbols serve only the lookups below.
        void *handle = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            atomic_store_explicit(&handles[library], handle, memory_order_release);
        } else {
            if (failures[library] == NULL) {
                const char *message = dlerror();
                failures[library] = strdup(message != NULL ? message : sonames[library]);
            }
            *error = failures[library] != NULL ? failures[library] : sonames[library];
            result = -1;
        }
    }
    pthread_mutex_unlock(&lock);
    return result;
}

static _Noreturn void fail(const char *what, const char *detail) {
    // Not JSON: this is a bug path (a caller skipped hub_library_load), reached before any
    // output could be written consistently.
    fprintf(stderr, "hubctl: internal error: %s: %s\n", what, detail);
    fflush(stderr);
    _exit(70);
}

void *hub_library_symbol(hub_library library, const char *name) {
    const char *error = NULL;
    if (hub_library_load(library, &error) != 0) fail(hub_library_soname(library), error);
    void *handle = atomic_load_explicit(&handles[library], memory_order_acquire);
    dlerror();
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) {
        const char *message = dlerror();
        fail(name, message != NULL ? message : "not found");
    }
    return symbol;
}
