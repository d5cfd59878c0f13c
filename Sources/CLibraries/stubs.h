// What the stub files share (not part of the module's interface).
#ifndef HUB_CLIBRARIES_STUBS_H
#define HUB_CLIBRARIES_STUBS_H

#include <stdatomic.h>
#include "CLibraries.h"

/// The real `name` of `library`, as a pointer of its own type: resolved on the first call from
/// this place, then read from a per-place cache.
#define HUB_REAL(library, name)                                                                   \
    ({                                                                                            \
        static void *_Atomic hub_slot;                                                            \
        void *hub_function = atomic_load_explicit(&hub_slot, memory_order_acquire);               \
        if (hub_function == NULL) {                                                               \
            hub_function = hub_library_symbol(library, #name);                                    \
            atomic_store_explicit(&hub_slot, hub_function, memory_order_release);                 \
        }                                                                                         \
        (__typeof__(&name))hub_function;                                                          \
    })

#endif
