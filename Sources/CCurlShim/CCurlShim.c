// Typed wrappers: each forwards one argument type to curl's variadic functions.
#include "CCurlShim.h"
#include <string.h>

CURLcode hub_curl_setopt_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
CURLcode hub_curl_setopt_off(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
CURLcode hub_curl_setopt_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
CURLcode hub_curl_setopt_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
CURLcode hub_curl_setopt_slist(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}
CURLcode hub_curl_setopt_blob(CURL *curl, CURLoption option, const void *data, size_t len) {
    struct curl_blob blob;
    blob.data = (void *)data;
    blob.len = len;
    blob.flags = CURL_BLOB_COPY; /* curl keeps its own copy; the caller may wipe its buffer */
    return curl_easy_setopt(curl, option, &blob);
}
CURLcode hub_curl_setopt_write_callback(CURL *curl, hub_curl_data_cb cb) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, cb);
}
CURLcode hub_curl_setopt_header_callback(CURL *curl, hub_curl_data_cb cb) {
    return curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, cb);
}
CURLcode hub_curl_setopt_read_callback(CURL *curl, hub_curl_data_cb cb) {
    return curl_easy_setopt(curl, CURLOPT_READFUNCTION, cb);
}
CURLcode hub_curl_setopt_xferinfo_callback(CURL *curl, hub_curl_xferinfo_cb cb) {
    return curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, cb);
}
CURLcode hub_curl_getinfo_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
CURLcode hub_curl_getinfo_off(CURL *curl, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(curl, info, value);
}
CURLcode hub_curl_getinfo_string(CURL *curl, CURLINFO info, const char **value) {
    return curl_easy_getinfo(curl, info, value);
}

/* Macros Swift cannot import (casts in their definitions), exposed as functions. */
CURLcode hub_curl_global_init_default(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
CURLcode hub_curl_setopt_basic_auth(CURL *curl) {
    return curl_easy_setopt(curl, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
}
size_t hub_curl_readfunc_abort(void) {
    return CURL_READFUNC_ABORT;
}

CURLMcode hub_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
CURLcode hub_curl_msg_result(const CURLMsg *message) {
    return message->data.result;
}
