// dlopen on first use; see include/CLibraries.h.
#define _GNU_SOURCE 1 // asprintf
#include "CLibraries.h"
#include "stubs.h"

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
    [HUB_LIBRARY_XML] = HUB_LIBXML_SONAME,
};
#define LIBRARY_COUNT (sizeof sonames / sizeof sonames[0])

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *_Atomic handles[LIBRARY_COUNT];
static const char *failures[LIBRARY_COUNT];

const char *hub_library_soname(hub_library library) {
    return (unsigned)library < LIBRARY_COUNT ? sonames[library] : "(unknown library)";
}

static const hub_function_table *const tables[] = {
    [HUB_LIBRARY_CURL] = &hub_curl_functions,
    [HUB_LIBRARY_ARCHIVE] = &hub_archive_functions,
    [HUB_LIBRARY_XML] = &hub_xml_functions,
};

/// Resolves every function of `table` in `handle` into its slot. NULL, or a message (for the life of
/// the process) naming the first function the library lacks.
static const char *resolve_all(void *handle, const hub_function_table *table, const char *soname) {
    for (size_t i = 0; i < table->count; i++) {
        dlerror();
        void *function = dlsym(handle, table->names[i]);
        if (function == NULL) {
            const char *reason = dlerror();
            char *message = NULL;
            if (asprintf(&message, "%s has no function %s, which hubctl calls (%s); it is not the library hubctl was "
                         "built for, or too old", soname, table->names[i], reason != NULL ? reason : "not found") < 0) {
                return soname;
            }
            return message;
        }
        atomic_store_explicit(&table->slots[i], function, memory_order_relaxed);
    }
    return NULL;
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
        if (failures[library] == NULL) {
            // RTLD_NOW: the library's own missing dependencies show here, once. RTLD_LOCAL: its
            // symbols serve only the lookups below. Then every function hubctl calls is resolved,
            // so a library that lacks one is refused now rather than in the middle of a transfer.
            void *handle = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
            if (handle == NULL) {
                const char *message = dlerror();
                failures[library] = strdup(message != NULL ? message : sonames[library]);
                if (failures[library] == NULL) failures[library] = sonames[library];
            } else {
                const char *missing = resolve_all(handle, tables[library], sonames[library]);
                if (missing == NULL) {
                    // The slots were filled before this release: a stub that sees the library as
                    // loaded sees its functions.
                    atomic_store_explicit(&handles[library], handle, memory_order_release);
                } else {
                    for (size_t i = 0; i < tables[library]->count; i++) {
                        atomic_store_explicit(&tables[library]->slots[i], NULL, memory_order_relaxed);
                    }
                    dlclose(handle);
                    failures[library] = missing;
                }
            }
        }
        if (atomic_load_explicit(&handles[library], memory_order_relaxed) == NULL) {
            *error = failures[library];
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
    const hub_function_table *table = tables[library];
    for (size_t i = 0; i < table->count; i++) {
        if (strcmp(table->names[i], name) == 0) return atomic_load_explicit(&table->slots[i], memory_order_acquire);
    }
    fail(name, "not in the function table of its stub file");
}
