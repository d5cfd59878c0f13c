// Typed, non-variadic wrappers over libcurl's variadic setopt/getinfo, callable from Swift.
#ifndef HUBCTL_CCURLSHIM_H
#define HUBCTL_CCURLSHIM_H

#include <curl/curl.h>
#include <sys/types.h>

typedef size_t (*hub_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*hub_curl_xferinfo_cb)(void *clientp, curl_off_t dltotal, curl_off_t dlnow,
                                    curl_off_t ultotal, curl_off_t ulnow);

CURLcode hub_curl_setopt_long(CURL *curl, CURLoption option, long value);
CURLcode hub_curl_setopt_off(CURL *curl, CURLoption option, curl_off_t value);
CURLcode hub_curl_setopt_string(CURL *curl, CURLoption option, const char *value);
CURLcode hub_curl_setopt_pointer(CURL *curl, CURLoption option, void *value);
CURLcode hub_curl_setopt_slist(CURL *curl, CURLoption option, struct curl_slist *value);
CURLcode hub_curl_setopt_blob(CURL *curl, CURLoption option, const void *data, size_t len);
CURLcode hub_curl_setopt_write_callback(CURL *curl, hub_curl_data_cb cb);
CURLcode hub_curl_setopt_header_callback(CURL *curl, hub_curl_data_cb cb);
CURLcode hub_curl_setopt_read_callback(CURL *curl, hub_curl_data_cb cb);
CURLcode hub_curl_setopt_xferinfo_callback(CURL *curl, hub_curl_xferinfo_cb cb);

CURLcode hub_curl_getinfo_long(CURL *curl, CURLINFO info, long *value);
CURLcode hub_curl_getinfo_off(CURL *curl, CURLINFO info, curl_off_t *value);
CURLcode hub_curl_getinfo_string(CURL *curl, CURLINFO info, const char **value);

/* curl_global_init(CURL_GLOBAL_DEFAULT); call once per process, before any handle exists. */
CURLcode hub_curl_global_init_default(void);
/* CURLOPT_HTTPAUTH = CURLAUTH_BASIC only (never negotiate something else). */
CURLcode hub_curl_setopt_basic_auth(CURL *curl);

/* The multi interface (HubTransport/CurlMulti.swift): a typed setopt, and a finished transfer's result. */
CURLMcode hub_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
/* The CURLcode of a CURLMSG_DONE message (a member of a union Swift cannot name portably). */
CURLcode hub_curl_msg_result(const CURLMsg *message);

/* The value a read callback returns to abort the transfer. */
size_t hub_curl_readfunc_abort(void);

#endif
