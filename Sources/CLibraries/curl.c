// libcurl's functions hubctl calls, loaded on first use (include/CLibraries.h). Hidden: these names
// serve hubctl's own calls only, never libcurl's calls to itself.
#define CURL_DISABLE_TYPECHECK 1
#include <stdarg.h>
#pragma GCC visibility push(hidden)
#include <curl/curl.h>
#pragma GCC visibility pop
#include "stubs.h"

#define CURL_STUB __attribute__((visibility("hidden")))
#define REAL(name) HUB_REAL(HUB_LIBRARY_CURL, name)

// Every function forwarded below, resolved together when the library loads (stubs.h).
#define HUB_CURL_FUNCTIONS(F) \
    F(curl_global_init) \
    F(curl_easy_init) \
    F(curl_easy_cleanup) \
    F(curl_easy_perform) \
    F(curl_easy_reset) \
    F(curl_easy_strerror) \
    F(curl_slist_append) \
    F(curl_slist_free_all) \
    F(curl_multi_init) \
    F(curl_multi_cleanup) \
    F(curl_multi_add_handle) \
    F(curl_multi_remove_handle) \
    F(curl_multi_perform) \
    F(curl_multi_poll) \
    F(curl_multi_wakeup) \
    F(curl_multi_info_read) \
    F(curl_easy_setopt) \
    F(curl_multi_setopt) \
    F(curl_easy_getinfo) \
    F(curl_url) \
    F(curl_url_cleanup) \
    F(curl_url_set) \
    F(curl_url_get) \
    F(curl_free)
HUB_FUNCTION_TABLE(hub_curl_functions, HUB_CURL_FUNCTIONS);

CURL_STUB CURLcode curl_global_init(long flags) { return REAL(curl_global_init)(flags); }
CURL_STUB CURL *curl_easy_init(void) { return REAL(curl_easy_init)(); }
CURL_STUB void curl_easy_cleanup(CURL *curl) { REAL(curl_easy_cleanup)(curl); }
CURL_STUB CURLcode curl_easy_perform(CURL *curl) { return REAL(curl_easy_perform)(curl); }
CURL_STUB void curl_easy_reset(CURL *curl) { REAL(curl_easy_reset)(curl); }
CURL_STUB const char *curl_easy_strerror(CURLcode code) { return REAL(curl_easy_strerror)(code); }
CURL_STUB struct curl_slist *curl_slist_append(struct curl_slist *list, const char *data) {
    return REAL(curl_slist_append)(list, data);
}
CURL_STUB void curl_slist_free_all(struct curl_slist *list) { REAL(curl_slist_free_all)(list); }
CURL_STUB CURLM *curl_multi_init(void) { return REAL(curl_multi_init)(); }
CURL_STUB CURLMcode curl_multi_cleanup(CURLM *multi) { return REAL(curl_multi_cleanup)(multi); }
CURL_STUB CURLMcode curl_multi_add_handle(CURLM *multi, CURL *curl) {
    return REAL(curl_multi_add_handle)(multi, curl);
}
CURL_STUB CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *curl) {
    return REAL(curl_multi_remove_handle)(multi, curl);
}
CURL_STUB CURLMcode curl_multi_perform(CURLM *multi, int *running) {
    return REAL(curl_multi_perform)(multi, running);
}
CURL_STUB CURLMcode curl_multi_poll(CURLM *multi, struct curl_waitfd extra_fds[], unsigned int extra_nfds,
                                    int timeout_ms, int *numfds) {
    return REAL(curl_multi_poll)(multi, extra_fds, extra_nfds, timeout_ms, numfds);
}
CURL_STUB CURLMcode curl_multi_wakeup(CURLM *multi) { return REAL(curl_multi_wakeup)(multi); }
CURL_STUB CURLMsg *curl_multi_info_read(CURLM *multi, int *queued) {
    return REAL(curl_multi_info_read)(multi, queued);
}

// libcurl's URL parser: how libcurl itself reads a URL (the tests compare hubctl's loopback rule with it).
CURL_STUB CURLU *curl_url(void) { return REAL(curl_url)(); }
CURL_STUB void curl_url_cleanup(CURLU *url) { REAL(curl_url_cleanup)(url); }
CURL_STUB CURLUcode curl_url_set(CURLU *url, CURLUPart what, const char *part, unsigned int flags) {
    return REAL(curl_url_set)(url, what, part, flags);
}
CURL_STUB CURLUcode curl_url_get(CURLU *url, CURLUPart what, char **part, unsigned int flags) {
    return REAL(curl_url_get)(url, what, part, flags);
}
CURL_STUB void curl_free(void *p) { REAL(curl_free)(p); }

// The variadic three: the option's number says the type of its one argument (curl.h's
// CURLOPTTYPE_* and CURLMOPT ranges), so each is read with its own type and passed on as such.
typedef void (*any_function)(void);

CURL_STUB CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...) {
    CURLcode (*real)(CURL *, CURLoption, ...) = REAL(curl_easy_setopt);
    va_list arguments;
    va_start(arguments, option);
    CURLcode result;
    if (option < CURLOPTTYPE_OBJECTPOINT) {
        result = real(curl, option, va_arg(arguments, long));
    } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
        result = real(curl, option, va_arg(arguments, void *));
    } else if (option < CURLOPTTYPE_OFF_T) {
        result = real(curl, option, va_arg(arguments, any_function));
    } else if (option < CURLOPTTYPE_BLOB) {
        result = real(curl, option, va_arg(arguments, curl_off_t));
    } else {
        result = real(curl, option, va_arg(arguments, struct curl_blob *));
    }
    va_end(arguments);
    return result;
}

CURL_STUB CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
    CURLMcode (*real)(CURLM *, CURLMoption, ...) = REAL(curl_multi_setopt);
    va_list arguments;
    va_start(arguments, option);
    CURLMcode result;
    if (option < CURLOPTTYPE_OBJECTPOINT) {
        result = real(multi, option, va_arg(arguments, long));
    } else if (option < CURLOPTTYPE_FUNCTIONPOINT) {
        result = real(multi, option, va_arg(arguments, void *));
    } else if (option < CURLOPTTYPE_OFF_T) {
        result = real(multi, option, va_arg(arguments, any_function));
    } else {
        result = real(multi, option, va_arg(arguments, curl_off_t));
    }
    va_end(arguments);
    return result;
}

// Every CURLINFO_* takes a pointer to where the answer goes.
CURL_STUB CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...) {
    va_list arguments;
    va_start(arguments, info);
    void *answer = va_arg(arguments, void *);
    va_end(arguments);
    return REAL(curl_easy_getinfo)(curl, info, answer);
}
