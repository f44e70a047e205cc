#ifndef LARDER_CCURL_SHIM_H
#define LARDER_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt are variadic, and Swift refuses
   variadic C functions. These wrappers give each argument type a fixed signature. */
static inline CURLcode larder_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode larder_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode larder_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode larder_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
/* The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION. */
typedef size_t (*larder_write_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode larder_easy_setopt_write_callback(CURL *handle, CURLoption option, larder_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
/* The signature of CURLOPT_PREREQFUNCTION: called once the connection is up, before the request. */
typedef int (*larder_prereq_callback)(void *context, char *remote_ip, char *local_ip, int remote_port, int local_port);
static inline CURLcode larder_easy_setopt_prereq_callback(CURL *handle, larder_prereq_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, callback);
}
static inline CURLcode larder_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode larder_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode larder_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLMcode larder_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}
/* CURLMsg keeps its result in an anonymous union; reading it through C avoids guessing how
   Swift names the union's members. */
static inline CURLcode larder_message_result(const CURLMsg *message) {
    return message->data.result;
}
#endif
