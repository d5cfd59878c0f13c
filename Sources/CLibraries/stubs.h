// What the stub files share (not part of the module's interface).
//
// Each stub file lists the functions it forwards once, as an X-macro (`F(name)` per function), and
// expands HUB_FUNCTION_TABLE with it. That one list gives the stubs their slots and the loader the
// names: when a library is loaded, every function hubctl calls in it is resolved at once (loader.c),
// so a library that lacks one is refused there, as `library_unavailable` naming the package, and
// never fails in the middle of a command. A stub whose function is not in its file's list does not
// compile (its slot index does not exist).
#ifndef HUB_CLIBRARIES_STUBS_H
#define HUB_CLIBRARIES_STUBS_H

#include <stdatomic.h>
#include <stddef.h>
#include "CLibraries.h"

/// The functions hubctl calls in one library: their names, and the slots the loader fills with
/// their addresses before it publishes the library as loaded.
typedef struct {
    const char *const *names;
    void *_Atomic *slots;
    size_t count;
} hub_function_table;

#define HUB_FUNCTION_INDEX(name) hub_function_##name,
#define HUB_FUNCTION_NAME(name) #name,

/// Defines `<table>` (hidden, read by loader.c) from the list `LIST`, and the slot index of each
/// function in it.
#define HUB_FUNCTION_TABLE(table, LIST)                                                           \
    enum { LIST(HUB_FUNCTION_INDEX) hub_function_count };                                         \
    static const char *const hub_function_names[] = {LIST(HUB_FUNCTION_NAME)};                    \
    static void *_Atomic hub_function_slots[hub_function_count];                                  \
    __attribute__((visibility("hidden"))) const hub_function_table table = {                      \
        hub_function_names, hub_function_slots, hub_function_count}

/// The real `name` of `library`, as a pointer of its own type. The slot is filled when the library
/// loads; an empty slot means a caller skipped SharedLibrary.require (a bug), and
/// hub_library_symbol loads it now or ends the process saying so.
#define HUB_REAL(library, name)                                                                   \
    ({                                                                                            \
        void *hub_function =                                                                      \
            atomic_load_explicit(&hub_function_slots[hub_function_##name], memory_order_acquire); \
        if (hub_function == NULL) hub_function = hub_library_symbol(library, #name);              \
        (__typeof__(&name))hub_function;                                                          \
    })

/// The tables of the three libraries, indexed by hub_library in loader.c.
__attribute__((visibility("hidden"))) extern const hub_function_table hub_curl_functions;
__attribute__((visibility("hidden"))) extern const hub_function_table hub_archive_functions;
__attribute__((visibility("hidden"))) extern const hub_function_table hub_xml_functions;

#endif
