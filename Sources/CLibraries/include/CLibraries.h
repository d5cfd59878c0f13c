// libcurl, libarchive and libxml2 are loaded when hubctl first needs them, not when it starts:
// `hubctl --version`, `help` and `vault …` never load them, a command that talks to a server
// but reads no bundle never loads libarchive, and only what reads XML (an Atom answer, `$metadata`,
// an XML plist's lines) loads libxml2. The binaries do not name these
// libraries (no DT_NEEDED); the stubs in this target have the libraries' own names and signatures
// (checked against their headers), resolve the real function with dlsym on first call and jump to
// it. Swift code calls the libraries exactly as if they were linked. See docs/architecture.md.
#ifndef HUB_CLIBRARIES_H
#define HUB_CLIBRARIES_H

// The sonames loaded (Debian 12: libcurl4, libarchive13, libxml2). scripts/make-package.sh reads
// these lines for the package's Depends. SQLite is not loaded: its static library is linked in
// (Package.swift), since `settings get` and `acp check` read their registration with it.
#define HUB_LIBCURL_SONAME "libcurl.so.4"
#define HUB_LIBARCHIVE_SONAME "libarchive.so.13"
#define HUB_LIBXML_SONAME "libxml2.so.2"

typedef enum {
    HUB_LIBRARY_CURL = 0,
    HUB_LIBRARY_ARCHIVE = 1,
    HUB_LIBRARY_XML = 2,
} hub_library;

/// Loads `library` if it is not loaded yet (thread-safe, once). Returns 0, or -1 and sets `*error`
/// to the dynamic loader's message (a string that lives as long as the process).
int hub_library_load(hub_library library, const char *_Nullable *_Nonnull error);

/// The soname of `library`.
const char *_Nonnull hub_library_soname(hub_library library);

/// The address of `name` in `library`, loading it first. A stub calls this; if the library cannot
/// be loaded here (the callers check hub_library_load first, so this is a bug) it writes why to
/// stderr and ends the process with 70.
void *_Nonnull hub_library_symbol(hub_library library, const char *_Nonnull name);

/// SQLite's process-wide settings for hubctl's registration reads (sqlite.c), before its first use:
/// SQLITE_OK, or SQLite's error when it was already initialised.
int hub_sqlite_configure(void);

/// accept4(descriptor, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK): a connection no child process
/// inherits, set non-blocking before anyone can see it. -1 and errno as accept4.
int hub_accept_nonblocking_cloexec(int descriptor);

/// Moves the calling thread to SCHED_IDLE: it runs only when no other thread wants the CPU it is
/// on. Lowering one's own priority needs no privilege. 0, or an errno value as pthread_setschedparam.
int hub_thread_run_when_idle(void);

#endif
